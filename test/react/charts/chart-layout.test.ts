import { describe, expect, it } from 'vitest';
import { deriveFormats } from '../../../src';
import type { SqlResult } from '../../../src/protocol';
import { suggestChart } from '../../../src/react/charts/suggest-chart';
import { DEFAULT_CHART_HEIGHT, topN } from '../../../src/react/charts/chart-height';
import { layoutChart } from '../../../src/react/charts/chart-layout';
import { applyFormats, wrapTitle } from '../../../src/react/charts/chart-spec';

const bar = {
  mark: 'bar',
  encoding: { x: { field: 'c', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } },
};
const rows = (n: number, label = (i: number) => `C${i}`) =>
  Array.from({ length: n }, (_, i) => ({ c: label(i), v: i + 1 }));

describe('layoutChart', () => {
  it('keeps a few short categories vertical, at a known height, fitted to the container', () => {
    const layout = layoutChart(bar, rows(5));
    expect(layout.orientation).toBe('vertical');
    expect(layout.height).toBe(DEFAULT_CHART_HEIGHT);
    expect(layout.spec).toMatchObject({ width: 'container', height: 'container', autosize: { type: 'fit' } });
    expect(layoutChart({ ...bar, height: 420 }, rows(5)).height).toBe(420);
  });
  it('keeps one bar narrow', () => {
    const layout = layoutChart(bar, rows(1));
    expect(layout.spec.mark).toEqual({ type: 'bar', width: { band: 0.6 } });
  });
  it('turns long or many labels horizontal, with a height per bar', () => {
    const long = layoutChart(
      bar,
      rows(4, (i) => `A rather long customer name ${i}`),
    );
    expect(long.orientation).toBe('horizontal');
    expect((long.spec.encoding as Record<string, { field?: string }>).y!.field).toBe('c');
    const many = layoutChart(bar, rows(20));
    expect(many.orientation).toBe('horizontal');
    expect(many.height).toBe(20 * 22 + 70);
    expect(many.note).toBeUndefined();
  });
  it('shows the top 29 plus Other beyond 30 categories, and says so', () => {
    // Ten large customers and a long tail of small ones.
    const input = rows(100).map((row, i) => ({ ...row, v: i >= 90 ? 1_000 + i : 1 }));
    const layout = layoutChart(bar, input);
    const shown = layout.rows(input);
    expect(shown).toHaveLength(30);
    expect(shown[0]).toEqual({ c: 'C99', v: 1_099 });
    expect(shown[29]).toEqual({ c: 'Other', v: 71 });
    expect(layout.note).toMatch(/top 29 of 100/);
    expect(layout.height).toBe(30 * 22 + 70);
  });
  it('leaves "Other" out when the rest outweighs the largest category, and says so', () => {
    // 100 customers of about equal revenue: the other 71 sum to ~2.4x the largest one.
    const input = rows(100, (i) => `C${i}`).map((row, i) => ({ ...row, v: 1_000 + i }));
    const layout = layoutChart(bar, input);
    const shown = layout.rows(input);
    expect(shown).toHaveLength(29);
    expect(shown.map((row) => row.c)).not.toContain('Other');
    expect(shown[0]).toEqual({ c: 'C99', v: 1_099 });
    expect(layout.note).toMatch(/top 29 of 100 c by v; the other 71 together outweigh any one shown/);
    expect((layout.spec.encoding as Record<string, { sort?: unknown }>).y!.sort).toHaveLength(29);
    expect(layout.height).toBe(29 * 22 + 70);
    // New rows keep the choice: no "Other" appears later.
    expect(layout.rows([...input, { c: 'C100', v: 5 }]).map((row) => row.c)).not.toContain('Other');
  });
  it('leaves line charts and composites alone apart from sizing', () => {
    const line = layoutChart({ mark: 'line', encoding: {} }, rows(3));
    expect(line.orientation).toBeUndefined();
    expect(line.rows(rows(3))).toHaveLength(3);
  });
});

describe('topN and wrapTitle', () => {
  it('sums duplicates before ranking', () => {
    expect(
      topN(
        [
          { c: 'a', v: 1 },
          { c: 'b', v: 5 },
          { c: 'a', v: 6 },
          { c: 'd', v: 1 },
        ],
        'c',
        'v',
        1,
      ),
    ).toEqual([
      { c: 'a', v: 7 },
      { c: 'Other', v: 6 },
    ]);
  });
  it('wraps a long title to the width', () => {
    expect(wrapTitle('Revenue by customer, eight largest accounts this year', 200)).toEqual([
      'Revenue by customer,',
      'eight largest',
      'accounts this year',
    ]);
    expect(wrapTitle('Short', 200)).toBe('Short');
  });
});

