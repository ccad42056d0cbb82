import type { DateRange, QueryFilter, SemanticQuery } from '../../../protocol';

/** The shared filters every query inside a `SemanticFilters` obeys. */
export interface SemanticFilterValue {
  /** The date range of the time dimension (`dateDimension`); undefined: no date filter. */
  dateRange?: DateRange;
  /**
   * Values per dimension (`{ 'orders.region': ['Europe'] }`): a query keeps rows whose
   * member equals one of them. An empty list filters nothing.
   */
  values: Readonly<Record<string, readonly string[]>>;
}

/** No filters. */
export const NO_FILTERS: SemanticFilterValue = Object.freeze({ values: Object.freeze({}) });

/**
 * A query with the shared filters merged in, before its cache key is computed: the date
 * range goes onto the query's time dimensions of `dateDimension` (added, without a
 * granularity, when the query has none of it), and each member's values become an `equals`
 * filter. A query's own filters stay (they and the shared ones must all hold).
 */
export function applyFilters(
  query: SemanticQuery,
  filters: SemanticFilterValue | undefined,
  dateDimension?: string,
): SemanticQuery {
  if (!filters) return query;
  let out = query;
  const { dateRange } = filters;
  if (dateRange !== undefined && dateDimension) {
    const times = query.timeDimensions ?? [];
    const has = times.some((time) => time.dimension === dateDimension);
    out = {
      ...out,
      timeDimensions: has
        ? times.map((time) => (time.dimension === dateDimension ? { ...time, dateRange } : time))
        : [...times, { dimension: dateDimension, dateRange }],
    };
  }
  const added: QueryFilter[] = [];
  for (const [member, values] of Object.entries(filters.values)) {
    if (values.length) added.push({ member, operator: 'equals', values: [...values] });
  }
  if (added.length) out = { ...out, filters: [...(query.filters ?? []), ...added] };
  return out;
}
