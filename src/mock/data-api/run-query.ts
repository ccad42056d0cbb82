// Runs a query of the REST API's format over the model's rows, as the real server answers it:
// normalised as its gateway does (the echo), row-level security added after the query's own
// filters (as its `queryRewrite` does), times bucketed in the query's time zone, values
// written as its database gives them, titles and errors in its words.
import {
  DEFAULT_QUERY_LIMIT,
  GRANULARITIES,
  MAX_QUERY_LIMIT,
  orderEntries,
  type AnnotationEntry,
  type Granularity,
  type LoadResult,
  type LoadRow,
  type MemberFilter,
  type OrderDirection,
  type QueryFilter,
  type RowValue,
  type SemanticQuery,
  type TimeDimension,
} from '../../protocol';
import { MockHttpError } from '../http';
import { formatLocal, parseDate, resolveDateRange, truncate, zoneClock } from './dates';
import { NO_DRILL_MEMBERS, type DataModel, type ModelMeasure, type ModelRow } from './model';

/** What a query runs with besides itself. */
export interface RunContext {
  model: DataModel;
  /** The rows this token may see (row-level security already applied). */
  rows: readonly ModelRow[];
  /**
   * The token's row-level security as filters, added after the query's own as the server's
   * `queryRewrite` adds them (they narrow nothing more than `rows` already is; the answer's
   * echo shows them, as the server's does).
   */
  security?: QueryFilter[];
  /** Wall-clock now in the query's time zone, for relative date ranges. */
  now: number;
  /** For `lastRefreshTime`. */
  instant: number;
  /**
   * Refuse ungrouped queries that leave out the model's primary key, as servers with that
   * check on do (Cube before 1.0 by default). Default false: the current API's default.
   */
  ungroupedNeedsPrimaryKey?: boolean;
}

/** The server's error for a query it cannot read (its `UserError`: a 400). */
const userError = (message: string) => new MockHttpError(400, message);

/** Member names as the server's query schema takes them (`cube.member`). */
const MEMBER_NAME = /^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+$/;
/** A dimension may name a granularity too (`cube.time.month`). */
const DIMENSION_NAME = /^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+(\.(second|minute|hour|day|week|month|quarter|year))?$/;

const badFormat = (label: string, value: string, pattern: RegExp) =>
  userError(
    `Invalid query format: "${label}" with value "${value.slice(0, 200)}" fails to match the required pattern: ${pattern}`,
  );

/** The server's refusal of a name the model has no member for (its `CubeEvaluator`'s words). */
function notFound(path: string, model: DataModel): MockHttpError {
  const [cube, member] = path.split('.');
  const cubes = new Set(model.meta.cubes.map((c) => c.name));
  return cubes.has(cube!)
    ? userError(`'${member}' not found for path '${path}'`)
    : userError(`Cube '${cube}' not found for path '${path}'`);
}

/** The query as the server normalises it before anything runs. */
interface Normalized {
  query: SemanticQuery;
  timezone: string;
  limit: number;
  /** Time dimensions with their date ranges resolved (`[start, end]` ms, wall clock). */
  ranges: ([number, number] | undefined)[];
  /** The query as the answer echoes it. */
  echo: Record<string, unknown>;
}

/** Checks the names and bounds the server's query schema checks, with its messages. */
function checkFormat(query: SemanticQuery): void {
  (query.measures ?? []).forEach((name, i) => {
    if (!MEMBER_NAME.test(name)) throw badFormat(`measures[${i}]`, name, MEMBER_NAME);
  });
  (query.dimensions ?? []).forEach((name, i) => {
    if (!DIMENSION_NAME.test(name)) throw badFormat(`dimensions[${i}]`, name, DIMENSION_NAME);
  });
  (query.segments ?? []).forEach((name, i) => {
    if (!MEMBER_NAME.test(name)) throw badFormat(`segments[${i}]`, name, MEMBER_NAME);
  });
  (query.timeDimensions ?? []).forEach(({ dimension }, i) => {
    if (!MEMBER_NAME.test(dimension)) throw badFormat(`timeDimensions[${i}].dimension`, dimension, MEMBER_NAME);
  });
  if (query.limit !== undefined && query.limit < 1)
    throw userError('Invalid query format: "limit" must be greater than or equal to 1');
  if (query.offset !== undefined && query.offset < 0)
    throw userError('Invalid query format: "offset" must be greater than or equal to 0');
}

