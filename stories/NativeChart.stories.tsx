import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { QueryChart, SemanticFilters, type QueryChartProps } from '../src/react/native';
import { loadFaults, neverLoads, withNative } from './support/native';
import { rewriteLoad, type LoadAnswer } from './support/native-hostile';

/** Every title in an answer's annotation replaced by `title(member)`. */
const retitle =
  (title: (member: string) => string) =>
  (answer: LoadAnswer): LoadAnswer => {
    const group = (entries: LoadAnswer['annotation']['measures']) =>
      Object.fromEntries(
        Object.entries(entries).map(([member, entry]) => [
          member,
          { ...entry, title: title(member), shortTitle: title(member) },
        ]),
      );
    const { measures, dimensions, timeDimensions } = answer.annotation;
    return {
      ...answer,
      annotation: { measures: group(measures), dimensions: group(dimensions), timeDimensions: group(timeDimensions) },
    };
  };

const REVENUE_BY_REGION = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const REVENUE_BY_MONTH = {
  measures: ['orders.revenue'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month' as const, dateRange: 'this year' }],
};

const meta = {
  title: 'Native/QueryChart',
  component: QueryChart,
  args: { query: REVENUE_BY_REGION },
  parameters: { layout: 'padded' },
  decorators: [withNative()],
  render: (args, { globals }) => (
    <div style={{ maxWidth: 720 }}>
      <QueryChart {...args} locale={args.locale ?? globals.locale} />
    </div>
  ),
} satisfies Meta<typeof QueryChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const chart = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.ek-qchart');
const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), { timeout: 15_000 });

/** One dimension: bars, largest first, titled from the members' short titles, dollars from the meta. */
export const BarByRegion: Story = {
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(within(canvasElement).getByRole('heading').textContent).toBe('Revenue by Region');
    expect(chart(canvasElement)!.dataset.kind).toBe('bar');
    expect(canvasElement.querySelector('svg')!.textContent).toMatch(/\$/);
  },
};

/** A time dimension: a line over the months of the year, every month present (missing ones filled). */
export const LineByMonth: Story = {
  args: { query: REVENUE_BY_MONTH, today: new Date(Date.UTC(2024, 11, 31)) },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(chart(canvasElement)!.dataset.kind).toBe('line');
    await waitFor(() => expect(canvasElement.querySelector('svg')!.textContent).toContain('Jan 2024'));
  },
};

/** Quarters are labelled as quarters. */
export const ByQuarter: Story = {
  args: {
    query: {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'quarter', dateRange: 'this year' }],
    },
    kind: 'bar',
    today: new Date(Date.UTC(2024, 11, 31)),
  },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('svg')!.textContent).toContain('Q1 2024'));
  },
};

/** Two dimensions: stacked bars, one colour per category. */
export const StackedByRegionAndCategory: Story = {
  args: { query: { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] } },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(chart(canvasElement)!.dataset.kind).toBe('stacked-bar');
  },
};

/** Measures alone: the numbers. */
export const Numbers: Story = {
  args: { query: { measures: ['orders.revenue', 'orders.count', 'orders.averageOrderValue'] }, height: 120 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-qchart__number dd')).toHaveLength(3), {
      timeout: 15_000,
    });
  },
};

/** Loading: the box has its final size; nothing moves when the chart arrives. */
export const Loading: Story = {
  decorators: [withNative({ fetch: neverLoads })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(chart(canvasElement)?.dataset.state).toBe('loading'), { timeout: 15_000 });
    expect(chart(canvasElement)!.getBoundingClientRect().height).toBe(344);
  },
};

/** "Continue wait": the server is still working; the chart says so, then draws. */
export const ContinueWait: Story = {
  decorators: [withNative({ fetch: loadFaults({ continueWaitTimes: 2 }) })],
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
  },
};

/** Empty: a filter nothing matches. */
export const Empty: Story = {
  args: {
    query: {
      ...REVENUE_BY_REGION,
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Atlantis'] }],
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('No data')).toBeTruthy(), { timeout: 15_000 });
  },
};

/** Failing: a member the model does not have. The error stays in the chart's box, with Retry. */
export const Failing: Story = {
  args: { query: { measures: ['orders.nope'], dimensions: ['orders.region'] } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('orders.nope');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(chart(canvasElement)!.getBoundingClientRect().height).toBe(344);
  },
};

/**
 * Titles with quotes, a backslash and a line break ("Client's region", `Revenue "net"`): the
 * chart draws (its names' quotes typographic), never its table fallback.
 */
