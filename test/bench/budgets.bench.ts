/**
 * Budgets: the main-thread time budgets `npm test` does not assert (a busy machine must not
 * fail a user's first `npm test`): each hostile agent payload, data API class and wire class's
 * longest task, a board or lazy view showing as its code arrives, a bounded JSON printout, and
 * the data answers' 50 ms. The tests that measure one record it (test/support/budgets.ts); this
 * suite runs them (or, with `BUDGETS_FROM=<file>`, reads what `npm test` recorded there with
 * `BUDGET_MEASURES=<file>`, as CI does), then measures every miss again on its own, in a fresh
 * process, up to three times, and keeps the lowest: a miss fails only when it stays.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BudgetMeasure, BudgetRerun } from '../support/budgets';
import { dataBench } from './data.bench';
import { format, table } from './harness';
import type { SuiteOptions } from './suite';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
/** Tries of a miss on its own, the lowest kept. */
const TRIES = 3;

/** Every test file that records a budget, with its project: all of them run to measure. */
const BUDGET_TESTS: { file: string; project: BudgetRerun['project'] }[] = [
  { file: 'test/reliability/hostile-output.test.ts', project: 'node' },
  { file: 'test/reliability/hostile-data.test.ts', project: 'node' },
  { file: 'test/reliability/hostile-wire.test.ts', project: 'node' },
  { file: 'test/react/boards/Board.test.tsx', project: 'dom' },
  { file: 'test/react/internal/lazy-view.test.tsx', project: 'dom' },
  { file: 'test/react/chat/bounded-text.test.tsx', project: 'dom' },
];

/** Test files under test/ that call recordBudget (each must be in BUDGET_TESTS). */
function filesRecordingBudgets(dir = join(repo, 'test')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesRecordingBudgets(path));
    else if (/\.test\.tsx?$/.test(name) && readFileSync(path, 'utf8').includes('recordBudget('))
      out.push(relative(repo, path));
  }
  return out;
}

/** Runs vitest on `rerun` (or whole files) with measures going to `file`; the run's output is kept, not shown. */
async function vitest(files: string[], project: string, file: string, rerun?: BudgetRerun): Promise<boolean> {
  const args = ['vitest', 'run', '--project', project, ...files, ...(rerun?.test ? ['-t', rerun.test] : [])];
  try {
    await run('npx', args, {
      cwd: repo,
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, ...rerun?.env, BUDGET_MEASURES: file, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    return true;
  } catch {
    // A failing test is `npm test`'s to report; what it measured still counts here.
    return false;
  }
}

const read = (file: string): BudgetMeasure[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BudgetMeasure)
    : [];

export async function budgetsBench({ smoke }: SuiteOptions): Promise<boolean> {
  let ok = true;
  const missing = filesRecordingBudgets().filter((file) => !BUDGET_TESTS.some((test) => test.file === file));
  if (missing.length) {
    console.log(`tests that record a budget but are not run here: ${missing.join(', ')}: MISSED`);
    ok = false;
  }
  const work = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-budgets-'));
  try {
    const from = process.env.BUDGETS_FROM;
    let measures: BudgetMeasure[];
    if (from) {
      measures = read(from);
      console.log(`\nBudgets: ${measures.length} measures that \`npm test\` recorded (${from})`);
    } else {
      const file = join(work, 'measures.jsonl');
      for (const project of ['node', 'dom'] as const) {
        const files = BUDGET_TESTS.filter((test) => test.project === project).map((test) => test.file);
        console.log(`measuring: ${files.join(', ')}`);
        await vitest(files, project, file);
      }
      measures = read(file);
      console.log(`\nBudgets: ${measures.length} measures from ${BUDGET_TESTS.length} test files`);
    }
    if (measures.length === 0) {
      console.log('no budget was measured: MISSED');
      ok = false;
    }
    const misses = measures.filter((m) => m.ms > m.budgetMs);
    const rows: (string | number)[][] = [['budget', 'limit ms', 'first ms', 'alone ms (tries)', 'result']];
    for (const miss of misses) {
      const tries: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        const file = join(work, `again-${i}.jsonl`);
        rmSync(file, { force: true });
        await vitest([miss.rerun.file], miss.rerun.project, file, miss.rerun);
        const again = read(file).find((m) => m.id === miss.id);
        if (again) tries.push(again.ms);
        if (again && again.ms <= again.budgetMs) break;
      }
      const lowest = tries.length ? Math.min(...tries) : Infinity;
      const met = lowest <= miss.budgetMs;
      ok &&= met;
      rows.push([
        miss.id,
        miss.budgetMs,
        miss.ms,
        tries.length ? `${format(lowest)} (${tries.map((t) => format(t)).join(', ')})` : 'not measured',
        met ? 'met alone' : 'MISSED',
      ]);
    }
    const longest = [...measures].sort((a, b) => b.ms / b.budgetMs - a.ms / a.budgetMs).slice(0, 8);
    console.log('\nThe nearest their budgets (first measures)');
    table([
      ['budget', 'limit ms', 'ms', 'share of the limit'],
      ...longest.map((m) => [m.id, m.budgetMs, m.ms, `${Math.round((100 * m.ms) / m.budgetMs)}%`]),
    ]);
    if (misses.length) {
      console.log(`\n${misses.length} over their budget at first, measured again alone (lowest of up to ${TRIES})`);
      table(rows);
    }
    console.log(
      `${measures.length - misses.length} of ${measures.length} within their budgets at first; ${misses.length} measured again alone`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // The data answers: no main-thread task over 50 ms, a miss measured again (data.bench.ts).
  ok = (await dataBench({ smoke })) && ok;
  console.log(ok ? 'every budget met (alone, where a first measure missed)' : 'some budgets MISSED');
  return ok;
}
