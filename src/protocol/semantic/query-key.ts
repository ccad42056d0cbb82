import type { OrderDirection, QueryFilter, QueryOrder, SemanticQuery, TimeDimension } from './query';

// Two queries that ask the same thing must share one cache entry and one request, whatever
// order the host wrote their members and filters in. What does carry meaning is kept:
// the sort order's sequence, and the two ends of a date range.

/**
 * A query's order as `[member, direction]` pairs, either form. (Like `orderEntries` in
 * `./query`, without importing that module's schemas: this one ships in the browser entry.)
 */
export const orderPairs = (order: QueryOrder | undefined): [string, OrderDirection][] =>
  !order ? [] : Array.isArray(order) ? order.map(([member, direction]) => [member, direction]) : Object.entries(order);

/** Filter operators whose values are a set: their order means nothing. */
const SET_OPERATORS = new Set([
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
]);

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortedUnique = (values: readonly string[]) => [...new Set(values)].sort(byText);
/** Sorts items by a stable text form of each (JSON of an already canonical value). */
const sortedByJson = <T>(items: readonly T[]): T[] => {
  const seen = new Map<string, T>();
  for (const item of items) seen.set(JSON.stringify(item), item);
  return [...seen.keys()].sort(byText).map((text) => seen.get(text)!);
};

function canonicalFilter(filter: QueryFilter): QueryFilter {
  if ('member' in filter) {
    const out: QueryFilter = { member: filter.member, operator: filter.operator };
    if (filter.values) {
      const values = filter.values.map(String);
      out.values = SET_OPERATORS.has(filter.operator) ? sortedUnique(values) : values;
    }
    return out;
  }
  // `and` and `or` are commutative: their parts are sorted too.
  return 'and' in filter
    ? { and: sortedByJson(filter.and.map(canonicalFilter)) }
    : { or: sortedByJson(filter.or.map(canonicalFilter)) };
}

function canonicalTime(time: TimeDimension): TimeDimension {
  const out: TimeDimension = { dimension: time.dimension };
  if (time.granularity) out.granularity = time.granularity;
  if (time.dateRange !== undefined) out.dateRange = time.dateRange;
  if (time.compareDateRange) out.compareDateRange = time.compareDateRange;
  return out;
}

/**
 * A query in one canonical form: measures, dimensions and segments sorted and without
 * repeats, time dimensions and filters sorted (and the values of set-like filters such as
 * `equals`), the order as `[member, direction]` pairs in its own sequence, filter values as
 * strings (the wire form), and no `undefined` or empty parts. Equal canonical forms ask the
 * data API for the same rows.
 */
export function canonicalQuery(query: SemanticQuery): SemanticQuery {
  const out: SemanticQuery = {};
  if (query.measures?.length) out.measures = sortedUnique(query.measures);
  if (query.dimensions?.length) out.dimensions = sortedUnique(query.dimensions);
  if (query.segments?.length) out.segments = sortedUnique(query.segments);
  if (query.timeDimensions?.length) out.timeDimensions = sortedByJson(query.timeDimensions.map(canonicalTime));
  if (query.filters?.length) out.filters = sortedByJson(query.filters.map(canonicalFilter));
  const order = orderPairs(query.order);
  if (order.length) out.order = order;
  if (query.limit !== undefined) out.limit = query.limit;
  if (query.offset) out.offset = query.offset;
  if (query.total) out.total = true;
  if (query.timezone) out.timezone = query.timezone;
  if (query.ungrouped) out.ungrouped = true;
  if (query.renewQuery) out.renewQuery = true;
  return out;
}

/** The first part of every cache key of the data API (meta and load). */
export const SEMANTIC_KEY_ROOT = 'react-embedded-analytics/semantic';

/**
 * The cache key of a query's answer (TanStack Query's `queryKey`): the scope (which data
 * source and identity: two identities under one cache need two scopes) and the canonical
 * query, so equal queries written differently share one entry.
 */
export const semanticQueryKey = (query: SemanticQuery, scope = 'default') =>
  [SEMANTIC_KEY_ROOT, scope, 'load', canonicalQuery(query)] as const;

/** The cache key of the data API's `/meta` for a scope. */
export const semanticMetaKey = (scope = 'default') => [SEMANTIC_KEY_ROOT, scope, 'meta'] as const;
