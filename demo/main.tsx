import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { GetSession } from '../src';
import '../src/styles.css';
import { DemoApp, type DemoBackend } from './App';
import type { DemoDashboard, DemoUser } from './users';

// The browser half of the demo: it only ever talks to the host's own routes
// (demo/server/host-backend.ts). No API key here. In your app: import from 'react-embedded-analytics'.

/** Asks the host's session route for a fresh session, right before an iframe loads. */
const sessionFor =
  (user: DemoUser): GetSession =>
  async ({ signal, target }) => {
    const response = await fetch('/api/embed-session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Demo-User': user.id },
      body: JSON.stringify({ target }),
      signal,
    });
    const body = (await response.json()) as { sessionId?: string; error?: string };
    if (!response.ok || !body.sessionId)
      throw Object.assign(new Error(body.error ?? 'No session'), { status: response.status });
    return body.sessionId;
  };

async function start() {
  const [config, dashboards] = await Promise.all([
    fetch('/api/config').then((r) => r.json() as Promise<{ embedBaseUrl: string }>),
    fetch('/api/dashboards').then((r) => r.json() as Promise<DemoDashboard[]>),
  ]);
  const backend: DemoBackend = {
    embedBaseUrl: config.embedBaseUrl,
    getSession: sessionFor,
    // The X-Demo-User header stands in for the host's session cookie.
    chatTransport: (user) => ({ url: '/api/chat', headers: { 'X-Demo-User': user.id } }),
  };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DemoApp backend={backend} dashboards={dashboards} />
    </StrictMode>,
  );
}

void start();
