import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ResultChart, ThemeProvider, type ResultChartProps } from '../../src';
import type { SqlResult } from '../../src/protocol';
import { sqlResultFor } from '../../stories/support/mock-results';
import { captureDownloads } from './fixtures/downloads';

// Issue 20, point 3, in Chromium: real vega views, real blob URLs, real keyboard input.

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const toolbar = () => screen.findByRole('toolbar', { name: 'Result actions' }, { timeout: 10_000 });

/** Opens a toolbar menu with the keyboard and chooses an item by its name. */
async function choose(menu: RegExp | string, item: RegExp | string) {
  const button = within(await toolbar()).getByRole('button', { name: menu });
  button.focus();
  await userEvent.keyboard('{ArrowDown}');
  const list = await screen.findByRole('menu');
  const target = within(list).getByRole('menuitem', { name: item });
  for (let step = 0; document.activeElement !== target && step < 12; step++) await userEvent.keyboard('{ArrowDown}');
  expect(document.activeElement).toBe(target);
  await userEvent.keyboard('{Enter}');
}

/** The same, for the chart type menu (radio items). */
async function pickType(type: string) {
  const button = within(await toolbar()).getByRole('button', { name: /^View:/ });
  button.focus();
  await userEvent.keyboard('{ArrowDown}');
  const list = await screen.findByRole('menu');
  const target = within(list).getByRole('menuitemradio', { name: type });
  for (let step = 0; document.activeElement !== target && step < 12; step++) await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
}

const bars = (container: HTMLElement) => container.querySelectorAll('.mark-rect path');

/**
 * The category labels of a drawn chart in order: top to bottom (`y`), or left to right (`x`).
 * A label cut to its band ("North Am…") counts as the name it starts.
 */
function categoryLabels(container: HTMLElement, names: readonly string[], along: 'x' | 'y' = 'y'): string[] {
  const at = (box: DOMRect) => (along === 'y' ? box.top + box.height / 2 : box.left + box.width / 2);
  const nameOf = (label: string) =>
    label.endsWith('…') ? names.find((name) => name.startsWith(label.slice(0, -1))) : names.find((n) => n === label);
  return [...container.querySelectorAll('.role-axis-label text')]
    .filter((text) => nameOf(text.textContent ?? '') !== undefined)
    .map((text) => ({ name: nameOf(text.textContent!)!, at: at(text.getBoundingClientRect()) }))
    .sort((a, b) => a.at - b.at)
    .map((label) => label.name);
}

describe('the defects seen in the demo', () => {
  it('"Revenue by region" draws its horizontal bars largest first, as the answer ranks them', async () => {
    const result = await sqlResultFor('Revenue by region');
    const ranked = result.rows.map((row) => String(row[0])); // the mock's ORDER BY revenue DESC
    expect(ranked[0]).toBe('North America');
    const { container } = render(<ResultChart result={result} />);
    await waitFor(() => expect(bars(container)).toHaveLength(4), { timeout: 10_000 });
    expect(container.querySelector('.ek-chart__canvas')).toHaveAttribute('data-orientation', 'horizontal');
    expect(categoryLabels(container, ranked)).toEqual(ranked);
  });

  it('titles an axis from its column in sentence case, never the raw name', async () => {
    // "Top 5 customers by revenue" comes without a chart: one is chosen from the columns.
    const result = await sqlResultFor('Top 5 customers by revenue');
    const { container } = render(<ResultChart result={result} />);
    await waitFor(() => expect(bars(container)).toHaveLength(5), { timeout: 10_000 });
    const titles = [...container.querySelectorAll('.role-axis-title text')].map((text) => text.textContent);
    expect(titles.sort()).toEqual(['Customer', 'Revenue']);
  });
});

/** Cells a spreadsheet would run, and cells CSV must quote. */
const hostile: SqlResult = {
  sqlQuery: 'SELECT name, note, amount FROM t',
  queryTitle: 'Risky cells: "quoted", commas',
  columns: [
    { name: 'name', type: 'String', kind: 'string' },
    { name: '=header', type: 'String', kind: 'string' },
    { name: 'amount', type: 'Double', kind: 'number' },
  ],
  rows: [
    ['=HYPERLINK("http://x.test","click")', '+1 555', -12.5],
    ['@SUM(A1)', '-2+3', 0],
    ['\tTabbed', '\rReturned', 3],
    ['a, b', 'say "hi"', null],
    ['line\nbreak', '-7', 1e21],
  ],
  totalRows: 40,
  truncated: true,
};