/**
 * The query normalised as the server's gateway does: its format checked, a dimension with a
 * granularity (`orders.createdAt.month`) made a time dimension, filter values made text,
 * date ranges resolved to two wall-clock times, the limit filled in (a limit over
 * {@link MAX_QUERY_LIMIT} is the server's 500), the order as `{ id, desc }` items, and the
 * row-level security's filters after the query's own.
 */
export function normalizeQuery(input: SemanticQuery, context: RunContext): Normalized {
  checkFormat(input);
  const granular = (input.dimensions ?? []).filter((d) => d.split('.').length === 3);
  const timeDimensions: TimeDimension[] = [
    ...(input.timeDimensions ?? []),
    ...granular.map((d) => {
      const [cube, member, granularity] = d.split('.') as [string, string, Granularity];
      return { dimension: `${cube}.${member}`, granularity };
    }),
  ];
  const dimensions = (input.dimensions ?? []).filter((d) => d.split('.').length !== 3);
  const valid = input.measures?.length || dimensions.length || timeDimensions.some((t) => t.granularity);
  if (!valid)
    throw userError(
      'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid',
    );
  if (input.limit !== undefined && input.limit > MAX_QUERY_LIMIT)
    throw new MockHttpError(500, 'Error: The query limit has been exceeded.');
  const timezone = input.timezone ?? 'UTC';
  const limit = input.limit ?? DEFAULT_QUERY_LIMIT;
  const ranges = timeDimensions.map((t) =>
    t.dateRange === undefined ? undefined : resolveDateRange(t.dateRange, context.now),
  );
  const filters = [...(input.filters ?? []).map(textValues), ...(context.security ?? [])];
  const query: SemanticQuery = {
    ...input,
    dimensions,
    timeDimensions,
    filters,
    limit,
    timezone,
  };
  const echoTimes = timeDimensions.map((time, i) => {
    const range = ranges[i];
    return range ? { ...time, dateRange: [formatLocal(range[0]), formatLocal(range[1])] } : time;
  });
  // The sent keys in their order, then what the gateway adds; `rowLimit` last.
  const echo: Record<string, unknown> = {
    ...input,
    ...(input.order
      ? { order: orderEntries(input.order).map(([id, direction]) => ({ id, desc: direction === 'desc' })) }
      : {}),
    limit,
    timezone,
    filters,
    dimensions,
    timeDimensions: echoTimes,
    rowLimit: limit,
  };
  return { query, timezone, limit, ranges, echo };
}

/** A filter with its values as text, as the gateway sends them on. */
function textValues(filter: QueryFilter): QueryFilter {
  if ('and' in filter) return { and: filter.and.map(textValues) };
  if ('or' in filter) return { or: filter.or.map(textValues) };
  return filter.values ? { ...filter, values: filter.values.map(String) } : filter;
}

/** A column of the answer: where its value comes from. */
interface Column {
  key: string;
  kind: 'measure' | 'dimension' | 'time';
  member: string;
  granularity?: Granularity;
}

