/**
 * Boards in Chromium (`boards-page/`), with 100 ms added to every request the page makes
 * (its document, its token, its data; the page's server sits in front of the mock):
 * - loading a board of 24 widgets (4 KPIs, 16 charts of which 4 repeat a query, 4 tables)
 *   against the same native widgets placed by hand in a CSS grid (their drill menus on in
 *   both, as on a board by default; BENCH_DRILL=0 turns them off): time until all are drawn
 *   (interleaved rounds, the median of the paired ratios), `/load` requests against the
 *   distinct queries, layout shift while loading;
 * - dragging a chart across the board by pointer, and moving one by keyboard: the longest
 *   task (in wall time, and in CPU time from a trace, which the target is judged on), the
 *   longest input to next paint, the frame rate and longest frame gap (with the render
 *   counter off), and the widgets that re-rendered though they did not move (with it on, in
 *   a second pass);
 * - saving: 20 keyboard moves in a second on a `StoredBoard` over a store that counts its
 *   saves: one save, holding the last place.
 * `--smoke` runs 2 load rounds instead of 7 and one drag pass (counted: its times are not judged).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { createMockService, MOCK_DATA_API_SECRET, toNodeHandler } from '../../src/mock';
import { createDataToken } from '../../src/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { listenOnLoopback } from '../setup/listen.ts';
import { buildBenchPage, serveBuiltAsset } from './bench-page';
import { moveBy, type PlacedWidget } from '../../src/react/boards/grid-layout';
import { median, table } from './harness';
import type { Mode } from './boards-page/app';
import { benchBoard, DISTINCT_QUERIES } from './boards-page/board';
import type { BoardsBenchState, Recorded } from './boards-page/main';
import type { SuiteOptions } from './suite';

/** Added to every request the page makes but its static assets. */
const DELAY_MS = 100;
const USER = { externalId: 'bench-erin', groups: ['executives'] };
/** A viewport the whole board fits in (26 rows of 72 px and gaps), so no widget waits to be seen. */
const VIEWPORT = { width: 1280, height: 2300 };

interface Logged {
  path: string;
  search: string;
  start: number;
  end: number;
}

/** The page's server: assets at once; the document, the token and the data 100 ms late. */
async function startHost(outDir: string) {
  const handle = toNodeHandler(createMockService());
  const log: Logged[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (await serveBuiltAsset(outDir, url.pathname, res)) return;
    const entry: Logged = { path: url.pathname, search: url.search, start: Date.now(), end: 0 };
    log.push(entry);
    res.on('finish', () => (entry.end = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.setHeader('Content-Type', 'text/html');
      return void res.end(await readFile(join(outDir, 'index.html')));
    }
    if (url.pathname === '/host/data-token') {
      res.setHeader('Content-Type', 'application/json');
      return void res.end(JSON.stringify(await createDataToken({ apiSecret: MOCK_DATA_API_SECRET, user: USER })));
    }
    await handle(req, res);
  });
  return { ...(await listenOnLoopback(server)), log };
}

const read = (page: Page) => page.evaluate(() => window.boardsBench) as Promise<BoardsBenchState>;
const isLoad = (entry: Logged) => entry.path.endsWith('/cubejs-api/v1/load');

/** Waits until nothing on the page is busy and no request came for 300 ms. */
async function settled(page: Page, log: Logged[]) {
  let count = -1;
  for (;;) {
    await page.waitForFunction(() => !document.querySelector('#root [aria-busy="true"]'), undefined, {
      timeout: 30_000,
    });
    await page.waitForTimeout(300);
    if (log.length === count && log.every((entry) => entry.end > 0)) return;
    count = log.length;
  }
}

interface Load {
  page: Page;
  close: () => Promise<void>;
  painted: number;
  loads: number;
  distinct: number;
  cls: number;
  shifts: string[];
}

