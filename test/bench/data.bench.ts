/**
 * Data answers: what the main thread spends on each large answer the native widgets' data
 * client reads (200,000 rows, 50 MB, nesting 100,000 deep, a 15 MB `/meta`, a 10 MB SQL
 * answer, and a CSV saved to its ceiling of 1,000,000 rows), and the common case (a 100-row
 * answer: its latency, and what the worker costs it). Measured in Chromium from a trace of
 * the page's tasks (`toplevel` RunTask events): the longest main-thread task during the
 * call and the main thread's time in all, and the worker thread's. Target: no main-thread
 * task over 50 ms on any answer, and a 100-row answer no later than reading it on the main
 * thread (`BENCH_DATA_WORKER=0` reads every answer there, for a before/after).
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { listenOnLoopback } from '../setup/listen.ts';
import { buildBenchPage, serveBuiltAsset } from './bench-page';
import { answerBytes, CUSTOMERS_QUERY, DAILY_QUERY, sizeMb } from './data-answers';
import type { DataOutcome, DataRun } from './data-page/main';
import { format, median, table } from './harness';
import type { SuiteOptions } from './suite';

/** No main-thread task over this on any answer (ms). */
const TASK_TARGET_MS = 50;
/** Tries of a reading that missed the target, the lowest kept. */
const TRIES = 3;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The main thread's and the workers' tasks from a trace: the longest, and their sum (ms). A
 * task is a top-level `toplevel` event of the thread (a RunTask, or a microtask checkpoint
 * Blink runs outside one, where a promise's continuations run); events inside it are its parts.
 */
function tasks(trace: Buffer) {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const names = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name')
      names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || !event.dur) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  /** The thread's top-level spans (µs): each event not inside the one before it. */
  const spans = (list: TraceEvent[]) => {
    const out: number[] = [];
    let end = -Infinity;
    for (const event of [...list].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
      if (event.ts + event.dur! <= end) continue;
      out.push(event.ts >= end ? event.dur! : event.ts + event.dur! - end);
      end = Math.max(end, event.ts + event.dur!);
    }
    return out;
  };
  const sum = (threads: [string, TraceEvent[]][]) => {
    const all = threads.flatMap(([, list]) => spans(list));
    return { longest: Math.max(0, ...all) / 1000, total: all.reduce((n, d) => n + d, 0) / 1000 };
  };
  const threads = [...byThread];
  // The renderer main thread with the most work is the page's.
  const main = threads
    .filter(([key]) => names.get(key) === 'CrRendererMain')
    .sort((a, b) => sum([b]).total - sum([a]).total)[0];
  return {
    main: sum(main ? [main] : []),
    worker: sum(threads.filter(([key]) => /DedicatedWorker/.test(names.get(key) ?? ''))),
  };
}

let traced = 0;

interface Measured extends DataOutcome {
  longest: number;
  mainMs: number;
  workerMs: number;
}

async function measure(browser: Browser, page: Page, run: DataRun): Promise<Measured> {
  // BENCH_DATA_TRACE=<folder>: every run's trace kept there, with what the tasks did (for DevTools).
  const keep = process.env.BENCH_DATA_TRACE;
  const categories = keep
    ? ['toplevel', '__metadata', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink']
    : ['toplevel', '__metadata'];
  await browser.startTracing(page, { categories });
  let outcome: DataOutcome;
  let trace: Buffer;
  try {
    outcome = await page.evaluate((r) => window.dataBench(r), run);
  } finally {
    trace = await browser.stopTracing();
  }
  if (keep) await writeFile(join(keep, `${run.scenario}-${run.kind}-${traced++}.json`), trace);
  const { main, worker } = tasks(trace);
  return { ...outcome, longest: main.longest, mainMs: main.total, workerMs: worker.total };
}

/** The bench server: the built page, and each scenario's answers under `/s/{scenario}/cubejs-api/v1/`. */
async function serve(outDir: string) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    if (await serveBuiltAsset(outDir, url.pathname, res)) return;
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.setHeader('Content-Type', 'text/html');
      return void res.end(await import('node:fs/promises').then((fs) => fs.readFile(`${outDir}/index.html`)));
    }
    const match = /^\/s\/([\w-]+)\/cubejs-api\/v1\/(load|meta|cubesql)$/.exec(url.pathname);
    const bytes = match && answerBytes(match[1]!, match[2] === 'cubesql' ? 'sql' : (match[2] as 'load' | 'meta'));
    if (!bytes) {
      res.statusCode = 404;
      return void res.end('{"error":"no such scenario"}');
    }
    // The request's body (a POST's query) is read before answering.
    for await (const chunk of req) void chunk;
    res.setHeader('Content-Type', match[2] === 'cubesql' ? 'application/jsonl' : 'application/json');
    res.end(bytes);
  });
  return listenOnLoopback(server);
}

