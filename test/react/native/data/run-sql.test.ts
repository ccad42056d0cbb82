// @vitest-environment node
// jose signs the mock data tokens with Node's Uint8Array, which jsdom's realm does not accept.
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../../src/protocol';
import { runCubeSql } from '../../../../src/react/native/data/run-sql';
import { useMock } from '../../../mock/helpers';
import { dataToken, ELIAS, ERIN } from '../../../mock/data-api/tokens';

const BY_COUNTRY = 'SELECT country, SUM(revenue) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC';
const EUROPE = ['France', 'Germany', 'Spain'];

/** A fetch that answers every request with `response` (and records what was asked). */
function answering(response: () => Response) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const request = { apiUrl: 'https://data.example/cubejs-api/v1', token: 't', sql: 'SELECT 1' };

describe('runCubeSql on the mock', () => {
  const mock = useMock('in-process');

  it("runs the SQL under the viewer's token: Elias sees Europe's rows only, Erin every region", async () => {
    const t = mock();
    const run = async (identity: typeof ERIN) =>
      runCubeSql({
        apiUrl: `${t.baseUrl}/cubejs-api/v1`,
        token: await dataToken(identity),
        sql: BY_COUNTRY,
        fetch: t.fetch,
        signal: new AbortController().signal,
      });
    const elias = await run(ELIAS);
    const erin = await run(ERIN);
    expect(elias.columns.map((column) => column.kind)).toEqual(['string', 'number']);
    expect(elias.rows.map((row) => row[0]).sort()).toEqual(EUROPE);
    expect(erin.rows.length).toBeGreaterThan(elias.rows.length);
    expect(erin.rows.map((row) => row[0])).toEqual(expect.arrayContaining(EUROPE));
    expect(typeof erin.rows[0]![1]).toBe('number');
  });

  it('refuses a viewer without a valid token as unauthorized', async () => {
    const t = mock();
    await expect(
      runCubeSql({
        apiUrl: `${t.baseUrl}/cubejs-api/v1`,
        token: 'not-a-token',
        sql: BY_COUNTRY,
        fetch: t.fetch,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('gives SQL the data API cannot run as bad-query', async () => {
    const t = mock();
    await expect(
      runCubeSql({
        apiUrl: `${t.baseUrl}/cubejs-api/v1`,
        token: await dataToken(ERIN),
        sql: 'DROP TABLE orders',
        fetch: t.fetch,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ kind: 'bad-query' });
  });
});

describe('runCubeSql against a hostile data API', () => {
  it('posts { query } with the token, and follows no redirect', async () => {
    const { fetch, calls } = answering(
      () => new Response(null, { status: 302, headers: { Location: 'https://evil.example' } }),
    );
    await expect(runCubeSql({ ...request, fetch, signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'redirect',
    });
    expect(calls[0]!.url).toBe('https://data.example/cubejs-api/v1/cubesql');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', redirect: 'manual', body: '{"query":"SELECT 1"}' });
    expect(calls[0]!.init!.headers).toMatchObject({ Authorization: 't' });
  });

  it('refuses an answer a host fetch followed to another origin', async () => {
    const { fetch } = answering(() => {
      const response = new Response('{"schema":[]}\n');
      Object.defineProperties(response, { redirected: { value: true }, url: { value: 'https://evil.example/x' } });
      return response;
    });
    await expect(runCubeSql({ ...request, fetch, signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'redirect',
    });
  });

  it('refuses a huge answer at the byte cap (declared, or as it streams)', async () => {
    const declared = answering(
      () => new Response('{"schema":[]}\n', { headers: { 'Content-Length': String(100 * 1024 * 1024) } }),
    );
    await expect(
      runCubeSql({ ...request, fetch: declared.fetch, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ kind: 'server', message: expect.stringMatching(/larger than/) });
    const row = new TextEncoder().encode(`${JSON.stringify({ data: [['x'.repeat(1000)]] })}\n`);
    const streamed = answering(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"schema":[{"name":"a"}]}\n')),
            pull: (controller) => controller.enqueue(row),
          }),
        ),
    );
    await expect(
      runCubeSql({ ...request, fetch: streamed.fetch, maxBytes: 50_000, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ kind: 'server', message: expect.stringMatching(/larger than 50000 bytes/) });
  });

  it('refuses a malformed line as a server error', async () => {
    const { fetch } = answering(() => new Response('{"schema":[{"name":"a"}]}\n{"data": [[1]\n'));
    await expect(runCubeSql({ ...request, fetch, signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringMatching(/line 2 is not JSON/),
    });
  });

  it('reads a 403 as "may not run", with the message cut', async () => {
    const { fetch } = answering(() =>
      Response.json({ error: `No access to orders.margin ${'x'.repeat(5000)}` }, { status: 403 }),
    );
    const error = await runCubeSql({ ...request, fetch, signal: new AbortController().signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 403 });
    expect((error as Error).message.length).toBeLessThanOrEqual(500);
  });

  it('ends at its deadline when the data API never answers, even if fetch ignores the signal', async () => {
    const fetch = (() => new Promise<Response>(() => undefined)) as typeof globalThis.fetch;
    await expect(
      runCubeSql({ ...request, fetch, timeoutMs: 50, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('gives a fetch that fails as a network error', async () => {
    const fetch = (() => Promise.reject(new TypeError('offline'))) as typeof globalThis.fetch;
    await expect(runCubeSql({ ...request, fetch, signal: new AbortController().signal })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});
