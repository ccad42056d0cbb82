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
    case 'editFilter':
      if (!state.filters[action.index]) return state;
      return { ...state, filters: state.filters.map((filter, i) => (i === action.index ? action.filter : filter)) };
    case 'removeFilter':
      return { ...state, filters: state.filters.filter((_, i) => i !== action.index) };
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
