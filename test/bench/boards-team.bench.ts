/**
 * Two people on one 24-widget board (4 KPIs, 16 charts, 4 tables on the mock's data), in
 * Chromium, over the board API on loopback (`createBoardApi` on the SQL store, PGlite): Erin
 * edits it by keyboard (each round one move, saved by StoredBoard), Ada watches it with
 * StoredBoard's polling, Lea with the server's revision events as well, and a fourth page as a
 * naive page would (re-reading the board at the same interval and handing its definition to a
 * Board as it came). Per round:
 * - how long after Erin's save answered the change was on each watcher's screen (target: within
 *   the polling interval, plus one read of the board, 1 s, for a busy machine), for StoredBoard
 *   polling alone and for one that follows the server's revision events too (`events` on);
 * - which widgets re-rendered on each watcher (counted per widget from React's commits, as the
 *   boards suite counts them): StoredBoard re-renders only the widgets the save changed (target),
 *   the naive page all of them (printed, as a ratio, from the same run).
 * `--smoke` runs 3 rounds at a 1 s interval instead of 8 at the library's default 4 s.
 */
import { PGlite } from '@electric-sql/pglite';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { createMockService, MOCK_DATA_API_SECRET } from '../../src/mock';
import type { BoardDefinition, BoardUser } from '../../src/react/boards';
import { DEFAULT_POLL_INTERVAL_MS } from '../../src/react/boards';
import { createBoardApi, createDataToken, createSqlBoardStore } from '../../src/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { serveHandler } from '../reliability/app/serve';
import { buildBenchPage } from './bench-page';
import { benchBoard } from './boards-page/board';
import type { TeamBenchState } from './boards-team-page/main';
import { median, table } from './harness';
import type { SuiteOptions } from './suite';

const USERS: Record<string, BoardUser> = {
  erin: { id: 'erin', groups: ['europe'] },
  ada: { id: 'ada', groups: ['americas'] },
  ned: { id: 'ned', groups: ['americas'] },
  lea: { id: 'lea', groups: ['americas'] },
};
const VIEWPORT = { width: 1280, height: 2300 };
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
/** The slack on top of the interval: one read of the board (revision, then the record) on a busy machine. */
const SLACK_MS = 1000;

/** The widgets whose JSON differs between two definitions (added, removed or changed). */
function changedWidgets(before: BoardDefinition, after: BoardDefinition): string[] {
  const old = new Map(before.widgets.map((widget) => [widget.id, JSON.stringify(widget)]));
  const ids = new Set([...old.keys(), ...after.widgets.map((widget) => widget.id)]);
  return [...ids].filter((id) => old.get(id) !== JSON.stringify(after.widgets.find((w) => w.id === id)));
}

/** The page's server: its build, a data token, the mock's data API, and the board API. */
async function startHost(outDir: string) {
  const mock = createMockService();
  const store = createSqlBoardStore({ client: await PGlite.create() });
  const userOf = (request: Request) => USERS[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? ''];
  const boards = createBoardApi({ store, getUser: (request) => userOf(request) ?? null, events: true });
  const listening = await serveHandler(async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/assets/')) {
      const file = join(outDir, url.pathname.replace(/\.\.+/g, ''));
      const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      return new Response(await readFile(file, 'utf8').catch(() => ''), { headers: { 'Content-Type': type } });
    }
    if (url.pathname === '/' || url.pathname === '/index.html')
      return new Response(await readFile(join(outDir, 'index.html'), 'utf8'), {
        headers: { 'Content-Type': 'text/html' },
      });
    if (url.pathname === '/host/data-token')
      return Response.json(
        await createDataToken({
          apiSecret: MOCK_DATA_API_SECRET,
          user: { externalId: 'bench', groups: ['executives'] },
        }),
      );
    if (url.pathname.startsWith('/api/boards')) return boards(request);
    return mock.handle(request);
  });
  return { ...listening, store };
}

const read = (page: Page) => page.evaluate(() => window.teamBench) as Promise<TeamBenchState>;

/** A person's page on the board, once every widget drew and nothing was busy for a moment. */
async function open(browser: Browser, origin: string, who: string, as: string, id: string, interval: number) {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ name: 'user', value: who, url: origin }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[boards-team ${as}]`, error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[boards-team ${as}]`, message.text());
  });
  await page.goto(`${origin}/?as=${as}&id=${encodeURIComponent(id)}&interval=${interval}&user=${who}`);
  await page.waitForFunction(() => document.querySelectorAll('[data-widget-id]').length === 24, undefined, {
    timeout: 60_000,
  });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  return { page, close: () => context.close() };
}

