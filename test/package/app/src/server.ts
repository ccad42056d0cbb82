// The host's backend, step 1 and 2 of the README's five-minute guide: a session route and
// the chat proxy, as web-standard handlers `(Request) => Promise<Response>` that Next.js,
// Hono, Remix, Bun, Deno and workers mount as they are (Express: see README).
import {
  checkBrowserRequest,
  createChatProxy,
  createEmbedClient,
  EmbedApiError,
  EmbedRequestError,
} from 'react-embedded-analytics/server';

/** Your own sign-in: who is calling. Here a `user=<id>` cookie; use your session store. */
async function currentUser(request: Request): Promise<{ id: string; name: string; regions: string[] } | null> {
  const id = /(?:^|;\s*)user=([\w-]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  return id ? { id, name: id, regions: ['Europe'] } : null;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
};

/** Server-side only: the API key never leaves this process. */
const embed = createEmbedClient({ baseUrl: env('EMBED_BASE_URL'), apiKey: env('EMBED_API_KEY') });

/** POST /api/embed-session → `{ sessionId }`, minted for the signed-in user. */
export async function sessionRoute(request: Request): Promise<Response> {
  // Only this app's own pages may mint a session with the user's cookie: 403 cross-site.
  const refused = checkBrowserRequest(request, { requireJson: false });
  if (refused) return refused;
  const user = await currentUser(request);
  if (!user) return Response.json({ error: 'sign in first' }, { status: 401 });
  try {
    const { sessionId } = await embed.generateSession({
      deploymentId: Number(env('EMBED_DEPLOYMENT_ID')),
      externalId: user.id,
      userProfile: { displayName: user.name },
      userAttributes: [{ name: 'region', value: user.regions }],
    });
    return Response.json({ sessionId }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof EmbedRequestError) return Response.json({ error: error.message }, { status: 400 });
    if (error instanceof EmbedApiError) return Response.json({ error: error.message }, { status: 502 });
    throw error;
  }
}

/**
 * POST /api/chat and /api/chat/abort: the agent's NDJSON stream, as the signed-in user. It
 * refuses cross-site requests, bodies that are not JSON or over 64 KiB, and long inputs.
 */
export const chatRoute = createChatProxy({
  chatUrl: env('AGENT_CHAT_URL'),
  apiKey: env('EMBED_API_KEY'),
  getSessionSettings: async (request) => {
    const user = await currentUser(request);
    // null → 401: the browser never chooses its own identity.
    return user ? { externalId: user.id, userAttributes: [{ name: 'region', value: user.regions }] } : null;
  },
});
