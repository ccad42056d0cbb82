import { keepPreviousData, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import {
  canonicalQuery,
  semanticMetaKey,
  semanticQueryKey,
  type DataError,
  type MetaResponse,
  type SemanticQuery,
} from '../../../protocol';
import { applyFilters } from './apply-filters';
import { useSemanticFilters } from './SemanticFilters';
import { useSemanticContext } from './SemanticProvider';
import type { SemanticResult } from './semantic-result';

/** Options of {@link useSemanticQuery}. */
export interface UseSemanticQueryOptions {
  /** False: do not run (yet). Default true. */
  enabled?: boolean;
  /** How long an answer is fresh. Default the provider's (60 s). */
  staleTime?: number;
  /** Refetch when the window regains focus. Default false. */
  refetchOnWindowFocus?: boolean;
  /** Keep the previous answer on screen while a changed query loads. Default true. */
  keepPrevious?: boolean;
  /** False: ignore the enclosing `SemanticFilters` (a filter bar's own values query). Default true. */
  applyFilters?: boolean;
}

/** What {@link useSemanticQuery} returns: TanStack Query's result, and the query that was sent. */
export type SemanticQueryResult = UseQueryResult<SemanticResult, DataError> & {
  /** The query as sent: the shared filters merged in, canonical (its cache key's). */
  query: SemanticQuery;
  /** True while the server answers "Continue wait" (a long query). */
  waiting: boolean;
};

/**
 * Runs a semantic-layer query through the provider's QueryClient: the enclosing
 * `SemanticFilters` merged in, keyed canonically (member and filter order do not matter where the rows' order is the same),
 * so identical queries across widgets share one request; the previous answer stays while a
 * changed query loads; unmounting cancels; fresh for 60 s; no refetch on window focus;
 * failures are typed `DataError`s, retried once when they may pass (network, timeout, 5xx).
 */
export function useSemanticQuery(query: SemanticQuery, options: UseSemanticQueryOptions = {}): SemanticQueryResult {
  const { source, client, scope, staleTime } = useSemanticContext();
  const filters = useSemanticFilters();
  const merged = options.applyFilters === false ? query : applyFilters(query, filters?.value, filters?.dateDimension);
  // Keyed by content: a query written inline on every render is the same query.
  const text = JSON.stringify(canonicalQuery(merged));
  const sent = useMemo(() => JSON.parse(text) as SemanticQuery, [text]);
  const id = `${scope}\n${text}`;
  const waits = waitsOf(client);
  const waiting = useSyncExternalStore(
    waits.subscribe,
    () => waits.has(id),
    () => false,
  );
  const result = useQuery<SemanticResult, DataError>(
    {
      queryKey: semanticQueryKey(sent, scope),
      queryFn: async ({ signal }) => {
        try {
          return await source.load(sent, signal, () => waits.set(id, true));
        } finally {
          waits.set(id, false);
        }
      },
      enabled: options.enabled ?? true,
      staleTime: options.staleTime ?? staleTime,
      refetchOnWindowFocus: options.refetchOnWindowFocus ?? false,
      placeholderData: options.keepPrevious === false ? undefined : keepPreviousData,
      retry: (failures, error) => failures < 1 && error.retryable,
    },
    client,
  );
  return Object.assign(result, { query: sent, waiting: waiting && result.isFetching });
}

/** Queries the server answered "Continue wait" for, per QueryClient: every widget showing one sees it. */
const waitStores = new WeakMap<QueryClient, ReturnType<typeof waitStore>>();

function waitStore() {
  const ids = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    has: (id: string) => ids.has(id),
    set(id: string, on: boolean) {
      if (on === ids.has(id)) return;
      if (on) ids.add(id);
      else ids.delete(id);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function waitsOf(client: QueryClient) {
  let store = waitStores.get(client);
  if (!store) waitStores.set(client, (store = waitStore()));
  return store;
}

/** Options of {@link useSemanticMeta}. */
export interface UseSemanticMetaOptions {
  /** False: do not load (yet). Default true. */
  enabled?: boolean;
}

/**
 * The data model (`/meta`): cubes and their members with titles, short titles, types and
 * formats. One request per provider scope, shared by every widget, fresh for 5 minutes.
 */
export function useSemanticMeta(options: UseSemanticMetaOptions = {}): UseQueryResult<MetaResponse, DataError> {
  const { source, client, scope } = useSemanticContext();
  return useQuery<MetaResponse, DataError>(
    {
      queryKey: semanticMetaKey(scope),
      queryFn: ({ signal }) => source.meta(signal),
      enabled: options.enabled ?? true,
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && error.retryable,
    },
    client,
  );
}
