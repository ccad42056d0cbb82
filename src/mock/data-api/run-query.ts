// Runs a query of the REST API's format over the model's rows, as the real API answers it.
import {
  DEFAULT_QUERY_LIMIT,
  MAX_QUERY_LIMIT,
  orderEntries,
  type AnnotationEntry,
  type DateRange,
  type Granularity,
  type LoadResult,
  type LoadRow,
  type MemberFilter,
  type OrderDirection,
  type QueryFilter,
  type SemanticQuery,
  type TimeDimension,
} from '../../protocol';
import { MockHttpError } from '../http';
import { formatLocal, parseDate, resolveDateRange, truncate } from './dates';
import type { DataModel, ModelRow } from './model';

/** What a query runs with besides itself. */
export interface RunContext {
  model: DataModel;
  /** The rows this token may see (row-level security already applied). */
  rows: readonly ModelRow[];
  /** Wall-clock now in the query's time zone, for relative date ranges. */
  now: number;
  /** For `lastRefreshTime`. */
  instant: number;
}

const unknownMember = (name: string, kind = 'member') =>
  new MockHttpError(400, `Unknown ${kind} '${name}': it is not in the data model or this token may not see it`);

/** A column of the answer: where its value comes from. */
interface Column {
  key: string;
  kind: 'measure' | 'dimension' | 'time';
  member: string;
  granularity?: Granularity;
}

/** Checks every member name before anything runs: a bad one is a 400 naming it. */
function columnsOf(query: SemanticQuery, model: DataModel): Column[] {
  const columns: Column[] = [];
  // A member named twice is one column: a query repeating one 100 000 times costs nothing.
  const seen = new Set<string>();
  const add = (column: Column) => {
    if (!seen.has(column.key)) columns.push(column);
    seen.add(column.key);
  };
  for (const name of query.dimensions ?? []) {
    if (!model.dimensions.has(name)) {
      throw model.measures.has(name)
        ? new MockHttpError(400, `'${name}' is a measure, not a dimension`)
        : unknownMember(name, 'dimension');
    }
    add({ key: name, kind: 'dimension', member: name });
  }
  for (const time of query.timeDimensions ?? []) {
    if (model.dimensions.get(time.dimension)?.type !== 'time') {
      throw model.dimensions.has(time.dimension)
        ? new MockHttpError(400, `'${time.dimension}' is not a time dimension`)
        : unknownMember(time.dimension, 'time dimension');
    }
    if (time.granularity) {
      const key = `${time.dimension}.${time.granularity}`;
      add({ key, kind: 'time', member: time.dimension, granularity: time.granularity });
    }
  }
  for (const name of query.measures ?? []) {
    if (!model.measures.has(name)) {
      throw model.dimensions.has(name)
        ? new MockHttpError(400, `'${name}' is a dimension, not a measure`)
        : unknownMember(name, 'measure');
    }
    add({ key: name, kind: 'measure', member: name });
  }
  for (const name of query.segments ?? []) throw unknownMember(name, 'segment');
  return columns;
}

/** Values one filter may list (the mock's bound, so a hostile query cannot take seconds). */
const MAX_FILTER_VALUES = 1000;

const DATE_OPERATORS = new Set([
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
]);
const NO_VALUES = new Set(['set', 'notSet']);

/** A filter as a predicate over a row's values, checked up front. */
type Predicate = (value: (member: string) => string | number | undefined) => boolean;

function compileFilter(filter: QueryFilter, model: DataModel, measures: boolean): Predicate | undefined {
  if ('and' in filter || 'or' in filter) {
    const list = 'and' in filter ? filter.and : filter.or;
    const parts = list.map((inner) => compileFilter(inner, model, measures));
    // A group touching both measures and dimensions cannot be split into WHERE and HAVING.
    const mine = parts.filter((p): p is Predicate => p !== undefined);
    if (mine.length === 0) return undefined;
    if (mine.length !== parts.length)
      throw new MockHttpError(400, 'An and/or filter cannot mix measures and dimensions');
    return 'and' in filter ? (get) => mine.every((p) => p(get)) : (get) => mine.some((p) => p(get));
  }
  const isMeasure = model.measures.has(filter.member);
  if (!isMeasure && !model.dimensions.has(filter.member)) throw unknownMember(filter.member);
  if (isMeasure !== measures) return undefined;
  return memberPredicate(filter, model);
}

