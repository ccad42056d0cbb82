import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { ResultChart, ThemeProvider, type ThemeInput } from '../src';
import type { SqlResult as Result } from '../src/protocol';
import { sqlResultFor, syntheticResult } from './support/mock-results';

type Loaded = { result: Result };

const meta = {
  title: 'Charts/ResultChart',
  component: ResultChart,
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof ResultChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const fromMock = (question: string) => [async () => ({ result: await sqlResultFor(question) })];
const render: Story['render'] = (args, { loaded }) => <ResultChart {...args} result={(loaded as Loaded).result} />;
const waitForMarks = async (
  canvasElement: HTMLElement,
  selector = '.mark-rect path, .mark-line path, .mark-symbol path',
) => {
  await waitFor(() => expect(canvasElement.querySelectorAll(selector).length).toBeGreaterThan(0), { timeout: 8000 });
};

/** Renders the loaded result with another spec. */
const withSpec =
  (spec: Record<string, unknown>): Story['render'] =>
  (args, { loaded }) => <ResultChart {...args} result={(loaded as Loaded).result} spec={spec} />;

// `result` comes from the loaders; args need a placeholder of the right type.
const placeholder = { args: { result: undefined as unknown as Result } };

/** "Revenue by region": the mock agent's bar chart. */
export const Bar: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(4), { timeout: 8000 });
  },
};

/** "Orders over time": a line chart over months. */
export const Line: Story = {
  ...placeholder,
  loaders: fromMock('Orders over time'),
  render,
  play: async ({ canvasElement }) => waitForMarks(canvasElement, '.mark-line path'),
};

/** "Top 5 customers by revenue": the agent sends no chart; the chart is chosen from the columns and says so. */
export const AutoChart: Story = {
  ...placeholder,
  loaders: fromMock('Top 5 customers by revenue'),
  render,
  args: { ...placeholder.args, autoChart: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /No chart came with this answer/,
    );
    await waitForMarks(canvasElement);
  },
};

/** The host forces the table (`tableOnly`). */
export const TableOnly: Story = {
  ...placeholder,
  loaders: fromMock('Top 5 customers by revenue'),
  render,
  args: { ...placeholder.args, tableOnly: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('row')).toHaveLength(6);
  },
};

/** Opens a toolbar menu (by its button's name) and returns it. */
const openMenu = async (canvasElement: HTMLElement, name: string | RegExp) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name }, { timeout: 8000 }));
  return within(canvasElement.ownerDocument.body).findByRole('menu');
};

/** Picks a chart type in the toolbar's "View" menu. */
const pickType = async (canvasElement: HTMLElement, type: string) => {
  const menu = await openMenu(canvasElement, /^View:/);
  await userEvent.click(within(menu).getByRole('menuitemradio', { name: type }));
};

/** The chart, switched to its table by the user (the "View" menu). */
export const ViewAsTable: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by category'),
  render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForMarks(canvasElement);
    await pickType(canvasElement, 'Table');
    await expect(canvas.getByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'View: Table' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The chart type menu open: the types that fit a category and a measure, the one shown checked. */
export const ChartTypeMenu: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render,
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement);
    const menu = await openMenu(canvasElement, 'View: Horizontal bar');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Horizontal bar' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(4);
  },
};

/** "Revenue by region" switched to vertical bars: still largest first (the sort follows the measure). */
export const SwitchedToBars: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render,
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement);
    await pickType(canvasElement, 'Bar');
    await waitFor(() =>
      expect(canvasElement.querySelector('.ek-chart__canvas')).toHaveAttribute('data-orientation', 'vertical'),
    );
    await waitForMarks(canvasElement, '.mark-rect path');
  },
};

/** "Orders over time" switched to an area chart (line and area are offered for dates). */
export const SwitchedToArea: Story = {
  ...placeholder,
  loaders: fromMock('Orders over time'),
  render,
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement, '.mark-line path');
    await pickType(canvasElement, 'Area');
    await waitForMarks(canvasElement, '.mark-area path');
  },
};

/** "Revenue by region" as points (a dot plot), sorted like the bars. */
export const SwitchedToPoints: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  args: { ...placeholder.args, chartType: 'point' },
  render,
  play: async ({ canvasElement }) => waitForMarks(canvasElement, '.mark-symbol path'),
};

