import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_DATA_API_SECRET, startMockServer, type MockServer } from '../../src/mock';
import { DataError, semanticQueryKey } from '../../src/protocol';
import { createDataClient } from '../../src/react/native/data/data-client';
import { semanticSqlKey } from '../../src/protocol/semantic/sql-result';
import {
  chartQuery,
  createDataToken,
  fetchSemanticQuery,
  fetchSemanticSql,
  pinnedAnswerOptions,
  semanticMetaOptions,
  semanticQueryOptions,
  semanticSqlOptions,
  type AnswerWidget,
} from '../../src/server';

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

describe('pinned answers (server prefetch)', () => {
  const BY_REGION = 'SELECT region, SUM(revenue) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC';
  const answer = (sqlQuery: string, view: AnswerWidget['view'] = 'chart'): AnswerWidget => ({
    id: 'pin',
    kind: 'answer',
    title: 'Revenue by region',
    sqlQuery,
    view,
    layout: { x: 0, y: 0, w: 12, h: 5 },
  });

  it("runs SQL on the SQL route exactly as the browser's data client does, under the key a pinned answer reads", async () => {
    const client = createDataClient({ apiUrl: apiUrl(), getDataToken: () => async () => token });
    const fromBrowser = await client.sql!(BY_REGION, new AbortController().signal);
    const fromServer = await fetchSemanticSql(BY_REGION, { apiUrl: apiUrl(), token });
    expect(fromServer).toEqual(fromBrowser);
    // Elias's identity: Europe only.
    expect(fromServer.rows.map((row) => row[0])).toEqual(['Europe']);
    expect(semanticSqlOptions(BY_REGION, { apiUrl: apiUrl(), token, scope: 'page' }).queryKey).toEqual(
      semanticSqlKey(BY_REGION, 'page'),
    );
  });

  it('reads what the board draws: the chart query where the SQL translates, else the SQL; none for a native table', async () => {
    const options = { apiUrl: apiUrl(), token, scope: 'page' };
    const meta = await semanticMetaOptions(options).queryFn();
    const chart = pinnedAnswerOptions(answer(BY_REGION), meta, options)!;
    expect(chart.queryKey).toEqual(
      semanticQueryOptions(
        chartQuery({
          measures: ['orders.revenue'],
          dimensions: ['orders.region'],
          order: [['orders.revenue', 'desc']],
        }),
        options,
      ).queryKey,
    );
    const rows = (await chart.queryFn()) as { data: Record<string, unknown>[] };
    expect(rows.data.map((row) => row['orders.region'])).toEqual(['Europe']);
    // SQL that is not one grouped query over the model runs as pinned.
    const joined = 'SELECT 1 AS one';
    expect(pinnedAnswerOptions(answer(joined), meta, options)!.queryKey).toEqual(semanticSqlKey(joined, 'page'));
    // A native table asks for a page as tall as its cell, in the browser.
    expect(pinnedAnswerOptions(answer(BY_REGION, 'table'), meta, options)).toBeUndefined();
  });

  it('fails with typed errors, reading no more of an error than a message, and follows no redirect', async () => {
    await expect(fetchSemanticSql(BY_REGION, { apiUrl: apiUrl(), token: 'made.up.token' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(fetchSemanticSql('SELEC nothing', { apiUrl: apiUrl(), token })).rejects.toMatchObject({
      kind: 'bad-query',
    });
    const huge: typeof fetch = async () =>
      new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(1024 * 1024).fill(65)) }), {
        status: 500,
      });
    const error = await fetchSemanticSql(BY_REGION, { apiUrl: apiUrl(), token, fetch: huge }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).message.length).toBeLessThan(70 * 1024);
    const moved: typeof fetch = async (_input, init) => {
      expect(init?.redirect).toBe('manual');
      return new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/' } });
    };
    await expect(fetchSemanticSql(BY_REGION, { apiUrl: apiUrl(), token, fetch: moved })).rejects.toMatchObject({
      kind: 'redirect',
    });
    const stalled: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    await expect(
      fetchSemanticSql(BY_REGION, { apiUrl: apiUrl(), token, fetch: stalled, timeoutMs: 50 }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });
});
