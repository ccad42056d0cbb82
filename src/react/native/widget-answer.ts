import type { DataError } from '../../protocol';

/**
 * What a native chart or table shows once its answer is in (`onAnswer`), for a host's own
 * announcement or status line: "Revenue by Region: 4 rows".
 */
export interface WidgetAnswer {
  /** `ready`: the answer has rows; `empty`: it has none; `error`: it failed (`error` says why). */
  state: 'ready' | 'empty' | 'error';
  /** The widget's title as shown (a drilled step's own). */
  title: string;
  /** Rows in the answer (a table's: every page's), 0 when empty or failed. */
  rows: number;
  error?: DataError;
}
