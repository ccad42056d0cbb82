import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { loadCharts, ResultChart, ThemeProvider, type ChartError, type ChartSpecPolicy } from '../../src';
import type { SqlResult } from '../../src/protocol';

function result(rows: [string, number][], spec: Record<string, unknown> = {}): SqlResult {
  return {
    sqlQuery: 'SELECT region, revenue FROM t',
    queryTitle: 'Revenue by region',
    columns: [
      { name: 'region', type: 'String', kind: 'string' },
      { name: 'revenue', type: 'Double', kind: 'number' },
    ],
    rows,
    totalRows: rows.length,
    truncated: false,
    vegaSpec: {
      mark: 'bar',
      encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
      ...spec,
    },
  };
}

const bars = (container: HTMLElement) => container.querySelectorAll('.mark-rect path');

const scatterSpec = {
  mark: 'point',
  encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
};

/** `count` points (x = i, y = y(i)) under the same spec object: new rows, same chart. */
function scatterResult(count: number, y: (i: number) => number): SqlResult {
  return {
    sqlQuery: 'SELECT x, y FROM t',
    columns: [
      { name: 'x', type: 'Int64', kind: 'number' },
      { name: 'y', type: 'Double', kind: 'number' },
    ],
    rows: Array.from({ length: count }, (_, i) => [i, y(i)]),
    totalRows: count,
    truncated: false,
    vegaSpec: scatterSpec,
  };
}

/** How many times a chart has drawn (its `data-drawn` counter). */
const drawnCount = (root: HTMLElement) =>
  Number(root.querySelector<HTMLElement>('.ek-chart__view')!.dataset.drawn ?? 0);

/**
 * The resources this page requested from `origin` since entry `before`, read once a sentinel
 * request to the same origin (made now, after the chart drew) has its own entry: the proof
 * that a request there is recorded at all, failed ones included, and that the chart's would
 * be by now.
 */
async function requestsTo(origin: string, before: number): Promise<string[]> {
  const sentinel = `${origin}/sentinel-${Math.random().toString(36).slice(2)}`;
  await new Promise((resolve) => {
    const image = new Image();
    image.onload = image.onerror = resolve;
    image.src = sentinel;
  });
  const names = () =>
    performance
      .getEntriesByType('resource')
      .slice(before)
      .map((entry) => entry.name);
  await waitFor(() => expect(names()).toContain(sentinel), { timeout: 10_000 });
  return names().filter((url) => url.startsWith(origin) && url !== sentinel);
}

