// The board the benchmark loads: 24 widgets (4 KPIs, 16 charts, 4 tables) on the 12-column
// grid, 4 of the charts repeating another chart's query, so 20 distinct `/load` queries.
import type { BoardDefinition, BoardWidget } from '../../../src/react/boards';

const MEASURES = ['orders.revenue', 'orders.count', 'orders.averageOrderValue', 'orders.largeOrderShare'];
const DIMENSIONS = ['orders.region', 'orders.country', 'orders.category'];

/** Distinct `/load` queries of {@link benchBoard}: 4 KPIs, 12 charts, 4 tables. */
export const DISTINCT_QUERIES = 20;

/** The 24-widget board. */
export function benchBoard(): BoardDefinition {
  const widgets: BoardWidget[] = [];
  MEASURES.forEach((measure, i) =>
    widgets.push({ id: `k${i + 1}`, kind: 'kpi', measure, layout: { x: 3 * i, y: 0, w: 3, h: 2 } }),
  );
  // 12 distinct charts (each measure by each dimension), then 4 repeating the first four.
  const queries = MEASURES.flatMap((measure) =>
    DIMENSIONS.map((dimension) => ({ measures: [measure], dimensions: [dimension] })),
  );
  for (let i = 0; i < 16; i++)
    widgets.push({
      id: `c${i + 1}`,
      kind: 'chart',
      title: `Chart ${i + 1}`,
      query: queries[i % 12]!,
      layout: { x: 3 * (i % 4), y: 2 + 4 * Math.floor(i / 4), w: 3, h: 4 },
    });
  MEASURES.forEach((measure, i) =>
    widgets.push({
      id: `t${i + 1}`,
      kind: 'table',
      title: `Table ${i + 1}`,
      query: { measures: [measure], dimensions: ['orders.customer'] },
      layout: { x: 6 * (i % 2), y: 18 + 4 * Math.floor(i / 2), w: 6, h: 4 },
    }),
  );
  return { version: 2, title: 'Benchmark board', widgets };
}
