import { useId, useMemo, useState, type ReactNode } from 'react';
import type { SqlResult } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { deriveFormats, type ColumnFormatter } from './formats';

/** Props of {@link ResultTable}. */
export interface ResultTableProps {
  result: SqlResult;
  /** Rows per page. Default 25. */
  pageSize?: number;
  /** Accessible name of the table. Default: the query title. */
  label?: string;
  /** Rendered under the table, e.g. a "load all rows" action. */
  footer?: ReactNode;
  /** Locale for numbers and dates. Default: the theme's `locale`, else `en-US`. */
  locale?: string;
  /** Per-column formats by column name, over the ones derived from the result. */
  formatters?: Record<string, ColumnFormatter>;
  className?: string;
}

/**
 * Columns drawn at most: laying out a table grows with its cells (3,000 columns of 25 rows
 * hold the page for seconds). Every column is in the CSV download.
 */
export const TABLE_COLUMN_LIMIT = 50;
/** Characters of a cell or column name drawn; the CSV download has the whole value. */
const CELL_LIMIT = 1_000;
const clip = (text: string) => (text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT)}…` : text);

/**
 * The rows of a SQL result as an accessible, paged table: values formatted like the chart's
 * tooltips (money, percent, counts, dates; see `deriveFormats`), numbers right-aligned,
 * nulls shown as "—", and the count of rows the service did not send. Bounded whatever the
 * result: the first {@link TABLE_COLUMN_LIMIT} columns with a note saying how many more the
 * CSV download has, and the first 1,000 characters of a cell.
 */
export function ResultTable({ result, pageSize = 25, label, footer, locale, formatters, className }: ResultTableProps) {
  const theme = useTheme();
  const effectiveLocale = locale ?? theme.locale ?? 'en-US';
  const formats = useMemo(
    () => deriveFormats(result, { locale: effectiveLocale, formatters }),
    [result, effectiveLocale, formatters],
  );
  const [page, setPage] = useState(0);
  const id = useId();
  const pages = Math.max(1, Math.ceil(result.rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const start = current * pageSize;
  const rows = result.rows.slice(start, start + pageSize);
  const shown = result.rows.length;
  const columns = result.columns.slice(0, TABLE_COLUMN_LIMIT);
  return (
    <ThemedRoot className={['ek-table', className].filter(Boolean).join(' ')}>
      <div className="ek-table__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
        <table>
          <caption id={`${id}-caption`} className="ek-sr-only">
            {label ?? result.queryTitle ?? 'Query result'}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col" data-kind={column.kind}>
                  {clip(column.name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={start + r}>
                {columns.map((column, c) => (
                  <td key={column.name} data-kind={column.kind}>
                    {clip(formats[column.name]!.format(row[c] ?? null, 'full'))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ek-table__footer">
        <span className="ek-table__count" aria-live="polite">
          {shown === 0
            ? 'No rows'
            : `Rows ${(start + 1).toLocaleString('en-US')}–${(start + rows.length).toLocaleString('en-US')} of ${shown.toLocaleString('en-US')}`}
          {result.truncated ? ` (${result.totalRows.toLocaleString('en-US')} in the full result)` : ''}
          {columns.length < result.columns.length
            ? `; the first ${columns.length} of ${result.columns.length.toLocaleString('en-US')} columns (the CSV has them all)`
            : ''}
        </span>
        {pages > 1 && (
          <span className="ek-table__pager">
            <button type="button" className="ek-button" onClick={() => setPage(current - 1)} disabled={current === 0}>
              Previous
            </button>
            <button
              type="button"
              className="ek-button"
              onClick={() => setPage(current + 1)}
              disabled={current >= pages - 1}
            >
              Next
            </button>
          </span>
        )}
        {footer}
      </div>
    </ThemedRoot>
  );
}
