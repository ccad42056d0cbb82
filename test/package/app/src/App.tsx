// The host's page, step 3 of the README's five-minute guide: the provider and components.
import { AgentChat, EmbeddedDashboard, EmbedProvider, type GetSession } from 'react-embedded-analytics';
import 'react-embedded-analytics/styles.css';

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
  user: { name: string; avatarUrl?: string };
}

export function App({ embedBaseUrl, user }: AppProps) {
  return (
    <EmbedProvider baseUrl={embedBaseUrl} getSession={getSession} theme={{ colors: { primary: '#0e7490' } }}>
      {/* Side by side (2:1) where both fit, stacked on a phone: the chat never gets squeezed. */}
      <main style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <EmbeddedDashboard
          publicId="sales-overview"
          deploymentId={1}
          title="Sales overview"
          style={{ flex: '2 1 560px', minWidth: 0 }}
        />
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <AgentChat
            transport={{ url: '/api/chat' }}
            user={{ displayName: user.name, ...(user.avatarUrl ? { picture: user.avatarUrl } : {}) }}
            suggestions={['Revenue by region', 'Orders over time']}
          />
        </div>
      </main>
    </EmbedProvider>
  );
}
