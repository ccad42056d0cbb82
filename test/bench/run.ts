/** `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run. */
import { protocolBench } from './protocol.bench';

const results = [await protocolBench()];
console.log(results.every(Boolean) ? '\nAll targets met.' : '\nSome targets were missed (see MISSED above).');
