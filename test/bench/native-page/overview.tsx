// The native overview the benchmark loads (and renders on the server in its "ssr" mode):
// 8 widgets, two of which repeat another's query, so 6 distinct `/load` requests; and a
// second page of 3 widgets opened after it.
import type { ReactNode } from 'react';
import { KpiCard, QueryChart, QueryTable, type SemanticQuery } from '../../../src/react/native';

/** The KPI cards' queries (no period, no comparison: one query each), as they send them. */
export const KPI_QUERIES: SemanticQuery[] = [
  { measures: ['orders.revenue'] },
  { measures: ['orders.count'] },
  { measures: ['orders.averageOrderValue'] },
];
export const REVENUE_BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const REVENUE_BY_MONTH: SemanticQuery = {
  measures: ['orders.revenue'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-12-31'] }],
};
const ORDERS_BY_CATEGORY: SemanticQuery = { measures: ['orders.count'], dimensions: ['orders.category'] };

/** Distinct `/load` queries of the first page. */
export const FIRST_PAGE_QUERIES = 6;
/** Distinct `/load` queries of the second page. */
export const SECOND_PAGE_QUERIES = 3;

const grid = (columns: number, children: ReactNode) => (
  <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 12 }}>{children}</div>
);

/** The first page: 4 KPIs (the 4th repeats the 2nd's query), 3 charts (the 3rd repeats the 1st's), a table. */
export function Overview() {
  return (
    <div style={{ display: 'grid', gap: 12 }} data-page="1">
      {grid(
        4,
        <>
          <KpiCard measure="orders.revenue" />
          <KpiCard measure="orders.count" />
          <KpiCard measure="orders.averageOrderValue" />
          <KpiCard measure="orders.count" title="Orders (again)" />
        </>,
      )}
      {grid(
        3,
        <>
          <QueryChart query={REVENUE_BY_REGION} height={200} />
          <QueryChart query={REVENUE_BY_MONTH} height={200} />
          <QueryChart query={REVENUE_BY_REGION} height={200} title="Revenue by region (again)" />
        </>,
      )}
      <QueryTable query={ORDERS_BY_CATEGORY} pageSize={5} />
    </div>
  );
}

/** The second page: three widgets of queries the first did not ask. */
export function SecondPage() {
  return (
    <div style={{ display: 'grid', gap: 12 }} data-page="2">
      {grid(
        3,
        <>
          <KpiCard
            measure="orders.revenue"
            title="Revenue, Q4"
            timeDimension="orders.createdAt"
            dateRange={['2024-10-01', '2024-12-31']}
            compare={false}
          />
          <QueryChart query={{ measures: ['orders.count'], dimensions: ['orders.region'] }} height={200} />
          <QueryChart
            query={{ measures: ['orders.averageOrderValue'], dimensions: ['orders.category'] }}
            height={200}
          />
        </>,
      )}
    </div>
  );
}
