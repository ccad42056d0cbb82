import {
  DeploymentResponseSchema,
  EmbedTokenRequestSchema,
  GenerateSessionRequestSchema,
  RevokeSessionRequestSchema,
  SessionSettingsSchema,
  v,
  type SessionSettings,
} from '../protocol';
import { handleAdmin } from './admin';
import {
  gatewayErrorPage,
  handleAbort,
  handleChat,
  jsonRpcAuthError,
  type ChatOptions,
  type MockThread,
  type MockTurnRecord,
} from './chat';
import { MOCK_DATA_API_SECRET } from './data-api/auth';
import { cubeSqlLines, handleCubeSql, runSqlRoute } from './data-api/cubesql';
import { handleDataApi, MOCK_DATA_NOW, type DataApiContext } from './data-api/handler';
import { viewerOf, type Viewer } from './dataset';
import { embedPageModel, embedPageResponse, errorPageModel, exchangeSession, parseEmbedPath } from './embed-page';
import { faultsFor, type MockFaults } from './faults';
import { defaultFixture, type MockFixture } from './fixture';
import { generateSession } from './generate-session';
import { apiKeyOf, errorResponse, json, MockHttpError, readBody, sleep } from './http';
import {
  DATA_TOKEN_LIFETIME_SECONDS,
  embedTokenOf,
  exchangeForEmbedToken,
  sessionIdentity,
  signDataToken,
} from './session-path';
import { MockState, userKey, type AccountState, type UserRecord } from './state';

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** The seed data; {@link defaultFixture} when omitted. */
  fixture?: MockFixture;
  /** Faults every request gets (a request's `X-Mock-Faults` header adds to them). */
  faults?: MockFaults;
  /** Delay between streamed chat lines, in ms. Default 0; the demo uses ~25 for a live feel. */
  lineDelayMs?: number;
  /** Clock, for tests of expiry. Default `Date.now`. */
  now?: () => number;
  /**
   * Adds `Access-Control-Allow-Origin: *` to API responses so browser code on another
   * origin can call the mock directly. The real service has no such thing for Generate
   * Session: in production, only a host's server calls it. Default false.
   */
  cors?: boolean;
  /** The secret the data API verifies tokens with (HS256). Default {@link MOCK_DATA_API_SECRET}. */
  dataApiSecret?: string;
  /**
   * The instant the data API reads relative date ranges (`last 30 days`) against. Default
   * {@link MOCK_DATA_NOW} (2024-12-31, the end of the fixture's data), so results never
   * depend on the day a test runs.
   */
  dataNow?: () => number;
  /**
   * Lifetime of the data tokens `POST /api/v1/deployments/{id}/token` signs, in seconds.
   * Default {@link DATA_TOKEN_LIFETIME_SECONDS} (15 min); a few seconds shows a client
   * re-minting an expired token.
   */
  dataTokenLifetimeSeconds?: number;
}

/**
 * Header the mock's transports (Node handler, Vite plugin, service worker) set to the path
 * prefix they serve it under, so the deployment's `deploymentUrl` points back at them.
 */
export const MOCK_BASE_PATH_HEADER = 'X-Mock-Base-Path';

/** Routes a browser calls directly (the session path and the data API): always CORS-enabled. */
const browserRoute = (path: string) =>
  path === 'api/v1/embed/session/token' ||
  /^api\/v1\/deployments\/[^/]+(\/token)?$/.test(path) ||
  /^cubejs-api\/v1\/(meta|load|cubesql)$/.test(path);

/**
 * CORS of the browser routes: any origin (`*`, never with credentials: these routes take a
 * token in a header, never a cookie), the headers `@cubejs-client/core` sends, cached 10 min.
 */
const BROWSER_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Request-Id, X-Mock-Faults',
  'Access-Control-Max-Age': '600',
};

/** An in-memory mock of the whole service, as a web-standard fetch handler. */
export interface MockService {
  /** Handles one request; use it as an injected `fetch` or behind any HTTP server. */
  handle(request: Request): Promise<Response>;
  /** A `fetch`-compatible function over {@link handle} (in-process; no network). */
  fetch: typeof fetch;
  /** The in-memory state (accounts, users, sessions), for assertions in tests. */
  readonly state: MockState;
  /** The instance's faults; assign to change them at runtime. */
  faults: MockFaults;
  /** Forgets every change since creation. */
  reset(): void;
  /** Agent turns running now (load tests check every one ends). */
  runningTurns(): number;
  /**
   * Every agent turn started since creation (or `reset()`), oldest first: tests count how
   * often the service was asked a question.
   */
  turns(): readonly MockTurnRecord[];
}

