// `react-embedded-analytics/native`: analytics straight from the semantic layer, without an
// iframe. An entry of its own, so hosts that only embed dashboards or the chat ship none of
// it; its data client (`@cubejs-client/core`) loads on the first query.
export { DataError, isDataError, type DataErrorKind } from '../../protocol';
export {
  canonicalQuery,
  semanticMetaKey,
  semanticQueryKey,
  type Annotation,
  type DateRange,
  type Granularity,
  type LoadRow,
  type MetaResponse,
  type QueryFilter,
  type SemanticQuery,
} from '../../protocol';
export {
  SemanticProvider,
  useSemanticContext,
  type SemanticContextValue,
  type SemanticProviderProps,
} from './data/SemanticProvider';
export type { DataTokenResult, GetDataToken, SemanticDataConfig } from './data/config';
export type { DataSource, SemanticResult } from './data/semantic-result';
export {
  useSemanticMeta,
  useSemanticQuery,
  type SemanticQueryResult,
  type UseSemanticMetaOptions,
  type UseSemanticQueryOptions,
} from './data/use-semantic-query';
export { useChatDataModel } from './data/use-chat-data-model';
export {
  SemanticFilters,
  useSemanticFilters,
  type SemanticFiltersApi,
  type SemanticFiltersProps,
} from './data/SemanticFilters';
export { applyFilters, NO_FILTERS, type SemanticFilterValue } from './data/apply-filters';
export { KpiCard, DEFAULT_KPI_LABELS, type KpiCardLabels, type KpiCardProps } from './KpiCard';
export { QueryTable, DEFAULT_QUERY_TABLE_LABELS, type QueryTableLabels, type QueryTableProps } from './QueryTable';
export type { QueryTableRow, QueryTableRowAction } from './query-table-types';
export { QueryChart } from './QueryChart';
export type { QueryChartLabels, QueryChartProps } from './query-chart-types';
export type { WidgetAnswer } from './widget-answer';
export type { QueryChartKind } from './query-chart-spec';
export type { DrillActions, DrillDatum, DrillItem, DrillLabels, DrillProps, DrillValue } from './drill/drill-types';
export { useBridgeFilters } from './use-bridge-filters';
export { FilterBar } from './FilterBar';
export type { DatePreset, FilterBarLabels, FilterBarProps } from './filter-bar-types';
export { DEFAULT_WIDGET_ERROR_LABELS, type WidgetErrorLabels } from './WidgetBoundary';
export { memberFormatter, type MemberFormatInfo, type MemberFormatter } from './data/member-format';
export { queryColumns, type QueryColumn } from './data/query-columns';
