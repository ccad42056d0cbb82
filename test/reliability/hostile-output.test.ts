// Issue 17, part B: the hostile agent-output corpus (test/reliability/fixtures/
// hostile-output-corpus.ts) in real Chromium, once under a strict CSP and once with none
// (most host pages have none). Per payload: one agent turn streams into <AgentChat> inside a
// host page; the page reports the longest main-thread task, errors, and anything painted or
// changed outside the payload's row; this side counts requests leaving the page and gives a
// frozen page (a hang) a fresh one. Per class: payloads tried, crashes, hangs, defacements,
// misleading links, requests out, longest task. The longest task is reported and recorded
// for the budgets run (`npm run bench -- budgets`, 200 ms a payload), not asserted here: a
// busy machine must not fail `npm test`.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../setup/commands';
import { serveFolder } from '../setup/static-server';
import { recordBudget } from '../support/budgets';
import type { Report } from './fixtures/hostile-output';
import { classOf, CORPUS } from './fixtures/hostile-output-corpus';
import { buildFixturePage, launchChromium } from './support';

/** No single payload may block the main thread longer than this (ms): held by the budgets run. */
const BUDGET_MS = 200;
/** A payload still running after this long froze the page. */
const HANG_MS = Number(process.env.HOSTILE_HANG_MS ?? 20_000);

interface Outcome extends Report {
  hang: boolean;
  requests: string[];
}

const only = process.env.HOSTILE_ONLY;
const cases = CORPUS.filter((c) => !only || new RegExp(only).test(c.id));
const escaped = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let folder: string;
let browser: Browser;

beforeAll(async () => {
  folder = await buildFixturePage('hostile-output');
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const modes: [string, Record<string, string>][] = [
  ['a strict CSP', { 'Content-Security-Policy': STRICT_CSP }],
  ['no CSP', {}],
];
/** What HOSTILE_MODE names each mode by. */
const modeKey = (mode: string) => (mode === 'no CSP' ? 'no CSP' : 'strict');

// HOSTILE_ONLY=<a pattern of ids> and HOSTILE_MODE=csp|none narrow a run while debugging.
describe.each(modes.filter(([name]) => !process.env.HOSTILE_MODE || name.includes(process.env.HOSTILE_MODE)))(
  'hostile agent output with %s',
  (mode, headers) => {
    let origin: string;
    let close: () => void;
    beforeAll(async () => {
      const served = await serveFolder(folder, { index: 'hostile-output.html', headers });
      origin = served.origin;
      close = () => served.server.close();
    });
    afterAll(() => close?.());

    it(
      'crashes nothing, hangs nothing, paints nothing outside its row, loads nothing',
      async () => {
        let page: Page | undefined;
        let cdp: CDPSession | undefined;
        let current = '';
        const requests = new Map<string, string[]>();
        const open = async () => {
          await page?.close().catch(() => {});
          page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
          page.on('request', (request) => {
            const url = request.url();
            if (url.startsWith(`${origin}/`) || url.startsWith('blob:') || url.startsWith('data:')) return;
            requests.set(current, [...(requests.get(current) ?? []), url]);
          });
          // Anything leaving the page is counted above and never reaches a network.
          await page.route(
            (url) => url.origin !== origin,
            (route) => route.abort(),
          );
          await page.goto(`${origin}/`);
          await page.evaluate(() => (window as unknown as { __warm: () => Promise<void> }).__warm());
          cdp = await page.context().newCDPSession(page);
        };
        const attempt = async (id: string): Promise<Report | 'hang'> => {
          current = id;
          // The earlier payloads' garbage collected first (as the hostile-data corpus does): a
          // collection of megabytes they left is not this payload's task.
          await cdp?.send('HeapProfiler.collectGarbage').catch(() => {});
          // HOSTILE_TRACE=<part of an id>: a Chrome trace of that payload, to see what its long task did.
          const trace = process.env.HOSTILE_TRACE && id.includes(process.env.HOSTILE_TRACE);
          if (trace)
            await browser.startTracing(page!, {
              path: join(tmpdir(), `hostile-trace-${id.replace(/\//g, '_')}.json`),
              categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.gc'],
            });
          const run = page!.evaluate(
            (payload) => (window as unknown as { __run: (id: string) => Promise<Report> }).__run(payload),
            id,
          );
          const timer = new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), HANG_MS));
          const report = await Promise.race([
            run.catch((error: Error) => ({
              id,
              longest: 0,
              errors: [`evaluate: ${error.message}`],
              defaced: [],
              links: [],
              ms: 0,
            })),
            timer,
          ]);
          if (trace) await browser.stopTracing();
          // A frozen or damaged page is of no more use: the next payload gets a fresh one.
          if (report === 'hang' || report.errors.length > 0 || report.defaced.length > 0) await open();
          return report;
        };
        await open();
        const outcomes: Outcome[] = [];
        for (const hostile of cases) {
          const report = await attempt(hostile.id);
          if (report !== 'hang')
            recordBudget({
              id: `hostile agent output / ${mode} / ${hostile.id}`,
              ms: report.longest,
              budgetMs: BUDGET_MS,
              rerun: {
                file: 'test/reliability/hostile-output.test.ts',
                project: 'node',
                env: { HOSTILE_ONLY: `^${escaped(hostile.id)}$`, HOSTILE_MODE: modeKey(mode) },
              },
            });
          outcomes.push(
            report === 'hang'
              ? {
                  id: hostile.id,
                  longest: HANG_MS,
                  errors: [],
                  defaced: [],
                  links: [],
                  ms: HANG_MS,
                  hang: true,
                  requests: [],
                }
              : { ...report, hang: false, requests: [] },
          );
        }
        await page?.close();
        for (const outcome of outcomes) outcome.requests = requests.get(outcome.id) ?? [];

        // Per class: tried, crashes, hangs, defacements, misleading links, requests, longest task.
        const classes = [...new Set(outcomes.map((o) => classOf(o.id)))];
        const rows = classes.map((name) => {
          const of = outcomes.filter((o) => classOf(o.id) === name);
          return {
            class: name,
            tried: of.length,
            crashes: of.filter((o) => o.errors.length > 0).length,
            hangs: of.filter((o) => o.hang).length,
            defacements: of.filter((o) => o.defaced.length > 0).length,
            links: of.filter((o) => o.links.length > 0).length,
            requests: of.reduce((n, o) => n + o.requests.length, 0),
            longestMs: Math.max(...of.map((o) => o.longest)),
          };
        });
        console.info(`[reliability] hostile agent output, ${mode}: ${outcomes.length} payloads`);
        console.table(rows);
        const bad = outcomes.filter(
          (o) => o.errors.length || o.hang || o.defaced.length || o.links.length || o.requests.length,
        );
        for (const o of bad) {
          console.info(
            `  ${o.id}: longest ${o.longest} ms${o.hang ? ' (hung)' : ''}`,
            JSON.stringify({ errors: o.errors, defaced: o.defaced, links: o.links, requests: o.requests.slice(0, 3) }),
          );
        }
        if (process.env.HOSTILE_VERBOSE)
          for (const o of outcomes) console.info(`  ${o.id}: ${o.longest} ms (${o.ms} ms in all)`);
        expect(bad.map((o) => o.id)).toEqual([]);
        expect(rows.reduce((n, r) => n + r.tried, 0)).toBe(cases.length);
      },
      // Up to a minute a payload when everything hangs (the deny-list), seconds otherwise.
      cases.length * (HANG_MS + 10_000),
    );
  },
);
