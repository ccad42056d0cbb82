// The single-page app: it asks the backend who is signed in (GET /api/me), then shows the
// dashboard and the chat for that user. The embed origin is public configuration, built in
// from VITE_EMBED_BASE_URL (.env.development); the API key stays on the backend.
import { useEffect, useState } from 'react';
import { AgentChat, EmbeddedDashboard, EmbedProvider, type GetSession } from 'react-embedded-analytics';
import type { Me } from '../server/main';

/** Asks the session route for a fresh single-use session; called for every iframe load. */
const getSession: GetSession = async ({ signal }) => {
  const response = await fetch('/api/embed-session', { method: 'POST', signal });
  if (!response.ok) throw Object.assign(new Error(`session route: ${response.status}`), { status: response.status });
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
};

const embedBaseUrl = import.meta.env.VITE_EMBED_BASE_URL;

/** Who is signed in: undefined while asking, an Error if the backend could not say. */
function useMe(): Me | Error | undefined {
  const [me, setMe] = useState<Me | Error>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/me', { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`GET /api/me: ${response.status}`);
        return response.json() as Promise<Me>;
      })
      .then(setMe, (error: Error) => controller.signal.aborted || setMe(error));
    return () => controller.abort();
  }, []);
  return me;
}

export function App() {
  const me = useMe();
  const user = me instanceof Error ? null : me?.user;
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <h1 style={{ margin: '0 auto 12px 0', fontSize: 22 }}>Acme analytics</h1>
        {me && !(me instanceof Error) && (
          <>
            <p style={{ margin: 0 }}>{user ? `Signed in as ${user.name}` : 'Not signed in'}</p>
            {me.devSignIn && (
              <nav aria-label="Development sign-in" style={{ display: 'flex', gap: 12 }}>
                <a href="/api/dev-login?user=erin">Sign in as Erin</a>
                <a href="/api/dev-login?user=elias">Sign in as Elias</a>
                {user && <a href="/api/dev-login">Sign out</a>}
              </nav>
            )}
          </>
        )}
      </header>
      {me instanceof Error ? (
        <p role="alert">The backend did not answer ({me.message}): start it with `npm run server`.</p>
      ) : !embedBaseUrl ? (
        <p role="alert">Set VITE_EMBED_BASE_URL (the embed service&apos;s origin) in .env.development.</p>
      ) : me === undefined ? null : user ? (
        <EmbedProvider baseUrl={embedBaseUrl} getSession={getSession} theme={{ colors: { primary: '#0e7490' } }}>
          {/* Dashboard and chat side by side, stacked on a narrow screen (app.css). */}
          <div className="analytics-layout">
            <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" />
            {/* `key`: another user gets a new chat; `persist`: a reload keeps this user's thread. */}
            <AgentChat
              key={user.id}
              transport={{ url: '/api/chat' }}
              user={{ displayName: user.name }}
              persist={{ user: user.id }}
              suggestions={['Revenue by region', 'Orders over time']}
            />
          </div>
        </EmbedProvider>
      ) : (
        <p>Sign in to see your dashboards and ask the data analyst.</p>
      )}
    </main>
  );
}
