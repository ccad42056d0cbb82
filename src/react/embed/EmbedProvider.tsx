import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { buildEmbedUrl, type EmbedUrlBuilder } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import type { Theme, ThemeInput } from '../theme/theme';
import { ThemeProvider } from '../theme/ThemeProvider';
import { EmbedError } from './errors';
import { DEFAULT_SESSION_POLICY, type GetSession, type SessionPolicy } from './session';

/** Defaults for every embedded iframe below a provider. */
export interface EmbedDefaults {
  /** Mint the session and load the iframe only near the viewport. Default true. */
  lazy: boolean;
  /** Time to wait for the embed's ready event. Default 20 s. */
  loadTimeoutMs: number;
  /**
   * Auto-height bounds, in pixels. Defaults 240 and {@link DEFAULT_MAX_HEIGHT} (10 000): an
   * embed reporting a larger height, by mistake or not, stops there. A non-finite maximum
   * means the default.
   */
  minHeight: number;
  maxHeight: number;
}

/** Props of {@link EmbedProvider}. */
export interface EmbedProviderProps {
  /**
   * Asks the host's own backend for a fresh session (the backend calls Generate Session;
   * the API key never reaches the browser). Called for every iframe load, with the signal,
   * the reason and the target; the latest function is always used, so its identity may
   * change on every render.
   */
  getSession: GetSession;
  /**
   * The account's base URL (embed pages are loaded from it): absolute `https:` (`http:` only on
   * localhost, 127.0.0.1 or [::1]). Anything else (`javascript:`, `data:`, `//host`, '') is
   * refused with an `EmbedError` of kind `config`, before any session is minted.
   */
  baseUrl: string;
  /** Replaces the URL scheme of embed pages. Default: the real service's. */
  buildUrl?: EmbedUrlBuilder;
  /** Origins whose messages are accepted. Default: the origin of `baseUrl`. */
  allowedOrigins?: string[];
  /**
   * Theme for the subtree; its embed theme goes to every live iframe. Values that are not
   * colours or font names are dropped and reported to `onError` (kind `config`).
   */
  theme?: Theme | ThemeInput;
  /** Defaults for every iframe. */
  defaults?: Partial<EmbedDefaults>;
  /** Session retries and timeout. */
  sessionPolicy?: Partial<SessionPolicy>;
  /** A QueryClient to use; default the one in context, else a private one. */
  queryClient?: QueryClient;
  /** Every embed error below the provider. */
  onError?: (error: EmbedError) => void;
  children?: ReactNode;
}

/** What embeds read from their provider. */
export interface EmbedContextValue {
  getSession: () => GetSession;
  baseUrl: string;
  buildUrl: EmbedUrlBuilder;
  allowedOrigins: string[] | undefined;
  defaults: EmbedDefaults;
  policy: SessionPolicy;
  client: QueryClient;
  /** Session ids already given to an iframe: none is ever loaded twice. */
  consumed: Set<string>;
  onError: (error: EmbedError) => void;
}

const EmbedContext = createContext<EmbedContextValue | null>(null);

/** Default tallest auto-height, in pixels. */
export const DEFAULT_MAX_HEIGHT = 10_000;

const DEFAULTS: EmbedDefaults = {
  lazy: true,
  loadTimeoutMs: 20_000,
  minHeight: 240,
  maxHeight: DEFAULT_MAX_HEIGHT,
};

/**
 * Provides signed embedding to the dashboards below it: where embeds live, how sessions are
 * minted (through TanStack Query, with retries), which origins may talk to the host, and
 * the theme sent to every iframe.
 */
export function EmbedProvider(props: EmbedProviderProps) {
  const { baseUrl, buildUrl = buildEmbedUrl, allowedOrigins, theme, children } = props;
  const contextClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => new QueryClient());
  const client = props.queryClient ?? contextClient ?? ownClient;
  const latestGetSession = useLatest(props.getSession);
  const latestOnError = useLatest(props.onError);
  const [consumed] = useState(() => new Set<string>());
  const defaultsKey = JSON.stringify(props.defaults ?? {});
  const policyKey = JSON.stringify(props.sessionPolicy ?? {});
  const originsKey = JSON.stringify(allowedOrigins ?? null);
  const value = useMemo<EmbedContextValue>(
    () => ({
      getSession: () => latestGetSession.current,
      baseUrl,
      buildUrl,
      allowedOrigins,
      defaults: { ...DEFAULTS, ...props.defaults },
      policy: { ...DEFAULT_SESSION_POLICY, ...props.sessionPolicy },
      client,
      consumed,
      onError: (error) => latestOnError.current?.(error),
    }),
    // Keyed by content: inline objects on every render change nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [baseUrl, buildUrl, originsKey, defaultsKey, policyKey, client, consumed],
  );
  const tree = <EmbedContext.Provider value={value}>{children}</EmbedContext.Provider>;
  return theme ? (
    <ThemeProvider theme={theme} onInvalid={(message) => value.onError(new EmbedError('config', message))}>
      {tree}
    </ThemeProvider>
  ) : (
    tree
  );
}

/** The nearest provider's settings; throws outside an {@link EmbedProvider}. */
export function useEmbedContext(): EmbedContextValue {
  const value = useContext(EmbedContext);
  if (!value) throw new Error('EmbeddedDashboard must be rendered inside an <EmbedProvider>');
  return value;
}

/** The nearest provider's settings, or null outside an {@link EmbedProvider} (native data reads its session path). */
export function useOptionalEmbedContext(): EmbedContextValue | null {
  return useContext(EmbedContext);
}
