import type { AnnotationEntry, Granularity, LoadRow, MetaResponse, SqlResult } from '../../protocol';
import { metaMembers } from '../../protocol';
import { addPeriods, formatLocal, resolveDayRange, truncate } from '../../protocol/semantic/date-range';
import type { SemanticResult } from './data/semantic-result';
import { queryColumns, type QueryColumn } from './data/query-columns';
import { toSqlResult } from './data/to-sql-result';
import type { ChartPlan } from './query-chart-spec';
import { capText } from './cap-text';

// A query's answer as the chat's `SqlResult` for the chat's own chart code: columns named by
// the members' short titles, and the periods of a time series that have no row filled in.

/** The longest column name drawn: a longer title ends in "…" (the chart's heading has it whole in its title). */
export const MAX_NAME = 120;
/** The longest text value drawn (an axis label, a legend entry, a tooltip): longer ones end in "…". */
export const MAX_VALUE = 200;

// Vega-Lite reads a field name as an access path and writes it into generated expressions
// (tooltips, ARIA descriptions) without escaping quotes, backslashes or line breaks: a title
// like "Client's region" or `Region "quoted"` stops the chart. A name never holds them: they
// become their typographic look-alikes, control characters a space (`.`, `[`, `]` are escaped
// where a field is named, see `fieldRef`).
const LOOK_ALIKES: Readonly<Record<string, string>> = { "'": '\u2019', '"': '\u201d', '\\': '\u2216' };
// eslint-disable-next-line no-control-regex
const UNSAFE = /['"\\]|[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A title as a column name the charts can draw: capped, without quotes, backslashes or control characters. */
export function safeName(title: string): string {
  return capText(
    title.slice(0, MAX_NAME + 1).replace(UNSAFE, (c) => LOOK_ALIKES[c] ?? ' '),
    MAX_NAME,
  );
}

/**
 * Column names by row key: each member's short title ("Revenue"), else its title, else its
 * name; a name two columns would share gets its member's full title (then its key) instead.
 * Each is made safe to draw (see {@link safeName}).
 */
export function columnNames(
  columns: readonly QueryColumn[],
  info: (column: QueryColumn) => AnnotationEntry | undefined,
): Map<string, string> {
  const wanted = columns.map((column) => {
    const entry = info(column);
    const key = safeName(column.key);
    return {
      column,
      short: safeName(entry?.shortTitle || entry?.title || column.key),
      long: safeName(entry?.title || column.key),
      key,
    };
  });
  const count = (name: string) => wanted.filter((w) => w.short === name).length;
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const { column, short, long, key } of wanted) {
    let name = count(short) > 1 ? long : short;
    if (used.has(name)) name = key;
    // Keys capped alike may still meet: numbered then.
    for (let n = 2; used.has(name); n++) name = `${key} (${n})`;
    used.add(name);
    names.set(column.key, name);
  }
  return names;
}

/** Periods filled at most: a day series over decades is drawn as it came. */
const MAX_FILLED = 2_000;
/** Rows a fill makes at most (periods × series values): past it, the answer is drawn as it came. */
const MAX_FILLED_ROWS = 20_000;
const FILLABLE = new Set<Granularity>(['day', 'week', 'month', 'quarter', 'year']);
/** Measures whose missing period is a zero (nothing counted, nothing summed); others stay empty. */
const ADDITIVE = new Set(['count', 'countDistinct', 'countDistinctApprox', 'sum', 'runningTotal']);

/**
 * Whether a measure adds up (a count or a sum: a period without rows is 0), from the meta's
 * `aggType` (the answer's annotation says only `number`), else its type.
 */
export function isAdditive(meta: MetaResponse | undefined, column: QueryColumn, entry?: AnnotationEntry): boolean {
  const found = meta ? metaMembers(meta).get(column.member) : undefined;
  const aggType = found?.kind === 'measure' ? found.member.aggType : undefined;
  return ADDITIVE.has(aggType ?? entry?.type ?? '');
}

const dayOf = (value: unknown): number | undefined => {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
};

/**
 * The answer with a row for every period of its time series between the ends of the query's
 * date range (two dates, or relative text read against `today`), else between its first
 * and last rows: per series value when the chart has series. A missing count or sum is 0,
 * any other measure empty (a gap, not a made-up value). Unchanged for other charts, for
 * granularities under a day, or past {@link MAX_FILLED} periods.
 */
