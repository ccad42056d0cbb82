import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataError, SemanticQuery } from '../../../src/protocol';
import { createDataClient, type DataClientConfig } from '../../../src/react/native/data/data-client';
import { MAX_LOAD_ROWS } from '../../../src/react/native/data/read-answer';
import { beforeAbort } from '../../../src/react/native/data/safe-transport';
import { listenOnLoopback, type Listening } from '../../setup/listen';

// The data path under a data API that answers strangely: more rows than asked, values that
// are not what the annotation says, bodies and /meta that stall, redirects, failures the
// client would poll without end.

const DATA = 'https://data.example';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const annotation = {
  measures: { 'orders.revenue': { title: 'Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency' } },
  dimensions: { 'orders.region': { title: 'Region', shortTitle: 'Region', type: 'string' } },
  segments: {},
  timeDimensions: {
    'orders.createdAt.day': { title: 'Created at', shortTitle: 'Created at', type: 'time' },
    'orders.createdAt': { title: 'Created at', shortTitle: 'Created at', type: 'time' },
  },
};
const answer = (data: unknown[], extra: object = {}) => ({
  queryType: 'regularQuery',
  results: [{ query: {}, data, annotation, ...extra }],
  pivotQuery: { measures: ['orders.revenue'], dimensions: ['orders.region'], queryType: 'regularQuery' },
});
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ 'orders.region': `r${i}`, 'orders.revenue': String(i) }));

/** A headless client whose data API is `handle` (a fake `fetch`); it counts the requests. */
function client(
  handle: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>,
  extra: Partial<DataClientConfig> = {},
) {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push(url.pathname);
    return handle(url, init);
  });
  const config: DataClientConfig = {
    apiUrl: DATA,
    fetch: fetch as typeof globalThis.fetch,
    getDataToken: () => async () => 'token',
    ...extra,
  };
  return { source: createDataClient(config), requests, fetch };
}

const query: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'], limit: 10 };
const signal = () => new AbortController().signal;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as DataError,
  );

/** A body that sends `head` and then nothing, ever (the connection stays open). */
const stalled = (head: string, status = 200) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
      },
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

describe('the data client under a hostile data API: bounded', () => {
  it('keeps only the rows the query asked for and says how many it dropped', async () => {
    const { source } = client(() => json(200, answer(rows(20_000))));
    const result = await source.load(query, signal());
    expect(result.data).toHaveLength(10);
    expect(result.data[9]).toEqual({ 'orders.region': 'r9', 'orders.revenue': '9' });
    expect(result.dropped).toBe(19_990);
  });

  it('does not check the rows it drops (a broken row past the limit does not fail the answer)', async () => {
    const { source } = client(() => json(200, answer([...rows(100), { 'orders.region': { deep: [1, 2] } }])));
    const result = await source.load({ ...query, limit: 100 }, signal());
    expect(result.data).toHaveLength(100);
    expect(result.dropped).toBe(1);
  });

  it("keeps no more than the data API's own maximum (50,000 rows) for a query without a limit", async () => {
    const { source } = client(() => json(200, answer(rows(60_000))));
    const result = await source.load({ measures: ['orders.revenue'], dimensions: ['orders.region'] }, signal());
    expect(result.data).toHaveLength(MAX_LOAD_ROWS);
    expect(result.dropped).toBe(10_000);
  });

  it('reads one result for the one query sent, and says nothing of drops when there are none', async () => {
    const body = answer(rows(3));
    body.results.push(...Array.from({ length: 50 }, () => ({ query: {}, data: rows(5), annotation })));
    const { source } = client(() => json(200, body));
    const result = await source.load(query, signal());
    expect(result.data).toHaveLength(3);
    expect(result).not.toHaveProperty('dropped');
    expect(result).not.toHaveProperty('missing');
  });
});

