import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VegaEmbed } from 'react-vega';
import embed from 'vega-embed';
import { QueryClient } from '@tanstack/react-query';
import { CANVAS_ABOVE_ROWS, ResultChart } from '../../../src';
import type { SqlResult } from '../../../src/protocol';
import { QueryChart, SemanticProvider, type DataSource, type SemanticResult } from '../../../src/react/native';

const spec = {
  mark: { type: 'point' },
  encoding: {
    x: { field: 'x', type: 'quantitative' },
    y: { field: 'y', type: 'quantitative' },
  },
};

function result(count: number, seed: number): SqlResult {
  const rows = Array.from({ length: count }, (_, i) => [i, Math.sin(i / 50 + seed) * 100 + ((i * 7919 + seed) % 37)]);
  return {
    sqlQuery: 'SELECT x, y FROM t',
    columns: [
      { name: 'x', type: 'Int64', kind: 'number' },
      { name: 'y', type: 'Double', kind: 'number' },
    ],
    rows,
    totalRows: count,
    truncated: false,
    vegaSpec: spec,
  };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

const marks = (el: Element) => el.querySelectorAll('.mark-symbol path');
const firstMark = (el: Element) => marks(el)[0]?.getAttribute('transform');

/** A cheap signature of a canvas's pixels: it changes when vega draws something else. */
function pixels(el: Element): string | undefined {
  const canvas = el.querySelector('canvas');
  if (!canvas || canvas.width === 0) return undefined;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let hash = 0;
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! > 0) inked++;
    hash = (Math.imul(hash, 31) + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13) | 0;
  }
  return inked > 0 ? `${hash}:${inked}` : undefined;
}

/** What ours shows: the SVG's first mark, or the canvas's pixels. */
const shown = (host: Element) => (host.querySelector('canvas') ? pixels(host) : firstMark(host));

const drawCount = (host: Element) => Number(host.querySelector<HTMLElement>('.ek-chart__view')?.dataset.drawn ?? 0);

/**
 * Resolves the moment ours has completed its draw number `n`: `ResultChart` counts draws in
 * `data-drawn`, watched here by a MutationObserver (no frame-polling delay; a canvas has no
 * DOM to watch).
 */
function drawn(host: Element, n: number, timeoutMs = 30_000): Promise<void> {
  if (drawCount(host) >= n) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (drawCount(host) < n) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('timed out'));
    }, timeoutMs);
    observer.observe(host, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
  });
}

let windows = 0;
/**
 * Marks `fn` as a timed window in the runner's trace (performance marks carry the main thread's
 * clock, so the runner reads the thread's own time in the window, which a busy machine does
 * not inflate). `name` is `contestant/phase/rows`.
 */
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const id = `${name}#${windows++}`;
  performance.mark(`${id}:start`);
  try {
    return await fn();
  } finally {
    performance.mark(`${id}:end`);
  }
}

/** Longest main-thread task during `fn`, from the Long Tasks API. */
async function withLongestTask<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const value = await fn();
  await frame();
  // Entries are delivered in a later task: take the ones still queued.
  for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
  observer.disconnect();
  return [value, longest];
}

async function ours(count: number) {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.getElementById('root')!.append(host);
  const root = createRoot(host);
  const [first, firstTask] = await withLongestTask(() =>
    timed(`ours/first/${count}`, async () => {
      const start = performance.now();
      flushSync(() => root.render(createElement(ResultChart, { result: result(count, 0) })));
      await drawn(host, 1);
      return performance.now() - start;
    }),
  );
  // Checked outside the timings: every mark drawn (SVG), or something drawn (canvas).
  if (host.querySelector('canvas') ? !pixels(host) : marks(host).length !== count) throw new Error('ours: not drawn');
  const before = shown(host);
  const [update, updateTask] = await withLongestTask(() =>
    timed(`ours/update/${count}`, async () => {
      const start = performance.now();
      flushSync(() => root.render(createElement(ResultChart, { result: result(count, 1) })));
      await drawn(host, 2);
      return performance.now() - start;
    }),
  );
  if (shown(host) === before) throw new Error('ours: the update drew nothing new');
  root.unmount();
  host.remove();
  return { first, update, firstTask, updateTask };
}

/** Which renderer a peer draws with (ours: `auto`). */
type Renderer = 'svg' | 'canvas';