/** The export menu open: CSV (saying which rows), TSV for a spreadsheet, the chart as PNG and SVG. */
export const ExportMenu: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render,
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement);
    const menu = await openMenu(canvasElement, 'Export');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Download CSV (all 4 rows)', 'Copy 4 rows as TSV', 'Download chart as PNG', 'Download chart as SVG']);
  },
};

/**
 * The export menu opened at the bottom of a box that scrolls (a chat's log): no room below,
 * so it opens upward, inside the box.
 */
export const ExportMenuAtTheBottom: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: (args, { loaded }) => (
    <div data-testid="log" style={{ height: 360, overflowY: 'auto', border: '1px dashed #94a3b8' }}>
      <div style={{ height: 300 }} />
      <ResultChart {...args} result={(loaded as Loaded).result} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, 'Export');
    await expect(menu).toHaveAttribute('data-side', 'above');
    const log = within(canvasElement).getByTestId('log').getBoundingClientRect();
    await expect(menu.getBoundingClientRect().top).toBeGreaterThanOrEqual(log.top);
    await expect(menu.getBoundingClientRect().bottom).toBeLessThanOrEqual(log.bottom);
  },
};

/** A truncated result without a way to load the rest: the CSV has the rows shown, and says so. */
export const ExportRowsShown: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by customer'),
  args: { ...placeholder.args, defaultView: 'table' },
  render,
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, 'Export');
    await expect(
      within(menu).getByRole('menuitem', { name: /^Download CSV \(the 100 rows shown, of \d+\)$/ }),
    ).toBeVisible();
  },
};

/** After "Copy N rows as TSV": the status line says what happened (and is announced). */
export const CopiedStatus: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by category'),
  render,
  play: async ({ canvasElement }) => {
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const menu = await openMenu(canvasElement, 'Export');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Copy 5 rows as TSV' }));
    await expect(await within(canvasElement).findByText('Copied 5 rows')).toBeVisible();
  },
};

/** An export that failed (the clipboard refused): a plain status line, the cause in the console only. */
export const ExportFailed: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by category'),
  render,
  play: async ({ canvasElement }) => {
    spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    spyOn(console, 'warn').mockImplementation(() => {});
    const menu = await openMenu(canvasElement, 'Export');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Copy 5 rows as TSV' }));
    await expect(await within(canvasElement).findByText('That did not work. Try again.')).toBeVisible();
  },
};

/** The host's own entries in the export menu (`actions`), after the exports. */
export const HostActions: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  args: {
    ...placeholder.args,
    actions: [{ key: 'pin', label: 'Pin to my board', onSelect: fn(() => 'Pinned to your board') }],
  },
  render,
  play: async ({ canvasElement, args }) => {
    const menu = await openMenu(canvasElement, 'Export');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Pin to my board' }));
    await expect(args.actions![0]!.onSelect).toHaveBeenCalled();
    await expect(await within(canvasElement).findByText('Pinned to your board')).toBeVisible();
  },
};

/** A chart of a kind the switch does not offer (a pie): "As answered" keeps it, the others are one pick away. */
export const AsAnswered: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: withSpec({
    mark: 'arc',
    encoding: { theta: { field: 'revenue', type: 'quantitative' }, color: { field: 'region', type: 'nominal' } },
  }),
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement, '.mark-arc path');
    const menu = await openMenu(canvasElement, 'View: As answered');
    await expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['As answered', 'Bar', 'Horizontal bar', 'Points', 'Table']);
  },
};

