// The host's page, step 3 of the README's five-minute guide: the provider and components.
import { AgentChat, EmbeddedDashboard, EmbedProvider, type GetSession } from 'react-embedded-analytics';
import 'react-embedded-analytics/styles.css';
import './app.css';

/** Asks the session route for a fresh single-use session; called for every iframe load. */
const getSession: GetSession = async ({ signal }) => {
  const response = await fetch('/api/embed-session', { method: 'POST', signal });
  if (!response.ok) throw Object.assign(new Error(`session route: ${response.status}`), { status: response.status });
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
};

export interface AppProps {
  /** The embed service's origin, e.g. https://acme.example.dev. */
  embedBaseUrl: string;
  /** The signed-in user: `id` is the one your backend sends as `externalId`. */
  user: { id: string; name: string; avatarUrl?: string };
}

export function App({ embedBaseUrl, user }: AppProps) {
  return (
    <EmbedProvider baseUrl={embedBaseUrl} getSession={getSession} theme={{ colors: { primary: '#0e7490' } }}>
      {/* Dashboard and chat side by side, stacked on a narrow screen (app.css). */}
      <main className="analytics-layout">
        <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" />
        {/* `key`: another user gets a new chat; `persist`: a reload keeps this user's thread. */}
        <AgentChat
          key={user.id}
          transport={{ url: '/api/chat' }}
          user={{ displayName: user.name, ...(user.avatarUrl ? { picture: user.avatarUrl } : {}) }}
          persist={{ user: user.id }}
          suggestions={['Revenue by region', 'Orders over time']}
        />
      </main>
    </EmbedProvider>
  );
}