export function fillMissingDates(
  result: SemanticResult,
  plan: ChartPlan,
  additive: (measure: QueryColumn) => boolean,
  today?: Date,
): SemanticResult {
  const time = plan.along;
  if (plan.kind !== 'line' && plan.kind !== 'bar') return result;
  if (time?.role !== 'time' || !time.granularity || !FILLABLE.has(time.granularity)) return result;
  const granularity = time.granularity;
  const days = result.data.map((row) => dayOf(row[time.key])).filter((day) => day !== undefined);
  const declared = result.query.timeDimensions?.find(
    (entry) => entry.dimension === time.member && entry.granularity === granularity,
  )?.dateRange;
  const range = declared === undefined ? undefined : resolveDayRange(declared, (today ?? new Date()).getTime());
  // Loops, not Math.min(...days): 200,000 rows as arguments overflow the stack.
  const from = range
    ? dayOf(range[0])
    : days.reduce<number | undefined>((a, d) => (a === undefined || d < a ? d : a), undefined);
  const to = range
    ? dayOf(range[1])
    : days.reduce<number | undefined>((a, d) => (a === undefined || d > a ? d : a), undefined);
  if (from === undefined || to === undefined || from > to) return result;
  const periods: string[] = [];
  for (let at = truncate(from, granularity); at <= to; at = addPeriods(at, granularity, 1)) {
    if (periods.length >= MAX_FILLED) return result;
    periods.push(formatLocal(at));
  }
  const series = plan.series;
  const seriesValues = series ? [...new Set(result.data.map((row) => row[series.key] ?? null))] : [undefined];
  if (periods.length * seriesValues.length > MAX_FILLED_ROWS) return result;
  const measures = queryColumns(result.query).filter((column) => column.role === 'measure');
  // Own keys only (fromEntries defines them): a member name never reaches a prototype.
  const empty = (period: string, value: LoadRow[string] | undefined): LoadRow =>
    Object.fromEntries([
      [time.key, period],
      [time.member, period],
      ...(series ? [[series.key, value ?? null]] : []),
      ...measures.map((measure) => [measure.key, additive(measure) ? '0' : null]),
    ]) as LoadRow;
  const seen = new Map<string, LoadRow>();
  const keyOf = (period: string, value: unknown) => `${period}\u0000${series ? JSON.stringify(value ?? null) : ''}`;
  for (const row of result.data) {
    const day = dayOf(row[time.key]);
    if (day !== undefined) seen.set(keyOf(formatLocal(day), series ? row[series.key] : undefined), row);
  }
  const filled: LoadRow[] = [];
  for (const period of periods) {
    for (const value of seriesValues) filled.push(seen.get(keyOf(period, value)) ?? empty(period, value));
  }
  // Rows outside the range (a server that answered more) are kept, after the series.
  const inRange = new Set(filled);
  for (const row of result.data) if (!inRange.has(row)) filled.push(row);
  return { ...result, data: filled };
}

/** The answer as the chat's `SqlResult`, columns named by `names` (see {@link columnNames}). */
export function chartResult(result: SemanticResult, names: ReadonlyMap<string, string>, title: string): SqlResult {
  const sql = toSqlResult(result, title);
  const columns = queryColumns(result.query);
  return { ...sql, columns: sql.columns.map((column, i) => ({ ...column, name: names.get(columns[i]!.key)! })) };
}

/** A chart's rows as drawn: at most `max`, long texts capped, and each capped text's whole value. */
export interface DrawnRows {
  result: SqlResult;
  /** Rows of the answer left undrawn (past `max`). */
  undrawn: number;
  /** The whole value of each text capped for drawing (a drilldown asks with the whole). */
  whole: Map<string, string>;
}

/**
 * The rows a chart draws: the first `max` (vega lays out every mark in one task; a larger
 * answer shows in the table and the CSV), texts past {@link MAX_VALUE} characters cut, as
 * measuring a 2 MB label blocks the page.
 */
export function drawnRows(result: SqlResult, max: number): DrawnRows {
  const whole = new Map<string, string>();
  const kept = result.rows.length > max ? result.rows.slice(0, max) : result.rows;
  let rows = kept;
  for (let r = 0; r < kept.length; r++) {
    const row = kept[r]!;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (typeof cell !== 'string' || cell.length <= MAX_VALUE) continue;
      // Copied on the first long text only: most answers have none.
      if (rows === kept) rows = kept.map((cells) => [...cells]);
      const short = capText(cell, MAX_VALUE);
      whole.set(short, cell);
      rows[r]![c] = short;
    }
  }
  return {
    result: rows === result.rows ? result : { ...result, rows },
    undrawn: result.rows.length - kept.length,
    whole,
  };
}
