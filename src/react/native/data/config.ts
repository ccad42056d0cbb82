import type { SessionPathUrls } from '../../../protocol';
import type { GetSession } from '../../embed/session';

/** What a host's `getDataToken` resolves to: the token, or it with its expiry (ms since epoch). */
export type DataTokenResult = string | { token: string; expiresAt?: number };

/**
 * The headless path's token callback: asks the host's own backend (which signs the token
 * with `createDataToken` from `react-embedded-analytics/server`) for a data token.
 */
export type GetDataToken = (context: { signal: AbortSignal }) => Promise<DataTokenResult>;

/** Where the data comes from and how (props of {@link SemanticProvider}, minus children). */
export interface SemanticDataConfig {
  /**
   * The session path (the default): the deployment whose data API is queried. Its data token
   * is obtained from a session of `getSession` (the `EmbedProvider`'s unless given here),
   * exchanged at `baseUrl` (the `EmbedProvider`'s unless given).
   */
  deploymentId?: number;
  /** Session path: the account's base URL. Default: the enclosing `EmbedProvider`'s. */
  baseUrl?: string;
  /** Session path: mints a single-use session. Default: the enclosing `EmbedProvider`'s. */
  getSession?: GetSession;
  /** Session path: replaces any of the three URLs (each a builder). */
  urls?: Partial<SessionPathUrls>;
  /**
   * The headless path: the host's backend signs a data token. Takes precedence over the
   * session path; needs `apiUrl`.
   */
  getDataToken?: GetDataToken;
  /** Headless path: the data API, `{deploymentUrl}/cubejs-api/v1` (or the deployment URL). */
  apiUrl?: string;
  /** The `fetch` every data request uses (session exchange and data API). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Names this data source and identity in the cache keys. Two providers with different
   * identities under one QueryClient need different scopes; a server prefetch uses the same
   * scope as the page. Default `'default'`.
   */
  scope?: string;
  /** How long an answer is fresh. Default 60 s. */
  staleTime?: number;
  /** A request's deadline, polls of "Continue wait" included. Default 60 s. */
  timeoutMs?: number;
  /** A token is replaced this long before it expires. Default 60 s. */
  refreshBeforeMs?: number;
  /** Largest answer read, in bytes. Default 16 MiB. */
  maxAnswerBytes?: number;
  /**
   * Reads answers over 256 KiB in a worker (one for the page, started by the first large
   * answer), so no answer holds the page. False: on the main thread, in slices that yield to
   * input (as where a CSP refuses the worker). Read when the first widget asks for data.
   * Default true.
   */
  answerWorker?: boolean;
}
