import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ThemeInput } from '../src';
import { KpiCard, QueryChart, QueryTable, SemanticFilters, type DrillActions } from '../src/react/native';
import { loadFaults, NativeOnMock } from './support/native';

// Drill-through: the menu on a chart's mark, a table's row and its row actions, what a
// choice replaces the widget with (break down, zoom, rows, with the breadcrumb back), a
// host's own items, German, dark.

const REVENUE_BY_REGION = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const REVENUE_BY_QUARTER = {
  measures: ['orders.revenue'],
  timeDimensions: [
    {
      dimension: 'orders.createdAt',
      granularity: 'quarter' as const,
      dateRange: ['2024-01-01', '2024-12-31'] as [string, string],
    },
  ],
};

function Frame({ theme, children }: { theme?: ThemeInput; children: ReactNode }) {
  return (
    <NativeOnMock theme={theme}>
      <SemanticFilters dateDimension="orders.createdAt">
        <div style={{ maxWidth: 640, minHeight: 460 }}>{children}</div>
      </SemanticFilters>
    </NativeOnMock>
  );
}

const meta = {
  title: 'Native/Drill-through',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), { timeout: 15_000 });

/**
 * Opens the menu of the first mark from the keyboard list (as a keyboard does). Its items are
 * found, not got: those from the data model ("Break down by …") come when `/meta` has answered.
 */
async function openFirstMark(canvasElement: HTMLElement) {
  await drawn(canvasElement);
  const mark = await waitFor(() => {
    const button = canvasElement.querySelector<HTMLButtonElement>('.ek-qchart__marks button');
    expect(button).not.toBeNull();
    return button!;
  });
  mark.focus();
  await userEvent.keyboard('{Enter}');
  const menu = await within(canvasElement).findByRole('menu');
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  return menu;
}

/** The menu on a bar: break down by the meta's other dimensions, the rows, filter the board, explorer. */
export const ChartMenuOpen: Story = {
  render: () => (
    <Frame>
      <QueryChart query={REVENUE_BY_REGION} drill onExplore={() => {}} onDrilldown={() => {}} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    await expect(items).toContain('Ask the analyst');
    await expect(items).toContain('Filter the board to this');
    await expect(items).toContain('Open in explorer');
  },
};

/** "Break down by Country": the chart drawn again for the datum, with the breadcrumb back. */
export const BreakDown: Story = {
  render: ChartMenuOpen.render,
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    await userEvent.click(
      await within(menu).findByRole('menuitem', { name: 'Break down by Country' }, { timeout: 10_000 }),
    );
    await within(canvasElement).findByRole('button', { name: '← Revenue by Region' }, { timeout: 15_000 });
    await drawn(canvasElement);
    // Focus on the drilled chart's heading (the mark that opened the menu is gone), not the body.
    const heading = await within(canvasElement).findByRole('heading', { name: /^Country \(/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  },
};

/** "Zoom in" on a quarter: its months. */
export const ZoomIn: Story = {
  render: () => (
    <Frame>
      <QueryChart query={REVENUE_BY_QUARTER} drill />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    await userEvent.click(
      await within(menu).findByRole('menuitem', { name: 'Zoom in to months' }, { timeout: 10_000 }),
    );
    await within(canvasElement).findByRole('button', { name: /^← / }, { timeout: 15_000 });
    await drawn(canvasElement);
  },
};

/** "See the rows": the datum's rows, ungrouped, paged in a table. */
export const SeeTheRows: Story = {
  render: ChartMenuOpen.render,
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'See the rows' }, { timeout: 10_000 }));
    await waitFor(() => expect(canvasElement.querySelector('.ek-qtable[data-state="ready"]')).not.toBeNull(), {
      timeout: 15_000,
    });
  },
};

/**
 * "See the rows" on a server that lists no single rows without the primary key, which this
 * data model hides (Cube before 1.0, or with that check on): the same members grouped, each
 * combination once, with a note saying so.
 */