export const QuotedTitles: Story = {
  decorators: [
    withNative({
      fetch: rewriteLoad(
        retitle((member) => (member === 'orders.region' ? "Client's \\ region" : 'Revenue "net"\nof tax')),
      ),
    }),
  ],
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(canvasElement.querySelectorAll('.ek-qchart svg .mark-rect path').length).toBeGreaterThan(0);
    expect(canvasElement.querySelector('.ek-qchart table')).toBeNull();
    expect(within(canvasElement).getByRole('heading').textContent).toBe(
      'Revenue \u201dnet\u201d of tax by Client\u2019s \u2216 region',
    );
  },
};

/** Revenues that are not numbers ("NaN", "Infinity"): drawn as gaps, and said above the chart. */
export const MissingValues: Story = {
  decorators: [
    withNative({
      fetch: rewriteLoad((answer) => ({
        ...answer,
        data: answer.data.map((row, i) => (i < 2 ? { ...row, 'orders.revenue': ['NaN', 'Infinity'][i] } : row)),
      })),
    }),
  ],
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelector('.ek-qchart__note')).toHaveTextContent('2 values were not valid'),
    );
    expect(canvasElement.querySelector('svg')!.textContent).not.toMatch(/NaN|Infinity/);
  },
};

/** One chart failing (the server answers 500 for it) beside one that draws: each in its own box. */
export const OneFailingBesideOneDrawing: Story = {
  render: (args, { globals }) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 720 }}>
      <QueryChart {...args} query={{ measures: ['orders.nope'] }} title="Broken" />
      <QueryChart {...args} locale={globals.locale} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    await drawn(canvasElement);
  },
};

function DrilldownDemo(args: QueryChartProps) {
  const [last, setLast] = useState('');
  return (
    <div style={{ maxWidth: 720 }}>
      <QueryChart {...args} onDrilldown={(drilldown) => setLast(`${drilldown.member} = ${String(drilldown.value)}`)} />
      <p role="status">{last || 'Click a bar'}</p>
    </div>
  );
}

/** Drilldown: a click on a bar (or Enter on its button, for keyboards) gives its member and value. */
export const Drilldown: Story = {
  render: (args) => <DrilldownDemo {...args} />,
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const first = await within(canvasElement).findByRole('button', { name: /^Europe: / }, { timeout: 5_000 });
    first.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(canvasElement).getByRole('status').textContent).toBe('orders.region = Europe');
  },
};

/** Under shared filters: Europe only, this year. */
export const Filtered: Story = {
  render: (args) => (
    <SemanticFilters dateDimension="orders.createdAt" defaultValue={{ values: { 'orders.region': ['Europe'] } }}>
      <div style={{ maxWidth: 720 }}>
        <QueryChart {...args} query={{ measures: ['orders.revenue'], dimensions: ['orders.category'] }} />
      </div>
    </SemanticFilters>
  ),
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
  },
};

/** Elias sees Europe only (row-level security from his identity, as in his dashboards and chat). */
export const EliasEuropeOnly: Story = {
  decorators: [withNative({ user: 'elias' })],
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() =>
      expect(within(canvasElement).getAllByRole('button', { hidden: true }).length).toBeGreaterThan(0),
    );
  },
};

/** Dark. */
export const Dark: Story = {
  globals: { theme: 'Dark' },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
  },
};

/** A brand theme (the toolbar's "Ocean": colours, serif font, rounder corners). */
export const Brand: Story = {
  globals: { theme: 'Ocean' },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
  },
};

/** German: numbers and months in German, the words replaced. */
export const German: Story = {
  args: {
    query: REVENUE_BY_MONTH,
    today: new Date(Date.UTC(2024, 11, 31)),
    locale: 'de-DE',
    labels: {
      loading: 'Lädt',
      empty: 'Keine Daten',
      error: 'Die Daten konnten nicht geladen werden',
      retry: 'Erneut versuchen',
      title: (measures) => `${measures.join(', ')} nach Monat`,
      drilldown: 'Details',
    },
    toolbarLabels: {
      toolbar: 'Ergebnisaktionen',
      chartTypeMenu: (current) => `Ansicht: ${current}`,
      exportMenu: 'Exportieren',
    },
  },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('svg')!.textContent).toMatch(/Jan\.? 2024|Mär/));
  },
};

/** 390 px wide (a phone). */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  render: (args, { globals }) => (
    <div style={{ width: 358 }}>
      <QueryChart
        {...args}
        query={{ measures: ['orders.revenue'], dimensions: ['orders.country'] }}
        locale={globals.locale}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(chart(canvasElement)!.getBoundingClientRect().width).toBeLessThanOrEqual(358);
  },
};
