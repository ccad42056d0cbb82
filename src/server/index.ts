/**
 * `react-embedded-analytics/server`: code for a host's backend (Node 20+ or an edge runtime). Never import
 * it from browser code: it handles the account's API key.
 * @packageDocumentation
 */
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
  BOARD_MIGRATIONS,
  createBoardApi,
  createSqlBoardStore,
  DEFAULT_BOARD_MAX_BODY_BYTES,
  migrationStatements,
  runMigrations,
  type BoardApiOptions,
  type SqlBoardStoreOptions,
  type SqlClient,
  type SqlMigration,
} from './boards';
// The board definition and the store interface, for hosts checking definitions or writing a
// store of their own (the protocol entry leaves them out: its browser budget has no room).
export * from '../protocol/board/definition';
export * from '../protocol/board/widget';
export * from '../protocol/board/store';
