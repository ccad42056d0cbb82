import type { SqlResult } from '../../protocol';
import type { ColumnFormat } from './formats';

// The chart chosen from the columns when no usable spec came loads with these rules.
export { suggestChart } from './suggest-chart';
import { DATE_KINDS, LINE_POINTS } from './suggest-chart';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ways a result can be shown: the chart types the switch offers, and the table. */
export type ChartType = 'bar' | 'horizontal-bar' | 'line' | 'area' | 'point' | 'table';

/** Every {@link ChartType}, in the order the switch lists them. */
export const CHART_TYPES: readonly ChartType[] = ['bar', 'horizontal-bar', 'line', 'area', 'point', 'table'];

/** A time chart colours its series by a category with at most this many values. */
const MAX_SERIES = 12;

interface Columns {
  times: string[];
  categories: string[];
  measures: string[];
}

/** The result's columns by role: dates, categories (text, booleans, codes such as years) and measures. */
function columnsOf(result: SqlResult, formats: Record<string, ColumnFormat>): Columns {
  const out: Columns = { times: [], categories: [], measures: [] };
  for (const column of result.columns) {
    const kind = formats[column.name]?.kind;
    if (DATE_KINDS.has(kind ?? '')) out.times.push(column.name);
    else if (column.kind === 'number' && kind !== 'text') out.measures.push(column.name);
    else out.categories.push(column.name);
  }
  return out;
}

/**
 * The chart types that fit a result's columns: bars for a category or a date and a
 * measure (horizontal bars for categories only), line and area over dates, points for two
 * measures or a measure by anything; the table always.
 */
export function fittingChartTypes(result: SqlResult, formats: Record<string, ColumnFormat>): ChartType[] {
  const { times, categories, measures } = columnsOf(result, formats);
  if (measures.length === 0 || result.rows.length === 0) return ['table'];
  const fits: Record<ChartType, boolean> = {
    bar: times.length + categories.length > 0,
    'horizontal-bar': categories.length > 0,
    line: times.length > 0,
    area: times.length > 0,
    point: times.length + categories.length > 0 || measures.length > 1,
    table: true,
  };
  return CHART_TYPES.filter((type) => fits[type]);
}

const markOf = (spec: Json | undefined) =>
  typeof spec?.mark === 'string' ? spec.mark : isObject(spec?.mark) ? spec.mark.type : undefined;

/** The type a chart is drawn as (`orientation` from its layout), or undefined for any other chart. */
export function chartTypeOf(spec: Json | undefined, orientation?: 'vertical' | 'horizontal'): ChartType | undefined {
  if (!spec || Array.isArray(spec.layer)) return undefined;
  const mark = markOf(spec);
  if (mark === 'bar') {
    const y = isObject(spec.encoding) ? spec.encoding.y : undefined;
    const horizontal = orientation ? orientation === 'horizontal' : isObject(y) && y.type !== 'quantitative';
    return horizontal ? 'horizontal-bar' : 'bar';
  }
  if (mark === 'line' || mark === 'area') return mark;
  return mark === 'point' || mark === 'circle' || mark === 'square' ? 'point' : undefined;
}

/** What a chart is made of, read from a spec's encoding or chosen from the columns. */
interface Parts {
  /** The category or date the marks are placed along. */
  along?: Json;
  measure: Json;
  /** A second measure (a scatter plot's x). */
  against?: Json;
  color?: Json;
  /** The channel the measure had in the spec the parts came from (what a sort by channel names). */
  measureChannel?: string;
  transform?: unknown;
}

const CHANNELS = ['x', 'y', 'theta', 'radius', 'size', 'color'];

function partsFromSpec(spec: Json | undefined): Parts | undefined {
  const encoding = spec && !Array.isArray(spec.layer) && isObject(spec.encoding) ? spec.encoding : undefined;
  if (!encoding) return undefined;
  let measure: Json | undefined;
  let measureChannel: string | undefined;
  let against: Json | undefined;
  let along: Json | undefined;
  for (const channel of CHANNELS) {
    const def = encoding[channel];
    if (!isObject(def) || typeof def.field !== 'string') continue;
    if (def.type === 'quantitative' && !def.bin) {
      if (!measure) [measure, measureChannel] = [def, channel];
      else if (!against && (channel === 'x' || channel === 'y')) against = def;
    } else along ??= def;
  }
  if (!measure) return undefined;
  // A scatter plot's x is a measure, its y the other one.
  if (measureChannel === 'x' && against) [measure, against, measureChannel] = [against, measure, 'y'];
  const color = isObject(encoding.color) && encoding.color !== along ? encoding.color : undefined;
  return { along, measure, against, color, measureChannel, transform: spec!.transform };
}

