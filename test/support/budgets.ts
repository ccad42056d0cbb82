// Main-thread time budgets, kept out of `npm test`. A test that measures one (the longest
// task of a hostile payload, the time until a board shows) records it here; `npm test` asserts
// only behaviour, so a busy machine cannot fail it. `npm run bench -- budgets` runs these tests
// with `BUDGET_MEASURES` set, reads what they recorded, measures every miss again on its own
// (the lowest of a few tries) and fails on a miss that stays (test/bench/budgets.bench.ts).
import { appendFileSync } from 'node:fs';

/** How to measure one budget again, alone: the test file, its project, and what narrows it. */
export interface BudgetRerun {
  file: string;
  project: 'node' | 'dom' | 'browser';
  /** A test name pattern (`vitest -t`). */
  test?: string;
  /** Environment that narrows the run to this item (`HOSTILE_ONLY`, `HOSTILE_MODE`…). */
  env?: Record<string, string>;
}

/** One budget as measured. */
export interface BudgetMeasure {
  /** What was measured: `hostile output / a strict CSP / markdown/blocks-50000`. */
  id: string;
  ms: number;
  budgetMs: number;
  rerun: BudgetRerun;
}

/** The file measures go to (JSON lines): set by the budgets run; unset, nothing is recorded. */
export const MEASURES_FILE = 'BUDGET_MEASURES';

/** Records a measure for the budgets run (a no-op in `npm test`, which asserts behaviour only). */
export function recordBudget(measure: BudgetMeasure): void {
  const file = process.env[MEASURES_FILE];
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ ...measure, ms: Math.round(measure.ms * 10) / 10 })}\n`);
}