describe('<ResultChart> in Chromium', () => {
  it('renders one SVG mark per row', async () => {
    const { container } = render(
      <ResultChart
        result={result([
          ['A', 1],
          ['B', 2],
          ['C', 3],
        ])}
      />,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(3), { timeout: 10_000 });
    expect(container.querySelector('svg')).not.toBeNull();
    const figure = container.querySelector('[role="img"]')!;
    expect(figure.getAttribute('aria-label')).toBe(
      // Its values as the chart shows them: money with its currency.
      'Bar chart: Revenue by region, 3 rows. Highest revenue: C, $3.00. Lowest: A, $1.00.',
    );
  });

  it('updates rows through the view without re-embedding', async () => {
    const spec = result([['A', 1]]).vegaSpec;
    const first = result([
      ['A', 1],
      ['B', 2],
    ]);
    const { container, rerender } = render(<ResultChart result={first} spec={spec} />);
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    const svg = container.querySelector('svg');
    rerender(
      <ResultChart
        result={result([
          ['A', 1],
          ['B', 2],
          ['C', 3],
          ['D', 4],
        ])}
        spec={spec}
      />,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(4));
    expect(container.querySelector('svg')).toBe(svg);
  });

  it('rows that arrive while the chart is still drawing are drawn too', async () => {
    const spec = result([['A', 1]]).vegaSpec;
    const two = result([
      ['A', 1],
      ['B', 2],
    ]);
    const five = result([
      ['A', 1],
      ['B', 2],
      ['C', 3],
      ['D', 4],
      ['E', 5],
    ]);
    // With vega loaded, the draw starts as the chart mounts; the new rows come while it embeds.
    await loadCharts();
    const { container, rerender } = render(<ResultChart result={two} spec={spec} />);
    expect(container.querySelector('.ek-chart__canvas')?.getAttribute('data-state')).toBe('loading');
    rerender(<ResultChart result={five} spec={spec} />);
    expect(bars(container)).toHaveLength(0);
    await waitFor(() => expect(bars(container)).toHaveLength(5), { timeout: 10_000 });
  });

  it('loads nothing a hostile spec asks for', async () => {
    const hostile = 'http://127.0.0.1:9';
    const before = performance.getEntriesByType('resource').length;
    const { container } = render(
      <ResultChart
        result={result(
          [
            ['A', 1],
            ['B', 2],
          ],
          {
            data: { url: `${hostile}/data.csv` },
            usermeta: {
              embedOptions: {
                loader: { baseURL: `${hostile}/` },
                config: `${hostile}/config.json`,
                patch: `${hostile}/patch.json`,
              },
            },
            config: { background: 'red' },
            transform: [
              { lookup: 'region', from: { data: { url: `${hostile}/lookup.json` }, key: 'k', fields: ['x'] } },
            ],
            encoding: {
              x: { field: 'region', type: 'nominal' },
              y: { field: 'revenue', type: 'quantitative' },
              href: { value: `${hostile}/click` },
            },
          },
        )}
      />,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    expect(await requestsTo(hostile, before)).toEqual([]);
    expect(container.querySelector('a, image')).toBeNull();
    expect(container.innerHTML).not.toContain(hostile);
    // usermeta could not switch the actions menu on.
    expect(container.querySelector('.vega-actions, details')).toBeNull();
  });

  it('falls back to the table for an image mark or a spec vega cannot compile, without throwing', async () => {
    const image = render(
      <ResultChart
        result={result([['A', 1]], { mark: 'image', encoding: { url: { value: 'http://127.0.0.1:9/x.png' } } })}
      />,
    );
    const imageView = within(image.container);
    expect((await imageView.findByRole('note', {}, { timeout: 10_000 })).textContent).toMatch(/image mark/);
    expect(imageView.getByRole('table')).toBeTruthy();
    const errors: string[] = [];
    // Inside the allow-list, but sorted by a channel it does not encode: Vega-Lite throws.
    const broken = render(
      <ResultChart
        result={result([['A', 1]], {
          encoding: { x: { field: 'region', type: 'nominal', sort: { encoding: 'color' } } },
        })}
        onError={(e) => errors.push(e.kind)}
      />,
    );
    await waitFor(() => expect(within(broken.container).getByRole('note')).toBeTruthy(), { timeout: 10_000 });
    expect(errors).toEqual(['render-failed']);
  });

  it('replaces a refused spec with a chart chosen from the columns, says so, and reports the refusal', async () => {
    const errors: string[] = [];
    const { container, unmount } = render(
      <ResultChart
        result={result(
          [
            ['North', 10],
            ['South', 20],
          ],
          { mark: 'image', encoding: { url: { value: 'http://127.0.0.1:9/x.png' } } },
        )}
        onError={(e) => errors.push(`${e.kind}: ${e.message}`)}
      />,
    );
    expect((await within(container).findByRole('note', {}, { timeout: 10_000 })).textContent).toMatch(
      /could not be shown: a bar chart of revenue by region/,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    expect(errors).toEqual([expect.stringMatching(/^invalid-spec: mark is an image mark/)]);
    unmount();
  });

  it('draws to SVG up to 1,000 rows and to a canvas above, counting its draws', async () => {
    const scatter = (count: number, seed: number) => scatterResult(count, (i) => ((i * 7919 + seed) % 101) - 50);

    const small = render(<ResultChart result={scatter(1_000, 0)} />);
    await waitFor(() => expect(drawnCount(small.container)).toBe(1), { timeout: 10_000 });
    expect(small.container.querySelector('[data-renderer]')!.getAttribute('data-renderer')).toBe('svg');
    expect(small.container.querySelectorAll('.mark-symbol path')).toHaveLength(1_000);
    small.unmount();

    const large = render(<ResultChart result={scatter(5_000, 0)} />);
    await waitFor(() => expect(drawnCount(large.container)).toBe(1), { timeout: 10_000 });
    expect(large.container.querySelector('[data-renderer]')!.getAttribute('data-renderer')).toBe('canvas');
    const canvas = large.container.querySelector('canvas')!;
    expect(large.container.querySelector('svg.marks')).toBeNull();
    const ink = () => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4)
        sum += data[i + 3]! > 0 ? data[i]! + 3 * data[i + 1]! + 7 * data[i + 2]! + i : 0;
      return sum;
    };
    const before = ink();
    expect(before).toBeGreaterThan(0);
    // New rows go through the view (no re-embed): the same canvas, drawn again, differently.
    large.rerender(<ResultChart result={scatter(5_000, 3)} />);
    await waitFor(() => expect(drawnCount(large.container)).toBe(2), { timeout: 10_000 });
    expect(large.container.querySelector('canvas')).toBe(canvas);
    expect(ink()).not.toBe(before);
    large.unmount();
  });

  it('refits its axes to new rows and to rows inserted after the build: no label is clipped', async () => {
    const scatter = (count: number, scale: number) => scatterResult(count, (i) => ((i * 7919) % 101) * scale);

    // SVG: small numbers, then numbers with four times the digits, through the same view.
    const small = render(<ResultChart result={scatter(20, 1)} />);
    await waitFor(() => expect(drawnCount(small.container)).toBe(1), { timeout: 10_000 });
    small.rerender(<ResultChart result={scatter(20, 1_234_567.89)} />);
    await waitFor(() => expect(drawnCount(small.container)).toBe(2), { timeout: 10_000 });
    const svg = small.container.querySelector('svg')!.getBoundingClientRect();
    const labels = [...small.container.querySelectorAll('.role-axis-label text, .role-axis-title text')];
    expect(labels.length).toBeGreaterThan(4);
    for (const label of labels) expect(label.getBoundingClientRect().left).toBeGreaterThanOrEqual(svg.left - 0.5);
    // And back to small numbers: the room the long labels took is given back to the plot.
    small.rerender(<ResultChart result={scatter(20, 1)} />);
    await waitFor(() => expect(drawnCount(small.container)).toBe(3), { timeout: 10_000 });
    const leftmost = (selector: string) =>
      Math.min(...[...small.container.querySelectorAll(selector)].map((el) => el.getBoundingClientRect().left));
    expect(leftmost('.role-axis-title text, .role-axis-label text') - svg.left).toBeLessThan(12);
    small.unmount();

    // Canvas: the rows go in after the view is built; then new rows. The left edge stays the
    // background's colour (the axis title starts inside the padding); cut labels would ink it.
    const leftEdgeInk = (canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, 2, canvas.height).data;
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if ([0, 1, 2, 3].some((c) => data[i + c] !== data[c])) inked++; // unlike the top-left corner
      return inked;
    };
    const large = render(<ResultChart result={scatter(5_000, 1_234.5)} />);
    await waitFor(() => expect(drawnCount(large.container)).toBe(1), { timeout: 10_000 });
    expect(leftEdgeInk(large.container.querySelector('canvas')!)).toBe(0);
    large.rerender(<ResultChart result={scatter(5_000, 98_765_432.1)} />);
    await waitFor(() => expect(drawnCount(large.container)).toBe(2), { timeout: 10_000 });
    expect(leftEdgeInk(large.container.querySelector('canvas')!)).toBe(0);
    large.unmount();
  });

  it('takes colours and fonts from the theme', async () => {
    const theme = {
      fonts: { body: 'Georgia, serif' },
      chart: { palette: ['#123456', '#654321'] },
      colors: { muted: '#445566', primary: '#0a7b83' },
    };
    const { container } = render(
      <ThemeProvider theme={theme}>
        <ResultChart
          result={result([
            ['A', 1],
            ['B', 2],
          ])}
        />
      </ThemeProvider>,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    // One series: the theme's primary colour, not the first palette colour.
    expect(bars(container)[0]!.getAttribute('fill')).toBe('#0a7b83');
    const label = container.querySelector('.role-axis-label text')!;
    expect(label.getAttribute('font-family')).toBe('Georgia, serif');
    expect(label.getAttribute('fill')).toBe('#445566');
    const root = container.querySelector('.ek-root') as HTMLElement;
    expect(getComputedStyle(root).getPropertyValue('--ek-font-body').trim()).toBe('Georgia, serif');
  });

  it('shows formatted, themed, text-only tooltips', async () => {
    const { container, unmount } = render(
      <ThemeProvider theme={{ colorScheme: 'dark', fonts: { body: 'Georgia, serif' } }}>
        <ResultChart
          result={result([
            ['<img src=x onerror="window.__pwned=1">', 5492929.28],
            ['B', 2],
          ])}
        />
      </ThemeProvider>,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    const bar = bars(container)[0]!;
    const box = bar.getBoundingClientRect();
    const init = { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
    // As a pointer does: over the mark (vega builds its tooltip then), then moving on it.
    bar.dispatchEvent(new PointerEvent('pointerover', init));
    bar.dispatchEvent(new PointerEvent('pointermove', init));
    bar.dispatchEvent(new MouseEvent('mousemove', init));
    const tooltip = await waitFor(
      () => {
        const el = document.querySelector<HTMLElement>('.vg-tooltip.visible');
        expect(el).toBeTruthy();
        return el!;
      },
      { timeout: 5000 },
    );
    expect(tooltip.textContent).toContain('$5,492,929.28');
    expect(tooltip.textContent).toContain('<img src=x');
    expect(tooltip.querySelector('img')).toBeNull();
    const style = getComputedStyle(tooltip);
    expect(style.backgroundColor).toBe('rgb(30, 41, 59)'); // dark surface
    expect(style.color).toBe('rgb(241, 245, 249)');
    expect(style.fontFamily).toContain('Georgia');
    unmount();
    expect(document.querySelector('.vg-tooltip')).toBeNull();
  });

  it('colours series from the theme palette and heatmaps from its primary', async () => {
    const theme = { chart: { palette: ['#123456', '#654321'] }, colors: { primary: '#0a7b83', background: '#ffffff' } };
    const series = render(
      <ThemeProvider theme={theme}>
        <ResultChart
          result={result(
            [
              ['A', 1],
              ['B', 2],
            ],
            {
              encoding: {
                x: { field: 'region', type: 'nominal' },
                y: { field: 'revenue', type: 'quantitative' },
                color: { field: 'region', type: 'nominal' },
              },
            },
          )}
        />
      </ThemeProvider>,
    );
    await waitFor(() => expect(bars(series.container)).toHaveLength(2), { timeout: 10_000 });
    expect([...bars(series.container)].map((b) => b.getAttribute('fill'))).toEqual(['#123456', '#654321']);
    series.unmount();
    const heat = render(
      <ThemeProvider theme={theme}>
        <ResultChart
          result={result(
            [
              ['A', 0],
              ['B', 10],
            ],
            {
              mark: 'rect',
              encoding: { x: { field: 'region', type: 'nominal' }, color: { field: 'revenue', type: 'quantitative' } },
            },
          )}
        />
      </ThemeProvider>,
    );
    const cells = () => heat.container.querySelectorAll('.mark-rect.role-mark path');
    await waitFor(() => expect(cells()).toHaveLength(2), { timeout: 10_000 });
    const fills = [...cells()].map((b) => b.getAttribute('fill'));
    expect(fills[1]).toBe('rgb(10, 123, 131)'); // the maximum is the primary colour
    expect(fills[0]).toBe('rgb(235, 244, 245)'); // the minimum is primary mixed into the background
  });

  it('keeps the same height from placeholder to chart, and follows the container width', async () => {
    const { container } = render(
      <div style={{ width: 480 }}>
        <ResultChart
          result={result([
            ['A', 1],
            ['B', 2],
          ])}
        />
      </div>,
    );
    const canvas = container.querySelector<HTMLElement>('.ek-chart__canvas')!;
    expect(canvas.dataset.state).toBe('loading');
    const before = canvas.getBoundingClientRect().height;
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    const svg = container.querySelector('svg')!;
    expect(before).toBe(260); // the prepared spec's default height
    expect(canvas.getBoundingClientRect().height).toBe(before);
    expect(svg.getBoundingClientRect().height).toBe(before);
    expect(svg.getBoundingClientRect().width).toBe(480);
    (container.firstElementChild as HTMLElement).style.width = '320px';
    await waitFor(() => expect(container.querySelector('svg')!.getBoundingClientRect().width).toBe(320), {
      timeout: 5000,
    });
  });

  it('never draws one category label over the next on a narrow chart (390 px phone)', async () => {
    const names = ['Software', 'Hardware', 'Training', 'Support', 'Services'];
    const { container } = render(
      <div style={{ width: 320 }}>
        <ResultChart result={result(names.map((name, i) => [name, 4_500_000 - i * 150_000]))} toolbar={false} />
      </div>,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(5), { timeout: 10_000 });
    expect(container.querySelector('.ek-chart__canvas')).toHaveAttribute('data-orientation', 'vertical');
    const labels = [...container.querySelectorAll('.role-axis-label text')]
      .filter((text) => /^(Soft|Hard|Train|Supp|Serv)/.test(text.textContent ?? ''))
      .map((text) => text.getBoundingClientRect())
      .sort((a, b) => a.left - b.left);
    expect(labels).toHaveLength(5);
    for (let i = 1; i < labels.length; i++) expect(labels[i]!.left).toBeGreaterThanOrEqual(labels[i - 1]!.right + 2);
  });

  it('draws a temporal line with month labels', async () => {
    const months: [string, number][] = [
      ['2024-01', 5],
      ['2024-02', 9],
      ['2024-03', 7],
    ];
    const { container } = render(
      <ResultChart
        result={{
          ...result(months),
          columns: [
            { name: 'month', type: 'String', kind: 'string' },
            { name: 'orders', type: 'Int64', kind: 'number' },
          ],
          vegaSpec: {
            mark: 'line',
            encoding: {
              x: { field: 'month', type: 'temporal', timeUnit: 'yearmonth' },
              y: { field: 'orders', type: 'quantitative' },
            },
          },
        }}
      />,
    );
    await waitFor(() => expect(container.querySelector('.mark-line path')).toBeTruthy(), { timeout: 10_000 });
    expect(container.querySelector('.mark-line path')!.getAttribute('d')).not.toMatch(/^M0,0L0,0/);
    const labels = [...container.querySelectorAll('.role-axis-label text')].map((t) => t.textContent);
    expect(labels).toContain('Jan 2024');
  });

  it('unmounting during the async embed leaks nothing', async () => {
    const { container, unmount } = render(<ResultChart result={result([['A', 1]])} />);
    // A twin mounted at the same moment and kept: once it has drawn, the unmounted chart's
    // embed has run its course too.
    const twin = render(<ResultChart result={result([['A', 1]])} />);
    const view = container.querySelector('.ek-chart__view')!;
    unmount();
    await waitFor(() => expect(twin.container.querySelector('.ek-chart__view')!.childElementCount).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect(view.childElementCount).toBe(0);
    expect(document.querySelectorAll('.vg-tooltip').length).toBeLessThanOrEqual(1);
  });

  it('renders under a Content-Security-Policy without unsafe-eval', async () => {
    // A production build of a page with the chart, served with a CSP header that forbids eval.
    const url = await commands.serveCspChart();
    const iframe = document.createElement('iframe');
    iframe.style.width = '600px';
    iframe.style.height = '400px';
    const report = new Promise<{
      marks?: number;
      axisLabels: string[];
      tooltip: string | null;
      exported: string;
      error?: string;
      violations: string[];
      evalBlocked: boolean;
      errors: string[];
    }>((resolve) => {
      window.addEventListener('message', function listener(event) {
        if (event.data?.type !== 'csp-chart') return;
        window.removeEventListener('message', listener);
        resolve(event.data);
      });
    });
    iframe.src = url;
    document.body.append(iframe);
    const outcome = await report;
    iframe.remove();
    expect(outcome.evalBlocked).toBe(true); // the policy really forbids eval in that page
    expect(outcome.error).toBeUndefined();
    expect(outcome.errors).toEqual([]);
    expect(outcome.marks).toBe(3);
    // Formats run through the interpreter: compact money on the axis, exact in the tooltip.
    expect(outcome.axisLabels).toEqual(expect.arrayContaining(['$2.5M', 'North']));
    expect(outcome.tooltip).toContain('$2,500,000.50');
    // The chart's lazy toolbar and export code load, and its SVG export works, under the policy.
    expect(outcome.exported).toBe('query-result.svg: <svg');
    // The only violation is the page's own probe of new Function.
    expect(outcome.violations).toEqual(['script-src: eval']);
  }, 60_000);
});

const ALLOW_PARAMS: ChartSpecPolicy = { params: true };

/** Renders a two-bar chart with `spec` over the standard one; resolves once it drew or fell back. */
async function renderHostile(spec: Record<string, unknown>, onError?: (error: ChartError) => void) {
  const view = render(
    <ResultChart
      result={result(
        [
          ['A', 1],
          ['B', 2],
        ],
        spec,
      )}
      onError={onError}
    />,
  );
  await waitFor(
    () => expect(bars(view.container).length + view.container.querySelectorAll('table').length).toBeGreaterThan(0),
    {
      timeout: 20_000,
    },
  );
  return view;
}

describe('agent specs outside the allow-list (issue 17)', () => {
  it('point 2: a params binding never lands outside the chart (bind.element), and is refused by default', async () => {
    const host = document.createElement('div');
    host.className = 'host-target';
    host.textContent = 'host content';
    document.body.append(host);
    const errors: ChartError[] = [];
    const { container, unmount } = await renderHostile(
      {
        params: [
          {
            name: 'pw',
            value: '',
            bind: { input: 'text', element: '.host-target', placeholder: 'Enter your password' },
          },
        ],
      },
      (error) => errors.push(error),
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    expect(host.textContent).toBe('host content');
    expect(host.children).toHaveLength(0);
    expect(document.querySelector('input[placeholder]')).toBeNull();
    expect(errors).toEqual([expect.objectContaining({ kind: 'invalid-spec', path: 'params' })]);
    unmount();
    host.remove();
  });

  it('point 2: with params allowed, an input renders under the chart in its figure, whatever element it names', async () => {
    const host = document.createElement('div');
    host.className = 'host-target';
    document.body.append(host);
    const spec = {
      params: [{ name: 'min', value: 0, bind: { input: 'range', min: 0, max: 3, element: '.host-target' } }],
      transform: [{ filter: 'datum.revenue >= min' }],
    };
    const { container, unmount } = render(
      <ResultChart
        result={result(
          [
            ['A', 1],
            ['B', 2],
          ],
          spec,
        )}
        specPolicy={ALLOW_PARAMS}
      />,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
    expect(host.children).toHaveLength(0);
    const slider = container.querySelector<HTMLInputElement>('figure .ek-chart__inputs input[type="range"]');
    expect(slider).not.toBeNull();
    // Nothing focusable inside the chart's labelled image.
    expect(container.querySelector('[role="img"] input')).toBeNull();
    unmount();
    host.remove();
  });

  it('point 3: a facet draws its first 12 panels, whatever the rows, and says so', async () => {
    const rows: [string, number][] = Array.from({ length: 40 }, (_, i) => [`R${i}`, i + 1]);
    const spec = {
      facet: { field: 'region' },
      columns: 4,
      spec: {
        mark: 'bar',
        encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
      },
    };
    const { container, unmount } = render(<ResultChart result={result(rows)} spec={spec} />);
    await waitFor(() => expect(bars(container)).toHaveLength(12), { timeout: 10_000 });
    expect(within(container).getByRole('note').textContent).toMatch(/first 12 panels; the table has every row/);
    unmount();
  });

  it('point 8: no colour becomes a url() paint the browser would fetch; the chart falls back', async () => {
    const evil = 'http://127.0.0.1:9';
    const before = performance.getEntriesByType('resource').length;
    const errors: ChartError[] = [];
    const specs = [
      { mark: { type: 'bar', fill: `url(${evil}/x.svg#p)` } },
      { mark: { type: 'bar', stroke: `url(//127.0.0.1:9/x#s)`, strokeWidth: 4 } },
      {
        encoding: {
          x: { field: 'region', type: 'nominal' },
          y: { field: 'revenue', type: 'quantitative' },
          color: { value: `url(${evil}/c#c)` },
        },
      },
      {
        encoding: {
          x: { field: 'region', type: 'nominal' },
          y: { field: 'revenue', type: 'quantitative' },
          color: { field: 'region', type: 'nominal', scale: { range: [`url(${evil}/r#r)`, 'red'] } },
        },
      },
      { mark: { type: 'bar', cursor: `url(${evil}/c.cur), auto` } },
    ];
    for (const spec of specs) {
      const { container, unmount } = await renderHostile(spec, (error) => errors.push(error));
      await waitFor(() => expect(bars(container)).toHaveLength(2), { timeout: 10_000 });
      const paints = [...container.querySelectorAll('*')].flatMap((el) =>
        ['fill', 'stroke', 'style', 'cursor'].map((name) => el.getAttribute(name) ?? ''),
      );
      expect(paints.filter((value) => /url\((?!#)/i.test(value))).toEqual([]);
      unmount();
    }
    expect(await requestsTo(evil, before)).toEqual([]);
    expect(errors.map((e) => e.kind)).toEqual(specs.map(() => 'invalid-spec'));
  });
});