function memberPredicate(filter: MemberFilter, model: DataModel): Predicate {
  const { member, operator } = filter;
  const values = (filter.values ?? []).map(String);
  if (values.length > MAX_FILTER_VALUES)
    throw new MockHttpError(400, `Filter on '${member}' has over ${MAX_FILTER_VALUES} values`);
  const type = model.measures.has(member) ? 'number' : model.dimensions.get(member)!.type;
  if (!NO_VALUES.has(operator) && values.length === 0)
    throw new MockHttpError(400, `Filter on '${member}' with ${operator} needs values`);
  if (DATE_OPERATORS.has(operator)) {
    if (type !== 'time') throw new MockHttpError(400, `${operator} needs a time dimension; '${member}' is not one`);
    if ((operator === 'inDateRange' || operator === 'notInDateRange') && values.length !== 2)
      throw new MockHttpError(400, `${operator} on '${member}' needs two dates`);
    const [start, end] = [parseDate(values[0]!), parseDate(values[values.length - 1]!, true)];
    const test = {
      inDateRange: (t: number) => t >= start && t <= end,
      notInDateRange: (t: number) => t < start || t > end,
      beforeDate: (t: number) => t < start,
      beforeOrOnDate: (t: number) => t <= parseDate(values[0]!, true),
      afterDate: (t: number) => t > parseDate(values[0]!, true),
      afterOrOnDate: (t: number) => t >= start,
    }[operator as 'inDateRange'];
    return (get) => {
      const t = get(member);
      return typeof t === 'number' && test(t);
    };
  }
  if (operator === 'set') return (get) => get(member) !== undefined;
  if (operator === 'notSet') return (get) => get(member) === undefined;
  if (operator === 'gt' || operator === 'gte' || operator === 'lt' || operator === 'lte') {
    const bound = Number(values[0]);
    if (!Number.isFinite(bound)) throw new MockHttpError(400, `${operator} on '${member}' needs a number`);
    return (get) => {
      const raw = get(member);
      const n = typeof raw === 'number' ? raw : Number(raw);
      if (raw === undefined || Number.isNaN(n)) return false;
      return operator === 'gt'
        ? n > bound
        : operator === 'gte'
          ? n >= bound
          : operator === 'lt'
            ? n < bound
            : n <= bound;
    };
  }
  const text = (raw: string | number) => (type === 'time' ? formatLocal(raw as number) : String(raw));
  const lower = values.map((v) => v.toLowerCase());
  const exact = new Set(values);
  const numbers = new Set(values.map(Number));
  const numeric = type === 'number';
  const matchAny: Record<string, (s: string, raw: string | number) => boolean> = {
    equals: (s, raw) => (numeric ? numbers.has(raw as number) : exact.has(s)),
    contains: (s) => lower.some((v) => s.toLowerCase().includes(v)),
    startsWith: (s) => lower.some((v) => s.toLowerCase().startsWith(v)),
    endsWith: (s) => lower.some((v) => s.toLowerCase().endsWith(v)),
  };
  const negated = operator.startsWith('not');
  const base = negated ? operator[3]!.toLowerCase() + operator.slice(4) : operator;
  const test = matchAny[base];
  if (!test) throw new MockHttpError(400, `Operator ${operator} is not supported for '${member}'`);
  return (get) => {
    const raw = get(member);
    // Like SQL's NOT: an absent value matches a negated test (`notEquals` keeps NULLs).
    if (raw === undefined) return negated;
    return test(text(raw), raw) !== negated;
  };
}

