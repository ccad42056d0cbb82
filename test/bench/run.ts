/**
 * `npm run bench [-- <suite>…] [--smoke] [--write]`: every benchmark, each printing ratios
 * against baselines and peers measured in the same run. `--smoke` is the small, quick run CI
 * uses (`npm run bench:smoke`); `--write` puts the tables of every suite that ran into
 * bench/RESULTS.md (keeping the sections of suites that did not run). Exits non-zero when a
 * target is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { boardsBench } from './boards.bench';
import { boardsStoreBench } from './boards-store.bench';
import { boardsTeamBench } from './boards-team.bench';
import { budgetsBench } from './budgets.bench';
import { chartsBench } from './charts.bench';
import { chatBench } from './chat.bench';
import { dataBench } from './data.bench';
import { exploreBench } from './explore.bench';
import { nativeBench } from './native.bench';
import { report } from './harness';
import { protocolBench } from './protocol.bench';
import { serverAbuseBench } from './server-abuse.bench';
import type { SuiteOptions } from './suite';
import { CHROMIUM_PATH } from '../setup/chromium.ts';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const write = args.includes('--write');
const only = args.filter((a) => !a.startsWith('--'));
// The third field: the suite has a smoke mode (honours `options.smoke`); others are skipped by
// --smoke. The fourth: it runs only when named (`npm run bench -- budgets`).
const suites: [string, (options: SuiteOptions) => Promise<boolean>, boolean, boolean?][] = [
  ['protocol', protocolBench, true],
  ['charts', chartsBench, true],
  ['chat', chatBench, true],
  ['native', nativeBench, true],
  ['boards', boardsBench, true],
  ['boards-store', boardsStoreBench, true],
  ['boards-team', boardsTeamBench, true],
  ['explore', exploreBench, true],
  ['server', serverAbuseBench, true],
  ['data', dataBench, true],
  // Only when named, never in --smoke: CI runs it on its own after `npm test` (.ci/run).
  ['budgets', budgetsBench, false, true],
];
const unknown = only.filter((name) => !suites.some(([s]) => s === name));
if (unknown.length > 0)
  throw new Error(`Unknown suite ${unknown.join(', ')}; suites: ${suites.map(([s]) => s).join(', ')}`);

const load = loadavg().map((n) => n.toFixed(1));
const sections = new Map<string, string[]>();
const log = console.log;
const results: boolean[] = [];
for (const [name, suite, hasSmoke, whenNamed] of suites) {
  if (only.length > 0 ? !only.includes(name) : whenNamed) continue;
  if (smoke && !hasSmoke) {
    console.log(`\n(${name}: no smoke mode yet, skipped)`);
    continue;
  }
  const parts: string[] = [];
  sections.set(name, parts);
  report.capture = (markdown) => parts.push(markdown);
  console.log = (...values: unknown[]) => {
    log(...values);
    const text = values.map(String).join(' ').trim();
    if (report.capture && text) parts.push(text);
  };
  try {
    results.push(await suite({ smoke }));
  } finally {
    console.log = log;
    report.capture = undefined;
  }
}
const ok = results.every(Boolean);
console.log(ok ? '\nAll targets met.' : '\nSome targets were missed (see MISSED above).');
if (write) await writeResults();
if (!ok) process.exitCode = 1;

async function writeResults() {
  const path = fileURLToPath(new URL('../../bench/RESULTS.md', import.meta.url));
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  let chromium = 'unknown';
  try {
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // reported as unknown
  }
  const cpu = cpus();
  const command = `npm run bench --${smoke ? ' --smoke' : ''}${only.length ? ` ${only.join(' ')}` : ''} --write`;
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench -- --write` (`test/bench/run.ts`); each suite section is replaced when that suite runs.',
    '',
  ];
  for (const [name] of suites) {
    const parts = sections.get(name);
    if (parts) {
      lines.push(
        `<!-- suite:${name} -->`,
        `## ${name}`,
        '',
        `Command: \`${command}\`. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
          `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
          `load average ${load.join(' / ')} at the start, ${loadavg()
            .map((n) => n.toFixed(1))
            .join(' / ')} at the end (a shared machine gives noisy figures: compare ratios). ` +
          `Node ${process.version}, ${chromium}.`,
        '',
        ...parts.flatMap((part) => [part, '']),
        `<!-- /suite:${name} -->`,
        '',
      );
    } else {
      const kept = new RegExp(`<!-- suite:${name} -->[\\s\\S]*?<!-- /suite:${name} -->\\n`).exec(previous);
      if (kept) lines.push(kept[0]);
    }
  }
  // Formatted as `prettier --check .` expects.
  const markdown = lines.join('\n').replace(/\n{3,}/g, '\n\n');
  writeFileSync(path, await format(markdown, { ...(await resolveConfig(path)), parser: 'markdown' }));
  console.log(`Wrote ${path}`);
}
