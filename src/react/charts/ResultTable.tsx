import { useId, useState, type ReactNode } from 'react';
import type { SqlResult } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { formatCell } from './format';

/** Props of {@link ResultTable}. */
export interface ResultTableProps {
  result: SqlResult;
  /** Rows per page. Default 25. */
  pageSize?: number;
  /** Accessible name of the table. Default: the query title. */
  label?: string;
  /** Rendered under the table, e.g. a "load all rows" action. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The rows of a SQL result as an accessible, paged table: numbers right-aligned and
 * grouped, nulls shown as "—", and the count of rows the service did not send.
 */
export function ResultTable({ result, pageSize = 25, label, footer, className }: ResultTableProps) {
  const [page, setPage] = useState(0);
  const id = useId();
  const pages = Math.max(1, Math.ceil(result.rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const start = current * pageSize;
  const rows = result.rows.slice(start, start + pageSize);
  const shown = result.rows.length;
  return (
    <ThemedRoot className={['ek-table', className].filter(Boolean).join(' ')}>
      <div className="ek-table__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
        <table>
          <caption id={`${id}-caption`} className="ek-sr-only">
            {label ?? result.queryTitle ?? 'Query result'}
          </caption>
          <thead>
            <tr>
              {result.columns.map((column) => (
                <th key={column.name} scope="col" data-kind={column.kind}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={start + r}>
                {result.columns.map((column, c) => (
                  <td key={column.name} data-kind={column.kind}>
                    {formatCell(row[c] ?? null, column.kind)}
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
