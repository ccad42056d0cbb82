// Issue 30: the hostile data-API corpus (hostile-data-corpus.ts) in real Chromium, once under
// a strict CSP and once with none. Per class, the native widgets (fixtures/hostile-data.tsx)
// mount against a data API (hostile-data-server.ts) that answers as the class says; the test
// counts the requests it gets and any leaving the page, samples the JS heap, reads the longest
// main-thread task, page errors, scripts run and what each widget's box shows, clicks Download
// CSV and Retry where the class says, and checks what the widgets promise
// (docs/native-analytics.md, "Under a hostile data API"). The longest task is reported, and
// recorded for the budgets run (`npm run bench -- budgets`: 200 ms, or 1.25 times the mock's
// own answers'), not asserted here: a busy machine must not fail `npm test`.
// HOSTILE_ONLY=<part of a class id> (commas for several; `=id` for that id alone) and
// HOSTILE_MODE=csp|none narrow a run.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../setup/commands';
import type { PageReport, WidgetState } from './fixtures/hostile-data';
import {
  HOSTILE_DATA_CORPUS,
  pickClasses,
  WIDGETS,
  type AskKind,
  type HostileClass,
  type WidgetId,
} from './hostile-data-corpus';
import { recordBudget } from '../support/budgets';
import { DATA_PREFIX, serveHostileData, type HostileDataServer } from './hostile-data-server';
import { buildFixturePage, launchChromium } from './support';

/**
 * The budgets run's bound on a class's longest task (ms): 200, or 1.25 times the longest
 * task of the mock's own answers (the `baseline` class) when a loaded machine makes those slower.
 */
const BUDGET_MS = 200;
const BASELINE_RATIO = 1.25;
/** A page that does not answer an evaluate this long is frozen. */
const HANG_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_SETTLE_MS = 20_000;
const RECOVER_MS = 25_000;
/** The CSV's ceiling (1,000,000 rows in pages of 10,000) and its first page. */
const CSV_MAX_PAGES = 101;

const classes = pickClasses(process.env.HOSTILE_ONLY);
/** The mock's own answers: the control, and the measure of an ordinary long task. */
const BASELINE = HOSTILE_DATA_CORPUS.find((cls) => cls.id === 'baseline')!;
const modes: [string, Record<string, string>, string][] = [
  ['a strict CSP', { 'Content-Security-Policy': STRICT_CSP }, 'csp'],
  ['no CSP', {}, 'none'],
  // Where no worker may start, large answers are read on the main thread in slices: the
  // classes with large answers, and the control.
  ['a CSP that refuses workers', { 'Content-Security-Policy': `${STRICT_CSP}; worker-src 'none'` }, 'noworker'],
];
/** The classes run where workers are refused (their answers are over the 256 KiB read at once). */
const NO_WORKER_CLASSES = new Set([
  'baseline',
  'values-flood-200000',
  'csv-endless',
  'draw-throw-200000-days',
  'huge-values-2mb-dimension',
  'huge-values-1mb-titles',
  'deep-json',
  'body-under-cap',
]);
/** A class whose answer (200,000 rows, about 14 MB) can only have been read by the worker, or in slices. */
const WORKER_PROBE = 'draw-throw-200000-days';

interface Outcome {
  id: string;
  mode: string;
  report?: PageReport;
  recovered?: WidgetState[];
  retried: number;
  firstData: Partial<Record<WidgetId, number>>;
  counts: Partial<Record<AskKind, number>>;
  otherHits: number;
  strayRequests: string[];
  heapPeakMb: number;
  csv?: { clicked: boolean; saved: boolean; ms: number };
  hang?: string;
  dialogs: string[];
}

let folder: string;
let browser: Browser;

beforeAll(async () => {
  folder = await buildFixturePage('hostile-data');
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or `'hang'` when the page has not answered in `ms`. */
async function guarded<T>(work: Promise<T>, ms = HANG_MS): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    work,
    new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), ms))),
  ]);
  clearTimeout(timer);
  return result;
}

