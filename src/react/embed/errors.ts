/** What went wrong with an embed. */
export type EmbedErrorKind =
  /** The host's `getSession` failed (after retries for network and 5xx errors). */
  | 'session'
  /** `getSession` returned a session id that was already used: never loaded twice. */
  | 'session-reused'
  /** `getSession` returned a session that had expired before the iframe could load it. */
  | 'session-expired'
  /** The iframe did not report ready within `loadTimeoutMs`. */
  | 'load-timeout'
  /** The embedded content reported a fatal error (invalid or expired session, missing dashboard…). */
  | 'embed'
  /**
   * Host configuration refused: a `baseUrl` that is not https (http only on localhost), a
   * deploymentId that is not a positive integer, a missing publicId (the embed shows its error,
   * no session is minted); or theme values that are not colours or font names (dropped, the
   * rest applies).
   */
  | 'config';

/** A typed error of an embed, given to `onError` and to the error state. */
export class EmbedError extends Error {
  override readonly name = 'EmbedError';
  constructor(
    readonly kind: EmbedErrorKind,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** HTTP status carried by an error (`status` or `response.status`), if any. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { status?: unknown; response?: { status?: unknown } };
  if (typeof record.status === 'number') return record.status;
  if (typeof record.response?.status === 'number') return record.response.status;
  return undefined;
}

/**
 * Whether fetching a session is worth retrying: network failures (TypeError from fetch),
 * timeouts and 5xx, but not 4xx (the request itself is wrong) nor a cancellation.
 */
export function isRetryableSessionError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  const status = statusOf(error);
  if (status !== undefined) return status >= 500 || status === 408 || status === 429;
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}
