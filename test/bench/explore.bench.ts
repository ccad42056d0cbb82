/**
 * The explorer over a meta of 2,000 members. In Node: filtering the member list per keystroke
 * with the index `Explorer.Members` uses (search text lowercased once per meta) beside the
 * naive filter a competent team writes (each member's text lowercased on every keystroke),
 * interleaved, ratio printed. In Chromium (full run only): the default layout on a page whose
 * data source answers after 800 ms: typing in the member search (longest task, target ≤ 50 ms;
 * slowest input event), picking two members in a row (requests sent, the superseded one
 * cancelled), the layout shift while the new result loads (target 0), and typing in a value
 * search (requests per pause, target 1).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { filterMembers, indexMembers, type IndexedMember } from '../../src/react/explore';
import type { MetaResponse } from '../../src/protocol';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { serveFolder } from '../setup/static-server.ts';
import { buildBenchPage } from './bench-page';
import { benchMeta } from './explore-meta';
import type { ExploreBenchState } from './explore-page/main';
import { interleave, median, pairedRatio, table } from './harness';
import type { SuiteOptions } from './suite';

const TYPED = 'orders revenue by country';
const MAX_LISTED = 200;

/** The naive filter: every member's text built and lowercased again on each keystroke. */
function naiveFilter(meta: MetaResponse, text: string): { shown: string[]; total: number } {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shown: string[] = [];
  let total = 0;
  for (const cube of meta.cubes)
    for (const member of [...cube.measures, ...cube.dimensions]) {
      const haystack =
        `${member.name} ${member.title} ${member.shortTitle ?? ''} ${member.description ?? ''} ${cube.title}`.toLowerCase();
      if (!words.every((word) => haystack.includes(word))) continue;
      total++;
      if (shown.length < MAX_LISTED) shown.push(member.name);
    }
  return { shown, total };
}

/** Both filters find the same members for every prefix typed (else the comparison means nothing). */
function sameAnswers(meta: MetaResponse, members: readonly IndexedMember[]): boolean {
  for (let end = 1; end <= TYPED.length; end++) {
    const text = TYPED.slice(0, end);
    const a = filterMembers(members, text, MAX_LISTED);
    const b = naiveFilter(meta, text);
    if (a.total !== b.total) return false;
  }
  return true;
}

async function nodePart(options: SuiteOptions): Promise<boolean> {
  const meta = benchMeta();
  const members = indexMembers(meta);
  console.log(`\n## Explorer: member search over ${members.length.toLocaleString('en-US')} members`);
  const same = sameAnswers(meta, members);
  let sink = 0;
  const timings = await interleave(
    [
      {
        name: 'index',
        passes: 20,
        run: () => {
          for (let end = 1; end <= TYPED.length; end++)
            sink += filterMembers(members, TYPED.slice(0, end), MAX_LISTED).total;
        },
      },
      {
        name: 'naive',
        passes: 20,
        run: () => {
          for (let end = 1; end <= TYPED.length; end++) sink += naiveFilter(meta, TYPED.slice(0, end)).total;
        },
      },
    ],
    { runs: options.smoke ? 5 : 15 },
  );
  const index = timings.get('index')!;
  const naive = timings.get('naive')!;
  const keys = TYPED.length;
  table([
    ['per keystroke (ms)', 'index', 'naive', 'naive / index'],
    [`"${TYPED}" typed, ${keys} keystrokes`, index.ms / keys, naive.ms / keys, pairedRatio(naive, index)],
  ]);
  if (!same) console.log('MISSED: the index and the naive filter found different members');
  return same && sink > 0;
}

