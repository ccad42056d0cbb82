/** What went wrong in a chat turn. */
export type ChatErrorKind =
  /** 400: the request body or parameters were refused. */
  | 'bad-request'
  /** 401, or an authentication error in a 200 body: the API key (or the host session) is missing or invalid. */
  | 'unauthorized'
  /** 403: not allowed (e.g. stopping another user's chat). */
  | 'forbidden'
  /** 404: agent, tenant or chat thread not found. */
  | 'not-found'
  /** 5xx. */
  | 'server'
  /** Any other HTTP status. */
  | 'http'
  /** The service reported an error inside the stream (`{"error": …}` line). */
  | 'stream'
  /** A line that could not be read; the stream went on (reported, not fatal). */
  | 'protocol'
  /** The request never got an answer. */
  | 'network'
  /** The connection dropped mid-stream and could not be re-joined. */
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
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    readonly options: { status?: number; fatal?: boolean; cause?: unknown } = {},
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
}

/** The error for an HTTP status and the service's message. */
export function httpError(status: number, message: string): ChatError {
  const kind: ChatErrorKind =
    status === 400
      ? 'bad-request'
      : status === 401
        ? 'unauthorized'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not-found'
            : status >= 500
              ? 'server'
              : 'http';
  return new ChatError(kind, message, { status });
}
