import { describe, expect, it, vi } from 'vitest';
import type { DataError } from '../../../src/protocol';
import { createDataClient, toResultSet, type DataClientConfig } from '../../../src/react/native/data/data-client';

const BASE = 'https://acme.example';
const DATA = 'https://data.example';
const jwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;
const json = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const annotation = {
  measures: { 'orders.revenue': { title: 'Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency' } },
  dimensions: { 'orders.region': { title: 'Region', shortTitle: 'Region', type: 'string' } },
  segments: {},
  timeDimensions: {},
};
const answer = (data: object[], extra: object = {}) => ({
  queryType: 'regularQuery',
  results: [{ query: {}, data, annotation, ...extra }],
  pivotQuery: { measures: ['orders.revenue'], dimensions: ['orders.region'], queryType: 'regularQuery' },
});

/** A fake service: the session path and a data API whose answers a test scripts. */
function fakeService(load: (url: URL, auth: string | null, call: number) => Response) {
  const log: string[] = [];
  let minted = 0;
  let loads = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const auth = new Headers(init?.headers).get('Authorization');
    log.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/v1/embed/session/token') {
      const { sessionId } = JSON.parse(String(init?.body)) as { sessionId: string };
      return json(200, { token: `embed-${sessionId}` });
    }
    if (url.pathname === '/api/v1/deployments/7') return json(200, { deploymentUrl: DATA });
    if (url.pathname === '/api/v1/deployments/7/token') {
      expect(auth).toMatch(/^Embed-Token embed-s\d+$/);
      return json(200, { cubeApiToken: jwt({ n: ++minted, exp: Math.floor(Date.now() / 1000) + 900 }) });
    }
    if (url.pathname === '/cubejs-api/v1/load') return load(url, auth, ++loads);
    if (url.pathname === '/cubejs-api/v1/meta') return json(200, { cubes: [] });
    return json(404, { error: 'not found' });
  });
  let sessions = 0;
  const config: DataClientConfig = {
    baseUrl: BASE,
    deploymentId: 7,
    fetch: fetch as typeof globalThis.fetch,
    getSession: () => async () => `s${++sessions}`,
  };
  return { fetch, log, config, minted: () => minted, sessions: () => sessions };
}

const query = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const signal = () => new AbortController().signal;

