// The benchmark's app, the same in the browser and in the server render of the "ssr" mode.
import { HydrationBoundary, type QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { EmbeddedDashboard, EmbedProvider, type GetSession } from '../../../src';
import { SemanticFilters, SemanticProvider, useSemanticFilters, type GetDataToken } from '../../../src/react/native';
import { Overview, SecondPage } from './overview';

/** How the page gets its data: a host-signed token, the session path, a server render, or the iframe. */
export type Mode = 'token' | 'session' | 'ssr' | 'iframe';

/** The host's session route (the bench server mints a session of the mock for the user). */
const getSession: GetSession = async ({ signal }) => {
  const response = await fetch('/host/session', { method: 'POST', signal });
  if (!response.ok) throw new Error(`session route: ${response.status}`);
  return ((await response.json()) as { sessionId: string }).sessionId;
};

/** The host's data-token route (the bench server signs with `createDataToken`). */
const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/host/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

/** Buttons the runner presses: the second page, a filter change. */
function Controls({ onSecond }: { onSecond: () => void }) {
  const filters = useSemanticFilters();
  return (
    <p>
      <button type="button" onClick={onSecond}>
        Second page
      </button>{' '}
      <button type="button" onClick={() => filters?.setValues('orders.region', ['Europe'])}>
        Europe only
      </button>
    </p>
  );
}

export interface NativeAppProps {
  mode: Mode;
  /** The page's origin (the data API and the account are behind it). */
  origin: string;
  client: QueryClient;
  dehydrated?: DehydratedState;
}

export function NativeApp({ mode, origin, client, dehydrated }: NativeAppProps) {
  const [second, setSecond] = useState(false);
  const data = mode === 'session' ? { deploymentId: 1 } : { getDataToken, apiUrl: `${origin}/cubejs-api/v1` };
  return (
    <QueryClientProvider client={client}>
      <EmbedProvider baseUrl={origin} getSession={getSession} queryClient={client}>
        {mode === 'iframe' ? (
          <div style={{ height: 720 }}>
            <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" />
          </div>
        ) : (
          <HydrationBoundary state={dehydrated}>
            <SemanticProvider {...data} scope="bench">
              <SemanticFilters dateDimension="orders.createdAt">
                <Controls onSecond={() => setSecond(true)} />
                {second ? <SecondPage /> : <Overview />}
              </SemanticFilters>
            </SemanticProvider>
          </HydrationBoundary>
        )}
      </EmbedProvider>
    </QueryClientProvider>
  );
}