describe('suggestChart', () => {
  const make = (columns: [string, 'number' | 'string' | 'time'][], rows: SqlResult['rows']): SqlResult => ({
    sqlQuery: 'SELECT 1',
    columns: columns.map(([name, kind]) => ({ name, kind, type: '' })),
    rows,
    totalRows: rows.length,
    truncated: false,
  });
  const pick = (result: SqlResult) => suggestChart(result, deriveFormats(result));
  it('says whether no chart came or the one that came could not be shown', () => {
    const result = make(
      [
        ['region', 'string'],
        ['revenue', 'number'],
      ],
      [
        ['A', 1],
        ['B', 2],
      ],
    );
    expect(pick(result)?.note).toMatch(/^No chart came with this answer: a bar chart/);
    expect(suggestChart(result, deriveFormats(result), 'unusable')?.note).toBe(
      'The chart that came with this answer could not be shown: a bar chart of revenue by region.',
    );
  });
  it('picks line for time, bar for one category, scatter for two measures, else nothing', () => {
    const line = pick(
      make(
        [
          ['month', 'string'],
          ['revenue', 'number'],
        ],
        [
          ['2024-01', 1],
          ['2024-02', 2],
        ],
      ),
    );
    expect(line?.spec.mark).toMatchObject({ type: 'line' });
    expect(line?.note).toBe('No chart came with this answer: a line chart of revenue over month.');
    const bar = pick(
      make(
        [
          ['region', 'string'],
          ['revenue', 'number'],
        ],
        [
          ['A', 1],
          ['B', 2],
        ],
      ),
    );
    expect(bar?.spec.mark).toBe('bar');
    const scatter = pick(
      make(
        [
          ['orders', 'number'],
          ['revenue', 'number'],
        ],
        [
          [1, 1],
          [2, 2],
        ],
      ),
    );
    expect(scatter?.spec.mark).toBe('point');
    expect(
      pick(
        make(
          [
            ['a', 'string'],
            ['b', 'string'],
          ],
          [
            ['x', 'y'],
            ['z', 'w'],
          ],
        ),
      ),
    ).toBeUndefined();
  });
});

describe('a sort follows its channel', () => {
  // "Revenue by region" as the mock agent sends it: categories on x, sorted by y descending.
  const regions = [
    { region: 'North America', revenue: 40 },
    { region: 'Asia Pacific', revenue: 30 },
    { region: 'Latin America', revenue: 20 },
    { region: 'Europe', revenue: 10 },
  ];
  const byRevenue = {
    mark: 'bar',
    encoding: {
      x: { field: 'region', type: 'nominal', sort: '-y' },
      y: { field: 'revenue', type: 'quantitative' },
    },
  };
  const encodingOf = (spec: Record<string, unknown>) => spec.encoding as Record<string, Record<string, unknown>>;

  it('turns "-y" into "-x" when the bars turn horizontal (the measure moved to x)', () => {
    const layout = layoutChart(byRevenue, regions);
    expect(layout.orientation).toBe('horizontal');
    expect(encodingOf(layout.spec).y!.field).toBe('region');
    expect(encodingOf(layout.spec).y!.sort).toBe('-x');
  });

  it('chooses the ticks of a quantitative x axis from the width (not one per 40 px on a wide board)', () => {
    const layout = layoutChart(byRevenue, regions);
    const tickCount = (encodingOf(layout.spec).x!.axis as { tickCount: { expr: string } }).tickCount;
    expect(tickCount).toEqual({ expr: 'min(ceil(width / 40), max(6, ceil(width / 160)))' });
    // (What it draws at each width is measured in Chromium: test/browser/board.browser.test.tsx.)
    // A temporal x too; a spec's own count, a hidden axis and a nominal x are left alone.
    const line = (x: Record<string, unknown>) =>
      encodingOf(layoutChart({ mark: 'line', encoding: { x, y: { field: 'v', type: 'quantitative' } } }, []).spec).x!;
    expect(line({ field: 't', type: 'temporal' }).axis).toEqual({ tickCount });
    expect(line({ field: 't', type: 'temporal', axis: { tickCount: 4 } }).axis).toEqual({ tickCount: 4 });
    expect(line({ field: 't', type: 'temporal', axis: null }).axis).toBeNull();
    expect(line({ field: 't', type: 'ordinal' }).axis).toBeUndefined();
  });
  it('swaps ascending and encoding-object sorts too, and leaves the others alone', () => {
    const sorted = (sort: unknown) =>
      encodingOf(
        layoutChart(
          { ...byRevenue, encoding: { ...byRevenue.encoding, x: { ...byRevenue.encoding.x, sort } } },
          regions,
        ).spec,
      ).y!.sort;
    expect(sorted('y')).toBe('x');
    expect(sorted({ encoding: 'y', order: 'descending' })).toEqual({ encoding: 'x', order: 'descending' });
    expect(sorted('descending')).toBe('descending');
    expect(sorted(['Europe', 'Asia Pacific'])).toEqual(['Europe', 'Asia Pacific']);
    expect(sorted({ field: 'revenue', op: 'sum', order: 'descending' })).toEqual({
      field: 'revenue',
      op: 'sum',
      order: 'descending',
    });
  });
});

