import {
  ErrorBodySchema,
  type AbortUrlStyle,
  type ChatRequest,
  SqlToolResultSchema,
  type SessionSettings,
  type SqlToolResultWire,
} from '../../protocol';
import { ChatError, httpError, parseRetryAfter } from '../../protocol';

/** How a chat reaches the service: by default a host's chat proxy, never the API key. */
export interface ChatTransport {
  /** The chat endpoint: the host's proxy route (`/api/chat`), or the mock's Chat URL. */
  url: string;
  /** The abort endpoint. Default: derived from `url` per `abortUrlStyle`. */
  abortUrl?: string;
  /** `spec` (`…/abort` appended, default) or `service` (the vendor's `…/chat/abort`). */
  abortUrlStyle?: AbortUrlStyle;
  /** Injected fetch (the mock in-process, instrumentation…). */
  fetch?: typeof fetch;
  /** Extra headers, e.g. the host's CSRF token. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /**
   * Sent in the body. With the chat proxy this is ignored (the host decides the identity);
   * only for talking to a mock or a trusted development endpoint directly.
   */
  sessionSettings?: SessionSettings;
  activeBranchName?: string;
  isDefaultBranch?: boolean;
  /** Escape hatch: adjust every request body. */
  prepareBody?: (body: Partial<ChatRequest>) => Record<string, unknown>;
  /**
   * A request that gets no bytes for this long ends with a `timeout` error (the service's
   * turn goes on; Retry re-joins it). Before the first line the request is kept open for
   * one more such period, in case its answer still comes. Default 120 000 ms; 0 turns it off.
   */
  idleTimeoutMs?: number;
  /**
   * The longest line read, in characters; a longer one is skipped with a non-fatal
   * `protocol` warning (`line-too-long`). Default 16 MiB: parsing one line is one task, and
   * a line of deeply nested JSON much longer than that blocks the page past 200 ms.
   */
  maxLineLength?: number;
  /**
   * The longest question, in characters (UTF-16 code units, after trimming). A longer one is
   * never sent: the composer counts down to it and refuses, and `send()` fails with an
   * `input-too-long` error, keeping the question as `unsent`. Default
   * `DEFAULT_MAX_INPUT_LENGTH` (10 000), the chat proxy's own default: keep the two equal.
   */
  maxInputLength?: number;
  /** The data API that re-runs a result's `sqlQuery` for all its rows ("load all rows"). */
  dataUrl?: string;
}

/** POSTs JSON with the transport's fetch and headers. */
export function post(transport: ChatTransport, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const doFetch = transport.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const extra = typeof transport.headers === 'function' ? transport.headers() : transport.headers;
  return doFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...extra },
    body: JSON.stringify(body),
    signal,
  });
}

/** The body of a chat request from the transport's settings. */
export function chatBody(transport: ChatTransport, fields: Partial<ChatRequest>): Record<string, unknown> {
  const body: Partial<ChatRequest> = { ...fields };
  if (transport.sessionSettings) body.sessionSettings = transport.sessionSettings;
  if (transport.activeBranchName !== undefined) body.activeBranchName = transport.activeBranchName;
  if (transport.isDefaultBranch !== undefined) body.isDefaultBranch = transport.isDefaultBranch;
  return transport.prepareBody ? transport.prepareBody(body) : body;
}

/** The typed error of a failed response (reads the `{ error }` body when there is one). */
export async function responseError(response: Response): Promise<ChatError> {
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as unknown;
    if (ErrorBodySchema.is(body)) message = body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return httpError(response.status, message, parseRetryAfter(response.headers.get('Retry-After')));
}

/** Default of {@link ChatTransport.maxLineLength}. */
export const DEFAULT_CHAT_MAX_LINE = 16 * 1024 * 1024;

/** Default of {@link ChatTransport.idleTimeoutMs}. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** A new message id in the real service's pattern (`^\d{13,}-message$`). */
export function newMessageId(): string {
  return `${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-message`;
}

/**
 * Loads every row of a SQL result by re-running its `sqlQuery` against the data API (JSON
 * lines: a `{schema}` line, then `{data}` lines). Returns a wire result with all rows.
 */
export async function loadAllRows(
  transport: ChatTransport,
  sqlQuery: string,
  signal?: AbortSignal,
): Promise<SqlToolResultWire> {
  if (!transport.dataUrl) throw new ChatError('bad-request', 'No data API is configured (transport.dataUrl)');
  let response: Response;
  try {
    response = await post(
      transport,
      transport.dataUrl,
      { query: sqlQuery, ...(transport.sessionSettings ? { sessionSettings: transport.sessionSettings } : {}) },
      signal,
    );
  } catch (cause) {
    throw new ChatError('network', 'The data API could not be reached', { cause });
  }
  if (!response.ok) throw await responseError(response);
  let schema: unknown = [];
  const data: unknown[] = [];
  let rowsOk = true;
  for (const line of (await response.text()).split('\n')) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as { schema?: unknown; data?: unknown; error?: unknown } | null;
    if (value?.error) throw new ChatError('stream', String(value.error));
    if (value?.schema !== undefined) schema = value.schema;
    // Row by row: spreading 200k rows into push() overflows the stack.
    if (Array.isArray(value?.data)) for (const row of value.data) data.push(row);
    else if (value?.data !== undefined) rowsOk = false;
  }
  // Wire data like a tool result: checked by the same schema before anything reads it.
  const wire = { sqlQuery, schema, data, totalRows: data.length };
  if (!rowsOk || !SqlToolResultSchema.is(wire))
    throw new ChatError('stream', 'The data API sent rows of an unexpected shape');
  return wire;
}
