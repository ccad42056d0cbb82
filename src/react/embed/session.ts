import type { QueryClient } from '@tanstack/react-query';
import type { EmbedTarget } from '../../protocol';
import { EmbedError, isRetryableSessionError } from './errors';

/** Why a session is being minted. */
export type SessionReason = 'initial' | 'retry' | 'reload' | 'target-change';

/** What the host's `getSession` receives. */
export interface GetSessionContext {
  /** Aborted when the embed unmounts, its target changes, or the request times out. */
  signal: AbortSignal;
  reason: SessionReason;
  /** Which dashboard or surface the session is for. */
  target: EmbedTarget;
}

/** A session id, or one with its expiry (ms since epoch, a Date, or an ISO string). */
export type SessionResult = string | { sessionId: string; expiresAt?: number | string | Date };

/** The host callback that asks the host's own backend for a fresh session. */
export type GetSession = (context: GetSessionContext) => Promise<SessionResult>;

/** Retries and timeout of session minting. */
export interface SessionPolicy {
  /** Attempts in all, the first included. Default 3. */
  attempts: number;
  /** First retry delay; doubles each time. Default 400 ms. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Per attempt. Default 15 s. */
  timeoutMs: number;
}

/** The default session policy. */
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  attempts: 3,
  baseDelayMs: 400,
  maxDelayMs: 8000,
  timeoutMs: 15_000,
};

/** A minted session, normalised. */
export interface MintedSession {
  sessionId: string;
  expiresAt?: number;
}

function normalise(result: SessionResult): MintedSession {
  const value = typeof result === 'string' ? { sessionId: result } : result;
  if (!value || typeof value.sessionId !== 'string' || value.sessionId === '') {
    throw new EmbedError('session', 'getSession resolved without a sessionId');
  }
  const minted: MintedSession = { sessionId: value.sessionId };
  if (value.expiresAt !== undefined) {
    const expiresAt = value.expiresAt instanceof Date ? value.expiresAt.getTime() : new Date(value.expiresAt).getTime();
    if (!Number.isNaN(expiresAt)) minted.expiresAt = expiresAt;
  }
  return minted;
}

function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  const controller = new AbortController();
  const abort = (source: AbortSignal) => () => controller.abort(source.reason);
  signal.addEventListener('abort', abort(signal), { once: true });
  timeout.addEventListener('abort', abort(timeout), { once: true });
  return controller.signal;
}

/**
 * Mints one session through the QueryClient: concurrent calls with the same key share one
 * request (so React StrictMode's double effect mints once), network and 5xx failures are
 * retried with exponential backoff, 4xx are not, each attempt times out, and nothing is
 * cached (a session is single-use).
 */
export function mintSession(
  client: QueryClient,
  key: readonly unknown[],
  getSession: () => GetSession,
  context: Omit<GetSessionContext, 'signal'>,
  policy: SessionPolicy,
): Promise<MintedSession> {
  return client.fetchQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      normalise(await getSession()({ ...context, signal: withTimeout(signal, policy.timeoutMs) })),
    retry: (failures, error) => failures < policy.attempts - 1 && isRetryableSessionError(error),
    retryDelay: (attempt) => Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs),
    staleTime: 0,
    gcTime: 0,
  });
}

// Cancellations waiting one tick: StrictMode unmounts and remounts an effect at once, and
// the remount must find the request still running rather than cancelled.
const pendingCancels = new Map<string, ReturnType<typeof setTimeout>>();

/** Cancels the request for `key` unless it is claimed again within the same tick. */
export function releaseSession(client: QueryClient, key: readonly unknown[]): void {
  const id = JSON.stringify(key);
  pendingCancels.set(
    id,
    setTimeout(() => {
      pendingCancels.delete(id);
      void client.cancelQueries({ queryKey: key, exact: true });
    }, 0),
  );
}

/** Claims the request for `key` (keeps a pending cancellation from happening). */
export function claimSession(key: readonly unknown[]): void {
  const id = JSON.stringify(key);
  const pending = pendingCancels.get(id);
  if (pending !== undefined) {
    clearTimeout(pending);
    pendingCancels.delete(id);
  }
}
