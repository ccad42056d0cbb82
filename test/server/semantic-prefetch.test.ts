import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_DATA_API_SECRET, startMockServer, type MockServer } from '../../src/mock';
import { DataError, semanticQueryKey } from '../../src/protocol';
import { createDataClient } from '../../src/react/native/data/data-client';
import { createDataToken, fetchSemanticQuery, semanticMetaOptions, semanticQueryOptions } from '../../src/server';

let server: MockServer;
let token: string;
const requests: string[] = [];
beforeAll(async () => {
  const mock = createMockService();
  server = await startMockServer({
    ...mock,
    handle: (request: Request) => {
      requests.push(new URL(request.url).pathname);
      return mock.handle(request);
    },
  } as typeof mock);
  token = (
    await createDataToken({
      apiSecret: MOCK_DATA_API_SECRET,
      user: { externalId: 'prefetch-elias', userAttributes: [{ name: 'region', value: ['Europe'] }] },
    })
  ).token;
});
afterAll(() => server.close());

const apiUrl = () => `${server.url}/cubejs-api/v1`;
const REVENUE_BY_REGION = { dimensions: ['orders.region'], measures: ['orders.revenue', 'orders.count'] };

describe('semanticQueryOptions (server prefetch)', () => {
  it("produces exactly the cache entry the browser's data client stores, under useSemanticQuery's key", async () => {
    const client = createDataClient({ apiUrl: apiUrl(), getDataToken: () => async () => token });
    const paged = {
      ...REVENUE_BY_REGION,
      limit: 2,
      offset: 0,
      total: true,
      order: { 'orders.revenue': 'desc' as const },
    };
    for (const query of [REVENUE_BY_REGION, paged]) {
      const fromBrowser = await client.load(semanticQueryKey(query)[3], new AbortController().signal);
      const fromServer = await fetchSemanticQuery(query, { apiUrl: apiUrl(), token });
      expect(fromServer).toEqual(fromBrowser);
    }
  });

  it('reads a hostile answer as the browser does: rows past the limit dropped and counted, NaN made missing', async () => {
    // The mock's answer, then rows it was not asked for and a measure that is not a number.
    const hostile: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('/load')) return response;
      const body = (await response.json()) as { results?: { data: Record<string, unknown>[] }[] };
      const rows = body.results?.[0]?.data;
      if (rows?.length) {
        rows[0]!['orders.revenue'] = 'NaN';
        for (let i = 0; i < 50; i++)
          rows.push({ 'orders.region': `Extra ${i}`, 'orders.revenue': '1', 'orders.count': '1' });
      }
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const query = { ...REVENUE_BY_REGION, limit: 2, order: { 'orders.revenue': 'desc' as const } };
    const client = createDataClient({ apiUrl: apiUrl(), getDataToken: () => async () => token, fetch: hostile });
    const fromBrowser = await client.load(semanticQueryKey(query)[3], new AbortController().signal);
    const fromServer = await fetchSemanticQuery(query, { apiUrl: apiUrl(), token, fetch: hostile });
    expect(fromServer.data).toHaveLength(2);
    // Elias sees one region: 1 + 50 rows, 2 asked for.
    expect(fromServer.dropped).toBe(49);
    expect(fromServer.missing).toEqual({ 'orders.revenue': 1 });
    expect(fromServer.data[0]!['orders.revenue']).toBeNull();
    expect(fromServer).toEqual(fromBrowser);
  });

  it('dehydrates into a page cache that hydrates with the rows of the token identity (Elias: Europe only)', async () => {
    const server = new QueryClient();
    const options = { apiUrl: apiUrl(), token, scope: 'page' };
    // Members written in another order, the rows in the same one (REVENUE_BY_REGION's default,
    // its first measure descending, here written out): the same key.
    await server.prefetchQuery(
      semanticQueryOptions(
        {
          measures: ['orders.count', 'orders.revenue'],
          dimensions: ['orders.region'],
          order: { 'orders.revenue': 'desc' },
        },
        options,
      ),
    );
    await server.prefetchQuery(semanticMetaOptions(options));
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    const browser = new QueryClient();
    hydrate(browser, state);
    const cached = browser.getQueryData<{ data: Record<string, unknown>[] }>(
      semanticQueryKey(REVENUE_BY_REGION, 'page'),
    );
    expect(cached!.data.map((row) => row['orders.region'])).toEqual(['Europe']);
    expect(
      browser.getQueryData<{ cubes: unknown[] }>(['react-embedded-analytics/semantic', 'page', 'meta'])!.cubes.length,
    ).toBeGreaterThan(0);
  });

  it('fails with typed errors: an unknown member (bad-query naming it), a refused token, a bad URL', async () => {
    const bad = fetchSemanticQuery({ measures: ['orders.nope'] }, { apiUrl: apiUrl(), token });
    await expect(bad).rejects.toMatchObject({ kind: 'bad-query', member: 'orders.nope' });
    await expect(
      fetchSemanticQuery(REVENUE_BY_REGION, { apiUrl: apiUrl(), token: 'made.up.token' }),
    ).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(
      fetchSemanticQuery(REVENUE_BY_REGION, { apiUrl: 'javascript:alert(1)', token }),
    ).rejects.toBeInstanceOf(DataError);
  });

  it('polls "Continue wait" until the answer', async () => {
    requests.length = 0;
    const faulty: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('X-Mock-Faults', JSON.stringify({ continueWaitTimes: 2 }));
      return fetch(input, { ...init, headers });
    };
    const result = await fetchSemanticQuery(REVENUE_BY_REGION, { apiUrl: apiUrl(), token, fetch: faulty });
    expect(result.data).toHaveLength(1);
    expect(requests.filter((path) => path.endsWith('/load'))).toHaveLength(3);
  });
});
