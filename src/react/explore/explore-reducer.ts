import {
  EMPTY_EXPLORE,
  MAX_EXPLORE_FILTERS,
  MAX_EXPLORE_MEMBERS,
  orderableMembers,
  type ExploreFilter,
  type ExploreState,
  type ExploreTime,
  type ExploreView,
} from '../../protocol/explore';
import type { OrderDirection } from '../../protocol';

/** A change to an explorer's state (see `useExplorer`). */
export type ExploreAction =
  | { type: 'toggleMeasure'; member: string }
  | { type: 'toggleDimension'; member: string }
  | { type: 'setTime'; time: ExploreTime | undefined }
  | { type: 'addFilter'; filter: ExploreFilter }
  | { type: 'editFilter'; index: number; filter: ExploreFilter }
  | { type: 'removeFilter'; index: number }
  /** A number range on the member of filter `index`: its `gte`/`lte` filters become `min`/`max`. */
  | { type: 'setRange'; index: number; min?: string; max?: string }
  /** Removes every `gte`/`lte` filter of `member` (a range row's remove button). */
  | { type: 'removeRange'; member: string }
  | { type: 'setOrder'; order: [string, OrderDirection][] }
  | { type: 'setLimit'; limit: number | undefined }
  | { type: 'setView'; view: ExploreView }
  | { type: 'reset'; state?: ExploreState };

const toggled = (list: readonly string[], member: string) =>
  list.includes(member)
    ? list.filter((name) => name !== member)
    : list.length < MAX_EXPLORE_MEMBERS
      ? [...list, member]
      : [...list];

/** The order without the members the query no longer has (sorting by them would fail). */
function prunedOrder(state: ExploreState): ExploreState {
  const orderable = new Set(orderableMembers(state));
  const order = state.order.filter(([member]) => orderable.has(member));
  return order.length === state.order.length ? state : { ...state, order };
}

/** The state after `action`: pure, so the history and the URL can replay it. */
export function exploreReducer(state: ExploreState, action: ExploreAction): ExploreState {
  switch (action.type) {
    case 'toggleMeasure':
      return prunedOrder({ ...state, measures: toggled(state.measures, action.member) });
    case 'toggleDimension':
      return prunedOrder({ ...state, dimensions: toggled(state.dimensions, action.member) });
    case 'setTime':
      if (!action.time) {
        const { time: _dropped, ...rest } = state;
        return prunedOrder(rest);
      }
      return prunedOrder({ ...state, time: { ...action.time } });
    case 'addFilter':
      if (state.filters.length >= MAX_EXPLORE_FILTERS) return state;
      return { ...state, filters: [...state.filters, action.filter] };
    case 'editFilter': {
      const old = state.filters[action.index];
      if (!old) return state;
      const isBound = (filter: ExploreFilter) => filter.operator === 'gte' || filter.operator === 'lte';
      // A range shows as one row: leaving it takes its other end along.
      const leftRange = isBound(old) && !isBound(action.filter);
      return {
        ...state,
        filters: state.filters.flatMap((filter, i) =>
          i === action.index
            ? [action.filter]
            : leftRange && filter.member === old.member && isBound(filter)
              ? []
              : [filter],
        ),
      };
    }
    case 'removeFilter':
      return { ...state, filters: state.filters.filter((_, i) => i !== action.index) };
    case 'setRange': {
      const at = state.filters[action.index];
      if (!at) return state;
      const inRange = (filter: ExploreFilter) =>
        filter.member === at.member && (filter.operator === 'gte' || filter.operator === 'lte');
      const range: ExploreFilter[] = [];
      if (action.min !== undefined) range.push({ member: at.member, operator: 'gte', values: [action.min] });
      if (action.max !== undefined) range.push({ member: at.member, operator: 'lte', values: [action.max] });
      // An empty range keeps its row (not sent: it has no values).
      if (range.length === 0) range.push({ member: at.member, operator: 'gte', values: [] });
      const filters = [
        ...state.filters.slice(0, action.index).filter((filter) => !inRange(filter)),
        ...range,
        ...state.filters.slice(action.index + 1).filter((filter) => !inRange(filter)),
      ];
      return filters.length > MAX_EXPLORE_FILTERS ? state : { ...state, filters };
    }
    case 'removeRange':
      return {
        ...state,
        filters: state.filters.filter(
          (filter) => filter.member !== action.member || (filter.operator !== 'gte' && filter.operator !== 'lte'),
        ),
      };
    case 'setOrder':
      return prunedOrder({ ...state, order: action.order });
    case 'setLimit': {
      if (action.limit === undefined) {
        const { limit: _dropped, ...rest } = state;
        return rest;
      }
      return { ...state, limit: action.limit };
    }
    case 'setView':
      return { ...state, view: action.view };
    case 'reset':
      return action.state ?? { ...EMPTY_EXPLORE };
  }
}
