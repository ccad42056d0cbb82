type Json = Record<string, unknown>;
type Row = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// What a chart's layout decides before vega loads: its height (so the chart's place is held
// exactly, and nothing below it moves when it draws). The spec it draws is built from this
// plan in the lazy chart chunk (`layoutChart`).

/** Default total height of a chart, in pixels, when its spec gives none. */
export const DEFAULT_CHART_HEIGHT = 300;
/** Above this many categories a bar chart shows the top ones plus "Other". */
export const MAX_CATEGORIES = 30;
const BAR_STEP = 22;
const LONG_LABEL = 12;
const MANY_BARS = 12;

/** A bar chart of one category and one measure, as {@link planChart} found it. */
export interface BarPlan {
  encoding: Json;
  /** The category's and the measure's field definitions. */
  category: Json;
  value: Json;
  field: string;
  valueField: string | undefined;
  /** The spec draws the bars horizontal already. */
  horizontal: boolean;
  /** Distinct categories in the rows. */
  count: number;
  /** The chart turns (or stays) horizontal: long or many labels, or given so. */
  turn: boolean;
  /** Beyond {@link MAX_CATEGORIES} (a summable measure): the top rows, and whether "Other" is one of them. */
  top?: { rows: Row[]; other: boolean };
}

/** The chart's height (none for a composition: concat, facet, repeat), and its bars if it is a bar chart. */
export interface ChartPlan {
  height: number | undefined;
  bars?: BarPlan;
  /** One line for the reader when the chart shows fewer bars than the table has rows. */
  note?: string;
}

const markType = (spec: Json) =>
  typeof spec.mark === 'string' ? spec.mark : isObject(spec.mark) ? spec.mark.type : undefined;
const discrete = (def: unknown): def is Json =>
  isObject(def) && typeof def.field === 'string' && (def.type === 'nominal' || def.type === 'ordinal');
const measure = (def: unknown): def is Json => isObject(def) && def.type === 'quantitative';

/**
 * Plans a chart's layout on its first rows: a single view gets the spec's numeric height or
 * a default; a bar chart with long or many category labels turns horizontal with a height
 * per bar (beyond {@link MAX_CATEGORIES} bars, the top ones plus "Other", left out when it
 * outweighs the largest category). `vertical` keeps vertical bars vertical.
 */
export function planChart(spec: Json, rows: readonly Row[], vertical?: boolean): ChartPlan {
  const given = typeof spec.height === 'number' && spec.height > 0 ? spec.height : undefined;
  const facets = isObject(spec.encoding) && ['row', 'column', 'facet'].some((k) => k in (spec.encoding as Json));
  if (facets || ['hconcat', 'vconcat', 'concat', 'facet', 'repeat'].some((k) => k in spec) || isObject(spec.spec))
    return { height: undefined };
  const plain = { height: given ?? DEFAULT_CHART_HEIGHT };
  const encoding = isObject(spec.encoding) ? spec.encoding : undefined;
  if (markType(spec) !== 'bar' || !encoding || Array.isArray(spec.layer)) return plain;
  const upright = discrete(encoding.x) && measure(encoding.y);
  const horizontal = discrete(encoding.y) && measure(encoding.x);
  if (!upright && !horizontal) return plain;
  const category = (upright ? encoding.x : encoding.y) as Json;
  const value = (upright ? encoding.y : encoding.x) as Json;
  const field = category.field as string;
  const valueField = typeof value.field === 'string' ? value.field : undefined;
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
  const bars: BarPlan = { encoding, category, value, field, valueField, horizontal, count, turn };
  if (!turn) return { ...plain, bars };
  const summable = valueField !== undefined && (value.aggregate === undefined || value.aggregate === 'sum');
  const keep = MAX_CATEGORIES - 1;
  if (count > MAX_CATEGORIES && summable) {
    const all = topN(rows, field, valueField, keep);
    // A rest that outweighs the largest category would shrink every other bar to a sliver
    // (71 customers summed beside 29): the chart then shows the top ones alone.
    const other = Number(all[all.length - 1]![valueField]) <= Number(all[0]![valueField]);
    bars.top = { rows: other ? all : all.slice(0, keep), other };
  }
  const shown = bars.top?.rows.length ?? count;
  // Planned here, not with the drawing: the line is in its place before vega loads.
  const note =
    bars.top &&
    `Showing the top ${keep} of ${count.toLocaleString('en-US')} ${field} by ${valueField}; ${
      bars.top.other
        ? 'the rest are summed as “Other”'
        : `the other ${(count - keep).toLocaleString('en-US')} together outweigh any one shown, so the chart leaves them out`
    }. The table has every row.`;
  return { height: Math.max(given ?? 0, shown * BAR_STEP + 70), bars, note };
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
