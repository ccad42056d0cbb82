import type { MetaResponse, SemanticQuery, SemanticResult, SqlResult } from '../../../protocol';

/** One query's answer as kept in the cache (one shape, shared with the server's prefetch). */
export type { SemanticResult } from '../../../protocol';

/** What the provider's data source does (the lazy client implements it; tests may too). */
export interface DataSource {
  /** Runs a query; `signal` cancels it. Rejects with a `DataError`. */
  load(query: SemanticQuery, signal: AbortSignal, onWait?: () => void): Promise<SemanticResult>;
  /** The data model: cubes, members, titles, types and formats. Rejects with a `DataError`. */
  meta(signal: AbortSignal): Promise<MetaResponse>;
  /** Forgets the token (a new identity, sign-out). */
  reset(): void;
  /**
   * Runs SQL on the data API's SQL route (`/cubesql`) under the same identity (a pinned
   * answer); absent from a source that has no SQL route. Rejects with a `DataError`.
   */
  sql?(query: string, signal: AbortSignal): Promise<SqlResult>;
}
