import {
  FILTER_OPERATORS,
  GRANULARITIES,
  MAX_QUERY_LIMIT,
  orderEntries,
  type FilterOperator,
  type Granularity,
  type QueryFilter,
  type SemanticQuery,
} from '../semantic/query';
import {
  EXPLORE_VIEWS,
  MAX_EXPLORE_FILTERS,
  MAX_EXPLORE_MEMBERS,
  MAX_EXPLORE_VALUE_LENGTH,
  MAX_EXPLORE_VALUES,
  isExploreDateRange,
  orderableMembers,
  type ExploreFilter,
  type ExploreState,
  type ExploreView,
} from './state';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const names = (value: unknown): string[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((name): name is string => typeof name === 'string' && name.length > 0))].slice(
        0,
        MAX_EXPLORE_MEMBERS,
      )
    : [];

/** A member condition as the explorer keeps it (values as strings), or undefined when it cannot be. */
function memberFilter(filter: Record<string, unknown>): ExploreFilter | undefined {
  const { member, operator, values } = filter;
  if (typeof member !== 'string' || !member) return undefined;
  if (!(FILTER_OPERATORS as readonly unknown[]).includes(operator)) return undefined;
  const raw = values === undefined ? [] : Array.isArray(values) ? values : undefined;
  if (!raw) return undefined;
  const kept: string[] = [];
  for (const value of raw.slice(0, MAX_EXPLORE_VALUES)) {
    if (typeof value === 'number' && Number.isFinite(value)) kept.push(String(value));
    else if (typeof value === 'string' && value.length <= MAX_EXPLORE_VALUE_LENGTH) kept.push(value);
    else return undefined; // a changed condition would show the user something it never asked
  }
  return { member, operator: operator as FilterOperator, values: kept };
}

/**
 * The explorer's state for a semantic query, so a drilled datum or a board widget opens in
 * the explorer to keep going: measures, dimensions, the first time dimension (its granularity
 * and range), member filters (an `and` group's conditions flattened), order and limit, shown
 * as `view` (default `auto`). What the explorer cannot show is left out rather than changed:
 * `or` groups, segments, offsets, compared ranges, a second grouped time dimension, values
 * that are not text or numbers. Pure and safe on hostile input (unknown shapes are skipped,
 * lists are capped as `parseExplore` caps them); it does not check members against a meta:
 * round-trip through `serializeExplore`/`parseExplore` for that.
 */
export function exploreStateFromQuery(query: SemanticQuery, view: ExploreView = 'auto'): ExploreState {
  const source: Record<string, unknown> = isRecord(query) ? query : {};
  const state: ExploreState = {
    measures: names(source.measures),
    dimensions: names(source.dimensions),
    filters: [],
    order: [],
    view: EXPLORE_VIEWS.includes(view) ? view : 'auto',
  };
  const filters: ExploreFilter[] = [];
  const times = Array.isArray(source.timeDimensions) ? source.timeDimensions.filter(isRecord) : [];
  for (const time of times) {
    const { dimension, granularity, dateRange } = time;
    if (typeof dimension !== 'string' || !dimension) continue;
    const grain = (GRANULARITIES as readonly unknown[]).includes(granularity)
      ? (granularity as Granularity)
      : undefined;
    const range = isExploreDateRange(dateRange) ? dateRange : undefined;
    if (!state.time) {
      state.time = {
        dimension,
        ...(grain ? { granularity: grain } : {}),
        ...(range ? { dateRange: Array.isArray(range) ? [range[0], range[1]] : range } : {}),
      };
    } else if (!grain && Array.isArray(range)) {
      // A second, ungrouped time dimension only narrows the rows: the same as a range filter.
      filters.push({ member: dimension, operator: 'inDateRange', values: [range[0], range[1]] });
    }
  }
  const visit = (filter: unknown, depth: number) => {
    if (!isRecord(filter) || depth > 20) return;
    if (Array.isArray(filter.and)) for (const inner of filter.and as QueryFilter[]) visit(inner, depth + 1);
    else if (!('or' in filter)) {
      const kept = memberFilter(filter);
      if (kept) filters.push(kept);
    }
  };
  if (Array.isArray(source.filters)) for (const filter of source.filters) visit(filter, 0);
  state.filters = filters.slice(0, MAX_EXPLORE_FILTERS);
  const orderable = new Set(orderableMembers(state));
  // An order of another shape yields no pairs of a member in the query and a direction.
  const entries: unknown[] =
    isRecord(source.order) || Array.isArray(source.order) ? orderEntries(source.order as SemanticQuery['order']) : [];
  for (const entry of entries) {
    if (!Array.isArray(entry)) continue;
    const [member, direction] = entry;
    if (typeof member !== 'string' || !orderable.has(member) || (direction !== 'asc' && direction !== 'desc')) continue;
    if (!state.order.some(([name]) => name === member)) state.order.push([member, direction]);
  }
  const limit = source.limit;
  if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= MAX_QUERY_LIMIT)
    state.limit = limit;
  return state;
}
