import {
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
import { parseSql, runQuery, viewerOf, type Viewer } from './dataset';
import { embedPageModel, embedPageResponse, errorPageModel, exchangeSession, parseEmbedPath } from './embed-page';
import { faultsFor, type MockFaults } from './faults';
import { defaultFixture, type MockFixture } from './fixture';
import { generateSession } from './generate-session';
import { apiKeyOf, errorResponse, json, MockHttpError, readBody, sleep } from './http';
import { MockState, userKey, type AccountState } from './state';

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
}

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

/** Base path of the Chat API in the mock: `/ai/{cloudRegion}/api/v1/public/{accountName}/agents/{agentId}/chat/…`. */
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
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const fixture = options.fixture ?? defaultFixture();
  const now = options.now ?? Date.now;
  let state = new MockState(fixture, now);
  let threads = new Map<string, MockThread>();
  let turns: MockTurnRecord[] = [];
  const service: MockService = {
    faults: { ...options.faults },
    get state() {
      return state;
    },
    reset() {
      state = new MockState(fixture, now);
      threads = new Map();
      turns = [];
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

    const path = segments.join('/');
    if (path === 'api/v1/embed/generate-session') {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      const account = authenticate(request, true);
      const body = await readBody(request, GenerateSessionRequestSchema, 'GenerateSessionRequest');
      return json({ sessionId: generateSession(state, account, body).id });
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
      return dataQuery(request);
    }
    const chat = matchChat(segments);
    if (chat) {
      if (method !== 'POST') return errorResponse(405, 'Method not allowed');
      if (faults.jsonRpcAuthError) return jsonRpcAuthError();
      if (faults.htmlBody && !chat.abort) return gatewayErrorPage();
      const account = authenticate(request, false);
      const target = state.account(chat.accountName);
      if (target !== account) throw new MockHttpError(401, 'The API key does not belong to this account');
      if (target.fixture.cloudRegion !== chat.cloudRegion)
        throw new MockHttpError(404, `Region ${chat.cloudRegion} not found`);
      if (target.fixture.plan === 'starter')
        throw new MockHttpError(403, 'The Chat API needs a Premium or Enterprise plan');
      if (!target.fixture.agents.some((a) => a.id === chat.agentId))
        throw new MockHttpError(404, `Agent ${chat.agentId} not found`);
      const chatOptions: ChatOptions = { state, threads, turns, faults, lineDelayMs: options.lineDelayMs ?? 0 };
      const resolved = { account: target, agentId: chat.agentId };
      return chat.abort
        ? handleAbort(chatOptions, resolved, request)
        : handleChat(chatOptions, resolved, request, faults);
    }
    return errorResponse(404, 'Not found');
  }

  async function dataQuery(request: Request): Promise<Response> {
    const account = authenticate(request, false);
    const body = await readBody(request, DataQuerySchema, 'data query');
    const viewer = viewerFor(account, body.sessionSettings);
    const result = runQuery(fixture, parseSql(body.query), viewer);
    const lines = [JSON.stringify({ schema: result.schema })];
    for (let i = 0; i < result.data.length; i += 1000)
      lines.push(JSON.stringify({ data: result.data.slice(i, i + 1000) }));
    return new Response(lines.join('\n') + '\n', { headers: { 'Content-Type': 'application/json' } });
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

  return service;
}

function matchChat(segments: string[]) {
  // ai/{region}/api/v1/public/{account}/agents/{agent}/chat/(stream-chat-state[/abort] | abort)
  const [ai, cloudRegion, api, v1, pub, accountName, agents, agentId, chat, last, extra] = segments;
  if (ai !== 'ai' || api !== 'api' || v1 !== 'v1' || pub !== 'public' || agents !== 'agents' || chat !== 'chat')
    return undefined;
  if (!cloudRegion || !accountName || !agentId) return undefined;
  if (last === 'stream-chat-state' && extra === undefined && segments.length === 10) {
    return { cloudRegion, accountName, agentId, abort: false };
  }
  if (last === 'stream-chat-state' && extra === 'abort' && segments.length === 11) {
    return { cloudRegion, accountName, agentId, abort: true };
  }
  if (last === 'abort' && segments.length === 10) return { cloudRegion, accountName, agentId, abort: true };
  return undefined;
}
