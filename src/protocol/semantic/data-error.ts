/**
 * Why a data API request failed:
 * - `unauthorized`: the token was refused (403/401), after one fresh token was tried;
 * - `bad-query`: the query names a member the data model does not have, or is malformed
 *   (400); `member` names it when the answer does;
 * - `timeout`: no answer in time (including a query still "Continue wait" at the deadline);
 * - `network`: the request did not reach the server, or the connection broke;
 * - `server`: a 5xx, or an answer that is not what the data API sends (wrong shape, too large);
 * - `redirect`: the data API (or the session exchange) answered with a redirect, which the
 *   client does not follow (a redirect can send the query, and show the numbers, of another
 *   origin).
 */
export type DataErrorKind = 'unauthorized' | 'bad-query' | 'timeout' | 'network' | 'server' | 'redirect';

/** A typed data API failure (see {@link DataErrorKind}). */
export class DataError extends Error {
  override readonly name = 'DataError';
  /** The HTTP status, when there was an answer. */
  readonly status?: number;
  /** With `bad-query`: the member the server named, when it named one. */
  readonly member?: string;

  constructor(
    readonly kind: DataErrorKind,
    message: string,
    details: { status?: number; member?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    if (details.status !== undefined) this.status = details.status;
    if (details.member !== undefined) this.member = details.member;
  }

  /** Whether trying again may help (a network, timeout or server failure). */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'server';
  }
}

/** True for a {@link DataError}. */
export const isDataError = (error: unknown): error is DataError => error instanceof DataError;

/** A member name as the data API quotes it: `'orders.revenue'` or `"orders.revenue"`. */
const QUOTED_MEMBER = /['"`]([A-Za-z_][\w]*(?:\.[\w]+)+)['"`]/;
/** Longest error text kept from an answer: a message, not a page. */
const MAX_MESSAGE = 500;

/**
 * The member a 400 answer's message names: the first of `members` (the query's, longest
 * first so `orders.createdAt.month` wins over `orders.createdAt`) that it mentions, else the
 * first quoted `cube.member` in it.
 */
export function memberInMessage(message: string, members: readonly string[] = []): string | undefined {
  const known = [...members].sort((a, b) => b.length - a.length).find((member) => message.includes(member));
  return known ?? QUOTED_MEMBER.exec(message)?.[1];
}

/**
 * The {@link DataError} for a data API answer with a failing status. `body` is the parsed
 * answer (`{ error }` on the real API) or its text; `members` are the query's, to name the
 * one a 400 is about.
 */
export function dataErrorFromAnswer(status: number, body: unknown, members: readonly string[] = []): DataError {
  const raw =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : typeof body === 'string'
        ? body
        : '';
  const message = raw.slice(0, MAX_MESSAGE) || `the data API answered ${status}`;
  if (status === 401 || status === 403) return new DataError('unauthorized', message, { status });
  if (status === 408 || status === 504) return new DataError('timeout', message, { status });
  // 429 is load, not the query's fault: a server failure, worth a retry.
  if (status >= 400 && status < 500 && status !== 429) {
    const member = memberInMessage(message, members);
    return new DataError('bad-query', message, member === undefined ? { status } : { status, member });
  }
  return new DataError('server', message, { status });
}
