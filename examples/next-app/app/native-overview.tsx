'use client';
// The native overview: KPI cards and a chart straight from the semantic layer. The server
// prefetched their answers (lib/data.ts); HydrationBoundary puts them in this QueryClient, so
// the numbers are in the HTML and the browser does not ask for them again. Anything else
// (a filter change, a refetch after a minute) asks with a token from POST /api/data-token.
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { KpiCard, QueryChart, SemanticProvider, type GetDataToken } from 'react-embedded-analytics/native';
import { FIRST_CHART_QUERY, KPI_MEASURES, NATIVE_SCOPE } from '../lib/native-queries';

const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/api/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

export function NativeOverview({ apiUrl, dehydrated }: { apiUrl: string; dehydrated: DehydratedState }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={dehydrated}>
        <SemanticProvider queryClient={client} apiUrl={apiUrl} getDataToken={getDataToken} scope={NATIVE_SCOPE}>
          <section aria-label="Overview" style={{ display: 'grid', gap: 12, marginBottom: 16 }}>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
              {KPI_MEASURES.map((measure) => (
                <KpiCard key={measure} measure={measure} />
              ))}
            </div>
            <QueryChart query={FIRST_CHART_QUERY} height={220} />
          </section>
        </SemanticProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
