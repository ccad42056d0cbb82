/**
 * Charts: time to first chart and to update for 100, 1,000 and 10,000 rows in Chromium,
 * beside the naive way (inline values, re-embed on every change) measured in the same run;
 * and the size of a host app's entry without charts beside the lazily loaded chart chunk.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { openBenchPage } from './browser-runner';
import { format, median, table } from './harness';
import { threadTimes } from './trace-windows';
import type { SuiteOptions } from './suite';

interface Timings {
  first: number;
  update: number;
  firstTask: number;
  updateTask: number;
}

async function bundleSizes() {
  const outDir = await mkdtemp(join(tmpdir(), 'react-embedded-analytics-bundle-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      lib: { entry: fileURLToPath(new URL('./bundle/app.tsx', import.meta.url)), formats: ['es'], fileName: 'app' },
      minify: true,
      rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  });
  const files = (await readdir(outDir)).filter((f) => f.endsWith('.js'));
  const sizes = [];
  for (const file of files) {
    const code = await readFile(join(outDir, file));
    sizes.push({
      file,
      raw: code.length,
      gzip: gzipSync(code).length,
      hasVega: code.includes('Unrecognized signal name'),
    });
  }
  return sizes;
}

/** The contestants as the page names them: label, and the peer each is a setting of. */
const CHARTS: [string, string, string][] = [
  ['ours', 'ours (renderer auto)', 'ours'],
  ['naive', 'naive embed, SVG', 'naive'],
  ['naiveCanvas', 'naive embed, canvas', 'naive'],
  ['reactVega', 'react-vega 8, SVG', 'react-vega'],
  ['reactVegaCanvas', 'react-vega 8, canvas', 'react-vega'],
];

