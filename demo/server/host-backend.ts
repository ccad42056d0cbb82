// The host's backend, as a team would write it: it holds the API key, decides who the user
// is, mints embed sessions and proxies the chat. In your app, import from 'react-embedded-analytics/server'.
import { chatStreamUrl } from '../../src/protocol';
import { createChatProxy, createEmbedClient, EmbedApiError } from '../../src/server';
import { demoUsers, sessionSettingsOf, type DemoDashboard, type DemoUser } from '../users';

/** Options of {@link createHostBackend}. */
export interface HostBackendOptions {
  /** The embedding service's origin (here the mock's HTTP server). */
  serviceUrl: string;
  /** The service API key: server-side only. */
  apiKey: string;
  /** The agent the chat talks to. */
  agent: { cloudRegion: string; accountName: string; agentId: string };
  /** The dashboards the app lists. */
  dashboards: DemoDashboard[];
}

/**
 * The demo user of a request. A stand-in for a session cookie: a real host reads its own
 * login here, never an identity the browser chose.
 */
function userOf(request: Request): DemoUser | undefined {
  const id = request.headers.get('X-Demo-User');
  return demoUsers.find((user) => user.id === id);
}

/**
 * The routes the browser app calls, as one fetch handler (undefined: not ours):
 * - `GET /api/dashboards`: what to list in the sidebar
 * - `POST /api/embed-session` `{ target }` → `{ sessionId }`: one fresh session per iframe load
 * - `POST /api/chat`, `POST /api/chat/abort`: the chat proxy (key and identity added here)
 */
export function createHostBackend(options: HostBackendOptions) {
  const embed = createEmbedClient({ baseUrl: options.serviceUrl, apiKey: options.apiKey });
  const chat = createChatProxy({
    chatUrl: chatStreamUrl({ origin: options.serviceUrl, ...options.agent }),
    apiKey: options.apiKey,
    getSessionSettings: async (request) => {
      const user = userOf(request);
      return user ? sessionSettingsOf(user) : null; // null → 401
    },
  });

  return async (request: Request): Promise<Response | undefined> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/dashboards') return Response.json(options.dashboards);
    if (pathname === '/api/chat' || pathname === '/api/chat/abort') return chat(request);
    if (pathname !== '/api/embed-session') return undefined;

    if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 });
    const user = userOf(request);
    if (!user) return Response.json({ error: 'Not signed in' }, { status: 401 });
    const body = (await request.json().catch(() => ({}))) as { target?: { deploymentId?: number } };
    try {
      const { sessionId } = await embed.generateSession({
        deploymentId: body.target?.deploymentId ?? options.dashboards[0]?.deploymentId ?? 1,
        ...sessionSettingsOf(user),
        userProfile: { displayName: user.name },
      });
      return Response.json({ sessionId });
    } catch (error) {
      // The service's message, never the key; 502 for anything else.
      const status = error instanceof EmbedApiError ? error.status : 502;
      return Response.json({ error: error instanceof Error ? error.message : 'Session failed' }, { status });
    }
  };
}