const csvOfHostile = [
  "name,'=header,amount",
  '"\'=HYPERLINK(""http://x.test"",""click"")",\'+1 555,-12.5',
  "'@SUM(A1),'-2+3,0",
  '\'\tTabbed,"\'\rReturned",3',
  '"a, b","say ""hi""",',
  '"line\nbreak",-7,1e+21',
].join('\r\n');

describe('exports', () => {
  it('downloads the rows shown as CSV (RFC 4180, BOM, formulas escaped) and says they are the rows shown', async () => {
    const { downloads, revoked } = captureDownloads();
    render(<ResultChart result={hostile} />);
    await choose('Export', 'Download CSV (the 5 rows shown, of 40)');
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [file] = downloads;
    expect(file!.name).toBe('risky-cells-quoted-commas.csv');
    expect(file!.href).toMatch(/^blob:/);
    const blob = await file!.body;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for UTF-8
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(`${csvOfHostile}\r\n`);
    // The blob URL is revoked once the download started, and the link is gone.
    await waitFor(() => expect(revoked).toHaveBeenCalledWith(file!.href), { timeout: 3000 });
    expect(document.querySelector('a[download]')).toBeNull();
    expect(await screen.findByText('Downloaded risky-cells-quoted-commas.csv')).toBeVisible();
  });

  it('downloads every row through loadAllRows when the result was truncated', async () => {
    const { downloads } = captureDownloads();
    const everything: SqlResult = {
      ...hostile,
      rows: Array.from({ length: 40 }, (_, i) => [`n${i}`, 'x', i]),
      truncated: false,
    };
    const loadAllRows = vi.fn(async (signal: AbortSignal) => {
      expect(signal).toBeInstanceOf(AbortSignal);
      return everything;
    });
    render(<ResultChart result={hostile} loadAllRows={loadAllRows} />);
    await choose('Export', 'Download CSV (all 40 rows)');
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = await (await downloads[0]!.body).text();
    expect(text.split('\r\n')).toHaveLength(42); // BOM+header, 40 rows, the final CRLF
    expect(loadAllRows).toHaveBeenCalledTimes(1);
  });

  it('copies the rows as TSV for a spreadsheet, formulas escaped, and says so', async () => {
    const writes: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => void writes.push(text));
    render(<ResultChart result={hostile} />);
    await choose('Export', 'Copy 5 rows as TSV');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.split('\r\n')[0]).toBe("name\t'=header\tamount");
    expect(writes[0]!.split('\r\n')[1]).toBe('"\'=HYPERLINK(""http://x.test"",""click"")"\t\'+1 555\t-12.5');
    // A tab inside a cell is quoted, so the columns stay where they are.
    expect(writes[0]!.split('\r\n')[3]).toBe('"\'\tTabbed"\t"\'\rReturned"\t3');
    expect(await screen.findByText('Copied 5 rows')).toBeVisible();
  });

  it('downloads the chart as SVG and PNG from a real vega view: themed, with the title, the chart on screen untouched', async () => {
    const { downloads, revoked } = captureDownloads();
    const result = await sqlResultFor('Revenue by category');
    const spec = { ...result.vegaSpec };
    delete spec.title; // as in the chat, which shows the title above the chart
    const { container } = render(
      <ThemeProvider theme={{ colorScheme: 'dark', colors: { primary: '#f59e0b' } }}>
        <ResultChart result={result} spec={spec} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(bars(container)).toHaveLength(5), { timeout: 10_000 });
    const onScreen = container.querySelector('.ek-chart__view svg')!;
    const drawnBefore = container.querySelector<HTMLElement>('.ek-chart__view')!.dataset.drawn;

    await choose('Export', 'Download chart as SVG');
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]!.name).toBe('revenue-by-product-category.svg');
    const svg = await (await downloads[0]!.body).text();
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('Revenue by product category'); // the title, on the image only
    expect(svg).toContain('#0f172a'); // the dark theme's background
    expect(svg).toContain('#f59e0b'); // its primary colour on the bars
    expect(svg.match(/<path[^>]*fill="#f59e0b"/g)?.length).toBeGreaterThanOrEqual(5);
    await waitFor(() => expect(revoked).toHaveBeenCalledWith(downloads[0]!.href), { timeout: 3000 });

    await choose('Export', 'Download chart as PNG');
    await waitFor(() => expect(downloads).toHaveLength(2), { timeout: 10_000 });
    expect(downloads[1]!.name).toBe('revenue-by-product-category.png');
    const png = await downloads[1]!.body;
    expect(png.type).toBe('image/png');
    const image = await createImageBitmap(png);
    const width = container.querySelector<HTMLElement>('.ek-chart__view')!.clientWidth;
    expect(image.width).toBe(width * 2); // drawn at twice the size, for sharp prints
    expect(image.height).toBeGreaterThan(260 * 2);
    // The chart on screen is the same element and was not redrawn.
    expect(container.querySelector('.ek-chart__view svg')).toBe(onScreen);
    expect(container.querySelector<HTMLElement>('.ek-chart__view')!.dataset.drawn).toBe(drawnBefore);
    expect(onScreen.textContent).not.toContain('Revenue by product category');
  });

  it('offers no image while the table is shown', async () => {
    render(<ResultChart result={hostile} />);
    const button = within(await toolbar()).getByRole('button', { name: 'Export' });
    await userEvent.click(button);
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Download CSV (the 5 rows shown, of 40)',
      'Copy 5 rows as TSV',
    ]);
  });
});