/** What a peer shows: the SVG's first mark, or the canvas's pixels. */
const peerShown = (host: Element, renderer: Renderer) => (renderer === 'canvas' ? pixels(host) : firstMark(host));

/** A peer has drawn `count` rows: every mark (SVG), or something drawn (canvas) other than `before`. */
const peerDrawn = (host: Element, renderer: Renderer, count: number, before?: string | null) =>
  (renderer === 'canvas' ? pixels(host) !== undefined : marks(host).length === count) &&
  peerShown(host, renderer) !== before;

/**
 * The common way: inline `data.values`, and a fresh embed for every change of data (the old
 * view finalized first). Done when vega-embed resolves (the view has run and drawn), as
 * react-vega's `onEmbed`; what it drew is checked outside the timings.
 */
async function naive(count: number, renderer: Renderer = 'svg') {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.getElementById('root')!.append(host);
  const values = (r: SqlResult) => r.rows.map(([x, y]) => ({ x, y }));
  const draw = (seed: number) =>
    embed(host, { ...spec, data: { values: values(result(count, seed)) }, width: 'container' } as never, {
      actions: false,
      renderer,
      ast: true,
    });
  let res: Awaited<ReturnType<typeof embed>> | undefined;
  const name = renderer === 'canvas' ? 'naiveCanvas' : 'naive';
  const [first, firstTask] = await withLongestTask(() =>
    timed(`${name}/first/${count}`, async () => {
      const start = performance.now();
      res = await draw(0);
      return performance.now() - start;
    }),
  );
  if (!peerDrawn(host, renderer, count)) throw new Error('naive: not drawn');
  const before = peerShown(host, renderer);
  const [update, updateTask] = await withLongestTask(() =>
    timed(`${name}/update/${count}`, async () => {
      const start = performance.now();
      res!.finalize();
      res = await draw(1);
      return performance.now() - start;
    }),
  );
  if (!peerDrawn(host, renderer, count, before)) throw new Error('naive: the update drew nothing new');
  res!.finalize();
  host.remove();
  return { first, update, firstTask, updateTask };
}

/**
 * react-vega 8 as its README shows it: `<VegaEmbed spec options>` with the rows inline in the
 * spec; a new spec (deep-compared) re-embeds.
 */
async function reactVega(count: number, renderer: Renderer = 'svg') {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.getElementById('root')!.append(host);
  const root = createRoot(host);
  const options = { actions: false, renderer, ast: true } as const;
  const specFor = (r: SqlResult) => ({
    ...spec,
    width: 'container',
    data: { values: r.rows.map(([x, y]) => ({ x, y })) },
  });
  // Done when react-vega's onEmbed fires (after vega-embed resolved: the view has drawn).
  const render = (r: SqlResult) =>
    new Promise<void>((resolve) =>
      flushSync(() =>
        root.render(createElement(VegaEmbed, { spec: specFor(r) as never, options, onEmbed: () => resolve() })),
      ),
    );
  const name = renderer === 'canvas' ? 'reactVegaCanvas' : 'reactVega';
  const [first, firstTask] = await withLongestTask(() =>
    timed(`${name}/first/${count}`, async () => {
      const start = performance.now();
      await render(result(count, 0));
      return performance.now() - start;
    }),
  );
  if (!peerDrawn(host, renderer, count)) throw new Error('react-vega: not drawn');
  const before = peerShown(host, renderer);
  const [update, updateTask] = await withLongestTask(() =>
    timed(`${name}/update/${count}`, async () => {
      const start = performance.now();
      await render(result(count, 1));
      return performance.now() - start;
    }),
  );
  if (!peerDrawn(host, renderer, count, before)) throw new Error('react-vega: the update drew nothing new');
  root.unmount();
  host.remove();
  return { first, update, firstTask, updateTask };
}

type Timings = Awaited<ReturnType<typeof ours>>;

/**
 * One contestant's first chart, `times` over, each removed after: for a CPU profile of what a
 * first chart costs (`BENCH_NOMINIFY=1`). Returns each time (ms).
 */