/** How the data client reads answers in a contestant: all on the main thread at once (as before the worker), as shipped, or in slices (no worker). */
const READINGS: [string, Partial<DataRun>][] = [
  ['at once', { workerAboveBytes: Number.MAX_SAFE_INTEGER }],
  ['worker', {}],
  ['slices', { answerWorker: false }],
];

type Expect = (o: Measured) => boolean;

export async function dataBench({ smoke }: SuiteOptions): Promise<boolean> {
  const outDir = await buildBenchPage(new URL('./data-page/', import.meta.url), 'data');
  const listening = await serve(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let ok = true;
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('[data bench page]', error.message));
    await page.goto(`${listening.origin}/`);
    await page.waitForFunction(() => 'dataBench' in window);
    const sql = 'SELECT customer, revenue FROM orders';
    const runs: [string, string, DataRun, Expect][] = [
      [
        '200,000 rows (a chart asks 2,000)',
        sizeLabel('rows200k', 'load'),
        { scenario: 'rows200k', kind: 'load', query: DAILY_QUERY },
        (o) => o.count === 2_000,
      ],
      [
        '50 MB, default 16 MiB cap',
        sizeLabel('big50', 'load'),
        { scenario: 'big50', kind: 'load', query: CUSTOMERS_QUERY },
        (o) => /larger/.test(o.error ?? ''),
      ],
      [
        '50 MB read whole (cap 64 MiB), 50,000 rows kept',
        sizeLabel('big50', 'load'),
        { scenario: 'big50', kind: 'load', query: CUSTOMERS_QUERY, maxAnswerBytes: 64 * 1024 * 1024 },
        (o) => o.count === 50_000,
      ],
      [
        'a 15.9 MiB string beside 100 rows',
        sizeLabel('bigString', 'load'),
        { scenario: 'bigString', kind: 'load', query: DAILY_QUERY },
        (o) => o.count === 100,
      ],
      [
        'a value nested 100,000 deep',
        sizeLabel('deep', 'load'),
        { scenario: 'deep', kind: 'load', query: DAILY_QUERY },
        (o) => o.count === -1,
      ],
      [
        '/meta of 100,000 members',
        sizeLabel('meta15', 'meta'),
        { scenario: 'meta15', kind: 'meta' },
        (o) => o.count === 100_000,
      ],
      [
        '/meta with a member nested 100,000 deep',
        sizeLabel('deepMeta', 'meta'),
        { scenario: 'deepMeta', kind: 'meta' },
        (o) => o.count === -1,
      ],
      [
        'SQL route, 200,000 rows (2,000 kept)',
        sizeLabel('sql200k', 'sql'),
        { scenario: 'sql200k', kind: 'sql', sql },
        (o) => o.count === 2_000,
      ],
      ...(smoke
        ? []
        : ([
            [
              'CSV to its ceiling (100 pages of 10,000 rows)',
              `100 × ${format(sizeMb('csv', 'load'))} MB`,
              { scenario: 'csv', kind: 'csv', query: { ...CUSTOMERS_QUERY, limit: undefined } },
              (o: Measured) => o.count === 1_000_000,
            ],
          ] as [string, string, DataRun, Expect][])),
    ];
    const readings = smoke ? READINGS.filter(([name]) => name === 'worker') : READINGS;
    // BENCH_DATA_ONLY=<part of a label>[,…]: those answers alone (with BENCH_DATA_TRACE, to see their tasks).
    const only = process.env.BENCH_DATA_ONLY?.split(',');
    if (only) runs.splice(0, runs.length, ...runs.filter(([label]) => only.some((part) => label.includes(part))));
    // Every path loaded once (the data client's chunk, the worker) before anything is timed.
    for (const [, reading] of READINGS)
      await page.evaluate((r) => window.dataBench(r), {
        scenario: 'rows200k',
        kind: 'load',
        query: DAILY_QUERY,
        ...reading,
      } as DataRun);
    const names = readings.map(([name]) => name).join(' / ');
    const rows: (string | number)[][] = [
      [
        'answer',
        'size',
        'outcome',
        `longest main-thread task ms (${names})`,
        `main thread ms (${names})`,
        'worker thread ms',
        `no task over ${TASK_TARGET_MS} ms (worker, slices)`,
      ],
    ];
    for (const [label, size, run, expected] of runs) {
      const measured: Measured[] = [];
      for (const [name, reading] of readings) {
        let o = await measure(browser, page, { ...run, ...reading });
        // A miss is measured again on its own (a busy machine stalls a task now and then): the lowest of three.
        for (let again = 1; name !== 'at once' && !smoke && again < TRIES && o.longest > TASK_TARGET_MS; again++) {
          const next = await measure(browser, page, { ...run, ...reading });
          if (next.longest < o.longest) o = next;
        }
        measured.push(o);
      }
      const judged = measured.filter((_, i) => readings[i]![0] !== 'at once');
      // The smoke run (CI's, on a loaded machine) holds what was read, not how long it took.
      const met = smoke || judged.every((o) => o.longest <= TASK_TARGET_MS);
      const wrong = measured.filter((o) => !expected(o)).map((o) => o.error ?? `${o.count} rows`);
      ok &&= met && wrong.length === 0;
      const shipped = measured[readings.findIndex(([name]) => name === 'worker')]!;
      rows.push([
        label,
        size,
        `${shipped.error ?? `${format(shipped.count)} kept`}${wrong.length ? ` (WRONG: ${wrong.join('; ')})` : ''}`,
        measured.map((o) => `${format(o.longest)}${o.longTask > 0 ? ` (${format(o.longTask)})` : ''}`).join(' / '),
        measured.map((o) => format(o.mainMs)).join(' / '),
        shipped.workerMs,
        smoke ? 'not judged (smoke)' : met ? 'met' : 'MISSED',
      ]);
    }
    console.log(
      '\nData answers in Chromium: the data client reading each answer from a loopback data API, three ways: all at once on the main thread (as before the worker), as shipped (answers over 256 KiB in its worker), and in slices on the main thread (`answerWorker: false`, as under a CSP that refuses workers). Tasks from a trace of the page (top-level `toplevel` events of its main thread; in brackets, the Long Tasks API where it saw one)',
    );
    table(rows);
    // The common case: a 100-row answer, as shipped (read at once on the main thread) and forced through the worker.
    const small = { scenario: 'small', kind: 'load', query: DAILY_QUERY } as DataRun;
    const shipped: Measured[] = [];
    const forced: Measured[] = [];
    for (let i = 0; i < (smoke ? 5 : 25); i++) {
      shipped.push(await measure(browser, page, small));
      forced.push(await measure(browser, page, { ...small, workerAboveBytes: 0 }));
    }
    const ms = (list: Measured[]) => median(list.map((o) => o.ms));
    console.log(
      `\n100-row answer (${format(sizeMb('small', 'load') * 1024)} KB), median of ${shipped.length} interleaved: ${format(ms(shipped))} ms from the request to the rows as shipped (read at once on the main thread, ${format(median(shipped.map((o) => o.mainMs)))} ms of it); through the worker ${format(ms(forced))} ms (main thread ${format(median(forced.map((o) => o.mainMs)))} ms, worker ${format(median(forced.map((o) => o.workerMs)))} ms)`,
    );
  } finally {
    await browser.close();
    await listening.close();
  }
  if (!smoke)
    console.log(
      `no main-thread task over ${TASK_TARGET_MS} ms on any answer, with the worker or in slices (a miss: the lowest of ${TRIES}): ${ok ? 'met' : 'MISSED'}`,
    );
  else console.log(`every answer read as it should be: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}

const sizeLabel = (scenario: string, endpoint: 'load' | 'meta' | 'sql') => `${format(sizeMb(scenario, endpoint))} MB`;