/** The toolbar in other words (`labels`), here German. */
export const ToolbarLabels: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  args: {
    ...placeholder.args,
    labels: {
      toolbar: 'Ergebnis-Aktionen',
      chartTypeMenu: (current) => `Ansicht: ${current}`,
      chartType: (type) =>
        ({
          bar: 'Balken',
          'horizontal-bar': 'Liegende Balken',
          line: 'Linie',
          area: 'Fläche',
          point: 'Punkte',
          table: 'Tabelle',
        })[type],
      exportMenu: 'Exportieren',
      downloadCsv: (rows) => `CSV herunterladen (${rows} Zeilen)`,
      copyTsv: (rows) => `${rows} Zeilen kopieren (TSV)`,
      downloadPng: 'Diagramm als PNG',
      downloadSvg: 'Diagramm als SVG',
    },
  },
  render,
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement);
    // The buttons come right after the draw, in the place the toolbar held.
    await expect(await within(canvasElement).findByRole('toolbar', { name: 'Ergebnis-Aktionen' })).toBeVisible();
    const menu = await openMenu(canvasElement, 'Exportieren');
    await expect(within(menu).getByRole('menuitem', { name: 'CSV herunterladen (4 Zeilen)' })).toBeVisible();
  },
};

/** A truncated result: 100 rows of more, paged in the table. */
export const TruncatedResult: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by customer'),
  render,
  args: { ...placeholder.args, defaultView: 'table' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/of 100 \(\d+ in the full result\)/)).toBeVisible();
  },
};

/** 10,000 rows in one line chart: drawn to a canvas (`renderer` "auto"), the rows inserted in a task after the view is built. */
export const TenThousandRows: Story = {
  args: { result: syntheticResult(10_000) },
  play: async ({ canvasElement }) => {
    // Above 1,000 rows the chart draws to a canvas; `data-drawn` counts its completed draws.
    await waitFor(
      () =>
        expect(Number(canvasElement.querySelector<HTMLElement>('.ek-chart__view')?.dataset.drawn)).toBeGreaterThan(0),
      { timeout: 15_000 },
    );
    await expect(canvasElement.querySelector('[data-renderer="canvas"] canvas')).not.toBeNull();
    await expect(canvasElement.querySelector('.mark-line path')).toBeNull();
  },
};

/**
 * A hostile spec (remote data, usermeta embed options, a lookup, a link channel) is outside
 * the allow-list: it is refused, and a chart is chosen from the rows instead; nothing loads.
 */
export const HostileSpec: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: (args, { loaded }) => {
    const { result } = loaded as Loaded;
    const spec = {
      ...result.vegaSpec,
      data: { url: 'http://127.0.0.1:9/exfiltrate.csv' },
      usermeta: {
        embedOptions: { loader: { baseURL: 'http://127.0.0.1:9/' }, actions: true, editorUrl: 'http://127.0.0.1:9/' },
      },
      transform: [
        { lookup: 'region', from: { data: { url: 'http://127.0.0.1:9/lookup.json' }, key: 'k', fields: ['x'] } },
      ],
      encoding: { ...(result.vegaSpec?.encoding as object), href: { value: 'javascript:alert(1)' } },
    };
    return <ResultChart {...args} result={result} spec={spec} />;
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(4), { timeout: 8000 });
    await expect(canvasElement.querySelector('a, image')).toBeNull();
  },
};

/** A spec inside the allow-list that Vega-Lite still cannot compile falls back to the table with a short notice. */
export const InvalidSpec: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: withSpec({ mark: 'bar', encoding: { x: { field: 'region', type: 'nominal', sort: { encoding: 'color' } } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('note', {}, { timeout: 8000 });
    await expect(canvas.getByRole('table')).toBeVisible();
  },
};

/**
 * An agent spec outside the allow-list (an input bound to the page's `body`, a `url(...)`
 * fill that would fetch, a backtracking regexp): refused, with a chart chosen from the rows
 * and a line saying so; `onError` gets the reason and where (`params`).
 */
export const OutsideTheAllowList: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: withSpec({
    mark: { type: 'bar', fill: 'url(http://127.0.0.1:9/x.svg#p)' },
    params: [{ name: 'pw', bind: { input: 'text', element: 'body', placeholder: 'Enter your password' } }],
    transform: [{ filter: "test(regexp('^(a+)+$'), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaa!')" }],
    encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /could not be shown: a bar chart of revenue by region/,
    );
    await waitForMarks(canvasElement, '.mark-rect path');
    await expect(document.querySelector('input[placeholder]')).toBeNull();
    await expect(canvasElement.querySelector('[fill^="url(http"]')).toBeNull();
  },
};