/** Checks every member name before anything runs: one the model lacks is the server's 400 naming it. */
function columnsOf(query: SemanticQuery, model: DataModel): Column[] {
  const columns: Column[] = [];
  // A member named twice is one column: a query repeating one 100 000 times costs nothing.
  const seen = new Set<string>();
  const add = (column: Column) => {
    if (!seen.has(column.key)) columns.push(column);
    seen.add(column.key);
  };
  for (const name of query.dimensions ?? []) {
    if (!model.dimensions.has(name)) throw notFound(name, model);
    add({ key: name, kind: 'dimension', member: name });
  }
  for (const time of query.timeDimensions ?? []) {
    const found = model.dimensions.get(time.dimension);
    if (!found) throw notFound(time.dimension, model);
    if (found.meta.type !== 'time') throw userError(`'${time.dimension}' is not a time dimension`);
    if (time.granularity && !GRANULARITIES.includes(time.granularity))
      throw userError(`Invalid query format: "granularity" must be one of ${GRANULARITIES.join(', ')}`);
    if (time.granularity)
      add({
        key: `${time.dimension}.${time.granularity}`,
        kind: 'time',
        member: time.dimension,
        granularity: time.granularity,
      });
  }
  for (const name of query.measures ?? []) {
    if (!model.measures.has(name)) throw notFound(name, model);
    add({ key: name, kind: 'measure', member: name });
  }
  for (const name of query.segments ?? []) throw notFound(name, model);
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

/** A member's value in a row or a group: a number, a text, or absent (SQL's NULL). */
type Value = string | number | undefined;
/** A filter as a predicate over a row's values, checked up front. */
type Predicate = (value: (member: string) => Value) => boolean;

function compileFilter(filter: QueryFilter, model: DataModel, measures: boolean): Predicate | undefined {
  if ('and' in filter || 'or' in filter) {
    const list = 'and' in filter ? filter.and : filter.or;
    const parts = list.map((inner) => compileFilter(inner, model, measures));
    // A group touching both measures and dimensions cannot be split into WHERE and HAVING.
    const mine = parts.filter((p): p is Predicate => p !== undefined);
    if (mine.length === 0) return undefined;
    if (mine.length !== parts.length) throw userError('An and/or filter cannot mix measures and dimensions');
    return 'and' in filter ? (get) => mine.every((p) => p(get)) : (get) => mine.some((p) => p(get));
  }
  const isMeasure = model.measures.has(filter.member);
  if (!MEMBER_NAME.test(filter.member)) throw badFormat('filters', filter.member, MEMBER_NAME);
  if (!isMeasure && !model.dimensions.has(filter.member)) throw notFound(filter.member, model);
  if (isMeasure !== measures) return undefined;
  return memberPredicate(filter, model);
}

function memberPredicate(filter: MemberFilter, model: DataModel): Predicate {
  const { member, operator } = filter;
  const values = (filter.values ?? []).map(String);
  if (values.length > MAX_FILTER_VALUES) throw userError(`Filter on '${member}' has over ${MAX_FILTER_VALUES} values`);
  const type = model.measures.has(member) ? 'number' : model.dimensions.get(member)!.meta.type;
  if (!NO_VALUES.has(operator) && values.length === 0)
    throw userError(`Values required for filter: ${JSON.stringify(filter).slice(0, 500)}`);
  if (DATE_OPERATORS.has(operator)) {
    if (type !== 'time') throw userError(`${operator} needs a time dimension; '${member}' is not one`);
    if ((operator === 'inDateRange' || operator === 'notInDateRange') && values.length !== 2)
      throw userError(`${operator} on '${member}' needs two dates`);
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
    if (!Number.isFinite(bound)) throw userError(`${operator} on '${member}' needs a number`);
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
  if (!test) throw userError(`Operator ${operator} is not supported for '${member}'`);
  return (get) => {
    const raw = get(member);
    // Like SQL's NOT: an absent value matches a negated test (`notEquals` keeps NULLs).
    if (raw === undefined) return negated;
    return test(text(raw), raw) !== negated;
  };
}

const compare = (a: Value, b: Value): number => {
  if (a === b) return 0;
  // SQL's order: NULLs last going up, first going down.
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en');
};

/**
 * The server's default order: the first time dimension with a granularity going up, else
 * (with dimensions) the first measure going down, else the first dimension going up. It
 * applies to ungrouped queries too; an explicit `order: []` asks for none.
 */
function defaultOrder(columns: Column[], query: SemanticQuery): [string, OrderDirection][] {
  const time = columns.find((c) => c.kind === 'time');
  const measure = columns.find((c) => c.kind === 'measure');
  const dimension = (query.dimensions ?? [])[0];
  if (time) return [[time.key, 'asc']];
  if (measure && dimension) return [[measure.key, 'desc']];
  if (dimension) return [[dimension, 'asc']];
  return [];
}

/** `cube.someMember` as the server's SQL aliases it (`cube__some_member`), as its errors name it. */
const sqlAlias = (member: string) =>
  member
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase())
    .join('__');

/** Per model and zone, each row's wall-clock time there (by the row's `id`): computed once. */
const localTimes = new WeakMap<DataModel, Map<string, Float64Array>>();
function wallTimes(model: DataModel, timezone: string): Float64Array {
  let zones = localTimes.get(model);
  if (!zones) localTimes.set(model, (zones = new Map()));
  let times = zones.get(timezone);
  if (!times) {
    const clock = zoneClock(timezone);
    times = Float64Array.from(model.rows, (row) => clock(row.time));
    // A handful of zones per model: a hostile run of zones cannot grow this without bound.
    if (zones.size >= 16) zones.clear();
    zones.set(timezone, times);
  }
  return times;
}

/** A measure's value as the answer writes it (see `AnswerKind`). */
function answerValue(measure: ModelMeasure, value: number | undefined): RowValue {
  if (value === undefined) return null;
  if (measure.answer === 'integer') return String(value);
  if (measure.answer === 'float') return value;
  const cents = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A measure's value as filters and sorting compare it (cents as currency units). */
const numericValue = (measure: ModelMeasure, value: number | undefined) =>
  value === undefined || measure.answer !== 'cents' ? value : value / 100;

/**
 * Runs `query` (already schema-checked) and answers one result of `/load`. Row-level
 * security is already in `context.rows`, so a filter can only narrow what the token sees.
 */
export function runSemanticQuery(input: SemanticQuery, context: RunContext): LoadResult {
  const { model } = context;
  const { query, timezone, limit, ranges, echo } = normalizeQuery(input, context);
  const columns = columnsOf(query, model);
  const offset = query.offset ?? 0;

  const rowFilters = (query.filters ?? []).map((f) => compileFilter(f, model, false)).filter((p) => p !== undefined);
  const measureFilters = (query.filters ?? []).map((f) => compileFilter(f, model, true)).filter((p) => p !== undefined);
  if (query.ungrouped) {
    if (measureFilters.length > 0) throw userError("Measure filters aren't allowed in ungrouped query");
    const missing = context.ungroupedNeedsPrimaryKey
      ? model.primaryKeys.filter((key) => !(query.dimensions ?? []).includes(key))
      : [];
    if (missing.length > 0)
      throw userError(
        `Ungrouped query requires primary keys to be present in dimensions: ${missing.map((k) => `'${k}'`).join(', ')}. Pass allowUngroupedWithoutPrimaryKey option to disable this check.`,
      );
  }

  // Times in the query's zone: buckets, ranges and filters all read the wall clock there.
  const local = wallTimes(model, timezone);
  const dimensionValue = (row: ModelRow, member: string): Value =>
    member === model.time ? local[row.id - 1] : model.dimensions.get(member)?.value(row);
  const rowValue = (row: ModelRow) => (member: string) => dimensionValue(row, member);
  const rows = context.rows.filter((row) => {
    const time = local[row.id - 1]!;
    for (const range of ranges) if (range && (time < range[0] || time > range[1])) return false;
    const get = rowValue(row);
    return rowFilters.every((p) => p(get));
  });

  // Group (or not, for `ungrouped`) by the dimension and time columns.
  const keyColumns = columns.filter((c) => c.kind !== 'measure');
  const cell = (row: ModelRow, column: Column): Value =>
    column.kind === 'time' ? truncate(local[row.id - 1]!, column.granularity!) : dimensionValue(row, column.member);
  const groups = new Map<string, { cells: Value[]; rows: ModelRow[] }>();
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
    const values = new Map<string, Value>();
    const raw = new Map<string, number | undefined>();
    keyColumns.forEach((c, i) => values.set(c.key, cells[i]));
    // Every measure, not only the asked ones: a filter may name a measure the query does not show.
    for (const [name, measure] of model.measures) {
      const value = measure.value(groupRows);
      raw.set(name, value);
      values.set(name, numericValue(measure, value));
    }
    return { values, raw };
  });
  if (measureFilters.length > 0)
    results = results.filter(({ values }) => measureFilters.every((p) => p((m) => values.get(m))));

  // Order: as asked (members the query does not have are left out, as the server does), else
  // the server's default.
  const orderKey = (member: string) =>
    (columns.find((c) => c.key === member) ?? columns.find((c) => c.kind === 'time' && c.member === member))?.key;
  const ordered = new Map<string, OrderDirection>();
  for (const [member, direction] of orderEntries(query.order)) {
    const key = orderKey(member);
    // The first entry for a member decides; later ones for it change nothing.
    if (key !== undefined && !ordered.has(key)) ordered.set(key, direction);
  }
  const order: [string, OrderDirection][] = query.order ? [...ordered] : defaultOrder(columns, query);
  if (order.length > 0)
    results.sort((a, b) => {
      for (const [key, direction] of order) {
        const result = compare(a.values.get(key), b.values.get(key));
        if (result !== 0) return direction === 'asc' ? result : -result;
      }
      return 0;
    });

  const total = results.length;
  const page = results.slice(offset, offset + limit);
  // A hidden member has no annotation, and the server refuses to answer one.
  const hidden = columns.find((c) => c.kind === 'dimension' && model.dimensions.get(c.member)?.hidden);
  if (hidden && page.length > 0)
    throw new MockHttpError(
      500,
      `Error: You requested hidden member: '${sqlAlias(hidden.member)}'. Please make it visible using \`shown: true\`. Please note primaryKey fields are \`shown: false\` by default: https://cube.dev/docs/schema/reference/joins#setting-a-primary-key.`,
    );
  const data: LoadRow[] = page.map(({ values, raw }) => {
    // Keys are member names checked against the model: never `__proto__`.
    const row: LoadRow = {};
    for (const c of columns) {
      const value = values.get(c.key);
      if (c.kind === 'time') {
        row[c.key] = formatLocal(value as number);
        row[c.member] ??= formatLocal(value as number);
      } else if (c.kind === 'measure') {
        row[c.key] = answerValue(model.measures.get(c.member)!, raw.get(c.member));
      } else if (value === undefined) row[c.key] = null;
      else if (c.member === model.time) row[c.key] = formatLocal(value as number);
      else row[c.key] = value;
    }
    return row;
  });
  return {
    query: echo,
    data,
    lastRefreshTime: new Date(context.instant).toISOString(),
    annotation: annotationOf(columns, model),
    dataSource: 'default',
    dbType: 'postgres',
    external: false,
    slowQuery: false,
    total: query.total ? total : null,
  };
}

