import { describe, expect, it, vi } from 'vitest';
import type { DataError, MetaResponse, SemanticQuery, SemanticResult, SqlResult } from '../../src/protocol';
import { createDataClient } from '../../src/react/native/data/data-client';

// Issue 41, in Chromium: the data client reads a large answer in its worker (one for the
// page, shared by every client), and gets exactly what reading it on the main thread gives,
// at once or in slices; hostile answers fail the same way on every path; slices yield.

const annotation = {
  measures: { 'orders.count': { title: 'Orders', shortTitle: 'Orders', type: 'number' } },
  dimensions: { 'orders.customer': { title: 'Customer', shortTitle: 'Customer', type: 'string' } },
  segments: {},
  timeDimensions: {
    'orders.createdAt.day': { title: 'Created at', shortTitle: 'Created at', type: 'time' },
    'orders.createdAt': { title: 'Created at', shortTitle: 'Created at', type: 'time' },
  },
};
const DAILY: SemanticQuery = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
  limit: 2_000,
};

/** `n` daily rows from 2100, every 17th count not a number. */
function dailyRows(n: number) {
  const start = Date.UTC(2100, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
    'orders.count': i % 17 === 5 ? 'NaN' : String(i % 17),
  }));
}

const multi = (data: unknown[], extra: object = {}) =>
  JSON.stringify({
    queryType: 'regularQuery',
    results: [{ query: {}, data, annotation, total: data.length, ...extra }],
    pivotQuery: { ...DAILY, queryType: 'regularQuery' },
  });

/** The three ways a client reads an answer over 256 KiB: its worker, at once on the main thread, in slices. */
const READINGS = {
  worker: {},
  'at once': { workerAboveBytes: Number.MAX_SAFE_INTEGER },
  slices: { answerWorker: false },
} as const;

/** A headless client whose data API answers every request with `body` (and `status`). */
function clientAnswering(body: string, reading: object, status = 200) {
  const requests: string[] = [];
  const client = createDataClient({
    apiUrl: 'https://data.example/cubejs-api/v1',
    getDataToken: () => async () => 'token',
    fetch: async (input) => {
      requests.push(new URL(String(input)).pathname);
      return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
    },
    ...reading,
  });
  return { client, requests };
}

/** What a call gave: its value, or its error's kind and message. */
async function outcome<T>(call: Promise<T>): Promise<{ value: T } | { kind: string; message: string }> {
  try {
    return { value: await call };
  } catch (error) {
    return { kind: (error as DataError).kind, message: (error as DataError).message };
  }
}

/** Every `Worker` the page constructs while `run` runs, and the answers they sent back whole. */
async function workersDuring(run: () => Promise<void>): Promise<{ made: URL[]; answered: number }> {
  const made: URL[] = [];
  let answered = 0;
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      made.push(new URL(String(url), location.href));
      this.addEventListener('message', (event: MessageEvent<{ end?: true }>) => {
        if (event.data.end) answered++;
      });
    }
  };
  try {
    await run();
  } finally {
    window.Worker = Original;
  }
  return { made, answered };
}

const signal = () => new AbortController().signal;