describe('the chart type switch', () => {
  const regions = () => sqlResultFor('Revenue by region');

  it('offers the types that fit the columns and remembers the pick per result across re-mounts', async () => {
    const result = { ...(await regions()), uuid: `switch-${Date.now()}` };
    const first = render(<ResultChart result={result} />);
    await waitFor(() => expect(bars(first.container)).toHaveLength(4), { timeout: 10_000 });
    const button = within(await toolbar()).getByRole('button', { name: 'View: Horizontal bar' });
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'View: Horizontal bar' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Bar', 'Horizontal bar', 'Points', 'Table']);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false']);
    // The menu opened on the checked item.
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await pickType('Table');
    expect(await screen.findByRole('table')).toBeVisible();
    expect(first.container.querySelector('.ek-chart__canvas')).toBeNull();
    first.unmount();

    // Mounted again (a thread re-rendered): still the table, for this result only.
    const second = render(<ResultChart result={result} />);
    expect(second.container.querySelector('table')).not.toBeNull();
    expect(await within(await toolbar()).findByRole('button', { name: 'View: Table' })).toBeVisible();
    second.unmount();
    const other = render(<ResultChart result={{ ...result, uuid: `${result.uuid}-other` }} />);
    await waitFor(() => expect(bars(other.container)).toHaveLength(4), { timeout: 10_000 });
  });

  it('keeps the sort by the measure through a switch to vertical bars and to points', async () => {
    const result = await regions();
    const ranked = result.rows.map((row) => String(row[0]));
    const onChange = vi.fn();
    const { container } = render(<ResultChart result={result} onChartTypeChange={onChange} />);
    await waitFor(() => expect(bars(container)).toHaveLength(4), { timeout: 10_000 });
    await pickType('Bar');
    expect(onChange).toHaveBeenLastCalledWith('bar');
    await waitFor(() =>
      expect(container.querySelector('.ek-chart__canvas')).toHaveAttribute('data-orientation', 'vertical'),
    );
    await waitFor(() => expect(bars(container)).toHaveLength(4), { timeout: 10_000 });
    expect(categoryLabels(container, ranked, 'x')).toEqual(ranked);
    await pickType('Points');
    await waitFor(() => expect(container.querySelectorAll('.mark-symbol path')).toHaveLength(4), { timeout: 10_000 });
    expect(categoryLabels(container, ranked, 'x')).toEqual(ranked);
  });

  it('offers line and area for dates, and a controlled type wins', async () => {
    const result = await sqlResultFor('Orders over time');
    const props: ResultChartProps = { result, chartType: 'area' };
    const { container, rerender } = render(<ResultChart {...props} />);
    await waitFor(() => expect(container.querySelector('.mark-area path')).not.toBeNull(), { timeout: 10_000 });
    await userEvent.click(within(await toolbar()).getByRole('button', { name: 'View: Area' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Bar', 'Line', 'Area', 'Points', 'Table']);
    await userEvent.keyboard('{Escape}');
    rerender(<ResultChart {...props} chartType="bar" />);
    await waitFor(() => expect(bars(container)).toHaveLength(12), { timeout: 10_000 });
  });

  it('moves with the keyboard as a toolbar: one tab stop, arrows between the buttons, Home/End and letters in a menu', async () => {
    render(
      <>
        <button type="button">before</button>
        <ResultChart result={await regions()} />
      </>,
    );
    const bar = await toolbar();
    const [view, exports] = within(bar).getAllByRole('button');
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(view);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(exports);
    expect(view).toHaveAttribute('tabindex', '-1');
    expect(exports).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(view);
    await userEvent.keyboard('{ArrowUp}'); // opens on the last item
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitemradio');
    expect(document.activeElement).toBe(items.at(-1));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('p');
    expect(document.activeElement).toHaveTextContent('Points');
    await userEvent.keyboard('{End}{ArrowDown}'); // wraps
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