describe('the data client under a hostile data API: honest values', () => {
  it('makes values that are not numbers or times missing, and counts them per column', async () => {
    const digits = '9'.repeat(2 * 1024 * 1024);
    const data = [
      { 'orders.createdAt.day': '2024-01-05T00:00:00.000', 'orders.revenue': '62125' },
      { 'orders.createdAt.day': '2024-01-06T00:00:00.000', 'orders.revenue': 12.5 },
      { 'orders.createdAt.day': '2024-01-07T00:00:00.000', 'orders.revenue': 'NaN' },
      { 'orders.createdAt.day': '2024-01-08T00:00:00.000', 'orders.revenue': 'Infinity' },
      { 'orders.createdAt.day': 0, 'orders.revenue': 'abc' },
      { 'orders.createdAt.day': 'yesterday', 'orders.revenue': digits },
      { 'orders.createdAt.day': '2024-01-10', 'orders.revenue': true },
      { 'orders.createdAt.day': null, 'orders.revenue': null },
      { 'orders.createdAt.day': '2024-01-11T00:00:00.000', 'orders.revenue': '123456789012345678901234567890' },
    ];
    const { source } = client(() => json(200, answer(data)));
    const result = await source.load(
      { measures: ['orders.revenue'], timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }] },
      signal(),
    );
    expect(result.data.map((row) => row['orders.revenue'])).toEqual([
      '62125',
      12.5,
      null,
      null,
      null,
      null,
      null,
      null,
      // Exact past 2^53, as the data API sends big integers: a number, kept.
      '123456789012345678901234567890',
    ]);
    expect(result.data.map((row) => row['orders.createdAt.day'])).toEqual([
      '2024-01-05T00:00:00.000',
      '2024-01-06T00:00:00.000',
      '2024-01-07T00:00:00.000',
      '2024-01-08T00:00:00.000',
      null,
      null,
      '2024-01-10',
      null,
      '2024-01-11T00:00:00.000',
    ]);
    expect(result.missing).toEqual({ 'orders.revenue': 5, 'orders.createdAt.day': 2 });
  });
});

