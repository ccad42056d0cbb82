/** A data token with where it is used. */
export interface DataToken {
  /** The JWT sent in `Authorization`. */
  token: string;
  /** The data API's base, `{deploymentUrl}/cubejs-api/v1`. */
  apiUrl: string;
  /** When it expires, ms since epoch; undefined when the token does not say (used until refused). */
  expiresAt?: number;
}

/** Mints a fresh token (the session exchange, or the host's `getDataToken`). */
export type MintToken = () => Promise<DataToken>;

/** Options of {@link createTokenManager}. */
export interface TokenManagerOptions {
  mint: MintToken;
  /** A token is replaced this long before it expires (a short-lived one: halfway through its life). Default 60 s. */
  refreshBeforeMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** One token shared by every request of a provider (see {@link createTokenManager}). */
export interface TokenManager {
  /** The current token, minted if there is none or it expires within the margin. */
  get(): Promise<DataToken>;
  /**
   * Forgets `stale` after the data API refused it; the next {@link get} mints. A token other
   * than the current one (already replaced by a concurrent refusal) changes nothing, so N
   * widgets refused at once cause one mint, not N.
   */
  refused(stale: DataToken): void;
  /** Forgets every token (sign-out, a new identity). */
  clear(): void;
}

/** The `exp` (seconds) of a JWT's payload, read without verifying (the server verifies). */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The least time a token is reused, whatever its expiry says: a token that arrives already
 * expired by this clock (a clock ahead of the server's, or a host's bug) is tried once, and
 * the server's 403 re-mints, rather than every request minting again.
 */
const MIN_REUSE_MS = 5_000;

/**
 * Holds one data token in memory (never in storage): reused until `refreshBeforeMs` before
 * its expiry (but see below), minted once for callers that ask at the same time, forgotten
 * when refused. A failed mint is not kept: the next caller tries again.
 *
 * A token is replaced at the later of `expiresAt - refreshBeforeMs` and halfway through
 * its life as seen here (from when it arrived), and never sooner than 5 s after: the margin
 * serves ordinary tokens (15 min: replaced at 14 min), half its life serves a token shorter
 * than the margin (a host's 30 s token is reused for 15 s instead of looking stale at
 * once and being minted again on every request). The later, not the earlier, of the two: the
 * earlier would replace a 15 min token after 7.5 min, and still every time a short one.
 */
export function createTokenManager({
  mint,
  refreshBeforeMs = 60_000,
  now = Date.now,
}: TokenManagerOptions): TokenManager {
  let current: { promise: Promise<DataToken>; token?: DataToken; refreshAt?: number } | undefined;
  const refreshAt = ({ expiresAt }: DataToken, received: number): number => {
    if (expiresAt === undefined) return Infinity;
    const lifetime = expiresAt - received;
    return received + Math.max(lifetime - refreshBeforeMs, lifetime / 2, MIN_REUSE_MS);
  };
  return {
    get() {
      if (current && (!current.token || now() < current.refreshAt!)) return current.promise;
      const entry: NonNullable<typeof current> = {
        promise: mint().then(
          (token) => {
            entry.refreshAt = refreshAt(token, now());
            entry.token = token;
            return token;
          },
          (error: unknown) => {
            if (current === entry) current = undefined;
            throw error;
          },
        ),
      };
      current = entry;
      return entry.promise;
    },
    refused(stale) {
      if (current?.token?.token === stale.token) current = undefined;
    },
    clear() {
      current = undefined;
    },
  };
}
