/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */
import { chartsBench } from './charts.bench';
import { chatBench } from './chat.bench';
import { protocolBench } from './protocol.bench';

const only = process.argv[2];
const suites: [string, () => Promise<boolean>][] = [
  ['protocol', protocolBench],
  ['charts', chartsBench],
  ['chat', chatBench],
];
const results: boolean[] = [];
for (const [name, suite] of suites) if (!only || only === name) results.push(await suite());
console.log(results.every(Boolean) ? '\nAll targets met.' : '\nSome targets were missed (see MISSED above).');