/** Opens the page in `mode` in a fresh context (an empty cache) and waits until every widget drew. */
async function open(browser: Browser, origin: string, log: Logged[], mode: Mode): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[boards bench ${mode}]`, error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || process.env.BENCH_DEBUG) console.error(`[boards bench ${mode}]`, message.text());
  });
  log.length = 0;
  // BENCH_DRILL=0: every widget without its drill menu (on by default on a board).
  await page.goto(`${origin}/?mode=${mode}${process.env.BENCH_DRILL === '0' ? '&drill=0' : ''}`);
  await page.waitForFunction(() => window.boardsBench?.lastPainted !== undefined, undefined, { timeout: 60_000 });
  await settled(page, log);
  const state = await read(page);
  // BENCH_TRACE=1 prints each request's start and end, from the document's.
  if (process.env.BENCH_TRACE)
    console.error(
      `[boards bench ${mode}] painted at ${Math.round(state.lastPainted! - state.origin)} ms; requests:`,
      log
        .map((entry) => `${entry.path.split('/').at(-1)} ${entry.start - log[0]!.start}-${entry.end - log[0]!.start}`)
        .join(', '),
    );
  // BENCH_SCREENSHOTS=<folder> keeps a picture of each page as measured.
  if (process.env.BENCH_SCREENSHOTS)
    await page.screenshot({ path: join(process.env.BENCH_SCREENSHOTS, `boards-${mode}.png`) });
  const loads = log.filter(isLoad);
  // The query as the data client sent it, its keys sorted: the same question twice is one.
  const distinct = new Set(
    loads.map((entry) => {
      const query = JSON.parse(new URLSearchParams(entry.search).get('query') ?? '{}') as Record<string, unknown>;
      return JSON.stringify(query, Object.keys(query).sort());
    }),
  );
  return {
    page,
    close: () => context.close(),
    painted: state.lastPainted! - state.origin,
    loads: loads.length,
    distinct: distinct.size,
    cls: state.cls,
    shifts: state.shifts,
  };
}

/** The centre of the first element `selector` finds. */
async function centre(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags chart c1 by its handle across the board: 9 columns right, 12 rows down, 6 columns
 * back, a pointer event every 16 ms or so (a hand's pace), then drops it.
 */
async function pointerDrag(page: Page, counted: boolean): Promise<Recorded> {
  const from = await centre(page, '[data-widget-id="c1"] .ek-board__handle');
  const grid = (await page.locator('.ek-board__grid').boundingBox())!;
  const column = (grid.width + 12) / 12;
  const row = 72 + 12;
  const path: [number, number][] = [];
  for (let i = 1; i <= 36; i++) path.push([from.x + (9 * column * i) / 36, from.y]);
  for (let i = 1; i <= 48; i++) path.push([from.x + 9 * column, from.y + (12 * row * i) / 48]);
  for (let i = 1; i <= 24; i++) path.push([from.x + 9 * column - (6 * column * i) / 24, from.y + 12 * row]);
  await page.mouse.move(from.x, from.y);
  await page.evaluate((renders) => window.boardsBench.start({ renders }), counted);
  await page.mouse.down();
  for (const [x, y] of path) {
    await page.mouse.move(x, y);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  await page.waitForTimeout(300);
  return page.evaluate(() => window.boardsBench.stop());
}

/** Moves chart c6 by keyboard: 6 cells right, 8 down, 3 left, a key every 50 ms. */
async function keyboardMove(page: Page, counted: boolean): Promise<Recorded> {
  await page.locator('[data-widget-id="c6"]').focus();
  await page.evaluate((renders) => window.boardsBench.start({ renders }), counted);
  const keys = [
    ...Array<string>(6).fill('ArrowRight'),
    ...Array<string>(8).fill('ArrowDown'),
    ...Array<string>(3).fill('ArrowLeft'),
  ];
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => window.boardsBench.stop());
}

/** A trace event (Chrome's JSON trace format): `tdur` is the thread's CPU time, µs. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Runs `fn` under Chrome's tracing and adds the longest task of the page's main thread in
 * CPU time (its thread time): unlike wall time, not stretched while other processes hold the
 * machine's cores, so the 50 ms target can be judged on a shared machine.
 */
async function withTaskCpu(browser: Browser, page: Page, fn: () => Promise<Recorded>): Promise<Recorded> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const recorded = await fn();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const main = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let longest = 0;
  for (const event of traceEvents)
    if (event.name === 'RunTask' && event.ph === 'X' && main.has(`${event.pid}:${event.tid}`))
      longest = Math.max(longest, (event.tdur ?? 0) / 1000);
  return { ...recorded, longestTaskCpuMs: longest };
}

/** The widgets that did not move (nor were moved) but rendered. */
function unmovedRenders(recorded: Recorded, moving: string) {
  const ids = benchBoard().widgets.map((widget) => widget.id);
  const still = ids.filter((id) => id !== moving && !recorded.moved.includes(id));
  const rerendered = still.filter((id) => (recorded.renders[id] ?? 0) > 0);
  const movedRenders = recorded.moved.reduce((sum, id) => sum + (recorded.renders[id] ?? 0), 0);
  return { still: still.length, rerendered, movedRenders };
}

export async function boardsBench({ smoke }: SuiteOptions): Promise<boolean> {
  const outDir = await buildBenchPage(new URL('./boards-page/', import.meta.url), 'boards');
  const host = await startHost(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rounds = smoke ? 2 : 7;
  const runs: Record<'board' | 'grid', Load[]> = { board: [], grid: [] };
  const moves: { name: string; timed?: Recorded; counted: Recorded; moving: string }[] = [];
  let saving: { saves: number; y: number | undefined } | undefined;
  try {
    // Loading: the board and the hand-placed grid, in alternating order round by round.
    for (let round = 0; round < rounds; round++) {
      for (const mode of round % 2 ? (['grid', 'board'] as const) : (['board', 'grid'] as const)) {
        const load = await open(browser, host.origin, host.log, mode);
        await load.close();
        runs[mode].push(load);
      }
    }
    // Moving: a timed pass (no render counting) and a counted one, each on a fresh page.
    const passes = smoke ? [true] : [false, true];
    const recorded = { pointer: [] as Recorded[], keyboard: [] as Recorded[] };
    for (const counted of passes) {
      const edit = await open(browser, host.origin, host.log, 'edit');
      recorded.pointer.push(await withTaskCpu(browser, edit.page, () => pointerDrag(edit.page, counted)));
      recorded.keyboard.push(await withTaskCpu(browser, edit.page, () => keyboardMove(edit.page, counted)));
      await edit.close();
    }
    moves.push(
      {
        name: 'pointer drag of c1',
        counted: recorded.pointer.at(-1)!,
        timed: smoke ? undefined : recorded.pointer[0],
        moving: 'c1',
      },
      {
        name: 'keyboard move of c6 (17 keys)',
        counted: recorded.keyboard.at(-1)!,
        timed: smoke ? undefined : recorded.keyboard[0],
        moving: 'c6',
      },
    );
    // Saving: 20 moves in a second (t4 up over the widgets above it, a swap each time, until
    // the top; at the bottom of its columns a widget cannot go lower on a compacted board),
    // then the store's saves once the pause has passed.
    const stored = await open(browser, host.origin, host.log, 'stored');
    await stored.page.locator('[data-widget-id="t4"]').focus();
    for (let i = 0; i < 20; i++) {
      await stored.page.keyboard.press('ArrowUp');
      await stored.page.waitForTimeout(50);
    }
    await stored.page.waitForTimeout(2_000);
    const { counts } = await read(stored.page);
    const last = counts.saved.at(-1)?.widgets.find((widget) => widget.id === 't4');
    saving = { saves: counts.saves, y: last?.layout.y };
    await stored.close();
  } finally {
    await browser.close();
    await host.close();
  }

  let ok = true;
  const board = runs.board;
  const grid = runs.grid;
  const ratios = board.map((run, i) => run.painted / grid[i]!.painted);
  const ratio = median(ratios);
  console.log(
    `\n## Boards in Chromium: 24 widgets (4 KPIs, 16 charts, 4 tables), ${DELAY_MS} ms added to every request, ${rounds} interleaved rounds`,
  );
  const requestsOk = board.every((run) => run.loads === run.distinct && run.distinct === DISTINCT_QUERIES);
  const clsOk = board.every((run) => run.cls === 0);
  const ratioOk = ratio <= 1.1;
  table([
    ['page', 'all drawn ms (median)', '/load requests', 'distinct queries', 'CLS (worst)'],
    ...(['board', 'grid'] as const).map((mode) => [
      mode === 'board' ? 'Board (lazy)' : 'hand-placed CSS grid',
      Math.round(median(runs[mode].map((run) => run.painted))),
      runs[mode].map((run) => run.loads).join(', '),
      runs[mode].map((run) => run.distinct).join(', '),
      Math.max(...runs[mode].map((run) => run.cls)).toFixed(4),
    ]),
  ]);
  for (const run of board) if (run.cls > 0) console.log(`(board: what moved while loading: ${run.shifts.join('; ')})`);
  console.log(
    `board / hand-placed, time until all drawn: ${ratio.toFixed(2)}x (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≤ 1.1x): ${ratioOk ? 'met' : smoke ? 'missed (judged in full runs)' : 'MISSED'}`,
  );
  console.log(
    `requests equal the distinct queries (${DISTINCT_QUERIES} for 24 widgets): ${requestsOk ? 'met' : 'MISSED'}; layout shift 0 while loading: ${clsOk ? 'met' : 'MISSED'}`,
  );
  ok &&= requestsOk && clsOk && (smoke || ratioOk);

  console.log(
    smoke
      ? '\nMoving (one pass, render counter on: times not judged)'
      : '\nMoving (times from a pass with the render counter off; renders from a second pass with it on)',
  );
  const rows: (string | number)[][] = [
    [
      'move',
      'ms',
      'frames/s',
      'longest frame gap ms',
      'longest task ms (wall, over 50)',
      'longest task ms (CPU)',
      'longest input to paint ms',
      'widgets moved',
      'not moved',
      'not moved but re-rendered',
      'renders of moved widgets',
    ],
  ];
  for (const move of moves) {
    const timed = move.timed ?? move.counted;
    const renders = unmovedRenders(move.counted, move.moving);
    rows.push([
      move.name,
      Math.round(timed.ms),
      Math.round((1000 * timed.frames) / timed.ms),
      Math.round(timed.longestFrameGapMs),
      Math.round(timed.longestTaskMs),
      Math.round(timed.longestTaskCpuMs ?? NaN),
      Math.round(timed.longestInputMs),
      move.counted.moved.length,
      renders.still,
      renders.rerendered.length,
      renders.movedRenders,
    ]);
    // Judged in CPU time (the wall clock's long tasks are printed beside it, as the load allowed).
    const tasksOk = smoke || (timed.longestTaskCpuMs ?? Infinity) <= 50;
    const rendersOk = renders.rerendered.length === 0 && renders.still > 0;
    console.log(
      `${move.name}: no task over 50 ms of CPU: ${smoke ? 'not judged' : tasksOk ? 'met' : 'MISSED'}; the ${renders.still} widgets that did not move re-render 0 times: ${rendersOk ? 'met' : `MISSED (${renders.rerendered.join(', ')})`}`,
    );
    ok &&= tasksOk && rendersOk;
  }
  table(rows);

  // Where the 20 keys take t4, by the board's own rules.
  const layout = benchBoard().widgets.map((widget) => ({ id: widget.id, ...widget.layout }));
  const expected = Array.from({ length: 20 }).reduce<readonly PlacedWidget[]>(
    (moved) => moveBy(moved, 't4', 0, -1),
    layout,
  );
  const savesOk = saving?.saves === 1 && saving.y === expected.find((place) => place.id === 't4')!.y;
  console.log(
    `\nSaving: 20 keyboard moves in one second on a StoredBoard: ${saving?.saves} save request(s), the last place saved (row ${saving?.y === undefined ? '?' : saving.y + 1}) (target: one, holding the last move): ${savesOk ? 'met' : 'MISSED'}`,
  );
  return ok && savesOk;
}
