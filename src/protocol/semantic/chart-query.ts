import type { SemanticQuery } from './query';

/**
 * Rows a `QueryChart` asks for and draws at most. Vega runs a chart's whole dataflow in one
 * task (expressions interpreted, as a strict CSP needs): measured in Chromium on a 2-core
 * machine, 5,000 daily points took 270-400 ms, 2,000 stay well inside the 200 ms budget
 * (test/reliability/hostile-data.test.ts, class draw-throw-200000-days).
 */
export const MAX_CHART_ROWS = 2_000;

/**
 * The query as a `QueryChart` sends it: never asking for more rows than it draws (a host's
 * lower `limit` kept), so a longer answer is cut by the data client before its values are
 * checked. A server prefetching a chart's answer prefetches this query (its cache key).
 */
export function chartQuery(query: SemanticQuery): SemanticQuery {
  const asked = typeof query.limit === 'number' && query.limit >= 0 ? Math.floor(query.limit) : MAX_CHART_ROWS;
  return { ...query, limit: Math.min(asked, MAX_CHART_ROWS) };
}