export async function chartsBench({ smoke }: SuiteOptions): Promise<boolean> {
  const browser = await openBenchPage();
  let results: ({ size: number; runs: number } & Record<string, Timings | undefined>)[];
  let canvasAbove: number;
  const options = smoke ? { sizes: [100, 1000], runs: 1 } : {};
  /** The main thread's own time in each timed window (`contestant/phase/rows`), from a trace. */
  let thread: Map<string, number[]>;
  /** A board's worth of small charts at once: wall medians, and the thread's own time. */
  let many: {
    wall: Record<'ours' | 'native' | 'naive' | 'naiveLikeNative', number>;
    thread: Map<string, number[]>;
    charts: number;
    runs: number;
  };
  try {
    const chromium = browser.page.context().browser()!;
    const traced = await threadTimes(chromium, browser.page, () =>
      browser.page.evaluate((o) => window.benches.charts!(o), options),
    );
    ({ results, canvasAboveRows: canvasAbove } = traced.value as { results: typeof results; canvasAboveRows: number });
    thread = traced.times;
    const board = { count: 100, charts: 16, runs: smoke ? 3 : 11 };
    const drawn = await threadTimes(chromium, browser.page, () =>
      browser.page.evaluate((o) => window.benches.manyCharts!(o), board),
    );
    many = { wall: drawn.value as typeof many.wall, thread: drawn.times, charts: board.charts, runs: board.runs };
  } finally {
    await browser.close();
  }
  const cpu = (key: string) => {
    const list = thread.get(key);
    return list?.length ? median(list) : NaN;
  };
  console.log(
    `\nCharts in Chromium (scatter plot with tooltips; median of ${results.map((r) => `${r.runs} at ${r.size.toLocaleString('en-US')} rows`).join(', ')}, contestants interleaved): ours (renderer "auto": SVG up to ${canvasAbove.toLocaleString('en-US')} rows, canvas above) vs the naive way (inline values, re-embed per update) and react-vega 8 (<VegaEmbed>, rows inline in the spec), each with SVG (their default) and, where ours draws to a canvas, with renderer: 'canvas' too. Done: ours when its draw counter moves, the others when vega-embed resolves and the marks (SVG) or pixels (canvas) are there`,
  );
  console.log(
    'targets: at 100 rows, the first chart within 1.1x the naive embed (a native page draws many small charts, so the fixed cost per chart counts); at 10,000 rows, against each peer at its best (the faster of its SVG and canvas): an update through the view costs no more than re-embedding (ratio ≤ 1.15, noise allowed); first chart no slower; no task of ours over 100 ms',
  );
  const rows: (string | number)[][] = [
    [
      'rows',
      'chart',
      'first ms',
      'first, main thread ms',
      'update ms',
      'longest task ms (first / update)',
      'ours first / this',
      'ours update / this',
    ],
  ];
  for (const result of results) {
    const ours = result['ours']!;
    for (const [key, label] of CHARTS) {
      const t = result[key];
      if (!t) continue;
      rows.push([
        result.size.toLocaleString('en-US'),
        label,
        t.first,
        cpu(`${key}/first/${result.size}`),
        t.update,
        `${Math.round(t.firstTask)} / ${Math.round(t.updateTask)}`,
        key === 'ours' ? '' : `${(ours.first / t.first).toFixed(2)}x`,
        key === 'ours' ? '' : `${(ours.update / t.update).toFixed(2)}x`,
      ]);
    }
  }
  table(rows);
  /** A peer at its best at one size: the least first and the least update over its settings. */
  const best = (result: (typeof results)[number], peer: string) => {
    const settings = CHARTS.filter(([key, , p]) => p === peer && result[key]).map(([key]) => result[key]!);
    return {
      first: Math.min(...settings.map((t) => t.first)),
      update: Math.min(...settings.map((t) => t.update)),
      settings: settings.length,
    };
  };
  const peers = ['naive', 'react-vega'];
  console.log('\nOurs against each peer at its best (the least of each measure over its settings)');
  table([
    ['rows', 'peer', 'settings', 'best first ms', 'ours / best first', 'best update ms', 'ours / best update'],
    ...results.flatMap((result) =>
      peers.map((peer) => {
        const b = best(result, peer);
        return [
          result.size.toLocaleString('en-US'),
          peer,
          b.settings === 2 ? 'SVG, canvas' : 'SVG',
          b.first,
          `${(result['ours']!.first / b.first).toFixed(2)}x`,
          b.update,
          `${(result['ours']!.update / b.update).toFixed(2)}x`,
        ];
      }),
    ),
  ]);
  const stillWins = results.flatMap((result) =>
    peers.flatMap((peer) => {
      const b = best(result, peer);
      const ours = result['ours']!;
      return [
        ...(b.first < ours.first
          ? [
              `${peer} first chart at ${result.size.toLocaleString('en-US')} rows (${format(b.first)} ms against ours ${format(ours.first)})`,
            ]
          : []),
        ...(b.update < ours.update
          ? [
              `${peer} update at ${result.size.toLocaleString('en-US')} rows (${format(b.update)} ms against ours ${format(ours.update)})`,
            ]
          : []),
      ];
    }),
  );
  console.log(
    `Where a peer at its best still wins, in this run: ${stillWins.length ? stillWins.join('; ') : 'nowhere'}`,
  );
  let ok = true;
  // Update through the view against re-embedding: a ratio in one run, at 10,000 rows (full runs).
  for (const result of results) {
    if (result.size < 10_000) continue;
    for (const peer of peers) ok &&= result['ours']!.update / best(result, peer).update <= 1.15;
  }
  console.log(ok ? 'update target: met' : 'update target: MISSED');
  if (!smoke) {
    // The fixed cost of a chart: small charts, against the naive embed (vega-embed alone).
    const small = results.find((result) => result.size === 100);
    if (small) {
      // Judged on the main thread's own time (a shared machine's other work inflates wall
      // time, and a single small chart is one task); the wall ratio is shown beside it.
      const ratio = cpu('ours/first/100') / cpu('naive/first/100');
      const smallOk = ratio <= 1.1;
      console.log(
        `at 100 rows, first chart within 1.1x the naive embed: ${ratio.toFixed(2)}x of the main thread's time (${format(cpu('ours/first/100'))} ms against ${format(cpu('naive/first/100'))}; wall ${(small['ours']!.first / small['naive']!.first).toFixed(2)}x, ${format(small['ours']!.first)} ms against ${format(small['naive']!.first)}): ${smallOk ? 'met' : 'MISSED'}`,
      );
      ok &&= smallOk;
    }
    const largest = results.at(-1)!;
    const ours = largest['ours']!;
    const rowsLabel = largest.size.toLocaleString('en-US');
    const firstOk = peers.every((peer) => ours.first <= best(largest, peer).first);
    const taskOk = Math.max(ours.firstTask, ours.updateTask) <= 100;
    console.log(
      `at ${rowsLabel} rows, first chart no slower than each peer at its best: ${firstOk ? 'met' : 'MISSED'}`,
    );
    console.log(`at ${rowsLabel} rows, no task over 100 ms: ${taskOk ? 'met' : 'MISSED'}`);
    ok &&= firstOk && taskOk;
  }

  // A board's worth: 16 line charts of 100 days drawn at once (ours in one React tree).
  const manyThread = (who: string) => median(many.thread.get(`${who}/many/100`) ?? [NaN]);
  const manyRatio = manyThread('ours') / manyThread('naive');
  const nativeRatio = manyThread('native') / manyThread('naiveLikeNative');
  console.log(
    `\n${many.charts} line charts of 100 days drawn at once, as on a board (ours in one React tree; the naive way: ${many.charts} embeds started together), median of ${many.runs} interleaved. The QueryChart draws more than a plain line (a point on each period, for drilling; the periods as labelled ordinal steps, formatted in the locale): it is held against naive embeds of that same chart`,
  );
  const ratioCell = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  table([
    ['charts', 'main thread ms', 'wall ms', 'against', 'main thread', 'wall'],
    [
      'ours: ResultChart',
      manyThread('ours'),
      many.wall.ours,
      'naive line',
      ratioCell(manyThread('ours'), manyThread('naive')),
      ratioCell(many.wall.ours, many.wall.naive),
    ],
    ['naive embed, line', manyThread('naive'), many.wall.naive, '', '', ''],
    [
      'ours: QueryChart (data in memory)',
      manyThread('native'),
      many.wall.native,
      'naive line with points over periods',
      ratioCell(manyThread('native'), manyThread('naiveLikeNative')),
      ratioCell(many.wall.native, many.wall.naiveLikeNative),
    ],
    [
      'naive embed, line with points over periods',
      manyThread('naiveLikeNative'),
      many.wall.naiveLikeNative,
      '',
      '',
      '',
    ],
  ]);
  const manyOk = manyRatio <= 1.1;
  console.log(
    `${many.charts} ResultCharts within 1.1x the naive embed (main thread): ${manyRatio.toFixed(2)}x: ${smoke ? 'not judged (smoke)' : manyOk ? 'met' : 'MISSED'}`,
  );
  console.log(
    `${many.charts} QueryCharts against naive embeds of the same chart (main thread): ${nativeRatio.toFixed(2)}x (reported: the widget's data path, titles and formats are not the naive embed's to pay)`,
  );
  if (!smoke) ok &&= manyOk;

  const sizes = await bundleSizes();
  console.log('\nBundle of a host app showing results (React external, minified): the entry vs the lazy chart chunks');
  const entry = sizes.find((s) => s.file.startsWith('app'));
  const lazy = sizes.filter((s) => s !== entry);
  table([
    ['chunk', 'KB', 'KB gzip', 'has vega'],
    ...sizes.map((s) => [s.file, s.raw / 1024, s.gzip / 1024, s.hasVega ? 'yes' : 'no']),
    [
      'lazy chart chunks, total',
      lazy.reduce((n, s) => n + s.raw, 0) / 1024,
      lazy.reduce((n, s) => n + s.gzip, 0) / 1024,
      '',
    ],
  ]);
  const lazyOk = entry !== undefined && !entry.hasVega && lazy.some((s) => s.hasVega);
  console.log(lazyOk ? 'vega stays out of the entry: met' : 'vega is in the entry chunk: MISSED');
  return ok && lazyOk;
}
