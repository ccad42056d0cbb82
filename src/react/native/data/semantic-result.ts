import type { Annotation, LoadRow, MetaResponse, SemanticQuery } from '../../../protocol';

/**
 * One query's answer as kept in the cache: plain JSON (so a server can dehydrate it into the
 * page), rows keyed by member with values as the data API sent them (numbers as strings,
 * times as local ISO without zone), already checked and free of prototype keys.
 */
export interface SemanticResult {
  /** The query that was sent (canonical, filters merged). */
  query: SemanticQuery;
  /** The rows, keyed `cube.member` (a time dimension with a granularity: `cube.time.month`). */
  data: LoadRow[];
  /** Titles, types and formats of the members in `data`. */
  annotation: Annotation;
  /** Rows without `limit`/`offset`, when the query asked for `total`. */
  total?: number;
  /** The query as the server normalised it, for `@cubejs-client/core`'s `ResultSet` (pivots, missing dates). */
  pivotQuery?: Record<string, unknown>;
  /** When the server's cache was refreshed. */
  lastRefreshTime?: string;
}

/** What the provider's data source does (the lazy client implements it; tests may too). */
export interface DataSource {
  /** Runs a query; `signal` cancels it. Rejects with a `DataError`. */
  load(query: SemanticQuery, signal: AbortSignal, onWait?: () => void): Promise<SemanticResult>;
  /** The data model: cubes, members, titles, types and formats. Rejects with a `DataError`. */
  meta(signal: AbortSignal): Promise<MetaResponse>;
  /** Forgets the token (a new identity, sign-out). */
  reset(): void;
}
