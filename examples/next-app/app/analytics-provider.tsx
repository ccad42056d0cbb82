'use client';
// `getSession` is a function, and functions cannot cross from a server component to a client
// one: this small client component defines it and renders the provider. The page renders the
// dashboard and the chat inside it, passing them plain, serialisable props.
import type { ReactNode } from 'react';
import { EmbedProvider, type GetSession } from 'react-embedded-analytics';

/** Asks the session route for a fresh single-use session; called for every iframe load. */
const getSession: GetSession = async ({ signal }) => {
  const response = await fetch('/api/embed-session', { method: 'POST', signal });
  if (!response.ok) throw Object.assign(new Error(`session route: ${response.status}`), { status: response.status });
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
};

export function AnalyticsProvider({ embedBaseUrl, children }: { embedBaseUrl: string; children: ReactNode }) {
  return (
    <EmbedProvider baseUrl={embedBaseUrl} getSession={getSession} theme={{ colors: { primary: '#0e7490' } }}>
      {children}
    </EmbedProvider>
  );
}
