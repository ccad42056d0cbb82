import type * as DataClient from './data-client';

/** The lazy part of the data path (`@cubejs-client/core`, tokens, the checked transport). */
export type DataClientModule = typeof DataClient;

let loading: Promise<DataClientModule> | undefined;
let loaded: DataClientModule | undefined;

/** The data client's module if it has loaded (formats that need it apply from then on). */
export const loadedDataClient = (): DataClientModule | undefined => loaded;

/**
 * Loads the data client with a dynamic import, once: a page without native widgets never
 * downloads `@cubejs-client/core`. A failed load can be retried.
 */
export function loadDataClient(): Promise<DataClientModule> {
  loading ??= import('./data-client').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
