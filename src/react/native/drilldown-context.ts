import type { QueryFilter, SemanticQuery } from '../../protocol';
import { resolveDayRange } from '../../protocol/semantic/date-range';
import type { DashboardFilters, DrilldownContext } from '../bridge/use-dashboard-chat-bridge';

// A drilldown carries what its chart was showing, so the chat's answer is about the clicked
// number: the filters of the query as sent (the shared filters merged) and its date range.

/** A member's `equals` conditions, and those of `and` groups; an `or` or another operator is not one the question can say. */
function collect(filters: readonly QueryFilter[], into: DashboardFilters) {
  for (const filter of filters) {
    if ('and' in filter) collect(filter.and, into);
    else if ('member' in filter && filter.operator === 'equals' && filter.values?.length)
      into[filter.member] = [...(Object.hasOwn(into, filter.member) ? into[filter.member]! : []), ...filter.values];
  }
}

/**
 * What a chart of `query` (as sent) shows: its `equals` filters by member and the date range
 * of its time dimension, as ISO days read against `today`. Undefined when neither.
 */
export function drilldownContext(query: SemanticQuery, today?: Date): DrilldownContext | undefined {
  const filters: DashboardFilters = {};
  collect(query.filters ?? [], filters);
  const context: DrilldownContext = {};
  if (Object.keys(filters).length) context.filters = filters;
  for (const time of query.timeDimensions ?? []) {
    if (time.dateRange === undefined) continue;
    const days = resolveDayRange(time.dateRange, (today ?? new Date()).getTime());
    if (days) context.dateRange = { member: time.dimension, from: days[0], to: days[1] };
    break;
  }
  return context.filters || context.dateRange ? context : undefined;
}
