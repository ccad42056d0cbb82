// The native overview's queries, shared by the server's prefetch and the client widgets, so
// both name the same cache entries.
import type { SemanticQuery } from 'react-embedded-analytics/native';

/** The provider's scope: the cache keys of this page's data source. */
export const NATIVE_SCOPE = 'acme';
/** One KPI card per measure (all time: one query each). */
export const KPI_MEASURES = ['orders.revenue', 'orders.count', 'orders.averageOrderValue'] as const;
/** The first chart. */
export const FIRST_CHART_QUERY: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
