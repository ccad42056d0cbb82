import type { Annotation, LoadRow } from './load';
import type { SemanticQuery } from './query';

/**
 * One query's answer as kept in the cache: plain JSON (so a server can dehydrate it into the
 * page), rows keyed by member with values as the data API sent them (numbers as strings,
 * times as local ISO without zone), already checked and free of prototype keys. The browser's
 * data client and the server's prefetch (`semanticQueryOptions`) both produce it.
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
  /**
   * Rows the server sent past the query's `limit`, dropped unread (present when any were):
   * `data` never holds more than the query asked for.
   */
  dropped?: number;
  /**
   * Per row key, how many values were made `null` because they were not what the annotation
   * says (a number member's `"NaN"`, `"abc"` or 2 MB digit string, a time member's value that
   * is not an ISO time). Present when any were.
   */
  missing?: Record<string, number>;
}