describe('the data client reads large answers off the main thread', () => {
  it('reads 200,000 rows in one worker, shared by two clients, as the main thread would', async () => {
    const body = multi(dailyRows(200_000));
    let fromWorker: SemanticResult[] = [];
    const { made, answered } = await workersDuring(async () => {
      const first = clientAnswering(body, READINGS.worker);
      const second = clientAnswering(body, READINGS.worker);
      fromWorker = await Promise.all([first.client.load(DAILY, signal()), second.client.load(DAILY, signal())]);
    });
    // One worker for the page (this file's first large answer starts it), which read both.
    expect(made).toHaveLength(1);
    expect(made[0]!.pathname).toMatch(/answer-worker/);
    expect(answered).toBe(2);
    const atOnce = await clientAnswering(body, READINGS['at once']).client.load(DAILY, signal());
    const inSlices = await clientAnswering(body, READINGS.slices).client.load(DAILY, signal());
    expect(atOnce.data).toHaveLength(2_000);
    expect(atOnce.dropped).toBe(198_000);
    expect(atOnce.missing).toEqual({ 'orders.count': 118 });
    for (const result of [...fromWorker, inSlices]) expect(result).toEqual(atOnce);
  });

  it('gives every hostile answer the same result or error on each path', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const rows = dailyRows(6_000);
    const bodies: [string, string, number?][] = [
      [
        'prototype keys',
        multi(rows).replaceAll('{"orders.createdAt.day"', '{"__proto__":{"x":1},"orders.createdAt.day"'),
      ],
      ['a value nested 100,000 deep', multi(rows).replace('"orders.count":"0"', `"orders.count":${deep}`)],
      // An annotation's `meta` may hold anything: only its depth refuses it.
      [
        'an annotation nested 100,000 deep',
        multi(rows).replace(
          '"shortTitle":"Orders","type":"number"',
          `"shortTitle":"Orders","type":"number","meta":${deep}`,
        ),
      ],
      ['wrong types', multi(rows).replace('"orders.count":"1"', '"orders.count":{"value":1}')],
      ['not JSON', `${multi(rows)}}`],
      ['a 500 with a long body', JSON.stringify({ error: 'x'.repeat(400_000) }), 500],
      ['Continue wait until the deadline', JSON.stringify({ error: 'Continue wait', padding: 'p'.repeat(300_000) })],
      ['rows in the single form', JSON.stringify({ query: {}, data: rows, annotation })],
    ];
    for (const [name, body, status] of bodies) {
      const results = [];
      for (const reading of Object.values(READINGS)) {
        // "Continue wait" for ever ends at the deadline.
        const timeoutMs = name.startsWith('Continue') ? 1_500 : 60_000;
        const { client } = clientAnswering(body, { ...reading, timeoutMs }, status);
        results.push(await outcome(client.load(DAILY, signal())));
      }
      expect(results[1], name).toEqual(results[0]);
      expect(results[2], name).toEqual(results[0]);
      if (name.includes('nested')) expect(results[0], name).toMatchObject({ kind: 'server', message: /nested/ });
      if (name === 'prototype keys') {
        const value = (results[0] as { value: SemanticResult }).value;
        expect(value.data.every((row) => !Object.hasOwn(row, '__proto__'))).toBe(true);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
      }
    }
  }, 120_000);

  it('reads a /meta of 20,000 members and a SQL answer of 100,000 rows the same way on each path', async () => {
    const meta = JSON.stringify({
      cubes: Array.from({ length: 20 }, (_, c) => ({
        name: `c${c}`,
        title: `Cube ${c}`,
        measures: Array.from({ length: 500 }, (_, m) => ({ name: `c${c}.m${m}`, title: `M ${m}`, type: 'number' })),
        dimensions: Array.from({ length: 500 }, (_, d) => ({ name: `c${c}.d${d}`, title: `D ${d}`, type: 'string' })),
      })),
    });
    const sql =
      [
        JSON.stringify({
          schema: [
            { name: 'customer', column_type: 'String' },
            { name: 'n', column_type: 'Int64' },
          ],
        }),
        ...Array.from({ length: 100 }, (_, line) =>
          JSON.stringify({
            data: Array.from({ length: 1_000 }, (_, i) => [`c${line * 1_000 + i}`, i % 7 ? String(i) : 'NaN']),
          }),
        ),
      ].join('\n') + '\n';
    const metas: MetaResponse[] = [];
    const sqls: SqlResult[] = [];
    for (const reading of Object.values(READINGS)) {
      metas.push(await clientAnswering(meta, reading).client.meta(signal()));
      sqls.push(await clientAnswering(sql, reading).client.sql!('SELECT customer, n FROM orders', signal()));
    }
    expect(metas[0]!.cubes.flatMap((cube) => [...cube.measures, ...cube.dimensions])).toHaveLength(20_000);
    expect(metas[1]).toEqual(metas[0]);
    expect(metas[2]).toEqual(metas[0]);
    expect(sqls[0]).toMatchObject({ totalRows: 100_000, truncated: true });
    expect(sqls[0]!.rows).toHaveLength(2_000);
    expect(sqls[1]).toEqual(sqls[0]);
    expect(sqls[2]).toEqual(sqls[0]);
  });

  it('in slices, yields to the page while it reads', async () => {
    const body = multi(dailyRows(200_000));
    // A clock that moves 1 ms a look: a slice (8 ms) is used up every eighth look, on any machine.
    let now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    let ticks = 0;
    let reading = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      ticks++;
      if (reading) channel.port2.postMessage(undefined);
    };
    channel.port2.postMessage(undefined);
    const result = await clientAnswering(body, READINGS.slices).client.load(DAILY, signal());
    reading = false;
    clock.mockRestore();
    expect(result.data).toHaveLength(2_000);
    // A 13 MB answer is read in many slices: the page's own tasks ran between them.
    expect(ticks).toBeGreaterThan(10);
  });

  it('stops reading a cancelled answer, on every path', async () => {
    const body = multi(dailyRows(200_000));
    for (const reading of Object.values(READINGS)) {
      const controller = new AbortController();
      const loading = clientAnswering(body, reading).client.load(DAILY, controller.signal);
      controller.abort(new DOMException('left', 'AbortError'));
      await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    }
  });
});