function partsFromColumns(result: SqlResult, formats: Record<string, ColumnFormat>): Parts | undefined {
  const { times, categories, measures } = columnsOf(result, formats);
  const [first, second] = measures;
  if (!first) return undefined;
  const measure: Json = { field: first, type: 'quantitative' };
  const time = times[0];
  const category = categories[0];
  const parts: Parts = {
    measure,
    against: second === undefined ? undefined : { field: second, type: 'quantitative' },
    along: time
      ? { field: time, type: 'temporal' }
      : category === undefined
        ? undefined
        : { field: category, type: 'nominal', sort: '-y' },
    measureChannel: 'y',
  };
  if (time && category !== undefined) {
    // Dates and a category: one series per category, or one summed series when there are many.
    const index = result.columns.findIndex((column) => column.name === category);
    const values = new Set(result.rows.map((row) => row[index]));
    if (values.size <= MAX_SERIES) parts.color = { field: category, type: 'nominal' };
    else parts.measure = { ...measure, aggregate: 'sum' };
  }
  return parts;
}

/**
 * A sort for the category when the measure moves to `channel`: a sort by the measure's old
 * channel ("-y", `{ encoding: 'y' }`) names the new one, so it still sorts by the measure;
 * one by another channel no longer means anything and is dropped; sorts by a field, an
 * order or a list stay as they are.
 */
function sortFor(sort: unknown, from: string | undefined, channel: string): unknown {
  const named = typeof sort === 'string' ? /^(-?)(\w+)$/.exec(sort) : null;
  if (named && CHANNELS.includes(named[2]!)) return named[2] === from ? named[1]! + channel : undefined;
  if (isObject(sort) && typeof sort.encoding === 'string')
    return sort.encoding === from ? { ...sort, encoding: channel } : undefined;
  return sort;
}

/**
 * A Vega-Lite spec showing a result as `type`, from the spec it was shown with (`base`, its
 * fields, titles, transforms and sort kept) or, without one that names a measure, from
 * the columns. A sort by the measure follows the measure to its new channel. Undefined for
 * the table, or when nothing in the result fits.
 */
export function specForType(
  type: ChartType,
  base: Json | undefined,
  result: SqlResult,
  formats: Record<string, ColumnFormat>,
): Json | undefined {
  if (type === 'table') return undefined;
  const fromSpec = partsFromSpec(base);
  const parts = fromSpec ?? partsFromColumns(result, formats);
  if (!parts) return undefined;
  const { measure, against, color, measureChannel } = parts;
  let along = parts.along;
  if (type === 'point' && against && (!along || base === undefined || chartTypeOf(base) === 'point')) along = undefined;
  if (!along && !(type === 'point' && against)) return undefined;
  const horizontal = type === 'horizontal-bar';
  const measureTo = horizontal ? 'x' : 'y';
  const placed = (def: Json): Json => {
    const { sort, ...rest } = def;
    // Bars over dates are one band per date; lines and points keep a time scale.
    if (rest.type === 'temporal') return type === 'bar' || horizontal ? { ...rest, type: 'ordinal' } : rest;
    const moved = sortFor(sort, measureChannel, measureTo);
    return moved === undefined ? rest : { ...rest, sort: moved };
  };
  const encoding: Json = along
    ? { [horizontal ? 'y' : 'x']: placed(along), [measureTo]: measure }
    : { x: against, y: measure };
  if (color) encoding.color = color;
  const mark: Json = { type };
  if (horizontal) mark.type = 'bar';
  if (type === 'line') mark.point = result.rows.length <= LINE_POINTS;
  const spec: Json = { mark, encoding };
  if (base?.title !== undefined) spec.title = base.title;
  if (fromSpec && parts.transform !== undefined) spec.transform = parts.transform;
  return spec;
}
