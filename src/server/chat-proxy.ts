import {
  chatAbortUrl,
  DEFAULT_MAX_INPUT_LENGTH,
  MESSAGE_ID_PATTERN,
  v,
  type AbortUrlStyle,
  type ChatRequest,
  type Infer,
  type SessionSettings,
} from '../protocol';
import { checkAllowedOrigins, checkBrowserRequest, readBodyText } from './browser-request';
import { jsonError, parseJson, relayUpstream } from './proxy-response';

/** Default of {@link ChatProxyOptions.maxBodyBytes}: 64 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
// One limit for the proxy and the browser's chat (which refuses a longer question unsent).
export { DEFAULT_MAX_INPUT_LENGTH };

/** What a browser may send to the proxy for a chat turn: never its own identity. */
export const BrowserChatRequestSchema = v.object({
  input: v.optional(v.string()),
  chatId: v.optional(v.string()),
  messageId: v.optional(v.string().refine((id) => MESSAGE_ID_PATTERN.test(id), 'must match ^\\d{13,}-message$')),
  activeBranchName: v.optional(v.string()),
  isDefaultBranch: v.optional(v.boolean()),
});
/** The browser's part of a chat request. */
export type BrowserChatRequest = Infer<typeof BrowserChatRequestSchema>;

/** What a browser sends to abort: the thread only. */
export const BrowserAbortRequestSchema = v.object({ chatId: v.string() });

/** Options of {@link createChatProxy}. */
export interface ChatProxyOptions {
  /** The agent's Chat API URL (the "Chat API URL" field of the agent's settings). */
  chatUrl: string;
  /** The account's API key; added to upstream requests, never sent back or logged. */
  apiKey: string;
  /**
   * The identity and row-level-security settings for this browser request, decided by the
   * host from its own session (a cookie, a verified token…). Return null to refuse (401).
   * Whatever the browser put in its body is ignored.
   */
  getSessionSettings(
    request: Request,
  ): SessionSettings | null | undefined | Promise<SessionSettings | null | undefined>;
  /** How the abort URL is derived: the spec's (`…/stream-chat-state/abort`, default) or the vendor's (`…/abort`). */
  abortUrlStyle?: AbortUrlStyle;
  /** Adjusts the upstream chat body (e.g. drop `activeBranchName` for end users). */
  transformRequest?(body: ChatRequest, request: Request): ChatRequest | Promise<ChatRequest>;
  /** Injected fetch. Default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * Origins besides the proxy's own whose pages may call it (a frontend on another origin).
   * Default none: cross-site requests are refused with 403 (see `checkBrowserRequest`).
   * Each must be an origin (`https://app.example.com`, `http://localhost:5173`): an entry
   * with a path, a wildcard or plain http for a public host throws a `ValidationError` when
   * the proxy is created.
   */
  allowedOrigins?: readonly string[];
  /** Largest request body, in bytes; a larger one is refused with 413 unread. Default 64 KiB. */
  maxBodyBytes?: number;
  /**
   * Longest `input` (the user's question), in UTF-16 code units; longer is 400. Default
   * `DEFAULT_MAX_INPUT_LENGTH` (10 000), the browser chat's default too: raising it here,
   * raise the transport's `maxInputLength` as well.
   */
  maxInputLength?: number;
}

/**
 * A fetch handler to mount on a host route (say `POST /api/chat`, and `POST /api/chat/abort`
 * for a path ending in `/abort`). It adds the API key and the host-decided sessionSettings,
 * forwards to the agent's Chat API, and streams the NDJSON back untouched. A browser that
 * disconnects closes the upstream connection; the agent's work is stopped only by abort.
 *
 * It trusts the browser's request no further than it must: cross-site requests are 403 (the
 * user's cookies must not let another site ask questions as them), a body that is not
 * `application/json` is 415, one over `maxBodyBytes` is 413 (read no further), an `input`
 * over `maxInputLength` is 400.
 */
export function createChatProxy(options: ChatProxyOptions): (request: Request) => Promise<Response> {
  const { apiKey } = options;
  checkAllowedOrigins(options.allowedOrigins);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const abortUrl = chatAbortUrl(options.chatUrl, options.abortUrlStyle);

  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxInputLength = options.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH;

  return async (request) => {
    if (request.method.toUpperCase() !== 'POST') return jsonError(405, 'Method not allowed');
    const refused = checkBrowserRequest(request, { allowedOrigins: options.allowedOrigins, maxBodyBytes });
    if (refused) return refused;
    const isAbort = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/abort');
    const sessionSettings = await options.getSessionSettings(request);
    if (!sessionSettings) return jsonError(401, 'Not signed in');

    const body = await readBodyText(request, maxBodyBytes);
    if (body === undefined) return jsonError(413, `Request body over ${maxBodyBytes} bytes`);
    const raw = parseJson(body);
    let upstreamBody: unknown;
    if (isAbort) {
      const parsed = BrowserAbortRequestSchema.safeParse(raw, 'abort request');
      if (!parsed.success) return jsonError(400, parsed.error.message);
      upstreamBody = { chatId: parsed.data.chatId, sessionSettings };
    } else {
      const parsed = BrowserChatRequestSchema.safeParse(raw, 'chat request');
      if (!parsed.success) return jsonError(400, parsed.error.message);
      const { input, chatId, messageId, activeBranchName, isDefaultBranch } = parsed.data;
      if (input !== undefined && input.length > maxInputLength)
        return jsonError(400, `input is longer than ${maxInputLength} characters`);
      let body: ChatRequest = { sessionSettings };
      if (input !== undefined) body.input = input;
      if (chatId !== undefined) body.chatId = chatId;
      if (messageId !== undefined) body.messageId = messageId;
      if (activeBranchName !== undefined) body.activeBranchName = activeBranchName;
      if (isDefaultBranch !== undefined) body.isDefaultBranch = isDefaultBranch;
      if (options.transformRequest) body = await options.transformRequest(body, request);
      upstreamBody = body;
    }

    return relayUpstream(
      doFetch,
      isAbort ? abortUrl : options.chatUrl,
      {
        method: 'POST',
        headers: { Authorization: `Api-Key ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(upstreamBody),
        signal: request.signal,
      },
      // Not `no-store`: Chromium reports a `no-store` stream read with a reader as failed
      // (ERR_ABORTED) although it was read to its end. POST responses are not cached anyway.
      { service: 'The chat service', secret: apiKey, cacheControl: 'no-cache' },
    );
  };
}
