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

export interface User {
  id: string;
  name: string;
  regions: string[];
}

/** Development users, signed in by `devLoginRoute`; the `region` attribute limits their rows. */
export const devUsers = new Map<string, User>([
  ['erin', { id: 'erin', name: 'Erin Example', regions: ['Europe', 'North America', 'Asia Pacific', 'Latin America'] }],
  ['elias', { id: 'elias', name: 'Elias Example', regions: ['Europe'] }],
  ['yuki', { id: 'yuki', name: 'Yuki Tanaka', regions: ['Asia Pacific'] }],
]);

/** Your own sign-in: who is calling. Here the development sign-in's cookie; use your session store. */
export async function currentUser(headers: { get(name: string): string | null }): Promise<User | null> {
  const id = /(?:^|;\s*)user=([\w-]+)/.exec(headers.get('Cookie') ?? '')?.[1];
  return (id && devUsers.get(id)) || null;
}

/** The mock service's public API key (`npx react-embedded-analytics-mock`): accepted nowhere else. */
const MOCK_API_KEY = 'mock-admin-key';

/**
 * Whether the development sign-in is on: only while NODE_ENV is `development` (`next dev`,
 * `vite`) or the backend talks to the mock (its key is public and works nowhere else), so a
 * plain `node`/`tsx` backend on the mock needs no NODE_ENV, and one with a real key and no
 * NODE_ENV (a production default) has none.
 */
export const devSignIn = (): boolean =>
  process.env.NODE_ENV === 'development' || process.env.EMBED_API_KEY === MOCK_API_KEY;

/**
 * GET /api/dev-login?user=erin signs in as a development user (no `user`: signs out) and goes
 * to `/`. Only while {@link devSignIn}; 404 otherwise. Replace it with your sign-in.
 */
export async function devLoginRoute(request: Request): Promise<Response> {
  const id = new URL(request.url).searchParams.get('user') ?? '';
  if (!devSignIn() || (id && !devUsers.has(id))) {
    return Response.json({ error: 'not found' }, { status: 404 });
  }
  const cookie = id ? `user=${id}; Path=/; HttpOnly; SameSite=Lax` : 'user=; Path=/; Max-Age=0';
  return new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': cookie } });
}

/** Read on the first request, not at import: a build (`next build`) runs without them. */
function config() {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`Set the ${name} environment variable on the server`);
    return value;
  };
  // Server-side only: the API key never leaves this process.
  const embed = createEmbedClient({ baseUrl: env('EMBED_BASE_URL'), apiKey: env('EMBED_API_KEY') });
  const deploymentId = Number(env('EMBED_DEPLOYMENT_ID'));
  if (!Number.isInteger(deploymentId)) throw new Error('EMBED_DEPLOYMENT_ID must be a number');
  return {
    embed,
    deploymentId,
    chat: createChatProxy({
      chatUrl: env('AGENT_CHAT_URL'),
      apiKey: env('EMBED_API_KEY'),
      getSessionSettings: async (request) => {
        const user = await currentUser(request.headers);
        // null → 401: the browser never chooses its own identity.
        return user ? { externalId: user.id, userAttributes: [{ name: 'region', value: user.regions }] } : null;
      },
    }),
  };
}
let configured: ReturnType<typeof config> | undefined;

/** A route with the configuration, or a JSON 500 naming what is missing. */
const configuredRoute =
  (route: (request: Request, backend: ReturnType<typeof config>) => Promise<Response>) =>
  async (request: Request): Promise<Response> => {
    try {
      configured ??= config();
    } catch (error) {
      console.error(error);
      return Response.json({ error: (error as Error).message }, { status: 500 });
    }
    return route(request, configured);
  };

/** POST /api/embed-session → `{ sessionId }`, minted for the signed-in user. */
export const sessionRoute = configuredRoute(async (request, { embed, deploymentId }) => {
  // Only this app's own pages may mint a session with the user's cookie: 403 cross-site.
  const refused = checkBrowserRequest(request, { requireJson: false });
  if (refused) return refused;
  const user = await currentUser(request.headers);
  if (!user) return Response.json({ error: 'sign in first' }, { status: 401 });
  try {
    const { sessionId } = await embed.generateSession({
      deploymentId,
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
});

/**
 * POST /api/chat and /api/chat/abort: the agent's NDJSON stream, as the signed-in user. It
 * refuses cross-site requests, bodies that are not JSON or over 64 KiB, and long inputs.
 */
export const chatRoute = configuredRoute((request, { chat }) => chat(request));
