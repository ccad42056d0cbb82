/**
 * `react-embedded-analytics/protocol`: the wire format of the embedding and agent-chat service, with no
 * React and no DOM. Types come from runtime schemas, so data crossing a trust boundary is
 * checked by the same definition that types it.
 * @packageDocumentation
 */
export * from './schema';
export * from './errors';
export * from './css-values';
export * from './embed-theme';
export * from './session';
export * from './admin';
export * from './chat';
export * from './chat-request';
export * from './ndjson';
export * from './chat-stream';
export * from './reducer';
export * from './tools';
export * from './session-rules';
export * from './urls';
export * from './embed';
export * from './chat-error';
export * from './chat-turn';
export * from './embed-events';
export * from './semantic';
export * from './semantic/query-key';
export * from './semantic/data-error';
