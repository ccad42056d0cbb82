import type * as DataClient from './data-client';

/** The lazy part of the data path (`@cubejs-client/core`, tokens, the checked transport). */
export type DataClientModule = typeof DataClient;

let loading: Promise<DataClientModule> | undefined;

/**
 * Loads the data client with a dynamic import, once: a page without native widgets never
 * downloads `@cubejs-client/core`. A failed load can be retried.
 */
export function loadDataClient(): Promise<DataClientModule> {
  loading ??= import('./data-client').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