/** A time dimension's date range, resolved (or undefined), with its two ends as wire text. */
function rangeOf(range: DateRange | undefined, now: number): [number, number] | undefined {
  return range === undefined ? undefined : resolveDateRange(range, now);
}

const compare = (a: string | number | undefined, b: string | number | undefined): number => {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en');
};

/**
 * Runs `query` (already schema-checked) and answers one result of `/load`. Row-level
 * security is already in `context.rows`, so a filter can only narrow what the token sees.
 */
export function runSemanticQuery(query: SemanticQuery, context: RunContext): LoadResult {
  const { model, now } = context;
  const columns = columnsOf(query, model);
  if (columns.length === 0)
    throw new MockHttpError(
      400,
      'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid',
    );
  const limit = query.limit ?? DEFAULT_QUERY_LIMIT;
  if (limit < 0 || limit > MAX_QUERY_LIMIT)
    throw new MockHttpError(400, `The query limit must be between 0 and ${MAX_QUERY_LIMIT}; got ${limit}`);
  const offset = query.offset ?? 0;
  if (offset < 0) throw new MockHttpError(400, `The query offset must not be negative; got ${offset}`);

  const rowFilters = (query.filters ?? []).map((f) => compileFilter(f, model, false)).filter((p) => p !== undefined);
  const measureFilters = (query.filters ?? []).map((f) => compileFilter(f, model, true)).filter((p) => p !== undefined);
  const ranges = (query.timeDimensions ?? []).map((t) => rangeOf(t.dateRange, now));

  const rowValue = (row: ModelRow) => (member: string) => (member === model.time ? row.time : row.strings.get(member));
  const rows = context.rows.filter((row) => {
    for (const range of ranges) if (range && (row.time < range[0] || row.time > range[1])) return false;
    const get = rowValue(row);
    return rowFilters.every((p) => p(get));
  });

  // Group (or not, for `ungrouped`) by the dimension and time columns.
  const keyColumns = columns.filter((c) => c.kind !== 'measure');
  const cell = (row: ModelRow, column: Column): string | number =>
    column.kind === 'time' ? truncate(row.time, column.granularity!) : row.strings.get(column.member)!;
  const groups = new Map<string, { cells: (string | number)[]; rows: ModelRow[] }>();
  rows.forEach((row, i) => {
    const cells = keyColumns.map((c) => cell(row, c));
    const key = query.ungrouped ? String(i) : JSON.stringify(cells);
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { cells, rows: [row] });
  });
  // A query of measures only answers one row, even over no rows.
  if (keyColumns.length === 0 && groups.size === 0 && !query.ungrouped) groups.set('', { cells: [], rows: [] });

  let results = [...groups.values()].map(({ cells, rows: groupRows }) => {
    const values = new Map<string, string | number | undefined>();
    keyColumns.forEach((c, i) => values.set(c.key, cells[i]));
    // Every measure, not only the asked ones: a filter may name a measure the query does not show.
    // Rounded as answered (cents), so a filter or a sort sees the number the rows show.
    for (const [name, measure] of model.measures) {
      const value = measure.value(groupRows);
      values.set(name, value === undefined || measure.integer ? value : roundTo(value, measure.decimals ?? 2));
    }
    return values;
  });
  if (measureFilters.length > 0)
    results = results.filter((values) => measureFilters.every((p) => p((m) => values.get(m))));

  // Order: as asked, or the real API's default (first time column, else first measure
  // descending, else first dimension).
  const orderKey = (member: string) => {
    const column =
      columns.find((c) => c.key === member) ?? columns.find((c) => c.kind === 'time' && c.member === member);
    if (!column) throw new MockHttpError(400, `Cannot order by '${member}': it is not in the query`);
    return column.key;
  };
  // The first entry for a member decides; later ones for it change nothing.
  const ordered = new Map<string, OrderDirection>();
  for (const [member, direction] of orderEntries(query.order)) {
    const key = orderKey(member);
    if (!ordered.has(key)) ordered.set(key, direction);
  }
  let order: [string, OrderDirection][] = [...ordered];
  if (order.length === 0 && !query.ungrouped) {
    const first = columns.find((c) => c.kind === 'time') ?? columns.find((c) => c.kind === 'measure') ?? columns[0]!;
    order = [[first.key, first.kind === 'measure' ? 'desc' : 'asc']];
  }
  if (order.length > 0)
    results.sort((a, b) => {
      for (const [key, direction] of order) {
        const result = compare(a.get(key), b.get(key));
        if (result !== 0) return direction === 'asc' ? result : -result;
      }
      return 0;
    });

  const total = results.length;
  const page = results.slice(offset, offset + limit);
  const data: LoadRow[] = page.map((values) => {
    // Keys are member names checked against the model: never `__proto__`.
    const row: LoadRow = {};
    for (const c of columns) {
      const value = values.get(c.key);
      if (c.kind === 'time') {
        row[c.key] = formatLocal(value as number);
        row[c.member] ??= formatLocal(value as number);
      } else if (c.kind === 'measure') {
        row[c.key] =
          value === undefined
            ? null
            : model.measures.get(c.member)!.integer
              ? String(value)
              : (value as number).toFixed(model.measures.get(c.member)!.decimals ?? 2);
      } else row[c.key] = value === undefined ? null : String(value);
    }
    return row;
  });
  const result: LoadResult = {
    query: normalizedQuery(query, ranges, limit, order),
    data,
    annotation: annotationOf(columns, model),
    lastRefreshTime: new Date(context.instant).toISOString(),
    dataSource: 'default',
    dbType: 'mock',
    external: false,
    slowQuery: false,
  };
  if (query.total) result.total = total;
  return result;
}

