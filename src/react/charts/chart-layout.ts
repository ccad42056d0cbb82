import { MAX_CATEGORIES, planChart, topN } from './chart-height';
import { swapSort } from './encoding';

type Json = Record<string, unknown>;
type Row = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What {@link layoutChart} decided. */
export interface ChartLayout {
  spec: Json;
  /**
   * The chart's total height in pixels, known before vega loads (see `planChart`); none for a
   * composition (concat, facet, repeat), whose box grows to what it draws.
   */
  height: number | undefined;
  /** Rows as the chart gets them (the top-N rows plus "Other", or the input). */
  rows: (rows: readonly Row[]) => readonly Row[];
  /** One line for the reader when the chart shows less than the table. */
  note?: string;
  orientation?: 'vertical' | 'horizontal';
}

/**
 * Sizes a single-view chart so its height is known up front (the spec's numeric height, or
 * a default) and fits it to its container (`width`/`height: container`). A bar chart with
 * long or many category labels turns horizontal with a height per bar (a sort by the
 * measure's channel moves with the measure); beyond {@link MAX_CATEGORIES} it shows the top
 * categories by summed measure plus "Other" (left out when it outweighs the largest
 * category) and says so. One to three bars stay narrow instead of filling the width.
 * `vertical` keeps vertical bars vertical (the user picked them). In the lazy chart chunk:
 * the height it draws at is {@link planChart}'s, known before.
 */
export function layoutChart(spec: Json, rows: readonly Row[], vertical?: boolean): ChartLayout {
  const { height, bars, note } = planChart(spec, rows, vertical);
  const same = { rows: (r: readonly Row[]) => r };
  // A composition: its box grows to what it draws.
  if (height === undefined) return { spec, height, ...same };
  const sized = (s: Json): Json => ({
    ...withTicks(s),
    width: 'container',
    height: 'container',
    autosize: { type: 'fit', contains: 'padding' },
  });
  if (!bars) return { spec: sized(spec), height, ...same };
  const { encoding, category, value, field, valueField, count, top } = bars;
  if (!bars.turn) {
    let out: Json = {
      ...spec,
      encoding: {
        ...encoding,
        // Upright labels, each cut to its own band (with an ellipsis): on a narrow chart
        // "Software" and "Hardware" would otherwise run into one another.
        x: {
          ...category,
          axis: axisOf(category, { labelAngle: 0, labelLimit: { expr: "max(bandwidth('x') - 4, 16)" } }),
        },
      },
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
  let rowsFor = same.rows;
  // The category moves from x to y and the measure from y to x: a sort by "-y" (the
  // measure) must become "-x", or it sorts the bars by their own names.
  let sort: unknown = category.sort === undefined ? '-x' : bars.horizontal ? category.sort : swapSort(category.sort);
  if (top && valueField !== undefined) {
    const keep = MAX_CATEGORIES - 1;
    sort = top.rows.map((row) => String(row[field]));
    // Bars in series (stacked or grouped by a colour): the top categories keep their rows,
    // each series' part; summed into one per category they would lose their colours.
    const color = isObject(encoding.color) ? encoding.color.field : undefined;
    rowsFor =
      typeof color === 'string' && color !== field
        ? (input) => topSeries(input, field, valueField, color, new Set(sort as string[]), top.other)
        : (input) => topN(input, field, valueField, keep, top.other);
  }
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

/**
 * The rows of the `kept` categories as they are (every series' part), then (with `other`) one
 * "Other" row per series for the rest, its value the rest's sum.
 */
export function topSeries(
  rows: readonly Row[],
  category: string,
  value: string,
  series: string,
  kept: ReadonlySet<string>,
  other: boolean,
): Row[] {
  const out: Row[] = [];
  const rest = new Map<unknown, number>();
  for (const row of rows) {
    if (kept.has(String(row[category] ?? ''))) out.push(row);
    else if (other) {
      const v = Number(row[value]);
      rest.set(row[series], (rest.get(row[series]) ?? 0) + (Number.isFinite(v) ? v : 0));
    }
  }
  for (const [part, sum] of rest) out.push({ [category]: 'Other', [series]: part, [value]: sum });
  return out;
}

/**
 * Ticks along a quantitative or temporal x axis chosen from the chart's width: Vega-Lite's own
 * (one per 40 px) up to 240 px, then one per 160 px, so a chart in a wide board cell gets about
 * as many as in the chat (8 at 1,200 px, not 30). A spec's own `tickCount` wins.
 */
const X_TICKS = { expr: 'min(ceil(width / 40), max(6, ceil(width / 160)))' };

function withTicks(spec: Json): Json {
  const encoding = isObject(spec.encoding) ? spec.encoding : undefined;
  const x = encoding && isObject(encoding.x) ? encoding.x : undefined;
  if (!x || (x.type !== 'quantitative' && x.type !== 'temporal')) return spec;
  const axis = axisOf(x, { tickCount: X_TICKS });
  return axis === null ? spec : { ...spec, encoding: { ...encoding, x: { ...x, axis } } };
}

function axisOf(def: Json, extra: Json): unknown {
  if (def.axis === null) return null;
  return { ...extra, ...(isObject(def.axis) ? def.axis : {}) };
}
