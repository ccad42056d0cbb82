import { DataError, isDataError, type Cell, type SemanticQuery } from '../../../protocol';
import { fileName, saveUrl, spreadsheetCell } from '../../charts/export-result';
import { mainThreadPace } from './json-slices';
import { beforeAbort } from './safe-transport';
import type { DataSource, SemanticResult } from './semantic-result';
import { toSqlResult } from './to-sql-result';

/** Rows per request while reading every row: the data API's default page, well under its cap. */
export const CSV_PAGE = 10_000;
/** Most rows a CSV holds, whatever the server says it has. */
export const CSV_MAX_ROWS = 1_000_000;
/** Most CSV text read (in UTF-16 code units, about bytes): the export stops after the page that passes it. */
export const CSV_MAX_CHARS = 64 * 1024 * 1024;
/** How long an export may take in all. */
const CSV_DEADLINE_MS = 5 * 60_000;
/** Rows made text between two looks at the clock (a millisecond or so). */
const ROWS_PER_SLICE = 250;

/** What {@link saveQueryCsv} saved. */
export interface CsvExport {
  /** Rows in the file. */
  rows: number;
  /** The rows the query said it had when the export started (its first page's `total`). */
  total?: number;
  /**
   * Set when the file holds fewer rows than `total`: `ceiling` when the export reached
   * {@link CSV_MAX_ROWS} rows or {@link CSV_MAX_CHARS} of text and saved what it had.
   */
  stopped?: 'ceiling';
}

/** How far an export is: rows written so far, of the rows it will write when known. */
export interface CsvProgress {
  rows: number;
  /** The rows it will write (the first page's `total`, or the ceiling), once the first page is in. */
  of?: number;
}

/** Options of {@link saveQueryCsv}. */
export interface SaveQueryCsvOptions {
  /** Cancels the export (nothing is saved); it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Told after each page is written. */
  onProgress?: (progress: CsvProgress) => void;
  /** A lower row ceiling than {@link CSV_MAX_ROWS} (a higher one is not taken). */
  maxRows?: number;
  /** A lower text ceiling than {@link CSV_MAX_CHARS} (a higher one is not taken). */
  maxChars?: number;
}

/** RFC 4180 field (quoted where needed), formulas escaped as the chat's export does. */
function field(cell: Cell | undefined): string {
  const text = spreadsheetCell(cell);
  return text.includes(',') || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV lines (CRLF after each). */
function csvLines(rows: readonly (readonly Cell[])[]): string {
  let text = '';
  for (const row of rows) text += row.map(field).join(',') + '\r\n';
  return text;
}

/**
 * Reads the rows of `query` page by page and saves them as a CSV named after `title` (the
 * chat's export: a byte order mark, a header of titles, formulas escaped). It stops at the
 * rows the first page's `total` said there were (rows past it are dropped; without a total,
 * the first page's rows), at a short page, or at the ceiling ({@link CSV_MAX_ROWS} rows,
 * {@link CSV_MAX_CHARS} of text: what it has is saved, and `stopped` says so). Each page is
 * written as it comes, as text made 250 rows at a time between which the page takes
 * input and draws, into a Blob of its own that the file is made of (the text is not kept).
 * `onProgress` is told after each page; `signal` cancels (nothing is saved). Gives up after
 * five minutes with the request's `DataError`. A `QueryTable`'s "Download CSV" loads this on
 * its first click.
 */
export async function saveQueryCsv(
  source: DataSource,
  query: SemanticQuery,
  title: string | undefined,
  options: SaveQueryCsvOptions = {},
): Promise<CsvExport> {
  const deadline = AbortSignal.timeout(CSV_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    return await writeCsv(source, query, title, options, signal);
  } catch (error) {
    // Past the deadline, whatever stopped it (a page's wait, a slice) is a timeout.
    if (deadline.aborted && !options.signal?.aborted && !isDataError(error))
      throw new DataError('timeout', 'the CSV took longer than five minutes', { cause: error });
    throw error;
  }
}

async function writeCsv(
  source: DataSource,
  query: SemanticQuery,
  title: string | undefined,
  options: SaveQueryCsvOptions,
  signal: AbortSignal,
): Promise<CsvExport> {
  const pace = mainThreadPace(8, signal);
  const maxRows = Math.min(options.maxRows ?? CSV_MAX_ROWS, CSV_MAX_ROWS);
  const maxChars = Math.min(options.maxChars ?? CSV_MAX_CHARS, CSV_MAX_CHARS);
  const parts: Blob[] = [];
  let first: SemanticResult | undefined;
  let target = 0;
  let rows = 0;
  let chars = 0;
  let stopped: CsvExport['stopped'];
  for (let offset = 0; ; offset += CSV_PAGE) {
    // A cancel ends the export at once, even while a page's request is still out.
    const page = await beforeAbort(source.load({ ...query, limit: CSV_PAGE, offset, total: true }, signal), signal);
    if (!first) {
      first = page;
      const total = page.total;
      // What the query said it had when the export started; later pages cannot raise it.
      target = typeof total === 'number' && total >= 0 ? Math.floor(total) : Math.min(page.data.length, CSV_PAGE);
      if (target > maxRows) {
        target = maxRows;
        stopped = 'ceiling';
      }
      // Every page is read with the first page's columns (its titles and types).
      const { columns } = toSqlResult({ ...page, data: [] }, title);
      parts.push(new Blob(['\uFEFF' + csvLines([columns.map((column) => column.name)])]));
    }
    const take = Math.min(page.data.length, CSV_PAGE, target - rows);
    let text = '';
    for (let start = 0; start < take; start += ROWS_PER_SLICE) {
      if (pace.due()) await pace.pause();
      const data = page.data.slice(start, Math.min(start + ROWS_PER_SLICE, take));
      text += csvLines(toSqlResult({ ...page, data, annotation: first.annotation }, title).rows);
    }
    parts.push(new Blob([text]));
    rows += take;
    chars += text.length;
    options.onProgress?.({ rows, of: target });
    if (rows >= target || page.data.length < CSV_PAGE) break;
    if (chars >= maxChars) {
      stopped = 'ceiling';
      break;
    }
  }
  signal.throwIfAborted();
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  saveUrl(url, fileName(title, 'csv'));
  const out: CsvExport = { rows };
  if (typeof first!.total === 'number') out.total = first!.total;
  if (stopped && rows < (first!.total ?? 0)) out.stopped = stopped;
  return out;
}
