import { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EmbedProvider, ThemeProvider, type ThemeInput } from '../../src';
import { SemanticFilters, SemanticProvider, type DataError, type SemanticFilterValue } from '../../src/react/native';
import { MOCK_BASE_URL, mockSession } from './sessions';

/** Erin: group `executives`, every region. */
export const ERIN = { externalId: 'demo-erin', groups: ['executives'], userProfile: { displayName: 'Erin Executive' } };
/** Elias: attribute region = Europe, so his rows are Europe's only. */
export const ELIAS = {
  externalId: 'demo-elias',
  userAttributes: [{ name: 'region', value: ['Europe'] }],
  userProfile: { displayName: 'Elias Europe' },
};

/** The last quarter of the mock's data (its "now" is 2024-12-31). */
export const LAST_QUARTER: [string, string] = ['2024-10-01', '2024-12-31'];

/** What a story or test wants the mock to do to the data requests. */
export interface NativeFrameOptions {
  /** Who signs in (the identity given to Generate Session). Default Erin. */
  identity?: Record<string, unknown>;
  /** Mock faults sent with every data API request (`{ continueWaitTimes: 2 }`). */
  faults?: Record<string, unknown>;
  /**
   * Wraps the data path's `fetch` (a test counts requests, holds one, fails one); it gets the
   * request's URL and init and the real fetch to call.
   */
  intercept?: (url: string, init: RequestInit | undefined, next: typeof fetch) => Promise<Response>;
  /** A theme for the frame (the toolbar's otherwise). */
  theme?: ThemeInput;
  /** Shared filters every widget obeys. */
  filters?: SemanticFilterValue;
  onError?: (error: DataError) => void;
  children?: ReactNode;
}

/**
 * Native widgets on the mock, by the session path: an `EmbedProvider` whose `getSession`
 * asks the mock for a session of `identity`, a `SemanticProvider` for deployment 1 (its
 * `deploymentUrl` is the mock itself), a QueryClient of its own (no story shares answers
 * with another), and the shared filters with the orders' time dimension.
 */
export function NativeFrame({
  identity = ERIN,
  faults,
  intercept,
  theme,
  filters,
  onError,
  children,
}: NativeFrameOptions) {
  const [client] = useState(() => new QueryClient());
  const [getSession] = useState(() => mockSession(identity));
  const dataFetch: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers);
    if (faults && url.includes('/cubejs-api/')) headers.set('X-Mock-Faults', JSON.stringify(faults));
    const next: typeof fetch = (i, n) => fetch(i, n);
    return intercept ? intercept(url, { ...init, headers }, next) : next(input, { ...init, headers });
  };
  const tree = (
    <EmbedProvider getSession={getSession} baseUrl={MOCK_BASE_URL} queryClient={client}>
      <SemanticProvider deploymentId={1} fetch={dataFetch} {...(onError ? { onError } : {})}>
        <SemanticFilters dateDimension="orders.createdAt" {...(filters ? { defaultValue: filters } : {})}>
          {children}
        </SemanticFilters>
      </SemanticProvider>
    </EmbedProvider>
  );
  return theme ? <ThemeProvider theme={theme}>{tree}</ThemeProvider> : tree;
}

/**
 * An interceptor whose first data-API request goes out with a token the API refuses (as an
 * expired one would be): the widget must mint a fresh token once and answer.
 */
export function expireFirstToken(): NonNullable<NativeFrameOptions['intercept']> {
  let expired = false;
  return (url, init, next) => {
    if (!expired && url.includes('/cubejs-api/v1/load')) {
      expired = true;
      const headers = new Headers(init?.headers);
      headers.set('Authorization', 'expired.token.value');
      return next(url, { ...init, headers });
    }
    return next(url, init);
  };
}

/** An interceptor that never answers the data API: a widget stays loading. */
export const neverAnswer: NonNullable<NativeFrameOptions['intercept']> = (url, init, next) =>
  url.includes('/cubejs-api/') ? new Promise<Response>(() => undefined) : next(url, init);

/** An interceptor under which the data API answers 500. */
export const serverDown: NonNullable<NativeFrameOptions['intercept']> = async (url, init, next) =>
  url.includes('/cubejs-api/')
    ? new Response(JSON.stringify({ error: 'The data source is unavailable' }), { status: 500 })
    : next(url, init);