describe('the data client under a hostile data API: on time', () => {
  it('reports a body that stalls after its headers as a timeout, at its own deadline', async () => {
    const { source } = client(() => stalled('{"queryType":"regularQuery","results":[{"data":['), { timeoutMs: 100 });
    const error = await failure(source.load(query, signal()));
    expect(error).toMatchObject({ kind: 'timeout', message: 'the data API did not answer in time' });
  });

  it('reports a fetch that never answers (and ignores the abort) as a timeout', async () => {
    const { source } = client(() => new Promise<Response>(() => undefined), { timeoutMs: 100 });
    await expect(source.load(query, signal())).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('times a stalled /meta out on its own; /load answers meanwhile', async () => {
    const { source } = client(
      (url) => (url.pathname.endsWith('/meta') ? stalled('{"cubes":[') : json(200, answer(rows(2)))),
      { timeoutMs: 150 },
    );
    const meta = failure(source.meta(signal()));
    await expect(source.load(query, signal())).resolves.toMatchObject({ data: rows(2) });
    expect(await meta).toMatchObject({ kind: 'timeout' });
  });

  it('still lets the caller cancel: a cancelled request is not a failure', async () => {
    const { source } = client(() => stalled('{'), { timeoutMs: 300 });
    const controller = new AbortController();
    const pending = failure(source.load(query, controller.signal));
    setTimeout(() => controller.abort(), 20);
    expect(await pending).not.toHaveProperty('kind');
  });
});

describe('beforeAbort', () => {
  it('leaves no rejection unhandled when the signal had already aborted', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // A fetch given an aborted signal rejects on its own too.
      const request = Promise.reject(new DOMException('signal timed out', 'TimeoutError'));
      await expect(beforeAbort(request, AbortSignal.abort(new Error('deadline')))).rejects.toThrow('deadline');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

describe('host callbacks', () => {
  it('still takes a getDataToken that answers with a plain value', async () => {
    const { source } = client(() => json(200, answer(rows(1))), {
      // Typed as a promise; a host in JavaScript may return the token itself.
      getDataToken: () => (() => 'token') as unknown as () => Promise<string>,
    });
    await expect(source.load(query, signal())).resolves.toMatchObject({ data: rows(1) });
  });
});

describe('the data client under a hostile data API: no loops', () => {
  it('fails a 502 at once (the library would poll it again and again)', async () => {
    const { source, requests } = client(() => json(502, { error: 'Bad gateway' }), { timeoutMs: 2_000 });
    await expect(source.load(query, signal())).rejects.toMatchObject({ kind: 'server', status: 502 });
    expect(requests).toHaveLength(1);
  });

  it('fails a 500 whose error says "Continue wait" at once (the library would poll it without a pause)', async () => {
    const { source, requests } = client(() => json(500, { error: 'Continue wait' }), { timeoutMs: 2_000 });
    await expect(source.load(query, signal())).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(requests).toHaveLength(1);
  });

  it('still names the member a 400 is about', async () => {
    const { source } = client(() => json(400, { error: "'orders.revenue' not found" }));
    await expect(source.load(query, signal())).rejects.toMatchObject({ kind: 'bad-query', member: 'orders.revenue' });
  });
});

describe('the data client under a hostile data API: same origin', () => {
  it('asks fetch not to follow redirects, and refuses one with a typed error', async () => {
    const { source, fetch } = client(
      () => new Response(null, { status: 307, headers: { Location: 'https://evil.example/' } }),
    );
    const error = await failure(source.load(query, signal()));
    expect(error).toMatchObject({ kind: 'redirect', status: 307 });
    expect(error?.retryable).toBe(false);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });

  it('refuses an answer a host fetch followed to another origin, and keeps one within the origin', async () => {
    const followed = (to: string) => {
      const response = json(200, answer(rows(1)));
      Object.defineProperties(response, { redirected: { value: true }, url: { value: to } });
      return response;
    };
    const away = client(() => followed('https://evil.example/cubejs-api/v1/load'));
    await expect(away.source.load(query, signal())).rejects.toMatchObject({
      kind: 'redirect',
      message: expect.stringContaining('https://evil.example') as string,
    });
    const home = client(() => followed(`${DATA}/cubejs-api/v1/load?again=1`));
    await expect(home.source.load(query, signal())).resolves.toMatchObject({ data: rows(1) });
  });

  it('does not follow the session exchange to another origin', async () => {
    const fetch = vi.fn(
      async () => new Response(null, { status: 307, headers: { Location: 'https://evil.example/' } }),
    );
    const source = createDataClient({
      baseUrl: 'https://acme.example',
      deploymentId: 7,
      fetch: fetch as typeof globalThis.fetch,
      getSession: () => async () => 's1',
    });
    await expect(source.load(query, signal())).rejects.toMatchObject({ kind: 'redirect' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the data client against a real server on loopback', () => {
  const servers: Listening[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const serve = async (handle: (request: IncomingMessage, response: ServerResponse) => void) => {
    const listening = await listenOnLoopback(createServer(handle));
    servers.push(listening);
    return listening;
  };
  // Loopback over http: the headless path takes any URL the host gives it.
  const loopbackClient = (origin: string, timeoutMs = 5_000) =>
    createDataClient({ apiUrl: origin, getDataToken: () => async () => 'token', timeoutMs });

  it('never shows the numbers of another origin a 307 points at', async () => {
    let elsewhere = 0;
    const other = await serve((_request, response) => {
      elsewhere++;
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(answer([{ 'orders.region': 'Elsewhere', 'orders.revenue': '666' }])));
    });
    const data = await serve((request, response) => {
      response.writeHead(307, { Location: `${other.origin}${request.url}` });
      response.end();
    });
    const error = await failure(loopbackClient(data.origin).load(query, signal()));
    expect(error).toMatchObject({ kind: 'redirect' });
    expect(elsewhere).toBe(0);
  });

  it('reports a body that stalls as a timeout, not as an answer that could not be read', async () => {
    const data = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"queryType":"regularQuery","results":[{"data":[');
    });
    const error = await failure(loopbackClient(data.origin, 300).load(query, signal()));
    expect(error).toMatchObject({ kind: 'timeout', message: 'the data API did not answer in time' });
  });
});