export async function chartOnce({
  who,
  count,
  times = 1,
  props = {},
}: {
  who: 'ours' | 'naive';
  count: number;
  times?: number;
  props?: Record<string, unknown>;
}) {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const host = document.createElement('div');
    host.style.width = '800px';
    document.getElementById('root')!.append(host);
    const start = performance.now();
    if (who === 'ours') {
      const root = createRoot(host);
      flushSync(() => root.render(createElement(ResultChart, { result: result(count, i), ...props })));
      await drawn(host, 1);
      out.push(performance.now() - start);
      root.unmount();
    } else {
      const values = result(count, i).rows.map(([x, y]) => ({ x, y }));
      const res = await embed(host, { ...spec, data: { values }, width: 'container' } as never, {
        actions: false,
        renderer: 'svg',
        ast: true,
      });
      out.push(performance.now() - start);
      res.finalize();
    }
    host.remove();
    await frame();
  }
  return out;
}

/**
 * Runs per size: a small chart takes a few milliseconds, where one scheduling hiccup moves a
 * median of five by a tenth, so small sizes get more runs (they cost little).
 */
export const runsFor = (size: number) => (size <= 100 ? 25 : size <= 1000 ? 9 : 5);

/**
 * Time to first chart and to update, ours, naive and react-vega, for each size; median of
 * `runs` (default {@link runsFor}), the contestants interleaved. The peers draw SVG (their
 * default), and a canvas too where ours does (`auto`: above {@link CANVAS_ABOVE_ROWS} rows).
 */
export async function chartBench({ sizes = [100, 1000, 10_000], runs }: { sizes?: number[]; runs?: number }) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  await ours(10); // load vega once, outside the timings
  await naive(10);
  await reactVega(10);
  await naive(10, 'canvas');
  await reactVega(10, 'canvas');
  const out = [];
  for (const size of sizes) {
    const canvas = size > CANVAS_ABOVE_ROWS;
    const contestants: [string, () => Promise<Timings>][] = [
      ['ours', () => ours(size)],
      ['naive', () => naive(size)],
      ['reactVega', () => reactVega(size)],
      ...(canvas
        ? ([
            ['naiveCanvas', () => naive(size, 'canvas')],
            ['reactVegaCanvas', () => reactVega(size, 'canvas')],
          ] as [string, () => Promise<Timings>][])
        : []),
    ];
    const samples = new Map<string, Timings[]>(contestants.map(([name]) => [name, []]));
    const count = runs ?? runsFor(size);
    for (let i = 0; i < count; i++) for (const [name, run] of contestants) samples.get(name)!.push(await run());
    const pick = (list: Timings[]): Timings => ({
      first: median(list.map((x) => x.first)),
      update: median(list.map((x) => x.update)),
      firstTask: median(list.map((x) => x.firstTask)),
      updateTask: median(list.map((x) => x.updateTask)),
    });
    out.push({ size, runs: count, ...Object.fromEntries([...samples].map(([name, list]) => [name, pick(list)])) });
  }
  return { canvasAboveRows: CANVAS_ABOVE_ROWS, results: out };
}

/** A grid of `charts` hosts `width` px wide, as a board lays out small charts. */
function grid(charts: number, width = 300) {
  const box = document.createElement('div');
  box.style.cssText = `display: grid; grid-template-columns: repeat(4, ${width}px); gap: 8px`;
  document.getElementById('root')!.append(box);
  const hosts = Array.from({ length: charts }, () => {
    const host = document.createElement('div');
    box.append(host);
    return host;
  });
  return { box, hosts };
}

/** `count` days of a series from 2024-01-01 (seeded), as a board's line chart shows them. */
function days(count: number, seed: number): [string, number][] {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => [
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    Math.round(Math.sin(i / 9 + seed) * 40 + 60 + ((i * 7919 + seed) % 13)),
  ]);
}

const lineSpec = {
  mark: { type: 'line' },
  encoding: {
    x: { field: 'day', type: 'temporal' },
    y: { field: 'orders', type: 'quantitative' },
  },
};

/**
 * The line a `QueryChart` draws (query-chart-spec.ts), for a naive embed of the same chart: a
 * point on each period (drillable), and the periods as an ordinal axis (each period labelled).
 */
const nativeLineSpec = {
  mark: { type: 'line', point: true },
  encoding: {
    x: { field: 'day', type: 'ordinal', axis: { labelAngle: 0 } },
    y: { field: 'orders', type: 'quantitative' },
  },
};