/** What the checks found wrong with one outcome (empty: the class held). */
function failures(cls: HostileClass, outcome: Outcome): string[] {
  const out: string[] = [];
  if (outcome.hang) out.push(`the page froze: ${outcome.hang}`);
  const report = outcome.report;
  if (!report) return out;
  const errors = new Map<string, number>();
  for (const error of report.errors) errors.set(error.slice(0, 200), (errors.get(error.slice(0, 200)) ?? 0) + 1);
  for (const [error, times] of errors) out.push(`page error${times > 1 ? ` (${times} times)` : ''}: ${error}`);
  if (report.ran > 0 || outcome.dialogs.length > 0) out.push(`a script from the data ran (${report.ran})`);
  if (report.polluted) out.push('Object.prototype polluted');
  for (const request of outcome.strayRequests) out.push(`a request the data made: ${request.slice(0, 120)}`);
  if (outcome.otherHits > 0) out.push(`the other origin was asked ${outcome.otherHits} times (a redirect followed)`);
  if (outcome.heapPeakMb > (cls.maxHeapMb ?? 256)) out.push(`heap peaked at ${outcome.heapPeakMb} MB`);
  const asked = Object.values(outcome.counts).reduce((n, c) => n + (c ?? 0), 0);
  if (asked > (cls.maxRequests ?? 40)) out.push(`${asked} requests to the data API ${JSON.stringify(outcome.counts)}`);
  for (const shown of report.shownGarbage) out.push(`shown as data: ${shown}`);
  for (const defaced of report.defaced) out.push(`host page: ${defaced}`);
  for (const text of report.uncapped) out.push(`drawn whole, not capped: ${text}`);
  const byId = new Map(report.widgets.map((w) => [w.id as WidgetId, w]));
  for (const id of WIDGETS) {
    const widget = byId.get(id);
    if (!widget) {
      out.push(`${id}: its box is gone`);
      continue;
    }
    const reason = widget.reasons.join(' | ').slice(0, 160);
    if (widget.state === 'loading')
      out.push(
        `${id}: still loading after ${cls.settleMs ?? DEFAULT_SETTLE_MS} ms (it says "${widget.text.slice(0, 160)}")`,
      );
    if (widget.state === 'error') {
      if (!widget.reasons.some((r) => r.length > 8 && !/\[object|undefined/.test(r)))
        out.push(`${id}: an error with no readable reason (${reason})`);
      if (widget.retries === 0) out.push(`${id}: an error with no Retry (${reason})`);
    }
    if (widget.scrollWidth > 5_000) out.push(`${id}: ${widget.scrollWidth} px wide inside its box`);
    if (cls.mustDraw?.includes(id) && widget.state !== 'data')
      out.push(`${id}: shows no data (${widget.state}${reason ? `: ${reason}` : ''})`);
    if (cls.mustFail?.widgets.includes(id)) {
      if (widget.state !== 'error') out.push(`${id}: should show an error, shows ${widget.state}`);
      else if (cls.mustFail.reason && !widget.reasons.some((r) => cls.mustFail!.reason!.test(r)))
        out.push(`${id}: the reason "${reason}" does not match ${cls.mustFail.reason}`);
      else if (cls.mustFail.not && widget.reasons.some((r) => cls.mustFail!.not!.test(r)))
        out.push(`${id}: the reason "${reason}" should not match ${cls.mustFail.not}`);
    }
    const says = cls.says?.[id];
    if (says && !says.test(widget.text))
      out.push(`${id}: does not say ${says} (it says "${widget.text.slice(0, 240)}")`);
    if (id === 'table' && cls.atMost?.tableRows !== undefined && widget.rows > cls.atMost.tableRows)
      out.push(`table: ${widget.rows} rows drawn for a page of ${cls.atMost.tableRows}`);
    if (id === 'filters' && cls.atMost?.checkboxes !== undefined && widget.checkboxes > cls.atMost.checkboxes)
      out.push(`filters: ${widget.checkboxes} values listed for a limit of ${cls.atMost.checkboxes}`);
  }
  if (cls.barIsChart && byId.get('bar')?.chart !== 'chart')
    out.push(`bar: drawn as ${byId.get('bar')?.chart} (${byId.get('bar')?.text.slice(0, 120)})`);
  if (cls.drawnWithinMs)
    for (const id of cls.drawnWithinMs.widgets) {
      const at = outcome.firstData[id];
      if (at === undefined || at > cls.drawnWithinMs.ms)
        out.push(
          `${id}: ${at === undefined ? 'never drew' : `drew after ${at} ms`} (within ${cls.drawnWithinMs.ms} ms)`,
        );
    }
  if (outcome.csv) {
    const pages = outcome.counts.csv ?? 0;
    if (!outcome.csv.clicked) out.push('CSV: no Download CSV button to click');
    else if (!outcome.csv.saved) out.push(`CSV: no file after ${outcome.csv.ms} ms (${pages} pages asked)`);
    if (pages > CSV_MAX_PAGES) out.push(`CSV: ${pages} pages asked (ceiling ${CSV_MAX_PAGES})`);
  }
  if (cls.recover && outcome.recovered)
    for (const widget of outcome.recovered)
      if (widget.state !== 'data')
        out.push(
          `after the server recovered and Retry (${outcome.retried} clicked): ${widget.id} shows ${widget.state} ${widget.reasons.join(' | ').slice(0, 160)}`,
        );
  return out;
}

describe.each(modes.filter(([, , key]) => !process.env.HOSTILE_MODE || key === process.env.HOSTILE_MODE))(
  'the native widgets under a hostile data API, with %s',
  (mode, headers, modeKey) => {
    let server: HostileDataServer;
    let context: BrowserContext | undefined;
    let page: Page | undefined;
    let cdp: CDPSession | undefined;
    let clean = false;
    /** The longest task of the mock's own answers seen in this mode (the baseline class). */
    let ordinary = 0;
    /** The budgets run's bound on a class's longest task (see BASELINE_RATIO). */
    const budget = () => Math.max(BUDGET_MS, Math.round(BASELINE_RATIO * ordinary));
    const strays: string[] = [];
    const dialogs: string[] = [];
    const table: Record<string, unknown>[] = [];

    beforeAll(async () => {
      server = await serveHostileData(folder, { index: 'hostile-data.html', headers });
    });
    afterAll(async () => {
      await context?.close().catch(() => {});
      await server?.close();
      console.info(`[reliability] hostile data API, ${mode}: ${table.length} classes`);
      if (table.length) console.table(table);
    });

    const call = <T>(name: string, arg?: unknown): Promise<T | 'hang'> =>
      guarded(
        page!.evaluate(
          ([fn, value]) => (window as unknown as Record<string, (v: unknown) => unknown>)[fn as string]!(value),
          [name, arg] as const,
        ) as Promise<T>,
      );

    /** A fresh page, warmed with good answers (the lazy chunks' first parse is not a class's cost). */
    async function open(): Promise<string | undefined> {
      await guarded(context?.close() ?? Promise.resolve(), 10_000);
      context = await browser.newContext({ viewport: { width: 1000, height: 900 }, acceptDownloads: true });
      page = await context.newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('blob:') || url.startsWith('data:') || url.startsWith(`${server.other}/`)) return;
        if (url.startsWith(`${server.origin}/`)) {
          const path = url.slice(server.origin.length);
          if (/^\/($|\?|hostile-data\.html|assets\/|data\/)/.test(path)) return;
        }
        strays.push(url);
      });
      // Anything but the two loopback origins is counted above and never reaches a network.
      await context.route(
        (url) => url.origin !== server.origin && url.origin !== server.other,
        (route) => route.abort(),
      );
      cdp = await context.newCDPSession(page);
      await page.goto(`${server.origin}/`);
      server.use(undefined);
      await call('__mount', { timeoutMs: DEFAULT_TIMEOUT_MS, base: `${server.origin}${DATA_PREFIX}` });
      const warm = await settle(30_000, (widgets) => widgets.every((w) => w.state === 'data'));
      await call('__unmount');
      if (!warm.every((w) => w.state === 'data'))
        return `the page did not draw good answers: ${JSON.stringify(warm.map((w) => [w.id, w.state, w.reasons]))}`;
      clean = true;
      return undefined;
    }

    /** Polls the widgets until `done` or `ms`; the last states. */
    async function settle(
      ms: number,
      done: (widgets: WidgetState[]) => boolean,
      seen?: (widgets: WidgetState[], at: number) => void,
    ): Promise<WidgetState[]> {
      const start = Date.now();
      for (;;) {
        const report = await call<PageReport>('__report');
        if (report === 'hang') throw new Error(`no answer from the page for ${HANG_MS} ms`);
        const widgets = report.widgets;
        seen?.(widgets, Date.now() - start);
        if (done(widgets) || Date.now() - start > ms) return widgets;
        await sleep(250);
      }
    }

    async function run(cls: HostileClass): Promise<Outcome> {
      const outcome: Outcome = {
        id: cls.id,
        mode,
        retried: 0,
        firstData: {},
        counts: {},
        otherHits: 0,
        strayRequests: [],
        heapPeakMb: 0,
        dialogs: [],
      };
      if (!page || !clean) {
        const problem = await open();
        if (problem) throw new Error(problem);
      }
      clean = false;
      await cdp!.send('HeapProfiler.collectGarbage');
      strays.length = 0;
      dialogs.length = 0;
      let peak = 0;
      let sampling = false;
      const sampler = setInterval(() => {
        if (sampling) return;
        sampling = true;
        cdp!
          .send('Runtime.getHeapUsage')
          .then(({ usedSize }) => (peak = Math.max(peak, usedSize)))
          .catch(() => {})
          .finally(() => (sampling = false));
      }, 250);
      try {
        server.use(cls, 'bad');
        await call('__resetTasks');
        await call('__mount', {
          timeoutMs: cls.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          base: `${server.origin}${DATA_PREFIX}`,
        });
        await settle(
          cls.settleMs ?? DEFAULT_SETTLE_MS,
          (widgets) => widgets.every((w) => w.state !== 'loading'),
          (widgets, at) => {
            for (const w of widgets) if (w.state === 'data') outcome.firstData[w.id as WidgetId] ??= at;
          },
        );
        // Opened as a user would to pick a value (a FilterBar may ask again on opening): then settled again.
        await call('__openLists');
        await sleep(500);
        await settle(cls.settleMs ?? DEFAULT_SETTLE_MS, (widgets) => widgets.every((w) => w.state !== 'loading'));
        if (cls.csvWaitMs) {
          const start = Date.now();
          const download = page!.waitForEvent('download', { timeout: cls.csvWaitMs }).catch(() => null);
          const clicked = await call<boolean>('__csv');
          const saved = clicked === true && (await download) !== null;
          outcome.csv = { clicked: clicked === true, saved, ms: Date.now() - start };
          // What the table says about the file comes a render after the file.
          const says = cls.says?.table;
          if (saved && says)
            await settle(5_000, (widgets) => widgets.some((w) => w.id === 'table' && says.test(w.text)));
        }
        const report = await call<PageReport>('__report');
        if (report === 'hang') throw new Error(`no answer from the page for ${HANG_MS} ms`);
        outcome.report = report;
        outcome.counts = server.counts();
        outcome.otherHits = server.otherHits();
        outcome.strayRequests = [...strays];
        outcome.dialogs = [...dialogs];
        if (cls.recover) {
          server.use(cls, 'good');
          const retried = await call<number>('__retry');
          outcome.retried = retried === 'hang' ? 0 : retried;
          outcome.recovered = await settle(RECOVER_MS, (widgets) => widgets.every((w) => w.state === 'data'));
        }
        const after = await call<PageReport>('__report');
        if (after !== 'hang') {
          // Errors and scripts while recovering count too.
          outcome.report.errors = after.errors;
          outcome.report.ran = after.ran;
        }
        await call('__unmount');
        // A promise the unmount's cancels reject and nobody awaits shows up a moment later.
        await sleep(300);
        const late = await call<string[]>('__errors');
        if (late !== 'hang') outcome.report.errors = late;
      } catch (error) {
        outcome.hang = (error as Error).message;
      } finally {
        clearInterval(sampler);
      }
      outcome.heapPeakMb = Math.round(peak / 1024 / 1024);
      return outcome;
    }

    for (const cls of classes.filter((each) => each.knownGap)) it.skip(`${cls.id} (${cls.knownGap})`, () => {});
    const here = classes.filter((cls) => !cls.knownGap && (modeKey !== 'noworker' || NO_WORKER_CLASSES.has(cls.id)));

    it.each(here.map((cls) => [cls.id, cls] as const))(
      '%s',
      async (_id, cls) => {
        const outcome = await run(cls);
        if (cls === BASELINE && outcome.report) ordinary = Math.max(ordinary, outcome.report.longest);
        const found = failures(cls, outcome);
        // The line chart's 14 MB answer went to the data client's worker, or, where a CSP
        // refuses workers, none started and it was read in slices (it drew all the same).
        const workers = outcome.report?.workers;
        if (cls.id === WORKER_PROBE && workers) {
          if (modeKey === 'noworker' && workers.answered > 0)
            found.push(`a worker answered (${JSON.stringify(workers)})`);
          if (modeKey !== 'noworker' && (workers.answered === 0 || workers.failed > 0))
            found.push(`the worker did not read the answers (${JSON.stringify(workers)})`);
        }
        // A page a class left in a bad state (a loop still running, a frozen tab) is not reused.
        clean = found.length === 0 && !cls.csvWaitMs;
        // The baseline sets the bound (see BASELINE_RATIO); it is not held to it.
        if (cls !== BASELINE && outcome.report)
          recordBudget({
            id: `hostile data API / ${mode} / ${cls.id}`,
            ms: outcome.report.longest,
            budgetMs: budget(),
            rerun: {
              file: 'test/reliability/hostile-data.test.ts',
              project: 'node',
              env: { HOSTILE_ONLY: `=baseline,=${cls.id}`, HOSTILE_MODE: modeKey },
            },
          });
        table.push({
          class: cls.id,
          requests: Object.values(outcome.counts).reduce((n, c) => n + (c ?? 0), 0),
          byKind: Object.entries(outcome.counts)
            .map(([kind, n]) => `${kind}:${n}`)
            .join(' '),
          csvPages: outcome.counts.csv ?? 0,
          other: outcome.otherHits,
          heapMb: outcome.heapPeakMb,
          longestMs: outcome.report?.longest ?? -1,
          states: outcome.report?.widgets.map((w) => `${w.id}:${w.state}`).join(' ') ?? '',
          failures: found.length,
        });
        if (found.length) console.info(`[reliability] ${cls.id} (${mode}): ${cls.about}\n  - ${found.join('\n  - ')}`);
        expect(found, `${cls.id} (${mode}): ${cls.about}`).toEqual([]);
      },
      // A warm page, the class's waits and a frozen page's guards.
      60_000 + longestWait(),
    );
  },
);

/** The largest per-class wait of the run (settle, CSV, recovery), for the test timeout. */
function longestWait(): number {
  return Math.max(
    0,
    ...classes.map(
      (cls) => (cls.settleMs ?? DEFAULT_SETTLE_MS) + (cls.csvWaitMs ?? 0) + (cls.recover ? RECOVER_MS : 0) + HANG_MS,
    ),
  );
}