describe('axis titles', () => {
  // Titles are filled in as the chart is drawn (with the formats, in the lazy chart chunk).
  const drawn = (spec: Record<string, unknown>, input: Record<string, unknown>[] = []) =>
    applyFormats(layoutChart(spec, input).spec, {}, 'chart').encoding as Record<string, Record<string, unknown>>;

  it('fall back to the column name in sentence case, never the raw name', () => {
    const encoding = drawn({
      mark: 'point',
      encoding: {
        x: { field: 'order_count', type: 'quantitative' },
        y: { field: 'totalRevenue', type: 'quantitative' },
        color: { field: 'customer', type: 'nominal' },
        size: { field: 'revenueUSD', type: 'quantitative', aggregate: 'mean' },
      },
    });
    expect(encoding.x!.title).toBe('Order count');
    expect(encoding.y!.title).toBe('Total revenue');
    expect(encoding.color!.title).toBe('Customer');
    // Vega-Lite's own title for other aggregates ("Average of …") stays.
    expect(encoding.size!.title).toBeUndefined();
    // Tooltips built from the encoding read the same.
    expect((encoding.tooltip as unknown as { title?: string }[]).map((def) => def.title)).toEqual([
      'Order count',
      'Total revenue',
      'Customer',
      undefined,
    ]);
  });
  it('keep a title the spec gives, and the bar layout titles its axes too', () => {
    const encoding = drawn(
      {
        mark: 'bar',
        encoding: {
          x: { field: 'customer', type: 'nominal' },
          y: { field: 'revenue', type: 'quantitative', title: 'Revenue (USD)' },
        },
      },
      rows(3).map(({ c, v }) => ({ customer: c, revenue: v })),
    );
    expect(encoding.x!.title).toBe('Customer');
    expect(encoding.y!.title).toBe('Revenue (USD)');
  });
});

describe('layoutChart: stacked bars beyond the top categories', () => {
  it('keeps each series’ part of the top categories (their colours), and an "Other" per series', () => {
    const stacked = {
      mark: 'bar',
      encoding: {
        x: { field: 'c', type: 'nominal' },
        y: { field: 'v', type: 'quantitative' },
        color: { field: 's', type: 'nominal' },
      },
    };
    // 40 categories in two series; the first ones largest.
    const input = Array.from({ length: 40 }, (_, i) => [
      { c: `C${i}`, s: 'A', v: 100 - i },
      { c: `C${i}`, s: 'B', v: 50 - i },
    ]).flat();
    const layout = layoutChart(stacked, input);
    expect(layout.orientation).toBe('horizontal');
    const drawn = layout.rows(input);
    // Every row drawn has its series: none summed away (the legend read "undefined").
    expect(drawn.every((row) => row.s === 'A' || row.s === 'B')).toBe(true);
    const kept = drawn.filter((row) => row.c !== 'Other');
    expect(new Set(kept.map((row) => row.c)).size).toBe(29);
    expect(kept).toContainEqual({ c: 'C0', s: 'A', v: 100 });
    expect(kept).toContainEqual({ c: 'C0', s: 'B', v: 50 });
    const other = drawn.filter((row) => row.c === 'Other');
    if (other.length) expect(other.map((row) => row.s).sort()).toEqual(['A', 'B']);
  });
});
