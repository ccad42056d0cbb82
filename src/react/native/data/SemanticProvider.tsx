import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DataError } from '../../../protocol';
import { useOptionalEmbedContext } from '../../embed/EmbedProvider';
import { useLatest } from '../../internal/use-latest';
import type { SemanticDataConfig } from './config';
import type { DataClientConfig } from './data-client';
import { loadDataClient } from './load-data-client';
import type { DataSource } from './semantic-result';

/** Props of {@link SemanticProvider}. */
export interface SemanticProviderProps extends SemanticDataConfig {
  /** A QueryClient; default the `EmbedProvider`'s, else the one in context, else a private one. */
  queryClient?: QueryClient;
  /**
   * Replaces the data client (the lazy `@cubejs-client/core` path): a host's own transport,
   * or a test's. Its `load` and `meta` must reject with `DataError`s.
   */
  source?: DataSource;
  /** Every data error of a widget below (each widget also shows it, with Retry). */
  onError?: (error: DataError) => void;
  children?: ReactNode;
}

/** What native widgets read from their provider. */
export interface SemanticContextValue {
  source: DataSource;
  client: QueryClient;
  scope: string;
  staleTime: number;
  onError: (error: DataError) => void;
}

/** The provider's context (widgets read it through {@link useSemanticContext}). */
export const SemanticContext = createContext<SemanticContextValue | null>(null);

/**
 * The data configuration for native widgets (`useSemanticQuery`, `KpiCard`, `QueryTable`,
 * …): where the data API is, how its token is obtained (from the `EmbedProvider`'s
 * sessions by default, or the host's `getDataToken`), and the one QueryClient every widget
 * shares. Nothing of the data client loads until a widget asks for data.
 */
export function SemanticProvider(props: SemanticProviderProps) {
  const embed = useOptionalEmbedContext();
  const contextClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => new QueryClient());
  const client = props.queryClient ?? embed?.client ?? contextClient ?? ownClient;
  const latest = useLatest(props);
  const baseUrl = props.baseUrl ?? embed?.baseUrl;
  const {
    deploymentId,
    apiUrl,
    scope = 'default',
    staleTime = 60_000,
    timeoutMs,
    refreshBeforeMs,
    maxAnswerBytes,
  } = props;
  const urlsKey = JSON.stringify(Object.keys(props.urls ?? {}));
  const own = props.source;
  const source = useMemo<DataSource>(() => {
    if (own) return own;
    // An option left undefined keeps the client's default.
    return lazySource(() => ({
      deploymentId,
      baseUrl,
      apiUrl,
      timeoutMs,
      refreshBeforeMs,
      maxAnswerBytes,
      // Read once, when the first widget asks for data.
      answerWorker: latest.current.answerWorker,
      // Read when called: hosts may pass new functions on every render.
      urls: () => latest.current.urls,
      getSession: () => latest.current.getSession ?? embed?.getSession(),
      getDataToken: () => latest.current.getDataToken,
      fetch: (input, init) => (latest.current.fetch ?? globalThis.fetch)(input, init),
    }));
    // Functions are read through `latest`; the rest names the data source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [own, deploymentId, baseUrl, apiUrl, timeoutMs, refreshBeforeMs, maxAnswerBytes, urlsKey, embed]);
  const value = useMemo<SemanticContextValue>(
    () => ({ source, client, scope, staleTime, onError: (error) => latest.current.onError?.(error) }),
    [source, client, scope, staleTime, latest],
  );
  return <SemanticContext.Provider value={value}>{props.children}</SemanticContext.Provider>;
}

/** A data source whose client (and so its one token) is made on the first request. */
function lazySource(config: () => DataClientConfig): DataSource {
  let made: Promise<DataSource> | undefined;
  const client = () =>
    (made ??= loadDataClient()
      .then(({ createDataClient }) => createDataClient(config()))
      .catch((error: unknown) => {
        made = undefined;
        throw new DataError('network', 'could not load the data client', { cause: error });
      }));
  return {
    load: async (query, signal, onWait) => (await client()).load(query, signal, onWait),
    meta: async (signal) => (await client()).meta(signal),
    sql: async (query, signal) => (await client()).sql!(query, signal),
    reset: () => void made?.then((loaded) => loaded.reset()),
  };
}

/** The nearest {@link SemanticProvider}'s settings; throws outside one. */
export function useSemanticContext(): SemanticContextValue {
  const value = useContext(SemanticContext);
  if (!value) throw new Error('Native analytics widgets must be rendered inside a <SemanticProvider>');
  return value;
}