/** A data source answering at once from memory: a daily series per query, like `days`. */
function memorySource(count: number, seed: number): DataSource {
  let calls = 0;
  return {
    load: async (query) => {
      const answer: SemanticResult = {
        query,
        data: days(count, seed + calls++).map(([day, orders]) => ({
          'orders.createdAt.day': `${day}T00:00:00.000`,
          'orders.count': String(orders),
        })),
        annotation: {
          measures: { 'orders.count': { title: 'Orders', shortTitle: 'Orders', type: 'number' } },
          dimensions: {},
          timeDimensions: {
            'orders.createdAt.day': { title: 'Day', shortTitle: 'Day', type: 'time' },
            'orders.createdAt': { title: 'Day', shortTitle: 'Day', type: 'time' },
          },
        },
      };
      return answer;
    },
    meta: async () => ({ cubes: [] }),
    reset: () => undefined,
  };
}

/**
 * The time to draw `charts` line charts of `count` days at once: ours as a board has them (one
 * React tree; `ours`: ResultCharts; `native`: QueryCharts, their data source answering at once
 * from memory), or naive embeds started together.
 */
async function many(
  who: 'ours' | 'native' | 'naive' | 'naiveLikeNative',
  count: number,
  charts: number,
  seed: number,
): Promise<number> {
  const { box, hosts } = grid(charts);
  // A page's React root is there before its charts (as for one chart, above).
  const root = who === 'ours' || who === 'native' ? createRoot(box) : undefined;
  performance.mark(`${who}/many/${count}#${windows}:start`);
  const start = performance.now();
  let ms: number;
  if (root) {
    const cells = hosts.map((_, i) =>
      createElement(
        'div',
        { key: i, style: { width: 300 } },
        who === 'ours'
          ? createElement(ResultChart, {
              result: {
                sqlQuery: 'SELECT day, orders FROM t',
                columns: [
                  { name: 'day', type: 'Date', kind: 'time' },
                  { name: 'orders', type: 'Int64', kind: 'number' },
                ],
                rows: days(count, seed + i),
                totalRows: count,
                truncated: false,
                vegaSpec: lineSpec,
              },
            })
          : createElement(QueryChart, {
              // A limit of its own per chart: sixteen queries, as a board of sixteen charts sends.
              query: {
                measures: ['orders.count'],
                timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
                limit: count + i,
              },
              kind: 'line',
              title: `Chart ${i}`,
            }),
      ),
    );
    flushSync(() =>
      root.render(
        who === 'ours'
          ? cells
          : createElement(
              SemanticProvider,
              { source: memorySource(count, seed), queryClient: new QueryClient() },
              cells,
            ),
      ),
    );
    await Promise.all([...box.children].map((cell) => drawn(cell, 1)));
    ms = performance.now() - start;
    performance.mark(`${who}/many/${count}#${windows++}:end`);
    root.unmount();
  } else {
    const embeds = await Promise.all(
      hosts.map((host, i) =>
        embed(
          host,
          {
            ...(who === 'naive' ? lineSpec : nativeLineSpec),
            data: { values: days(count, seed + i).map(([day, orders]) => ({ day, orders })) },
            width: 'container',
          } as never,
          { actions: false, renderer: 'svg', ast: true },
        ),
      ),
    );
    ms = performance.now() - start;
    performance.mark(`${who}/many/${count}#${windows++}:end`);
    for (const e of embeds) e.finalize();
  }
  box.remove();
  await frame();
  return ms;
}

/** Many small charts at once (a board's 16), ours against the naive embed: medians of `runs`, interleaved. */
export async function manyChartsBench({
  count = 100,
  charts = 16,
  runs = 11,
  only,
}: {
  count?: number;
  charts?: number;
  runs?: number;
  /** One contestant alone (for a trace of it). */
  only?: 'ours' | 'native' | 'naive' | 'naiveLikeNative';
}) {
  const who = only ? [only] : (['ours', 'native', 'naive', 'naiveLikeNative'] as const);
  for (const name of who) await many(name, count, charts, 0);
  const times: Record<string, number[]> = { ours: [], native: [], naive: [], naiveLikeNative: [] };
  for (let i = 0; i < runs; i++) for (const name of who) times[name]!.push(await many(name, count, charts, i));
  if (only) return times[only];
  const { ours, native, naive, naiveLikeNative } = times as Record<string, number[]>;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  return {
    count,
    charts,
    runs,
    ours: median(ours!),
    native: median(native!),
    naive: median(naive!),
    naiveLikeNative: median(naiveLikeNative!),
  };
}
