/** Options every suite of `npm run bench` accepts. */
export interface SuiteOptions {
  /** A small, quick run for CI: smaller inputs, fewer runs, loose budgets. */
  smoke?: boolean;
}
