/**
 * `react-embedded-analytics/server`: code for a host's backend (Node 20+ or an edge runtime). Never import
 * it from browser code: it handles the account's API key.
 * @packageDocumentation
 */
import { SERVER_MIGRATIONS } from './db';

export { createEmbedClient, type CallOptions, type EmbedClient, type EmbedClientOptions } from './embed-client';
export {
  BrowserAbortRequestSchema,
  BrowserChatRequestSchema,
  createChatProxy,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_INPUT_LENGTH,
  type BrowserChatRequest,
  type ChatProxyOptions,
} from './chat-proxy';
export { EmbedApiError, EmbedRequestError } from './errors';
export { checkAllowedOrigins, checkBrowserRequest, type BrowserRequestOptions } from './browser-request';
export {
  createDataToken,
  DEFAULT_DATA_TOKEN_SECONDS,
  MAX_DATA_TOKEN_SECONDS,
  MIN_API_SECRET_LENGTH,
  type DataToken,
  type DataTokenOptions,
} from './data-token';
export { createDataProxy, DEFAULT_DATA_PROXY_MAX_BODY_BYTES, type DataProxyOptions } from './data-proxy';
// A QueryChart's query as it sends it (its cache key), for prefetching a chart's answer.
export { chartQuery, MAX_CHART_ROWS } from '../protocol/semantic/chart-query';
export {
  fetchSemanticQuery,
  fetchSemanticSql,
  pinnedAnswerOptions,
  semanticMetaOptions,
  semanticQueryOptions,
  semanticSqlOptions,
  type MetaResponse,
  type SemanticPrefetchOptions,
  type SemanticQueryOptions,
} from './semantic-prefetch';
export {
  createDatabase,
  DatabaseError,
  databaseErrorKind,
  DEFAULT_DATABASE_TIMEOUTS,
  migrationStatements,
  runMigrations,
  SERVER_MIGRATIONS,
  type Database,
  type DatabaseDriver,
  type DatabaseErrorKind,
  type DatabaseOptions,
  type SqlClient,
  type SqlMigration,
} from './db';
export { DEFAULT_API_TIMEOUTS, type ApiOptions } from './http/json-api';
export type { StoreUser } from './store-user';
export {
  boardLimits,
  createBoardApi,
  createSqlBoardStore,
  DEFAULT_BOARD_LIMITS,
  DEFAULT_BOARD_MAX_BODY_BYTES,
  MAX_DIRECTORY_QUERY_LENGTH,
  MAX_DIRECTORY_RESULTS,
  nameBoards,
  shareWithOwnGroups,
  shareWithOwnGroupsAndKnownUsers,
  type BoardApiOptions,
  type BoardDirectory,
  type BoardEventsOptions,
  type BoardLimits,
  type BoardShareContext,
  type NameBoardsOptions,
  type SqlBoardStoreOptions,
} from './boards';
export {
  createSqlThreadStore,
  createThreadApi,
  DEFAULT_THREAD_LIMITS,
  threadLimits,
  type SqlThreadStoreOptions,
  type ThreadApiOptions,
  type ThreadLimits,
  type ThreadListStore,
  type ThreadPage,
} from './threads';
export {
  createFeedbackApi,
  createSqlFeedbackStore,
  DEFAULT_FEEDBACK_LIMITS,
  feedbackLimits,
  type FeedbackApiOptions,
  type FeedbackLimits,
  type FeedbackPage,
  type FeedbackStore,
  type SqlFeedbackStoreOptions,
} from './feedback';
/**
 * The library's migrations (every store's tables: the stores run them all).
 * @deprecated Use `SERVER_MIGRATIONS` (the same list).
 */
export const BOARD_MIGRATIONS = SERVER_MIGRATIONS;
// The shapes the stores keep, their typed refusal and list pages, for hosts checking values or
// writing a store of their own (the protocol entry leaves them out: its browser budget has no room).
export * from '../protocol/store-error';
export { decodeCursor, encodeCursor, type PageQuery } from '../protocol/cursor';
export * from '../protocol/threads';
export * from '../protocol/feedback';
export * from '../protocol/board/definition';
export * from '../protocol/board/limits';
export * from '../protocol/board/widget';
export * from '../protocol/board/store';
// A stale save's per-widget merge, as the stores make it (for a host's own store).
export {
  chooseMergeVersion,
  mergeBoardDefinitions,
  mergeStaleSave,
  reuseUnchanged,
  type BoardMerge,
  type BoardMergeConflict,
  type MergeBoardOptions,
} from '../protocol/board/merge';
