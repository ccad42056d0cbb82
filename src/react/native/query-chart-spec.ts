import { orderEntries, type SemanticQuery } from '../../protocol';
import { queryColumns, type QueryColumn } from './data/query-columns';

// Which chart a query gets, from its shape alone (known before the answer arrives, so the
// widget's box is the same while it loads), and the Vega-Lite spec for it. The spec is ours,
// not an agent's: it still goes through the chart's allow-list like every other.

/** How a {@link QueryChart} shows its query. */
export type QueryChartKind = 'line' | 'bar' | 'grouped-bar' | 'stacked-bar' | 'number' | 'table';

/** The chart chosen for a query, and the columns it draws. */
export interface ChartPlan {
  kind: QueryChartKind;
  /** Along the x axis: the grouped time dimension (line) or the first dimension (bars). */
  along?: QueryColumn;
  /** Coloured series: the second dimension, or a line's dimension. */
  series?: QueryColumn;
  measures: QueryColumn[];
}

/** At most this many measures show as numbers side by side; more make a table. */
const MAX_NUMBERS = 4;

/**
 * The chart a query's shape asks for: a grouped time dimension → a line (coloured by a
 * dimension, if it has one); one dimension → bars (several measures → grouped bars); two
 * dimensions and one measure → stacked bars (`stack: false`: grouped); measures alone → the
 * numbers; anything else (no measure, more dimensions) → the table. `kind` forces one when
 * the shape allows it.
 */
export function planChart(query: SemanticQuery, options: { kind?: QueryChartKind; stack?: boolean } = {}): ChartPlan {
  const columns = queryColumns(query);
  const times = columns.filter((column) => column.role === 'time');
  const dimensions = columns.filter((column) => column.role === 'dimension');
  const measures = columns.filter((column) => column.role === 'measure');
  const table: ChartPlan = { kind: 'table', measures };
  const chosen = ((): ChartPlan => {
    if (measures.length === 0 || times.length > 1) return table;
    if (times.length === 1) {
      if (dimensions.length === 0) return { kind: 'line', along: times[0], measures };
      if (dimensions.length === 1 && measures.length === 1)
        return { kind: 'line', along: times[0], series: dimensions[0], measures };
      return table;
    }
    if (dimensions.length === 0) return measures.length <= MAX_NUMBERS ? { kind: 'number', measures } : table;
    if (dimensions.length === 1)
      return { kind: measures.length === 1 ? 'bar' : 'grouped-bar', along: dimensions[0], measures };
    if (dimensions.length === 2 && measures.length === 1)
      return {
        kind: options.stack === false ? 'grouped-bar' : 'stacked-bar',
        along: dimensions[0],
        series: dimensions[1],
        measures,
      };
    return table;
  })();
  const forced = options.kind;
  if (!forced || forced === chosen.kind) return chosen;
  // A forced kind that the columns can draw; else the chosen one.
  if (forced === 'table') return { ...chosen, kind: 'table' };
  if (!chosen.along) return chosen;
  if (forced === 'line' || forced === 'bar') return { ...chosen, kind: forced };
  if (forced === 'stacked-bar' && chosen.series) return { ...chosen, kind: forced };
  if (forced === 'grouped-bar' && (chosen.series || chosen.measures.length > 1)) return { ...chosen, kind: forced };
  return chosen;
}

/**
 * A field name for Vega-Lite: `.`, `[` and `]` in a column's title would otherwise read as
 * a path into nested data ("Avg. order value"). Names never hold quotes, backslashes or
 * line breaks, which Vega-Lite writes into expressions unescaped (see `safeName`); a
 * backslash is escaped all the same. Axis titles are given as written: Vega-Lite's default
 * title would show the escapes.
 */
export const fieldRef = (name: string): string => name.replace(/[.[\]\\]/g, (c) => `\\${c}`);

/** Names of the fold a chart of several measures draws (series by measure). */
export interface FoldNames {
  measure: string;
  value: string;
}

/**
 * The Vega-Lite spec of a plan, over the answer's columns by name (`names`: key → column
 * name, as in the `SqlResult` the chart gets). Bars keep the query's order when it has one,
 * else sort by the measure; time runs left to right in the order of its (filled) periods.
 */
export function chartSpec(
  plan: ChartPlan,
  names: ReadonlyMap<string, string>,
  query: SemanticQuery,
  options: { height: number; fold: FoldNames },
): Record<string, unknown> | undefined {
  const name = (column: QueryColumn | undefined) => (column ? names.get(column.key) : undefined);
  const along = name(plan.along);
  const series = name(plan.series);
  const measureNames = plan.measures.map((column) => names.get(column.key)!);
  if (!along || measureNames.length === 0) return undefined;
  const folded = measureNames.length > 1;
  const measure = folded ? options.fold.value : measureNames[0]!;
  const colour = folded ? options.fold.measure : series;
  const transform = folded
    ? [{ fold: measureNames.map(fieldRef), as: [options.fold.measure, options.fold.value] }]
    : [];
  const y = { field: fieldRef(measure), type: 'quantitative', title: folded ? null : measure };
  const color = colour ? { color: { field: fieldRef(colour), type: 'nominal', title: null } } : {};
  const base = { height: options.height, ...(transform.length && { transform }) };
  if (plan.kind === 'line') {
    return {
      ...base,
      mark: { type: 'line', point: true, cursor: 'pointer' },
      // Ordinal over the periods (filled, ISO strings sort in time order): every label is the
      // period's own ("Q1 2024"), in the widget's locale, through the column's format.
      encoding: { x: { field: fieldRef(along), type: 'ordinal', title: along, axis: { labelAngle: 0 } }, y, ...color },
    };
  }
  const ordered = orderEntries(query.order).length > 0;
  const x = {
    field: fieldRef(along),
    type: plan.along?.role === 'time' ? 'ordinal' : 'nominal',
    title: along,
    // Upright period labels ("Jan 2024"), thinned where they would collide.
    ...(plan.along?.role === 'time' && { axis: { labelAngle: 0 } }),
    // The query's own order, else the largest first (time keeps its order).
    ...(ordered || plan.along?.role === 'time' ? { sort: null } : { sort: '-y' }),
  };
  const offset = plan.kind === 'grouped-bar' && colour ? { xOffset: { field: fieldRef(colour), type: 'nominal' } } : {};
  return {
    ...base,
    mark: { type: 'bar', cursor: 'pointer' },
    encoding: { x, y: plan.kind === 'grouped-bar' ? { ...y, stack: null } : y, ...color, ...offset },
  };
}
