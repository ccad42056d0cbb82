import type { Cell, DataError, SemanticQuery } from '../../protocol';
import type { Drilldown } from '../bridge/use-dashboard-chat-bridge';
import type { DrillProps } from './drill/drill-types';
import type { WidgetAnswer } from './widget-answer';
import { DEFAULT_WIDGET_ERROR_LABELS, type WidgetErrorLabels } from './WidgetBoundary';

// The props and words of `QueryTable`, apart from its lazily loaded view: the entry holds
// only these and the placeholder that keeps the table's place.

/** Words of a {@link QueryTable} (for another language, replace them all). */
export interface QueryTableLabels extends WidgetErrorLabels {
  /** The row count under the table: "Rows 1–25 of 312". */
  rows: (from: string, to: string, total: string) => string;
  /** When the query answered no rows. Default "No rows". */
  empty: string;
  previous: string;
  next: string;
  /** The page controls' group name. Default "Pages". */
  pages: string;
  /** The CSV button. Default "Download CSV". */
  csv: string;
  /** While every row is read for the CSV. Default "Preparing CSV…". */
  preparing: string;
  /** A sortable header's hint to screen readers: "Sort by Revenue". */
  sortBy: (title: string) => string;
  loading: string;
  waiting: string;
  /** When the server sent more rows than a page: "12 more rows were sent than asked for: not shown" (`text`: the count in the locale). */
  dropped: (count: number, text: string) => string;
  /** When the CSV stopped at its ceiling: "Saved the first 1,000,000 of 5,000,000 rows". */
  csvPartial: (rows: string, total: string) => string;
  /**
   * How far a long CSV is (rows in the locale). Default "120,000 of 1,000,000 rows". (This and
   * the next two default in the CSV's own lazily loaded code, so they are optional here.)
   */
  csvProgress?: (rows: string, total: string) => string;
  /** The button that stops a CSV while it is written. Default "Cancel CSV". */
  csvCancel?: string;
  /** After Cancel. Default "CSV cancelled: nothing was saved". */
  csvCancelled?: string;
  /** When values were not what their column says: "3 values were not valid: shown as —". */
  missing: (count: number, text: string) => string;
}

/** The default {@link QueryTableLabels}. */
export const DEFAULT_QUERY_TABLE_LABELS: QueryTableLabels = {
  ...DEFAULT_WIDGET_ERROR_LABELS,
  rows: (from, to, total) => `Rows ${from}–${to} of ${total}`,
  empty: 'No rows',
  previous: 'Previous page',
  next: 'Next page',
  pages: 'Pages',
  csv: 'Download CSV',
  preparing: 'Preparing CSV…',
  sortBy: (title) => `Sort by ${title}`,
  loading: 'Loading',
  waiting: 'Still running…',
  dropped: (count, text) => `${text} more ${count === 1 ? 'row was' : 'rows were'} sent than asked for: not shown`,
  csvPartial: (rows, total) => `Saved the first ${rows} of ${total} rows`,
  missing: (count, text) => `${text} ${count === 1 ? 'value was' : 'values were'} not valid: shown as —`,
};

/** A row of a {@link QueryTable} as a host's row action gets it: each column's value by its key (`orders.region`, `orders.createdAt.month`). */
export type QueryTableRow = Readonly<Record<string, Cell>>;

/** A button in each row of a {@link QueryTable}, calling the host with the row's values. */
export interface QueryTableRowAction {
  /** The button's text ("Open"); its accessible name adds the row's text ("Open: Europe, $1.2M"). */
  label: string;
  onSelect: (row: QueryTableRow) => void;
}

/** Props of {@link QueryTable}. */
export interface QueryTableProps extends DrillProps {
  /** The query; its `order` is the first sort, its `limit`/`offset` are replaced by the pages. */
  query: SemanticQuery;
  /** Rows per page (asked of the server page by page). Default 25. */
  pageSize?: number;
  /** The table's accessible name (its caption) and the CSV file's name. */
  title?: string;
  /** Offer the CSV of every row. Default true. */
  csv?: boolean;
  /** Locale of numbers and dates. Default: the theme's, else `en-US`. */
  locale?: string;
  labels?: Partial<QueryTableLabels>;
  onError?: (error: DataError) => void;
  /**
   * Each answer the table shows, once it is in: its title, its rows (every page's) and state
   * (see `QueryChart`'s). The host then says it: the table's row count is said (live) only
   * after the user turns a page or sorts.
   */
  onAnswer?: (answer: WidgetAnswer) => void;
  className?: string;
  /**
   * Buttons in each row (keyboard reachable, named with the row) that call the host with the
   * row's values. A callback that throws is contained (see `onActionError`).
   */
  rowActions?: readonly QueryTableRowAction[];
  /** With the drill menu (`drill`): its "Ask the analyst" item, with the row's first value. */
  onDrilldown?: (drilldown: Drilldown) => void;
}

/** Rows on a page: `pageSize` made a whole number from 1 to 1,000 (the placeholder and the view agree). */
export function pageRows(pageSize = 25): number {
  return Math.max(1, Math.min(Math.floor(pageSize), 1_000));
}
