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

/**
 * The order a query's rows come in: its own, else the data API's default, which depends on
 * the order its members were written in: the first time dimension with a granularity
 * ascending, else (with dimensions) the first measure descending, else the first dimension
 * ascending. Ungrouped rows get the same default, as the server sorts them.
 */
export function effectiveOrder(query: SemanticQuery): [string, OrderDirection][] {
  const own = orderPairs(query.order);
  const time = query.timeDimensions?.find((t) => t.granularity)?.dimension;
  const [measure] = query.measures ?? [];
  const [dimension] = query.dimensions ?? [];
  return own.length
    ? own
    : time
      ? [[time, 'asc']]
      : dimension
        ? [measure ? [measure, 'desc'] : [dimension, 'asc']]
        : [];
}

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

// Fields in one order; JSON (the cache key's hash, the request) leaves out the undefined ones.
const canonicalTime = ({ dimension, granularity, dateRange, compareDateRange }: TimeDimension): TimeDimension => ({
  dimension,
  granularity,
  dateRange,
  compareDateRange,
});

/**
 * A query in one canonical form: measures, dimensions and segments sorted and without
 * repeats, time dimensions and filters sorted (and the values of set-like filters such as
 * `equals`), the order as `[member, direction]` pairs in its own sequence (the default one
 * written out, see {@link effectiveOrder}), filter values as
 * strings (the wire form), and no `undefined` or empty parts. Equal canonical forms ask the
 * data API for the same rows.
 */
export function canonicalQuery(query: SemanticQuery): SemanticQuery {
  const out: SemanticQuery = {};
  for (const key of ['measures', 'dimensions', 'segments'] as const) {
    if (query[key]?.length) out[key] = sortedUnique(query[key]);
  }
  if (query.timeDimensions?.length) out.timeDimensions = sortedByJson(query.timeDimensions.map(canonicalTime));
  if (query.filters?.length) out.filters = sortedByJson(query.filters.map(canonicalFilter));
  // Written out when implicit: the members are sorted above, and the default order depends on
  // which came first (`revenue, count` and `count, revenue` sort their rows differently).
  const order = effectiveOrder(query);
  if (order.length) out.order = order;
  if (query.limit !== undefined) out.limit = query.limit;
  if (query.offset) out.offset = query.offset;
  if (query.timezone) out.timezone = query.timezone;
  for (const key of ['total', 'ungrouped', 'renewQuery'] as const) if (query[key]) out[key] = true;
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