/** The query as the real API echoes it: limits filled in, date ranges resolved to two times. */
function normalizedQuery(
  query: SemanticQuery,
  ranges: ([number, number] | undefined)[],
  limit: number,
  order: [string, OrderDirection][],
): Record<string, unknown> {
  const timeDimensions: TimeDimension[] = (query.timeDimensions ?? []).map((time, i) => {
    const range = ranges[i];
    const { compareDateRange: _compare, ...rest } = time;
    return range ? { ...rest, dateRange: [formatLocal(range[0]), formatLocal(range[1])] } : rest;
  });
  return {
    measures: query.measures ?? [],
    dimensions: query.dimensions ?? [],
    timeDimensions,
    segments: query.segments ?? [],
    filters: query.filters ?? [],
    order,
    limit,
    ...(query.offset !== undefined ? { offset: query.offset } : {}),
    ...(query.total !== undefined ? { total: query.total } : {}),
    ...(query.ungrouped !== undefined ? { ungrouped: query.ungrouped } : {}),
    timezone: query.timezone ?? 'UTC',
  };
}

function annotationOf(columns: Column[], model: DataModel): LoadResult['annotation'] {
  const annotation: LoadResult['annotation'] = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const c of columns) {
    const meta = c.kind === 'measure' ? model.measures.get(c.member)!.meta : model.dimensions.get(c.member)!;
    const entry: AnnotationEntry = { title: meta.title, shortTitle: meta.shortTitle ?? meta.title, type: meta.type };
    if (meta.format !== undefined) entry.format = meta.format;
    if (meta.currency !== undefined) entry.currency = meta.currency;
    if (c.kind === 'measure') annotation.measures[c.key] = entry;
    else if (c.kind === 'dimension') annotation.dimensions[c.key] = entry;
    else {
      annotation.timeDimensions[c.key] = {
        ...entry,
        title: `${meta.title} ${c.granularity}`,
        granularity: { name: c.granularity, title: c.granularity, interval: `1 ${c.granularity}` },
      };
      annotation.timeDimensions[c.member] ??= entry;
    }
  }
  return annotation;
}

/** `value` rounded to `decimals` places, as the answer shows it. */
function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
