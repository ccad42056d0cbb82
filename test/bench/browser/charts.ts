import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VegaEmbed } from 'react-vega';
import embed from 'vega-embed';
import { ResultChart } from '../../../src';
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

/** Resolves once `check` is true, polling every frame. */
async function until(check: () => boolean, timeoutMs = 30_000) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error('timed out');
    await frame();
  }
}

const marks = (el: Element) => el.querySelectorAll('.mark-symbol path');
const firstMark = (el: Element) => marks(el)[0]?.getAttribute('transform');

/** Longest main-thread task during `fn`, from the Long Tasks API. */
async function withLongestTask<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const value = await fn();
  await frame();
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
    await until(() => marks(host).length === count);
    return performance.now() - start;
  });
  const before = firstMark(host);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    flushSync(() => root.render(createElement(ResultChart, { result: result(count, 1) })));
    await until(() => marks(host).length === count && firstMark(host) !== before);
    return performance.now() - start;
  });
  root.unmount();
  host.remove();
  return { first, update, firstTask, updateTask };
}

/** The common way: inline `data.values`, and a fresh embed for every change of data. */
async function naive(count: number) {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.getElementById('root')!.append(host);
  const values = (r: SqlResult) => r.rows.map(([x, y]) => ({ x, y }));
  const [first, firstTask] = await withLongestTask(async () => {
    const start = performance.now();
    const res = await embed(
      host,
      { ...spec, data: { values: values(result(count, 0)) }, width: 'container' } as never,
      { actions: false, renderer: 'svg', ast: true },
    );
    await until(() => marks(host).length === count);
    res.finalize();
    return performance.now() - start;
  });
  const before = firstMark(host);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    const res = await embed(
      host,
      { ...spec, data: { values: values(result(count, 1)) }, width: 'container' } as never,
      { actions: false, renderer: 'svg', ast: true },
    );
    await until(() => marks(host).length === count && firstMark(host) !== before);
    res.finalize();
    return performance.now() - start;
  });
  host.remove();
  return { first, update, firstTask, updateTask };
}

const peerOptions = { actions: false, renderer: 'svg', ast: true } as const;

/**
 * react-vega 8 as its README shows it: `<VegaEmbed spec options>` with the rows inline in the
 * spec; a new spec (deep-compared) re-embeds.
 */
async function reactVega(count: number) {
  const host = document.createElement('div');
  host.style.width = '800px';
  document.getElementById('root')!.append(host);
  const root = createRoot(host);
  const specFor = (r: SqlResult) => ({
    ...spec,
    width: 'container',
    data: { values: r.rows.map(([x, y]) => ({ x, y })) },
  });
  const [first, firstTask] = await withLongestTask(async () => {
    const start = performance.now();
    flushSync(() =>
      root.render(createElement(VegaEmbed, { spec: specFor(result(count, 0)) as never, options: peerOptions })),
    );
    await until(() => marks(host).length === count);
    return performance.now() - start;
  });
  const before = firstMark(host);
  const [update, updateTask] = await withLongestTask(async () => {
    const start = performance.now();
    flushSync(() =>
      root.render(createElement(VegaEmbed, { spec: specFor(result(count, 1)) as never, options: peerOptions })),
    );
    await until(() => marks(host).length === count && firstMark(host) !== before);
    return performance.now() - start;
  });
  root.unmount();
  host.remove();
  return { first, update, firstTask, updateTask };
}

/** Time to first chart and to update, ours, naive and react-vega, for each size; median of `runs`. */
export async function chartBench({ sizes = [100, 1000, 10_000], runs = 5 }: { sizes?: number[]; runs?: number }) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  await ours(10); // load vega once, outside the timings
  await naive(10);
  await reactVega(10);
  const out = [];
  for (const size of sizes) {
    const a: Awaited<ReturnType<typeof ours>>[] = [];
    const b: Awaited<ReturnType<typeof naive>>[] = [];
    const c: Awaited<ReturnType<typeof reactVega>>[] = [];
    for (let i = 0; i < runs; i++) {
      a.push(await ours(size));
      b.push(await naive(size));
      c.push(await reactVega(size));
    }
    const pick = (list: typeof a, key: keyof (typeof a)[number]) => median(list.map((x) => x[key]));
    out.push({
      size,
      ours: {
        first: pick(a, 'first'),
        update: pick(a, 'update'),
        firstTask: pick(a, 'firstTask'),
        updateTask: pick(a, 'updateTask'),
      },
      naive: {
        first: pick(b, 'first'),
        update: pick(b, 'update'),
        firstTask: pick(b, 'firstTask'),
        updateTask: pick(b, 'updateTask'),
      },
      reactVega: {
        first: pick(c, 'first'),
        update: pick(c, 'update'),
        firstTask: pick(c, 'firstTask'),
        updateTask: pick(c, 'updateTask'),
      },
    });
  }
  return out;
}
