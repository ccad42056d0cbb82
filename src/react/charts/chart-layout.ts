import { swapSort } from './encoding';

type Json = Record<string, unknown>;
type Row = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Default total height of a chart, in pixels, when its spec gives none. */
export const DEFAULT_CHART_HEIGHT = 300;
/** Above this many categories a bar chart shows the top ones plus "Other". */
export const MAX_CATEGORIES = 30;
const BAR_STEP = 22;
const LONG_LABEL = 12;
const MANY_BARS = 12;

/** What {@link layoutChart} decided. */
export interface ChartLayout {
  spec: Json;
  /**
   * The chart's total height in pixels, known before vega loads; none for a composition
   * (concat, facet, repeat), whose box grows to what it draws.
   */
  height: number | undefined;
  /** Rows as the chart gets them (the top-N rows plus "Other", or the input). */
  rows: (rows: readonly Row[]) => readonly Row[];
  /** One line for the reader when the chart shows less than the table. */
  note?: string;
  orientation?: 'vertical' | 'horizontal';
}

const markType = (spec: Json) =>
  typeof spec.mark === 'string' ? spec.mark : isObject(spec.mark) ? spec.mark.type : undefined;
const discrete = (def: unknown): def is Json =>
  isObject(def) && typeof def.field === 'string' && (def.type === 'nominal' || def.type === 'ordinal');
const measure = (def: unknown): def is Json => isObject(def) && def.type === 'quantitative';

/**
 * Sizes a single-view chart so its height is known up front (the spec's numeric height, or
 * a default) and fits it to its container (`width`/`height: container`). A bar chart with
 * long or many category labels turns horizontal with a height per bar (a sort by the
 * measure's channel moves with the measure); beyond {@link MAX_CATEGORIES} it shows the top
 * categories by summed measure plus "Other" (left out when it outweighs the largest
 * category) and says so. One to three bars stay narrow instead of filling the width.
 * `vertical` keeps vertical bars vertical (the user picked them).
 */
export function layoutChart(spec: Json, rows: readonly Row[], vertical?: boolean): ChartLayout {
  const given = typeof spec.height === 'number' && spec.height > 0 ? spec.height : undefined;
  const same = { rows: (r: readonly Row[]) => r };
  const facets = isObject(spec.encoding) && ['row', 'column', 'facet'].some((k) => k in (spec.encoding as Json));
  const composite =
    facets || ['hconcat', 'vconcat', 'concat', 'facet', 'repeat'].some((k) => k in spec) || isObject(spec.spec);
  if (composite) return { spec, height: undefined, ...same };
  const sized = (s: Json): Json => ({
    ...s,
    width: 'container',
    height: 'container',
    autosize: { type: 'fit', contains: 'padding' },
  });
  const encoding = isObject(spec.encoding) ? spec.encoding : undefined;
  if (markType(spec) !== 'bar' || !encoding || Array.isArray(spec.layer)) {
    const height = given ?? DEFAULT_CHART_HEIGHT;
    return { spec: sized(spec), height, ...same };
  }
  const upright = discrete(encoding.x) && measure(encoding.y);
  const horizontal = discrete(encoding.y) && measure(encoding.x);
  if (!upright && !horizontal) {
    const height = given ?? DEFAULT_CHART_HEIGHT;
    return { spec: sized(spec), height, ...same };
  }
  const category = (upright ? encoding.x : encoding.y) as Json;
  const value = (upright ? encoding.y : encoding.x) as Json;
  const field = category.field as string;
  const names = new Set<string>();
  let longest = 0;
  for (const row of rows) {
    const name = String(row[field] ?? '');
    if (!names.has(name)) {
      names.add(name);
      longest = Math.max(longest, name.length);
    }
  }
  const count = names.size;
  const turn = horizontal || (!vertical && (count > MANY_BARS || longest > LONG_LABEL));
  if (!turn) {
    const height = given ?? DEFAULT_CHART_HEIGHT;
    let out: Json = {
      ...spec,
      encoding: { ...encoding, x: { ...category, axis: axisOf(category, { labelAngle: 0 }) } },
    };
    if (count <= 3) {
      // A lone bar at full width reads as a block, not a bar.
      const mark = isObject(spec.mark) ? spec.mark : { type: 'bar' };
      out = {
        ...out,
        mark: { ...mark, width: { band: 0.6 } },
        encoding: {
          ...(out.encoding as Json),
          x: { ...((out.encoding as Json).x as Json), scale: { paddingOuter: (4 - count) * 0.5 } },
        },
      };
    }
    return { spec: sized(out), height, ...same, orientation: 'vertical' };
  }
  // Horizontal: categories down the side, one band per bar, largest first.
  const valueField = typeof value.field === 'string' ? value.field : undefined;
  const summable = valueField !== undefined && (value.aggregate === undefined || value.aggregate === 'sum');
  let rowsFor = same.rows;
  let note: string | undefined;
  let shown = count;
  // The category moves from x to y and the measure from y to x: a sort by "-y" (the
  // measure) must become "-x", or it sorts the bars by their own names.
  let sort: unknown = category.sort === undefined ? '-x' : horizontal ? category.sort : swapSort(category.sort);
  if (count > MAX_CATEGORIES && summable) {
    const keep = MAX_CATEGORIES - 1;
    const all = topN(rows, field, valueField, keep);
    // A rest that outweighs the largest category would shrink every other bar to a sliver
    // (71 customers summed beside 29): the chart then shows the top ones alone.
    const other = Number(all[all.length - 1]![valueField]) <= Number(all[0]![valueField]);
    rowsFor = (input) => topN(input, field, valueField, keep, other);
    const top = other ? all : all.slice(0, keep);
    sort = top.map((row) => String(row[field]));
    shown = top.length;
    const rest = other
      ? 'the rest are summed as “Other”'
      : `the other ${(count - keep).toLocaleString('en-US')} together outweigh any one shown, so the chart leaves them out`;
    note = `Showing the top ${keep} of ${count.toLocaleString('en-US')} ${field} by ${valueField}; ${rest}. The table has every row.`;
  }
  const height = Math.max(given ?? 0, shown * BAR_STEP + 70);
  const out: Json = {
    ...spec,
    encoding: {
      ...encoding,
      y: { ...category, sort, axis: axisOf(category, { labelLimit: 160 }) },
      x: { ...value, axis: axisOf(value, {}) },
    },
  };
  return { spec: sized(out), height, rows: rowsFor, note, orientation: 'horizontal' };
}

function axisOf(def: Json, extra: Json): unknown {
  if (def.axis === null) return null;
  return { ...extra, ...(isObject(def.axis) ? def.axis : {}) };
}

/** The `keep` largest categories by summed value, then (unless `other` is false) one "Other" row for the rest. */
export function topN(rows: readonly Row[], category: string, value: string, keep: number, other = true): Row[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const name = String(row[category] ?? '');
    const v = Number(row[value]);
    sums.set(name, (sums.get(name) ?? 0) + (Number.isFinite(v) ? v : 0));
  }
  const sorted = [...sums].sort((a, b) => b[1] - a[1]);
  const out: Row[] = sorted.slice(0, keep).map(([name, sum]) => ({ [category]: name, [value]: sum }));
  if (other && sorted.length > keep) {
    let rest = 0;
    for (const [, sum] of sorted.slice(keep)) rest += sum;
    out.push({ [category]: 'Other', [value]: rest });
  }
  return out;
}
