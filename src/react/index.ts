export { Avatar, type AvatarProps } from './avatar/Avatar';
export { AVATAR_COLORS, colorForName, initialsOf, safeImageUrl } from './avatar/initials';
export {
  createTheme,
  darkTheme,
  DEFAULT_PALETTE,
  lightTheme,
  themeToCssVariables,
  themeToEmbedTheme,
  themeToVegaConfig,
  type Theme,
  type ThemeColors,
  type ThemeInput,
} from './theme/theme';
export { ThemeProvider, usePrefersDark, useTheme, useThemeStyle, type ThemeProviderProps } from './theme/ThemeProvider';
export { AA_CONTRAST, contrastRatio, ensureContrast, readableOn } from './theme/contrast';
export { CANVAS_ABOVE_ROWS, ResultChart, type ChartError, type ResultChartProps } from './charts/ResultChart';
export type { ChartType } from './charts/chart-types';
export type { ChartChoice } from './charts/chart-choices';
export type { ResultLabels } from './charts/labels';
export type { ResultAction } from './charts/result-action';
export { ResultTable, type ResultTableProps } from './charts/ResultTable';
export { loadCharts, preloadCharts, type ChartModules } from './charts/chart-api';
export {
  CHART_DATA_NAME,
  type ChartSpecLimits,
  type ChartSpecPolicy,
  type PreparedSpec,
} from './charts/agent-spec/policy';
export { chartSummary } from './charts/summary';
export {
  deriveFormats,
  classifyColumn,
  formatterFor,
  type ColumnFormat,
  type ColumnFormatKind,
  type ColumnFormatter,
  type FormatOptions,
  type FormatStyle,
} from './charts/formats';
export {
  DEFAULT_MAX_HEIGHT,
  EmbedProvider,
  useEmbedContext,
  type EmbedDefaults,
  type EmbedProviderProps,
} from './embed/EmbedProvider';
export {
  EMBED_SANDBOX,
  EmbeddedDashboard,
  type EmbedEventHandlers,
  type EmbeddedDashboardHandle,
  type EmbeddedDashboardProps,
} from './embed/EmbeddedDashboard';
export { EmbedError, isRetryableSessionError, type EmbedErrorKind } from './embed/errors';
export {
  DEFAULT_SESSION_POLICY,
  type GetSession,
  type GetSessionContext,
  type SessionPolicy,
  type SessionReason,
  type SessionResult,
} from './embed/session';
export type { EmbedLoadState } from './embed/use-embed-load';
export { ChatError, DEFAULT_MAX_INPUT_LENGTH, type ChatErrorKind } from '../protocol';
export {
  createChatStore,
  type ChatActions,
  type ChatFeedbackReason,
  type ChatRating,
  type ChatStatus,
  type ChatStore,
  type ChatStoreOptions,
  type ChatStoreState,
} from './chat/store';
export { loadAllRows, type ChatTransport } from './chat/transport';
export {
  useAgentChat,
  useChatMessage,
  useMessageIds,
  useMessageBlocks,
  MESSAGE_BLOCK_SIZE,
  type AgentChat as AgentChatApi,
  type UseAgentChatOptions,
} from './chat/use-agent-chat';
export type { ChatPersist, ChatQuestion } from './chat/link-conversation';
export type { ChatPersistence, PersistedChat } from './chat/persisted-chat';
export { AgentChat, ChatProvider, type AgentChatProps, type ChatProviderProps } from './chat/ui/AgentChat';
export { ChatAnnouncer, GraphProgress, progressOf } from './chat/ui/ChatAnnouncer';
export { Composer, type ComposerProps } from './chat/ui/Composer';
export { useChatUI, type ChatFeedback, type ChatUIContextValue, type ResultActions } from './chat/ui/context';
export { defaultChatMessages, type ChatMessages, type ChatToolKind } from './chat/ui/messages';
export type { SuggestionLabels } from './chat/suggest/labels';
export type { FeedbackLabels } from './chat/feedback/labels';
export type {
  ChatAnswer,
  ChatDataModel,
  ChatFollowUps,
  ChatSuggestions,
  ChatSuggestionsContext,
} from './chat/suggest/types';
export { Markdown } from './chat/ui/Markdown';
export { MessageList } from './chat/ui/MessageList';
export { MessageRow, MessageView } from './chat/ui/MessageRow';
export { ThinkingPanel } from './chat/ui/ThinkingPanel';
export { ToolCallPanel } from './chat/ui/ToolCallPanel';
export {
  useDashboardChatBridge,
  type DashboardChatBridge,
  type DashboardChatBridgeLabels,
  type DashboardChatBridgeOptions,
  type DashboardFilters,
  type Drilldown,
} from './bridge/use-dashboard-chat-bridge';
export { ThreadList, type ThreadListProps } from './threads/ThreadList';
export { useThreadList, type ThreadListApi, type UseThreadListOptions } from './threads/use-thread-list';
export type { ThreadListLabels } from './threads/thread-labels';
export type { ThreadRecord, ThreadStore } from './threads/thread-store';
