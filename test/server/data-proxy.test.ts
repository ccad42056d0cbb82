import cube from '@cubejs-client/core';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../setup/listen';
import {
  createMockService,
  MOCK_DATA_API_SECRET,
  startMockServer,
  toNodeHandler,
  type MockServer,
  type MockService,
} from '../../src/mock';
import { LoadResultSchema, MetaResponseSchema, MultiLoadResponseSchema, ValidationError } from '../../src/protocol';
import { createDataProxy, createDataToken } from '../../src/server';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer(createMockService());
});
afterAll(() => server.close());

/** The host decides the identity from its own cookie; the browser cannot choose it. */
const tokenFromCookie = async (request: Request) => {
  const user = /user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  if (!user) return null;
  const identity =
    user === 'elias'
      ? { externalId: 'demo-elias', userAttributes: [{ name: 'region', value: ['Europe'] }] }
      : { externalId: 'demo-erin', groups: ['executives'] };
  return (await createDataToken({ apiSecret: MOCK_DATA_API_SECRET, user: identity })).token;
};

const QUERY = { measures: ['orders.revenue'], dimensions: ['orders.region'] };

function browser(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', init.cookie ?? 'user=elias');
  return new Request(`https://host.test${path}`, { ...init, headers });
}
const post = (body: unknown, init: RequestInit & { cookie?: string } = {}) =>
  browser('/api/data/load', {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('createDataProxy end to end (browser → proxy → mock data API over HTTP)', () => {
  const proxy = (request: Request) =>
    createDataProxy({ deploymentUrl: server.url, getDataToken: tokenFromCookie })(request);

  it('forwards meta, GET load and POST load (multi form too) with the host-decided token', async () => {
    const meta = await proxy(browser('/api/data/meta'));
    expect(meta.status).toBe(200);
    expect(MetaResponseSchema.parse(await meta.json()).cubes[0]!.name).toBe('orders');
    const get = await proxy(browser(`/api/data/load?query=${encodeURIComponent(JSON.stringify(QUERY))}`));
    expect(LoadResultSchema.parse(await get.json()).data.map((r) => r['orders.region'])).toEqual(['Europe']);
    const erin = await proxy(post({ query: QUERY }, { cookie: 'user=erin' }));
    expect(LoadResultSchema.parse(await erin.json()).data).toHaveLength(4);
    const multi = await proxy(post({ query: QUERY, queryType: 'multi' }));
    expect(MultiLoadResponseSchema.parse(await multi.json()).results[0]!.data).toHaveLength(1);
  });

  it("ignores the browser's Authorization: a token it brings never reaches the data API", async () => {
    const erinToken = (await tokenFromCookie(browser('/', { cookie: 'user=erin' })))!;
    const response = await proxy(post({ query: QUERY }, { headers: { Authorization: erinToken } }));
    expect(LoadResultSchema.parse(await response.json()).data.map((r) => r['orders.region'])).toEqual(['Europe']);
  });

  it('refuses what is not meta or load, cross-site requests, non-JSON and large bodies, bad queries and no sign-in', async () => {
    const cases: [Request, number][] = [
      [browser('/api/data/sql'), 404],
      [browser('/api/data/cubesql', { method: 'POST' }), 404],
      [browser('/api/data/meta', { method: 'POST' }), 405],
      [browser('/api/data/meta', { headers: { 'Sec-Fetch-Site': 'cross-site' } }), 403],
      [browser('/api/data/meta', { headers: { Origin: 'https://evil.example' } }), 403],
      [post({ query: QUERY }, { headers: { 'Content-Type': 'text/plain' } }), 415],
      [post({ query: { measures: Array(20_000).fill('orders.revenue') } }), 413],
      [post('{not json'), 400],
      [post({ query: { measures: 'orders.revenue' } }), 400],
      [post({ query: QUERY, queryType: 'other' }), 400],
      [browser('/api/data/load'), 400],
      [browser('/api/data/meta', { cookie: '' }), 401],
    ];
    for (const [request, status] of cases) {
      const response = await proxy(request);
      expect(response.status, `${request.method} ${request.url}`).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it('passes the data API refusals on (an unknown member is 400 naming it) and says 502 when it is down', async () => {
    const unknown = await proxy(post({ query: { measures: ['orders.secret'] } }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain('orders.secret');
    const down = createDataProxy({ deploymentUrl: 'http://127.0.0.1:9', getDataToken: tokenFromCookie });
    expect((await down(browser('/api/data/meta'))).status).toBe(502);
  });

  it('checks its configuration when created', () => {
    expect(() => createDataProxy({ deploymentUrl: 'javascript:alert(1)', getDataToken: () => null })).toThrow(
      ValidationError,
    );
    expect(() =>
      createDataProxy({ deploymentUrl: server.url, getDataToken: () => null, allowedOrigins: ['https://*.example'] }),
    ).toThrow(ValidationError);
  });
});

describe('@cubejs-client/core through createDataProxy, over HTTP', () => {
  it('loads meta and a query as the host-decided user, whatever token the browser holds', async () => {
    const proxy = createDataProxy({ deploymentUrl: server.url, getDataToken: () => tokenFromCookie(browser('/')) });
    // The proxy behind a real HTTP server (the mock's Node adapter serves any fetch handler).
    const host = createServer(toNodeHandler({ handle: proxy } as MockService));
    const { origin, close } = await listenOnLoopback(host);
    try {
      const api = cube('whatever-the-browser-has', { apiUrl: `${origin}/api/data` });
      expect((await api.meta()).cubes.map((c) => c.name)).toEqual(['orders']);
      const resultSet = await api.load({ measures: ['orders.revenue'], dimensions: ['orders.region'] });
      expect(resultSet.tablePivot().map((row) => row['orders.region'])).toEqual(['Europe']);
    } finally {
      await close();
    }
  });
});
