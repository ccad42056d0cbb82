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
  /** A token is replaced this long before it expires. Default 60 s. */
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
 * Holds one data token in memory (never in storage): reused until `refreshBeforeMs` before
 * its expiry, minted once for callers that ask at the same time, forgotten when refused. A
 * failed mint is not kept: the next caller tries again.
 */
export function createTokenManager({
  mint,
  refreshBeforeMs = 60_000,
  now = Date.now,
}: TokenManagerOptions): TokenManager {
  let current: { promise: Promise<DataToken>; token?: DataToken } | undefined;
  const fresh = (token: DataToken) => token.expiresAt === undefined || now() < token.expiresAt - refreshBeforeMs;
  return {
    get() {
      if (current && (!current.token || fresh(current.token))) return current.promise;
      const entry: NonNullable<typeof current> = {
        promise: mint().then(
          (token) => {
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