/**
 * Base path of the Chat API in the mock: `/ai/{cloudRegion}/api/v1/public/{accountName}/agents/{agentId}/chat/…`.
 * The root form without `/ai/{cloudRegion}` (the platform's `ai-engineer` host) is served too.
 */
export const MOCK_CHAT_PATH_TEMPLATE =
  '/ai/{cloudRegion}/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state';

const DataQuerySchema = v.object({ query: v.string(), sessionSettings: v.optional(SessionSettingsSchema) });

/**
 * Creates the mock. Its routes follow the spec and the real service:
 * - `POST /api/v1/embed/generate-session`, `POST /api/v1/embed/session/revoke`
 * - `GET|DELETE /api/v1/embed-tenants/{name}/groups[/{id}]`, `…/user-attributes[/{id}]`
 * - `GET /embed/dashboard/{publicId}`, `/embed/d/{deploymentId}/dashboard/{publicId}`,
 *   `/embed/d/{deploymentId}/chat`, `/embed/d/{deploymentId}/app`, `/embed/chat`
 *   (session in `session` or `sessionId`)
 * - `POST {MOCK_CHAT_PATH_TEMPLATE}`, with `/abort` appended, or `…/chat/abort`
 * - `POST /cubejs-api/v1/cubesql` (`{ query, sessionSettings }`): a result's rows, all of them
 *   (with the account's key), or `{ query }` with a data token: the viewer's rows only
 * - `GET /cubejs-api/v1/meta`, `GET|POST /cubejs-api/v1/load`: the semantic layer's REST API,
 *   with an HS256 data token signed with {@link MOCK_DATA_API_SECRET}
 * - `POST /api/v1/embed/session/token`, `GET /api/v1/deployments/{id}`,
 *   `POST /api/v1/deployments/{id}/token`: the session path to the data API
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const fixture = options.fixture ?? defaultFixture();
  const now = options.now ?? Date.now;
  const dataSecret = options.dataApiSecret ?? MOCK_DATA_API_SECRET;
  const dataNow = options.dataNow ?? (() => MOCK_DATA_NOW);
  let state = new MockState(fixture, now);
  let threads = new Map<string, MockThread>();
  let turns: MockTurnRecord[] = [];
  let waits = new Map<string, number>();
  const service: MockService = {
    faults: { ...options.faults },
    get state() {
      return state;
    },
    reset() {
      state = new MockState(fixture, now);
      threads = new Map();
      turns = [];
      waits = new Map();
    },
    runningTurns() {
      let running = 0;
      for (const thread of threads.values()) if (thread.run) running++;
      return running;
    },
    turns: () => turns,
    handle: async (request) => {
      let response: Response;
      try {
        response = await route(request);
      } catch (error) {
        response =
          error instanceof MockHttpError
            ? errorResponse(error.status, error.message)
            : errorResponse(500, 'Internal error in the mock');
        if (!(error instanceof MockHttpError)) console.error('[react-embedded-analytics mock]', error);
      }
      if (options.cors) response.headers.set('Access-Control-Allow-Origin', '*');
      if (browserRoute(new URL(request.url).pathname.split('/').filter(Boolean).join('/')))
        for (const [name, value] of Object.entries(BROWSER_CORS)) response.headers.set(name, value);
      return response;
    },
    fetch: (input, init) => service.handle(new Request(input, init)),
  };

  function authenticate(request: Request, admin: boolean): AccountState {
    const key = apiKeyOf(request);
    const record = fixture.apiKeys.find((k) => k.key === key);
    if (!record) throw new MockHttpError(401, 'Invalid or missing API key');
    if (admin && !record.admin) throw new MockHttpError(403, 'This endpoint requires an admin API key');
    return state.account(record.account);
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const method = request.method.toUpperCase();
    const faults = faultsFor(request, service.faults);

    const path = segments.join('/');
    if (method === 'OPTIONS' && browserRoute(path)) return new Response(null, { status: 204 });
    if (method === 'OPTIONS' && options.cors) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Mock-Faults',
        },
      });
    }
    if (faults.httpStatus !== undefined) {
      await sleep(faults.firstByteDelayMs ?? 0);
      const response = errorResponse(faults.httpStatus, `Injected HTTP ${faults.httpStatus} (mock)`);
      if (faults.retryAfterSeconds !== undefined) response.headers.set('Retry-After', String(faults.retryAfterSeconds));
      return response;
    }

    const embed = method === 'GET' ? parseEmbedPath(segments) : undefined;
    if (embed) {
      const exchanged = exchangeSession(state, url.searchParams.get('session') ?? url.searchParams.get('sessionId'));
      if (typeof exchanged === 'string') return embedPageResponse(errorPageModel(exchanged, embed), 401);
      const model = embedPageModel(state, exchanged, embed, url.searchParams);
      if (typeof model === 'string') return embedPageResponse(errorPageModel(model, embed), 404);
      return embedPageResponse(model, 200);
    }

    if (path === 'api/v1/embed/generate-session') {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      const account = authenticate(request, true);
      // No deploymentId: a chat-only session, which the real service mints (the spec, and
      // this library's server client, require one).
      const raw = await readBody(request, v.record(v.unknown()), 'GenerateSessionRequest');
      const chatOnly = raw.deploymentId === undefined;
      const body = GenerateSessionRequestSchema.safeParse(
        chatOnly ? { ...raw, deploymentId: 0 } : raw,
        'GenerateSessionRequest',
      );
      if (!body.success) throw new MockHttpError(400, body.error.message);
      return json({ sessionId: generateSession(state, account, body.data, chatOnly).id });
    }
    if (path === 'api/v1/embed/session/token') {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      await sleep(faults.firstByteDelayMs ?? 0);
      // From a browser with no key (the single-use session is the credential), or with the
      // account's key as the platform's Node client sends it.
      const account = apiKeyOf(request) === undefined ? undefined : authenticate(request, false);
      requireJson(request);
      const { sessionId } = await readBody(request, EmbedTokenRequestSchema, 'session token request');
      return json({ token: exchangeForEmbedToken(state, sessionId, account) });
    }
    const deployment = /^api\/v1\/deployments\/([^/]+)(\/token)?$/.exec(path);
    if (deployment) {
      const wantsToken = deployment[2] !== undefined;
      if (method !== (wantsToken ? 'POST' : 'GET')) return errorResponse(405, 'Method not allowed');
      await sleep(faults.firstByteDelayMs ?? 0);
      const record = embedTokenOf(state, request, 'Embed-Token');
      const id = Number(deployment[1]);
      const found = state.account(record.session.account).fixture.deployments.find((d) => d.id === id);
      if (!found) throw new MockHttpError(404, `Deployment ${deployment[1]} not found`);
      if (record.session.deploymentId !== id)
        throw new MockHttpError(403, `This embed token is not for deployment ${id}`);
      if (!wantsToken) {
        const base = request.headers.get(MOCK_BASE_PATH_HEADER) ?? '';
        const deploymentUrl = `${url.origin}${/^(\/[\w.~-]+)*$/.test(base) ? base : ''}`;
        return json(DeploymentResponseSchema.parse({ id, name: found.name, deploymentUrl }));
      }
      const lifetime = Math.min(
        options.dataTokenLifetimeSeconds ?? DATA_TOKEN_LIFETIME_SECONDS,
        Math.floor((record.expiresAt - now()) / 1000),
      );
      const cubeApiToken = await signDataToken(sessionIdentity(state, record), dataSecret, now(), lifetime);
      return json({ cubeApiToken });
    }
    if (segments[0] === 'cubejs-api' && segments[1] === 'v1' && segments.length === 3 && segments[2] !== 'cubesql') {
      await sleep(faults.firstByteDelayMs ?? 0);
      const context: DataApiContext = { fixture, state, secret: dataSecret, now, dataNow, faults, waits };
      return handleDataApi(context, request, segments[2]!);
    }
    if (path === 'api/v1/embed/session/revoke') {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      const account = authenticate(request, true);
      const { sessionId } = await readBody(request, RevokeSessionRequestSchema, 'revoke request');
      const session = state.sessions.get(sessionId);
      if (session && session.account === account.fixture.name) session.revoked = true;
      return new Response(null, { status: 204 });
    }
    if (segments[0] === 'api' && segments[1] === 'v1' && segments[2] === 'embed-tenants') {
      return handleAdmin(authenticate(request, true), method, segments.slice(3), url.searchParams);
    }
    if (path === 'cubejs-api/v1/cubesql') {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      // A data token (a browser re-running a pinned answer) or the account's key (a server).
      if (apiKeyOf(request) !== undefined) return dataQuery(request, faults);
      await sleep(faults.firstByteDelayMs ?? 0);
      return handleCubeSql({ fixture, state, secret: dataSecret, now, dataNow, faults, waits }, request);
    }
    const chat = matchChat(segments);
    if (chat) {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      if (faults.jsonRpcAuthError) return jsonRpcAuthError();
      if (faults.htmlBody && !chat.abort) return gatewayErrorPage();
      // `Api-Key <key>` (the spec), or `Bearer <embed token>` (the platform's Node client):
      // then the token's session is the identity, whatever the body says.
      const bearer = /^Bearer\s/i.test(request.headers.get('Authorization') ?? '');
      const token = bearer ? embedTokenOf(state, request, 'Bearer') : undefined;
      const account = token ? state.account(token.session.account) : authenticate(request, false);
      const target = state.account(chat.accountName);
      if (target !== account)
        throw new MockHttpError(401, `The ${token ? 'token' : 'API key'} does not belong to this account`);
      if (chat.cloudRegion !== undefined && target.fixture.cloudRegion !== chat.cloudRegion)
        throw new MockHttpError(404, `Region ${chat.cloudRegion} not found`);
      if (target.fixture.plan === 'starter')
        throw new MockHttpError(403, 'The Chat API needs a Premium or Enterprise plan');
      if (!target.fixture.agents.some((a) => a.id === chat.agentId))
        throw new MockHttpError(404, `Agent ${chat.agentId} not found`);
      const chatOptions: ChatOptions = { state, threads, turns, faults, lineDelayMs: options.lineDelayMs ?? 0 };
      const identity: UserRecord | undefined = token && target.users.get(token.session.userKey);
      if (token && !identity) throw new MockHttpError(401, 'The user of this session no longer exists');
      const resolved = { account: target, agentId: chat.agentId, identity };
      return chat.abort
        ? handleAbort(chatOptions, resolved, request)
        : handleChat(chatOptions, resolved, request, faults);
    }
    return errorResponse(404, 'Not found');
  }

  async function dataQuery(request: Request, faults: MockFaults): Promise<Response> {
    const account = authenticate(request, false);
    const body = await readBody(request, DataQuerySchema, 'data query');
    const viewer = viewerFor(account, body.sessionSettings);
    const context: DataApiContext = { fixture, state, secret: dataSecret, now, dataNow, faults, waits };
    const result = runSqlRoute(context, body.query, viewer);
    return new Response(cubeSqlLines(result), { headers: { 'Content-Type': 'application/json' } });
  }

  /** Row-level security for the data API: the stored user, with inline settings over it. */
  function viewerFor(account: AccountState, settings: SessionSettings | undefined): Viewer {
    if (!settings) throw new MockHttpError(400, 'sessionSettings is required to apply row-level security');
    const key =
      settings.internalId !== undefined
        ? userKey('internal', settings.internalId)
        : userKey('external', settings.externalId ?? '');
    const viewer = viewerOf(state.user(account, key));
    for (const { name, value } of settings.userAttributes ?? []) viewer.attributes.set(name, value);
    if (settings.groups) viewer.groups = new Set(settings.groups);
    return viewer;
  }

  function requireJson(request: Request): void {
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? ''))
      throw new MockHttpError(415, 'This endpoint takes JSON bodies only (Content-Type: application/json)');
  }

  return service;
}

function matchChat(all: string[]) {
  // [ai/{region}/]api/v1/public/{account}/agents/{agent}/chat/(stream-chat-state[/abort] | abort)
  const regional = all[0] === 'ai';
  const cloudRegion = regional ? all[1] : undefined;
  const segments = regional ? all : ['ai', '', ...all];
  const [, , api, v1, pub, accountName, agents, agentId, chat, last, extra] = segments;
  if (api !== 'api' || v1 !== 'v1' || pub !== 'public' || agents !== 'agents' || chat !== 'chat') return undefined;
  if ((regional && !cloudRegion) || !accountName || !agentId) return undefined;
  if (last === 'stream-chat-state' && extra === undefined && segments.length === 10) {
    return { cloudRegion, accountName, agentId, abort: false };
  }
  if (last === 'stream-chat-state' && extra === 'abort' && segments.length === 11) {
    return { cloudRegion, accountName, agentId, abort: true };
  }
  if (last === 'abort' && segments.length === 10) return { cloudRegion, accountName, agentId, abort: true };
  return undefined;
}
