// `react-embedded-analytics/explore`: questions asked by pointing, over the semantic layer's
// meta. An entry of its own, so the React and native entries do not grow; the default layout
// loads lazily.
export { Explore } from './Explore';
export type { ExploreProps } from './explore-props';
export { Explorer, type ExplorerRootProps } from './Explorer';
export { useExplorer, type ExplorerApi, type UseExplorerOptions } from './use-explorer';
export { exploreReducer, type ExploreAction } from './explore-reducer';
export { DEFAULT_EXPLORE_LABELS, GERMAN_EXPLORE_LABELS, type ExploreLabels } from './labels';
export { filterMembers, indexMembers, type IndexedMember } from './member-index';
// The state as data (framework-free; not in the protocol entry, whose budget has no room).
export {
  DEFAULT_EXPLORE_LIMIT,
  EMPTY_EXPLORE,
  EXPLORE_OPERATORS,
  EXPLORE_VIEWS,
  ExploreParseError,
  exploreQuery,
  exploreStateFromQuery,
  MAX_EXPLORE_FILTERS,
  MAX_EXPLORE_MEMBERS,
  MAX_EXPLORE_VALUES,
  parseExplore,
  serializeExplore,
  type ExploreFilter,
  type ExploreProblem,
  type ExploreProblemCode,
  type ExploreReading,
  type ExploreState,
  type ExploreTime,
  type ExploreView,
} from '../../protocol/explore';