export const SeeTheRowsGrouped: Story = {
  render: () => (
    <NativeOnMock fetch={loadFaults({ ungroupedNeedsPrimaryKey: true })}>
      <div style={{ maxWidth: 640, minHeight: 460 }}>
        <QueryChart query={REVENUE_BY_REGION} drill />
      </div>
    </NativeOnMock>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'See the rows' }, { timeout: 10_000 }));
    await within(canvasElement).findByText(/lists no single rows here/, {}, { timeout: 15_000 });
    await waitFor(() => expect(canvasElement.querySelector('.ek-qtable[data-state="ready"]')).not.toBeNull(), {
      timeout: 15_000,
    });
  },
};

/** A table's row menu and the host's row actions. */
export const TableRowActions: Story = {
  render: () => (
    <Frame>
      <QueryTable query={REVENUE_BY_REGION} pageSize={5} drill rowActions={[{ label: 'Open', onSelect: () => {} }]} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = (await canvas.findAllByRole('button', { name: /^Actions for / }, { timeout: 15_000 }))[0]!;
    await expect(canvas.getAllByRole('button', { name: /^Open: / }).length).toBeGreaterThan(0);
    await userEvent.click(button);
    await canvas.findByRole('menu');
  },
};

/**
 * A KPI's value: the card's button opens the menu on its number (break down by each of the
 * cube's dimensions, its rows); "Break down by Region" grows the card to hold the chart, with
 * the breadcrumb back to the number.
 */
export const Kpi: Story = {
  render: () => (
    <Frame>
      <div style={{ maxWidth: 320 }}>
        <KpiCard measure="orders.revenue" drill />
      </div>
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Drill into Revenue' }, { timeout: 15_000 });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await canvas.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await expect(
      await within(menu).findByRole('menuitem', { name: 'See the rows' }, { timeout: 10_000 }),
    ).toBeVisible();
    // The break downs come from the data model (asked for as the card's drill code loads).
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Break down by Region' }));
    await drawn(canvasElement);
    const back = canvas.getByRole('button', { name: /^← Revenue/ });
    await userEvent.click(back);
    await waitFor(() => expect(canvasElement.querySelector('.ek-kpi__number')).not.toBeNull());
    await expect(canvasElement.querySelector('.ek-kpi__drilled')).toBeNull();
  },
};

const hostActions: DrillActions = (items) => [
  { key: 'c360', label: 'Open customer 360', onSelect: () => {} },
  ...items.filter((item) => item.key !== 'rows'),
];

/** The host's "Open customer 360" added first, "See the rows" removed. */
export const HostActions: Story = {
  render: () => (
    <Frame>
      <QueryChart query={REVENUE_BY_REGION} drillActions={hostActions} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    await expect(items[0]).toBe('Open customer 360');
    await expect(items).not.toContain('See the rows');
  },
};

/** German: the menu's words replaced. */
export const German: Story = {
  render: () => (
    <Frame>
      <QueryChart
        query={REVENUE_BY_REGION}
        locale="de-DE"
        drill
        labels={{ title: (measures) => `${measures.join(', ')} nach Region`, drilldown: 'Details' }}
        drillLabels={{
          menu: (datum) => `Details zu ${datum}`,
          breakDown: (dimension) => `Aufschlüsseln nach ${dimension}`,
          zoomIn: () => 'Vergrößern',
          seeRows: 'Zeilen anzeigen',
          ask: 'Den Analysten fragen',
          filter: 'Board danach filtern',
          explore: 'Im Explorer öffnen',
          back: (title) => `← ${title}`,
          drilled: (title, datum) => `${title} (${datum})`,
          rows: (datum) => `Zeilen von ${datum}`,
          actions: 'Aktionen',
          rowMenu: (row) => `Aktionen für ${row}`,
        }}
      />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    const menu = await openFirstMark(canvasElement);
    await expect(
      await within(menu).findByRole('menuitem', { name: 'Zeilen anzeigen' }, { timeout: 10_000 }),
    ).toBeTruthy();
  },
};

/** Dark mode, the menu open. */
export const Dark: Story = {
  render: () => (
    <div style={{ background: '#0f172a', padding: 8 }}>
      <Frame theme={{ colorScheme: 'dark' }}>
        <QueryChart query={REVENUE_BY_REGION} drill />
      </Frame>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await openFirstMark(canvasElement);
  },
};