/** The annotation of the answer's columns, as the current server writes it (hidden members have none). */
function annotationOf(columns: Column[], model: DataModel): LoadResult['annotation'] {
  const annotation: LoadResult['annotation'] = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const c of columns) {
    if (c.kind === 'measure') {
      // A measure's entry carries its drill members too (none in this model).
      const entry = { ...entryOf(model.measures.get(c.member)!.meta), ...NO_DRILL_MEMBERS };
      annotation.measures[c.key] = entry;
      continue;
    }
    const dimension = model.dimensions.get(c.member)!;
    if (dimension.hidden) continue;
    const entry = entryOf(dimension.meta);
    if (c.kind === 'dimension') annotation.dimensions[c.key] = entry;
    else {
      // Titled without the granularity; the granularity is its own object.
      annotation.timeDimensions[c.key] = {
        ...entry,
        granularity: { name: c.granularity, title: c.granularity, interval: `1 ${c.granularity}` },
      };
      annotation.timeDimensions[c.member] ??= entry;
    }
  }
  return annotation;
}

/** Title, short title, description, type, format and currency: what every entry has (when set). */
function entryOf(meta: {
  title: string;
  shortTitle?: string | undefined;
  description?: string | undefined;
  type: string;
  format?: AnnotationEntry['format'];
  currency?: string | undefined;
}): AnnotationEntry {
  return {
    title: meta.title,
    shortTitle: meta.shortTitle ?? meta.title,
    ...(meta.description !== undefined ? { description: meta.description } : {}),
    type: meta.type,
    ...(meta.format !== undefined ? { format: meta.format } : {}),
    ...(meta.currency !== undefined ? { currency: meta.currency } : {}),
  };
}
