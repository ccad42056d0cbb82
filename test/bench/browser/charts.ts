import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VegaEmbed } from 'react-vega';
import embed from 'vega-embed';
import { CANVAS_ABOVE_ROWS, ResultChart } from '../../../src';
import type { SqlResult } from '../../../src/protocol';

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
  const [first, firstTask] = await withLongestTask(async () => {
    const start = performance.now();
    flushSync(() => root.render(createElement(ResultChart, { result: result(count, 0) })));
    await drawn(host, 1);
    return performance.now() - start;
  });
  // Checked outside the timings: every mark drawn (SVG), or something drawn (canvas).
  if (host.querySelector('canvas') ? !pixels(host) : marks(host).length !== count) throw new Error('ours: not drawn');
  const before = shown(host);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    flushSync(() => root.render(createElement(ResultChart, { result: result(count, 1) })));
    await drawn(host, 2);
    return performance.now() - start;
  });
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
  const [first, firstTask] = await withLongestTask(async () => {
    const start = performance.now();
    res = await draw(0);
    return performance.now() - start;
  });
  if (!peerDrawn(host, renderer, count)) throw new Error('naive: not drawn');
  const before = peerShown(host, renderer);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    res!.finalize();
    res = await draw(1);
    return performance.now() - start;
  });
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
  const [first, firstTask] = await withLongestTask(async () => {
    const start = performance.now();
    await render(result(count, 0));
    return performance.now() - start;
  });
  if (!peerDrawn(host, renderer, count)) throw new Error('react-vega: not drawn');
  const before = peerShown(host, renderer);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    await render(result(count, 1));
    return performance.now() - start;
  });
  if (!peerDrawn(host, renderer, count, before)) throw new Error('react-vega: the update drew nothing new');
  root.unmount();
  host.remove();
  return { first, update, firstTask, updateTask };
}

type Timings = Awaited<ReturnType<typeof ours>>;

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