/** Runs the suite; false when a target is missed. */
export async function boardsTeamBench(options: SuiteOptions): Promise<boolean> {
  const smoke = options.smoke ?? false;
  const interval = smoke ? 1000 : DEFAULT_POLL_INTERVAL_MS;
  const rounds = smoke ? 3 : 8;
  console.log(
    `\n## Two people on a 24-widget board: one edits, the other's view polls every ${interval} ms (${rounds} rounds)`,
  );
  const outDir = await buildBenchPage(new URL('./boards-team-page/', import.meta.url), 'boards-team');
  const host = await startHost(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const board = await host.store.create(USERS.erin!, {
    definition: benchBoard(),
    grants: [
      { type: 'user', id: 'ada', role: 'edit' },
      { type: 'user', id: 'ned', role: 'view' },
      { type: 'user', id: 'lea', role: 'view' },
    ],
  });
  const pages = [] as { close: () => Promise<void> }[];
  try {
    const erin = await open(browser, host.origin, 'erin', 'edit', board.id, interval);
    const ada = await open(browser, host.origin, 'ada', 'watch', board.id, interval);
    const live = await open(browser, host.origin, 'lea', 'live', board.id, interval);
    const naive = await open(browser, host.origin, 'ned', 'naive', board.id, interval);
    pages.push(erin, ada, live, naive);
    const watchers = { StoredBoard: ada.page, 'StoredBoard + events': live.page, naive: naive.page };
    const results: Record<keyof typeof watchers, { latency: number[]; rerendered: number[]; renders: number[] }> = {
      StoredBoard: { latency: [], rerendered: [], renders: [] },
      'StoredBoard + events': { latency: [], rerendered: [], renders: [] },
      naive: { latency: [], rerendered: [], renders: [] },
    };
    let exact = true;
    const extra: string[] = [];
    const changedCounts: number[] = [];
    let before = (await host.store.get(USERS.erin!, board.id)).definition;
    for (let round = 0; round < rounds; round++) {
      for (const page of Object.values(watchers)) await page.evaluate(() => window.teamBench.count());
      // Erin moves a KPI along (it swaps places with its neighbour), by keyboard: right, then back.
      const id = round % 4 < 2 ? 'k1' : 'k3';
      await erin.page.focus(`[data-widget-id="${id}"]`);
      await erin.page.keyboard.press(round % 2 ? 'ArrowLeft' : 'ArrowRight');
      await erin.page.waitForFunction((n) => window.teamBench.saved.length > n, round, { timeout: 30_000 });
      const saved = (await read(erin.page)).saved[round]!;
      const after = (await host.store.get(USERS.erin!, board.id)).definition;
      const changed = changedWidgets(before, after);
      changedCounts.push(changed.length);
      before = after;
      for (const [name, page] of Object.entries(watchers) as [keyof typeof watchers, Page][]) {
        await page.waitForFunction(
          (revision) => window.teamBench.shown.some((s) => s.revision >= revision),
          saved.revision,
          {
            timeout: interval * 3 + 30_000,
          },
        );
        // A moment for anything the update set off (a widget's data read again, say).
        await page.waitForTimeout(300);
        const state = await read(page);
        const at = state.shown.find((s) => s.revision >= saved.revision)!.at;
        const renders = await page.evaluate(() => window.teamBench.counted());
        const rerendered = Object.keys(renders).filter((widget) => renders[widget]! > 0);
        results[name].latency.push(at - saved.at);
        results[name].rerendered.push(rerendered.length);
        results[name].renders.push(Object.values(renders).reduce((a, b) => a + b, 0));
        if (name !== 'naive') {
          const others = rerendered.filter((widget) => !changed.includes(widget));
          if (others.length) {
            exact = false;
            extra.push(...others);
          }
        }
      }
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    table([
      [
        'watcher',
        'median ms to show',
        'longest ms',
        'widgets changed / update',
        'widgets re-rendered / update',
        'component renders / update',
      ],
      ...(Object.entries(results) as [string, (typeof results)['naive']][]).map(([name, r]) => [
        name,
        Math.round(median(r.latency)),
        Math.round(Math.max(...r.latency)),
        (sum(changedCounts) / rounds).toFixed(1),
        (sum(r.rerendered) / rounds).toFixed(1),
        (sum(r.renders) / rounds).toFixed(1),
      ]),
    ]);
    const longest = Math.max(...results.StoredBoard.latency, ...results['StoredBoard + events'].latency);
    const currentOk = longest <= interval + SLACK_MS;
    console.log(
      `with the server's revision events: median ${Math.round(median(results['StoredBoard + events'].latency))} ms against ${Math.round(median(results.StoredBoard.latency))} ms polling alone (the server checks the store for events on its own interval)`,
    );
    const ratio = sum(results.naive.renders) / Math.max(1, sum(results.StoredBoard.renders));
    console.log(
      `StoredBoard's view current within the interval (${interval} ms + ${SLACK_MS} ms for the read): longest ${Math.round(longest)} ms: ${currentOk ? 'met' : 'MISSED'}`,
    );
    console.log(
      `StoredBoard re-renders only the widgets the save changed: ${exact ? 'met' : `MISSED (also ${[...new Set(extra)].join(', ')})`}; naive / StoredBoard component renders per update: ${ratio.toFixed(1)}x`,
    );
    return currentOk && exact;
  } finally {
    for (const page of pages) await page.close();
    await browser.close();
    await host.close();
  }
}