/** A host that trusts its specs widens the allow-list: `specPolicy={{ params: true }}` lets a slider filter the bars, inside the chart. */
export const WidenedPolicy: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  args: { ...placeholder.args, specPolicy: { params: true } },
  render: withSpec({
    mark: 'bar',
    params: [
      {
        name: 'minimum',
        value: 0,
        bind: { input: 'range', min: 0, max: 6_000_000, step: 100_000, name: 'Minimum revenue ' },
      },
    ],
    transform: [{ filter: 'datum.revenue >= minimum' }],
    encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
  }),
  play: async ({ canvasElement }) => {
    await waitForMarks(canvasElement, '.mark-rect path');
    await expect(canvasElement.querySelector('.ek-chart__inputs input[type="range"]')).not.toBeNull();
  },
};

/**
 * A full Vega spec (or any spec that is not Vega-Lite) is refused outright; a chart is
 * chosen from the columns instead, and the line under the toolbar says so.
 */
export const RefusedSpec: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: withSpec({ $schema: 'https://vega.github.io/schema/vega/v5.json', marks: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /could not be shown: a bar chart of revenue by region/,
    );
    await waitForMarks(canvasElement, '.mark-rect path');
  },
};

/** The same refused spec with `autoChart={false}`: the table, and why. */
export const RefusedSpecTable: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  args: { ...placeholder.args, autoChart: false },
  render: withSpec({ $schema: 'https://vega.github.io/schema/vega/v5.json', marks: [] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /Only Vega-Lite/,
    );
    await expect(within(canvasElement).getByRole('table')).toBeVisible();
  },
};

const brands: [string, ThemeInput][] = [
  [
    'Ocean',
    {
      colors: { primary: '#0e7490' },
      fonts: { body: 'Georgia, serif' },
      chart: { palette: ['#0e7490', '#0891b2', '#22d3ee', '#67e8f9'] },
    },
  ],
  [
    'Forest',
    {
      colors: { primary: '#166534' },
      fonts: { body: "'Trebuchet MS', sans-serif" },
      chart: { palette: ['#166534', '#65a30d', '#ca8a04', '#a16207'] },
    },
  ],
  [
    'Sunset',
    { colors: { primary: '#c2410c' }, radius: 2, chart: { palette: ['#c2410c', '#db2777', '#7c3aed', '#2563eb'] } },
  ],
  ['Dark', { colorScheme: 'dark' }],
];

/** Three brand themes and dark mode, side by side: colours and fonts reach every chart. */
export const Themes: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by category'),
  render: (args, { loaded }) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 16 }}>
      {brands.map(([name, theme]) => (
        <ThemeProvider key={name} theme={theme}>
          <section
            aria-label={name}
            style={{ padding: 8, background: theme.colorScheme === 'dark' ? '#0f172a' : undefined }}
          >
            <ResultChart {...args} result={(loaded as Loaded).result} />
          </section>
        </ThemeProvider>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect')).toHaveLength(4), { timeout: 8000 });
    const ocean = canvasElement.querySelector('[aria-label="Ocean"] .mark-rect path');
    await waitFor(() => expect(ocean?.getAttribute('fill')).toBe('#0e7490'));
  },
};

function LiveSwitch({ result }: { result: Result }) {
  const [dark, setDark] = useState(false);
  return (
    <ThemeProvider
      theme={dark ? { colorScheme: 'dark', colors: { primary: '#f59e0b' } } : { colors: { primary: '#2563eb' } }}
    >
      <button type="button" onClick={() => setDark(!dark)}>
        Switch to {dark ? 'light' : 'dark'}
      </button>
      <div style={{ background: dark ? '#0f172a' : undefined, padding: 8 }}>
        <ResultChart result={result} />
      </div>
    </ThemeProvider>
  );
}

/** Switching the theme at runtime re-themes the chart in place. */
export const LiveThemeSwitch: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: (_, { loaded }) => <LiveSwitch result={(loaded as Loaded).result} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = () => canvasElement.querySelector('.mark-rect path');
    await waitFor(() => expect(bar()?.getAttribute('fill')).toBe('#2563eb'), { timeout: 8000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to dark' }));
    await waitFor(() => expect(bar()?.getAttribute('fill')).toBe('#f59e0b'), { timeout: 8000 });
  },
};

const customers = Array.from({ length: 100 }, (_, i) => [
  `Customer ${String(i + 1).padStart(3, '0')} Holdings`,
  Math.round(5_000_000 / (i + 1) + 1000 * i) + 0.28,
]);

/** A result built in the story: `rows` of [category, revenue], as a bar chart. */
function barResult(rows: (string | number)[][], title: string): Result {
  return {
    sqlQuery: 'SELECT customer, revenue FROM t',
    queryTitle: title,
    columns: [
      { name: 'customer', type: 'String', kind: 'string' },
      { name: 'revenue', type: 'Double', kind: 'number' },
    ],
    rows,
    totalRows: rows.length,
    truncated: false,
    vegaSpec: {
      mark: 'bar',
      title,
      encoding: {
        x: { field: 'customer', type: 'nominal' },
        y: { field: 'revenue', type: 'quantitative' },
      },
    },
  };
}

/**
 * "Revenue by customer", 100 customers: horizontal bars, the top 29 with a note. The other 71
 * together outweigh the largest customer, so no "Other" bar flattens the rest.
 */
export const HundredCategories: Story = {
  args: { result: barResult(customers, 'Revenue by customer') },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(29), { timeout: 8000 });
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /top 29 of 100 .*the other 71 together outweigh any one shown/,
    );
  },
};

