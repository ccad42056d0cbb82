import { lazyView } from '../internal/lazy-view';
import { ThemedRoot } from '../theme/ThemedRoot';
import { DEFAULT_QUERY_TABLE_LABELS, pageRows, type QueryTableProps } from './query-table-types';

export { DEFAULT_QUERY_TABLE_LABELS, type QueryTableLabels, type QueryTableProps } from './query-table-types';

const QueryTableView = lazyView(() => import('./QueryTableView').then((module) => module.QueryTableView));

/**
 * A query's rows as an accessible table, paged on the server (`limit`/`offset` with
 * `total`), sorted by its headers (`order`, with `aria-sort`), formatted from the meta, with
 * the CSV of every row (the chat's export: formulas escaped). It keeps its size while a
 * page loads; an error shows inside it with Retry.
 */
export function QueryTable(props: QueryTableProps) {
  // The table (and the data client) load on first use; meanwhile its box is held.
  return <QueryTableView props={props} fallback={<Placeholder {...props} />} />;
}

/**
 * The table's box while its code loads: the same scroll box (a page of rows high, see
 * styles.css) and the same footer, its buttons disabled, so nothing moves when it arrives.
 */
function Placeholder({ pageSize, csv = true, labels: own, className }: QueryTableProps) {
  const labels = { ...DEFAULT_QUERY_TABLE_LABELS, ...own };
  return (
    <ThemedRoot
      as="section"
      className={['ek-table ek-qtable', className].filter(Boolean).join(' ')}
      aria-busy="true"
      data-state="loading"
      style={{ ['--ek-qtable-rows' as string]: String(pageRows(pageSize)) }}
    >
      <div className="ek-table__scroll" />
      <div className="ek-table__footer">
        <span className="ek-table__count">{'\u00a0'}</span>
        <span className="ek-table__pager">
          <button type="button" className="ek-button" disabled>
            {labels.previous}
          </button>
          <button type="button" className="ek-button" disabled>
            {labels.next}
          </button>
        </span>
        {csv && (
          <button type="button" className="ek-button" disabled>
            {labels.csv}
          </button>
        )}
      </div>
    </ThemedRoot>
  );
}
