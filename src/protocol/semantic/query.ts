import { v, type Infer, type Schema } from '../schema';

/** Time granularities of the semantic layer, finest first. */
export const GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
/** A time dimension's granularity. */
export type Granularity = (typeof GRANULARITIES)[number];
/** Schema of a {@link Granularity}. */
export const GranularitySchema = v.enum(GRANULARITIES);

/** Rows `/load` answers when a query gives no `limit`. */
export const DEFAULT_QUERY_LIMIT = 10_000;
/** The largest `limit` the data API takes. */
export const MAX_QUERY_LIMIT = 50_000;

/**
 * A date range: two dates (`['2024-01-01', '2024-03-31']`, inclusive; a time may follow the
 * date) or relative text (`'last 30 days'`, `'this year'`, `'yesterday'`).
 */
export const DateRangeSchema: Schema<DateRange> = v.union(
  v.string(),
  v.array(v.string()).refine((range) => range.length === 2, 'expected two dates') as unknown as Schema<
    [string, string]
  >,
);
/** See {@link DateRangeSchema}. */
export type DateRange = string | [string, string];

/** A time dimension of a query: grouped by `granularity` (omitted: not grouped), limited to `dateRange`. */
export const TimeDimensionSchema = v.object({
  dimension: v.string(),
  granularity: v.optional(GranularitySchema),
  dateRange: v.optional(DateRangeSchema),
  /** Several ranges compared; answered by the multi form with one result per range. */
  compareDateRange: v.optional(v.array(DateRangeSchema)),
});
/** `{ dimension, granularity?, dateRange? }`. */
export type TimeDimension = Infer<typeof TimeDimensionSchema>;

/** The filter operators of the query format. */
export const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
] as const;
/** A filter operator (`set`/`notSet` take no values; the date ones take dates). */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** Schema of a {@link FilterOperator}. */
export const FilterOperatorSchema = v.enum(FILTER_OPERATORS);

/** A filter value: the wire sends strings; numbers are accepted and compared as numbers. */
export const FilterValueSchema = v.union(v.string(), v.number());

/** `{ member, operator, values }`: one condition on one member. */
export const MemberFilterSchema = v.object({
  member: v.string(),
  operator: FilterOperatorSchema,
  values: v.optional(v.array(FilterValueSchema)),
});
/** One condition on one member. */
export type MemberFilter = Infer<typeof MemberFilterSchema>;

/** A filter: a condition, or `{ and: [...] }` / `{ or: [...] }` of filters, nested at will. */
export type QueryFilter = MemberFilter | { and: QueryFilter[] } | { or: QueryFilter[] };
/** Schema of a {@link QueryFilter}. */
export const QueryFilterSchema: Schema<QueryFilter> = v.union(
  MemberFilterSchema,
  v.object({ and: v.array(v.lazy(() => QueryFilterSchema)) }),
  v.object({ or: v.array(v.lazy(() => QueryFilterSchema)) }),
);

/** A sort direction. */
export const OrderDirectionSchema = v.enum(['asc', 'desc']);
/** `asc` or `desc`. */
export type OrderDirection = Infer<typeof OrderDirectionSchema>;

/**
 * Sort order, in either of the format's forms: `{ 'orders.revenue': 'desc' }` (key order is
 * the sort order) or `[['orders.revenue', 'desc'], ['orders.region', 'asc']]`.
 */
export const QueryOrderSchema = v.union(
  v.record(OrderDirectionSchema),
  v.array(
    v
      .array(v.string())
      .refine(
        (pair) => pair.length === 2 && (pair[1] === 'asc' || pair[1] === 'desc'),
        "expected [member, 'asc' | 'desc']",
      ) as unknown as Schema<[string, OrderDirection]>,
  ),
);
/** See {@link QueryOrderSchema}. */
export type QueryOrder = Record<string, OrderDirection> | [string, OrderDirection][];

/** A semantic-layer query (the body of `/load`). Members are named `cube.member`. */
export const SemanticQuerySchema = v.object({
  measures: v.optional(v.array(v.string())),
  dimensions: v.optional(v.array(v.string())),
  segments: v.optional(v.array(v.string())),
  timeDimensions: v.optional(v.array(TimeDimensionSchema)),
  filters: v.optional(v.array(QueryFilterSchema)),
  order: v.optional(QueryOrderSchema),
  /** Rows at most; default {@link DEFAULT_QUERY_LIMIT}, at most {@link MAX_QUERY_LIMIT}. */
  limit: v.optional(v.integer()),
  offset: v.optional(v.integer()),
  /** Adds `total`, the row count without `limit`/`offset`, to the answer. */
  total: v.optional(v.boolean()),
  /** IANA time zone the dates are read in; default UTC. */
  timezone: v.optional(v.string()),
  /** Rows as they are, not aggregated (the query's dimensions and measures per row). */
  ungrouped: v.optional(v.boolean()),
  /** Asks the server to bypass its cache. */
  renewQuery: v.optional(v.boolean()),
});
/** A semantic-layer query. */
export type SemanticQuery = Infer<typeof SemanticQuerySchema>;

/** The member names a query refers to, each once, in order of appearance (filters included). */
export function queryMembers(query: SemanticQuery): string[] {
  const names = new Set<string>();
  for (const name of query.measures ?? []) names.add(name);
  for (const name of query.dimensions ?? []) names.add(name);
  for (const name of query.segments ?? []) names.add(name);
  for (const time of query.timeDimensions ?? []) names.add(time.dimension);
  const visit = (filter: QueryFilter) => {
    if ('member' in filter) names.add(filter.member);
    else for (const inner of 'and' in filter ? filter.and : filter.or) visit(inner);
  };
  for (const filter of query.filters ?? []) visit(filter);
  for (const [member] of orderEntries(query.order)) names.add(member);
  return [...names];
}

/** A query's order as `[member, direction]` pairs, whichever form it came in. */
export function orderEntries(order: QueryOrder | undefined): [string, OrderDirection][] {
  if (!order) return [];
  return Array.isArray(order) ? order.map(([member, direction]) => [member, direction]) : Object.entries(order);
}
