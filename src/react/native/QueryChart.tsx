import { lazyView } from '../internal/lazy-view';
import { DEFAULT_QUERY_CHART_HEIGHT, QUERY_CHART_CHROME, type QueryChartProps } from './query-chart-types';

const QueryChartView = lazyView(() => import('./QueryChartView').then((module) => module.QueryChartView));

/**
 * A chart of a semantic-layer query, drawn by the chat's own chart code (same View/Export
 * toolbar, same spec checks): the chart chosen from the query's shape (a time dimension → a
 * line, one dimension → bars, two → stacked bars, measures alone → the number), titles and
 * formats from the data model (currency with its code, percent, d3 specifiers), time labels
 * by granularity (Jan 2024, Q1 2024), missing periods filled. Clicking a bar or a point (or
 * its button in the keyboard list) calls `onDrilldown({ member, value })`. Its box has its
 * final size from the first render, through loading, errors (shown inside, with Retry) and
 * data; one failing chart never breaks another. Inside a `SemanticProvider`.
 *
 * ```tsx
 * <QueryChart query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }} />
 * ```
 */
export function QueryChart(props: QueryChartProps) {
  // The view (and the data client, the charts) load on first use; the box is held meanwhile.
  const height = (props.height ?? DEFAULT_QUERY_CHART_HEIGHT) + QUERY_CHART_CHROME;
  return (
    <QueryChartView
      props={props}
      fallback={<div className={`ek-root ek-qchart ${props.className ?? ''}`} style={{ height }} aria-busy="true" />}
    />
  );
}