/** A few large customers and a long tail: the top 29 plus one "Other" bar for the rest. */
export const HundredCategoriesLongTail: Story = {
  args: {
    result: barResult(
      customers.map(([name], i) => [name!, Math.round(5_000_000 / (i + 1) ** 2) + 0.28]),
      'Revenue by customer',
    ),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(30), { timeout: 8000 });
    await expect(await within(canvasElement).findByRole('note', {}, { timeout: 8000 })).toHaveTextContent(
      /top 29 of 100 .*summed as “Other”/,
    );
    await expect(canvasElement.querySelector('svg')).toHaveTextContent(/Other/);
  },
};

/** Two measures: a scatter plot with money and count axes. */
export const Scatter: Story = {
  args: {
    result: {
      sqlQuery: 'SELECT customer, revenue, orders FROM t',
      queryTitle: 'Revenue against orders per customer',
      columns: [
        { name: 'customer', type: 'String', kind: 'string' },
        { name: 'revenue', type: 'Double', kind: 'number' },
        { name: 'orders', type: 'Int64', kind: 'number' },
      ],
      rows: Array.from({ length: 60 }, (_, i) => [
        `Customer ${i + 1}`,
        Math.round(20_000 + i * 41_000 + ((i * 7919) % 97) * 3000) + 0.5,
        12 + i * 9 + ((i * 31) % 40),
      ]),
      totalRows: 60,
      truncated: false,
      vegaSpec: {
        mark: 'point',
        encoding: {
          x: { field: 'orders', type: 'quantitative' },
          y: { field: 'revenue', type: 'quantitative' },
        },
      },
    },
  },
  play: async ({ canvasElement }) => waitForMarks(canvasElement, '.mark-symbol path'),
};

const narrow = (width: number): Story => ({
  args: { result: barResult(customers.slice(0, 8), 'Revenue by customer, eight largest accounts this year') },
  decorators: [(Story) => <div style={{ width }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(8), { timeout: 8000 });
  },
});

/** At 200 px wide: horizontal bars, a wrapped title, labels cut with an ellipsis. */
export const Narrow200: Story = narrow(200);

/** At 390 px wide (a phone). */
export const Narrow390: Story = narrow(390);

/** Dark theme with a custom primary colour: axes, tooltips and bars follow it. */
export const DarkCustomTheme: Story = {
  ...placeholder,
  loaders: fromMock('Revenue by region'),
  render: (args, { loaded }) => (
    <ThemeProvider theme={{ colorScheme: 'dark', colors: { primary: '#fbbf24' }, locale: 'de-DE' }}>
      <div style={{ background: '#0f172a', padding: 8 }}>
        <ResultChart {...args} result={(loaded as Loaded).result} />
      </div>
    </ThemeProvider>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.mark-rect path')?.getAttribute('fill')).toBe('#fbbf24'), {
      timeout: 8000,
    });
  },
};