describe('createDataClient', () => {
  it('goes the session path once, then queries with the data token through @cubejs-client/core', async () => {
    const service = fakeService((url, auth) => {
      // The data token itself (the data API takes it raw), minted by the session path.
      expect(JSON.parse(atob(auth!.split('.')[1]!))).toMatchObject({ n: 1 });
      expect(JSON.parse(url.searchParams.get('query')!)).toEqual(query);
      expect(url.searchParams.get('queryType')).toBe('multi');
      return json(200, answer([{ 'orders.region': 'Europe', 'orders.revenue': '62125' }], { total: 1 }));
    });
    const client = createDataClient(service.config);
    const result = await client.load(query, signal());
    expect(result.data).toEqual([{ 'orders.region': 'Europe', 'orders.revenue': '62125' }]);
    expect(result.annotation.measures['orders.revenue']?.format).toBe('currency');
    expect(result.total).toBe(1);
    await client.load(query, signal());
    expect(service.log).toEqual([
      'POST /api/v1/embed/session/token',
      'GET /api/v1/deployments/7',
      'POST /api/v1/deployments/7/token',
      'GET /cubejs-api/v1/load',
      'GET /cubejs-api/v1/load',
    ]);
    // The answer makes a ResultSet (pivots, missing dates) without another request.
    expect(toResultSet(result).tablePivot()).toEqual([{ 'orders.region': 'Europe', 'orders.revenue': '62125' }]);
  });

  it('re-mints once on a 403 and then gives up with unauthorized, never looping', async () => {
    const service = fakeService(() => json(403, { error: 'Invalid token' }));
    const client = createDataClient(service.config);
    const error = (await client.load(query, signal()).catch((e: unknown) => e)) as DataError;
    expect(error.kind).toBe('unauthorized');
    expect(service.minted()).toBe(2);
    expect(service.log.filter((line) => line.endsWith('/load'))).toHaveLength(2);
  });

  it('answers with a fresh token after one 403 (an expired token)', async () => {
    const service = fakeService((_url, _auth, call) =>
      call === 1 ? json(403, { error: 'Token expired' }) : json(200, answer([])),
    );
    const client = createDataClient(service.config);
    await expect(client.load(query, signal())).resolves.toMatchObject({ data: [] });
    expect(service.minted()).toBe(2);
    expect(service.sessions()).toBe(2);
    // The deployment's URL is asked once.
    expect(service.log.filter((line) => line === 'GET /api/v1/deployments/7')).toHaveLength(1);
  });

  it('shares one mint among concurrent first requests', async () => {
    const service = fakeService(() => json(200, answer([])));
    const client = createDataClient(service.config);
    await Promise.all([
      client.load(query, signal()),
      client.load({ measures: ['orders.count'] }, signal()),
      client.meta(signal()),
    ]);
    expect(service.minted()).toBe(1);
    expect(service.sessions()).toBe(1);
  });

  it('polls "Continue wait" and reports each wait', async () => {
    const service = fakeService((_url, _auth, call) =>
      call <= 3 ? json(200, { error: 'Continue wait' }) : json(200, answer([{ 'orders.revenue': '1' }])),
    );
    const onWait = vi.fn();
    const result = await createDataClient(service.config).load(query, signal(), onWait);
    expect(result.data).toHaveLength(1);
    expect(onWait).toHaveBeenCalledTimes(3);
  });

  it('types bad queries, server failures and invalid answers; drops prototype keys', async () => {
    const cases: [Response, Partial<DataError>][] = [
      [
        json(400, { error: "'orders.nope' not found for path 'orders.nope'" }),
        { kind: 'bad-query', member: 'orders.nope' },
      ],
      [json(500, { error: 'boom' }), { kind: 'server', status: 500 }],
      [json(200, { results: 'nope' }), { kind: 'server' }],
      [json(200, '<html>'), { kind: 'server' }],
    ];
    for (const [response, expected] of cases) {
      const service = fakeService(() => response.clone());
      const error = await createDataClient(service.config)
        .load({ ...query, measures: ['orders.nope'] }, signal())
        .catch((e: unknown) => e);
      expect(error).toMatchObject(expected);
    }
    const hostile = fakeService(
      () =>
        new Response(
          `{"queryType":"regularQuery","results":[{"query":{},"annotation":${JSON.stringify(annotation)},"data":[{"orders.revenue":"5","__proto__":{"polluted":true}}]}]}`,
          { status: 200 },
        ),
    );
    const result = await createDataClient(hostile.config).load(query, signal());
    expect(Object.keys(result.data[0]!)).toEqual(['orders.revenue']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an answer over the size cap and a network failure, typed', async () => {
    const big = fakeService(() => json(200, answer([{ 'orders.region': 'x'.repeat(5_000) }])));
    const tooBig = await createDataClient({ ...big.config, maxAnswerBytes: 1_000 })
      .load(query, signal())
      .catch((e: unknown) => e);
    expect(tooBig).toMatchObject({ kind: 'server' });
    expect((tooBig as Error).message).toMatch(/larger than 1000 bytes/);
    const down = fakeService(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createDataClient(down.config).load(query, signal())).rejects.toMatchObject({ kind: 'network' });
  });

  it('uses the host token and API URL on the headless path', async () => {
    const service = fakeService((_url, auth) => {
      expect(auth).toBe('host-token');
      return json(200, answer([]));
    });
    const getDataToken = vi.fn(async () => 'host-token');
    const client = createDataClient({ apiUrl: DATA, fetch: service.config.fetch!, getDataToken: () => getDataToken });
    await client.load(query, signal());
    await client.load(query, signal());
    expect(getDataToken).toHaveBeenCalledTimes(1);
    expect(service.log).toEqual(['GET /cubejs-api/v1/load', 'GET /cubejs-api/v1/load']);
  });

  it('refuses a deployment URL that is not https', async () => {
    const service = fakeService(() => json(200, answer([])));
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/deployments/7')
        ? json(200, { deploymentUrl: 'javascript:alert(1)' })
        : service.fetch(input, init);
    await expect(createDataClient({ ...service.config, fetch }).load(query, signal())).rejects.toMatchObject({
      kind: 'server',
    });
  });
});