async function browserPart(): Promise<boolean> {
  const outDir = await buildBenchPage(new URL('./explore-page/', import.meta.url), 'explore');
  const { origin, server } = await serveFolder(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.error('[explore bench page]', error.message));
    await page.goto(`${origin}/index.html`);
    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.waitFor({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: /^Revenue Measures Sum of revenue over/ }).waitFor();
    const read = () => page.evaluate(() => window.exploreBench) as Promise<ExploreBenchState>;
    const clear = () =>
      page.evaluate(() => {
        window.exploreBench.longTasks = [];
        window.exploreBench.events = [];
        window.exploreBench.loads = [];
        window.exploreBench.cls = 0;
        window.exploreBench.shifts = [];
      });

    // 1. Typing in the member search, a key every 30 ms (a fast typist), three times: the
    // median run's longest task is judged (a shared machine's neighbours make single spikes).
    const longestByRun: number[] = [];
    const slowestByRun: number[] = [];
    for (let run = 0; run < 3; run++) {
      await clear();
      await search.pressSequentially(TYPED, { delay: 30 });
      await page.waitForTimeout(300);
      const typing = await read();
      longestByRun.push(Math.max(0, ...typing.longTasks));
      slowestByRun.push(Math.max(0, ...typing.events.map((e) => e.duration)));
      await search.fill('');
      await page.waitForTimeout(300);
    }
    const longest = median(longestByRun);
    const slowestEvent = median(slowestByRun);

    // 2. A first result on screen (revenue by region), drawn.
    await page.getByRole('checkbox', { name: /^Revenue Measures Sum of revenue over/ }).click();
    await page.getByRole('checkbox', { name: /^Region Dimensions/ }).click();
    await page
      .locator('.ek-chart__view[data-drawn]')
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        if (process.env.BENCH_DEBUG) await page.screenshot({ path: join(tmpdir(), 'explore-bench.png') });
        throw error;
      });
    await page.waitForTimeout(300);

    // 3. Two more picks 100 ms apart, the second while the first's request is in flight; the
    // layout shift meanwhile (the previous answer stays on screen while the new one loads).
    await clear();
    await page.getByRole('checkbox', { name: /^Country Dimensions/ }).click();
    await page.waitForTimeout(100);
    await page
      .getByRole('group', { name: 'Orders' })
      .getByRole('checkbox', { name: /^Status 3 / })
      .click();
    // Read before the answer comes (800 ms after the request): the shift while it loads.
    await page.waitForTimeout(600);
    const loading = (await read()).cls;
    await page.waitForTimeout(1_400);
    const picks = await read();
    const pickLoads = picks.loads.filter((load) => !load.query.filters);
    const duplicates = pickLoads.length - new Set(pickLoads.map((load) => JSON.stringify(load.query))).size;
    // A request still unanswered when the next pick's went out was superseded in flight.
    const superseded = pickLoads.filter(
      (load, i) => i < pickLoads.length - 1 && (load.done ?? Infinity) > pickLoads[i + 1]!.at,
    );
    const swap = picks;
    if (process.env.BENCH_DEBUG) console.log('shifts', swap.shifts);

    // 4. A value search: a filter on Region, "Eur" typed a key every 60 ms, then a pause.
    // "Add a filter on" is a combobox (its list opens on a click; an option's click adds it).
    await page.getByRole('combobox', { name: 'Add a filter on' }).click();
    await page
      .getByRole('listbox')
      .getByRole('group', { name: 'Orders' })
      .getByRole('option', { name: 'Region', exact: true })
      .click();
    const values = page.getByRole('searchbox', { name: 'Search values: Region' });
    await values.waitFor();
    await page.waitForTimeout(400);
    await clear();
    await values.pressSequentially('Eur', { delay: 60 });
    await page.waitForTimeout(700);
    const typed = await read();
    const valueLoads = typed.loads.filter((load) => load.query.filters?.length);

    table([
      ['in Chromium, 2,000 members', 'measured', 'target'],
      [`member search typed (${TYPED.length} keys): longest task (ms), median of 3`, longest, '≤ 50'],
      ['… the 3 runs (ms)', longestByRun.map((ms) => ms.toFixed(0)).join(' / '), ''],
      ['… slowest input event to next paint (ms), median of 3', slowestEvent, '(reported)'],
      ['two picks 100 ms apart: requests sent', pickLoads.length, '2 (one per pick)'],
      ['… the same query sent twice', duplicates, '0'],
      ['… superseded while in flight', superseded.length, '1'],
      ['… of those, cancelled', superseded.filter((l) => l.aborted).length, 'all of them'],
      ['layout shift while the new result loads (previous answer held)', loading, '0'],
      ['… when the new answer replaces it (its own columns; reported)', swap.cls - loading, '(reported)'],
      ['value search "Eur" typed: requests', valueLoads.length, '1 (one per pause)'],
    ]);
    const ok =
      longest <= 50 &&
      pickLoads.length === 2 &&
      duplicates === 0 &&
      superseded.length === 1 &&
      superseded.every((load) => load.aborted) &&
      loading === 0 &&
      valueLoads.length === 1;
    if (!ok) console.log('MISSED: an explorer target in Chromium (see the table)');
    return ok;
  } finally {
    await browser.close();
    server.close();
  }
}

/** Runs the suite; false when a target is missed. */
export async function exploreBench(options: SuiteOptions): Promise<boolean> {
  const node = await nodePart(options);
  if (options.smoke) return node;
  return (await browserPart()) && node;
}
