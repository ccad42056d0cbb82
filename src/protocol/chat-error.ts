/** What went wrong in a chat turn. */
export type ChatErrorKind =
  /** 400: the request body or parameters were refused. */
  | 'bad-request'
  /**
   * The question is longer than the transport's `maxInputLength` (default
   * {@link DEFAULT_MAX_INPUT_LENGTH}): refused before sending, kept as `unsent`. Retry does
   * not send it; shorten it and send again.
   */
  | 'input-too-long'
  /** 401, or an authentication error in a 200 body: the API key (or the host session) is missing or invalid. */
  | 'unauthorized'
  /** 403: not allowed (e.g. stopping another user's chat). */
  | 'forbidden'
  /** 404: agent, tenant or chat thread not found. */
  | 'not-found'
  /** 429: too many requests; `retryAfterMs` says how long to wait (`Retry-After`). */
  | 'rate-limited'
  /** 5xx. */
  | 'server'
  /** Any other HTTP status. */
  | 'http'
  /** A 200 whose body is not a chat stream (e.g. a gateway's HTML error page). */
  | 'bad-response'
  /** The service reported an error inside the stream (`{"error": …}` line). */
  | 'stream'
  /** The thread is still answering another question ("Streaming for thread is in progress"). */
  | 'busy'
  /** A line that could not be read; the stream went on (reported, not fatal). */
  | 'protocol'
  /** The request never got an answer. */
  | 'network'
  /** The connection dropped (or the stream ended early) and the turn could not be re-joined. */
  | 'interrupted'
  /** The stream sent nothing for longer than the transport's `idleTimeoutMs`. */
  | 'timeout'
  /**
   * A message (or a part of the chat) could not be drawn: it shows "This part could not be
   * shown" (`labels.partFailed`) and the rest of the chat goes on. Not fatal.
   */
  | 'render';

/** A typed chat error, shown by the UI and given to `onError`. */
export class ChatError extends Error {
  override readonly name = 'ChatError';
  /** When it happened (ms since the epoch). */
  readonly at = Date.now();
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    readonly options: { status?: number; fatal?: boolean; cause?: unknown; retryAfterMs?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }

  /** HTTP status, when there was one. */
  get status(): number | undefined {
    return this.options.status;
  }

  /** False for errors the stream survived (a malformed line). */
  get fatal(): boolean {
    return this.options.fatal ?? true;
  }

  /** How long the service asked to wait before asking again (`Retry-After`), in ms. */
  get retryAfterMs(): number | undefined {
    return this.options.retryAfterMs;
  }

  /** When Retry may ask again (ms since the epoch): `Retry-After` after the error, else at once. */
  get retryAt(): number {
    return this.at + (this.options.retryAfterMs ?? 0);
  }
}

/**
 * The longest question, in UTF-16 code units (`string.length`), after trimming: the chat
 * proxy's default `maxInputLength` (a longer `input` is 400) and the browser's, so the chat
 * refuses a longer one before it is sent.
 */
export const DEFAULT_MAX_INPUT_LENGTH = 10_000;

/** The longest `Retry-After` honoured (10 minutes): a header is the service's word, not a lock. */
export const MAX_RETRY_AFTER_MS = 600_000;

/**
 * A `Retry-After` header (seconds, or an HTTP date) in ms from `now`, at most
 * {@link MAX_RETRY_AFTER_MS}; undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const ms = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

/** The error for an HTTP status and the service's message. */
export function httpError(status: number, message: string, retryAfterMs?: number): ChatError {
  const kind: ChatErrorKind =
    status === 400
      ? 'bad-request'
      : status === 401
        ? 'unauthorized'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not-found'
            : status === 429
              ? 'rate-limited'
              : status >= 500
                ? 'server'
                : 'http';
  return new ChatError(kind, message, retryAfterMs === undefined ? { status } : { status, retryAfterMs });
}
