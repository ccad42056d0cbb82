import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoApp } from '../demo/App';
import { FilterBar, KpiCard, QueryChart, QueryTable } from '../src/react/native';
import { fixtureDashboards, storybookDemoBackend } from './support/demo-backend';
import { ELIAS, ERIN, LAST_QUARTER, NativeFrame, type NativeFrameOptions } from './support/native-data';

// The native overview: a filter bar, four KPIs, three charts and a table, straight from the
// mock's semantic layer by the session path, over the last quarter of the mock's data (its
// "now" is 2024-12-31). The parts' own states (loading, failing, dark, German, …) are in the
// Native/KpiCard, QueryChart, QueryTable and FilterBar stories.

const TODAY = new Date(Date.UTC(2024, 11, 31));

/**
 * Columns of at least `min` px, as many as fit (one below `min`): the overview follows the
 * width it is given, whether a story fixes it or the page shares it (Erin and Elias).
 */
const columns = (min: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`,
  gap: 12,
});

/** The overview's widgets, inside a frame of their own (identity, filters, QueryClient); full width without `width`. */
function Overview({ width }: { width?: number }) {
  return (
    <div style={{ display: 'grid', gap: 12, ...(width ? { width } : {}) }}>
      <FilterBar dimensions={['orders.region', 'orders.category']} />
      {/* Four across where each card has room (1,100 px), two on half a 1,280 px page, one on a phone. */}
      <div style={columns(220)}>
        <KpiCard measure="orders.revenue" sparkline today={TODAY} />
        <KpiCard measure="orders.count" sparkline today={TODAY} />
        <KpiCard measure="orders.averageOrderValue" today={TODAY} />
        <KpiCard
          measure="orders.revenue"
          title="Software revenue"
          filters={[{ member: 'orders.category', operator: 'equals', values: ['Software'] }]}
          today={TODAY}
        />
      </div>
      <div style={columns(420)}>
        <QueryChart
          query={{
            measures: ['orders.revenue'],
            timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'week' }],
          }}
          height={220}
          today={TODAY}
        />
        <QueryChart query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }} height={220} />
      </div>
      <div style={columns(420)}>
        <QueryChart
          query={{ measures: ['orders.count'], dimensions: ['orders.category', 'orders.region'] }}
          height={220}
        />
        <QueryTable
          query={{ measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.country'] }}
          pageSize={6}
        />
      </div>
    </div>
  );
}

type Args = NativeFrameOptions & { width?: number };

function OverviewFor({ width = 1100, ...frame }: Args) {
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }} {...frame}>
      <Overview width={width} />
    </NativeFrame>
  );
}

const meta = {
  title: 'Native/Overview',
  component: OverviewFor,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof OverviewFor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every widget of `root` has its answer and every chart has drawn. */
const allReady = (root: HTMLElement) =>
  waitFor(
    () => {
      const widgets = [...root.querySelectorAll<HTMLElement>('.ek-kpi, .ek-qchart, .ek-qtable')];
      expect(widgets).toHaveLength(8);
      for (const widget of widgets) expect(widget.dataset.state).toBe('ready');
      expect(root.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(3);
    },
    { timeout: 30_000 },
  );

/** Erin (every region): the filter bar, four KPIs with their change and trend, three charts and a table. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await allReady(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Revenue' })).toHaveTextContent(/\$/);
    await expect(canvas.getByRole('group', { name: 'Software revenue' })).toHaveTextContent(/\$/);
    await expect(canvasElement.querySelectorAll('.ek-kpi__change:not(:empty)')).toHaveLength(4);
  },
};

/** The filter bar narrows every widget: one region picked, all eight answer again for it. */
export const FilteredByRegion: Story = {
  play: async ({ canvasElement }) => {
    await allReady(canvasElement);
    const canvas = within(canvasElement);
    const before = canvas.getByRole('group', { name: 'Revenue' }).querySelector('.ek-kpi__value')!.textContent;
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 }));
    await waitFor(
      () =>
        expect(canvas.getByRole('group', { name: 'Revenue' }).querySelector('.ek-kpi__value')!.textContent).not.toBe(
          before,
        ),
      { timeout: 15_000 },
    );
    await allReady(canvasElement);
  },
};

/** At 390 px: one column. */
export const Narrow: Story = {
  args: { width: 370 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await allReady(canvasElement);
    const overflow = [...canvasElement.querySelectorAll<HTMLElement>('.ek-kpi, .ek-qchart, .ek-qtable')].filter(
      (widget) => widget.getBoundingClientRect().width > 371,
    );
    await expect(overflow).toEqual([]);
  },
};

/**
 * Erin and Elias side by side (on a 1,280 px screen; one above the other on a smaller one),
 * each with their own session: the same overview, different rows. Elias's attribute limits him to Europe, so his table lists European countries only
 * and his revenue is smaller; no filter of his page can widen that.
 */
export const ErinAndElias: Story = {
  parameters: {
    layout: 'fullscreen',
    // Two copies of one page side by side: their charts' regions share names by design (an
    // app shows one user's page). Every other rule stays on.
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
  render: () => (
    // Side by side from 1,168 px (two overviews of 560 px or more), one above the other below.
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 560px), 1fr))',
        gap: 24,
        padding: 12,
      }}
    >
      <section aria-label="Erin" data-user="erin">
        <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>Erin (every region)</h2>
        <NativeFrame identity={ERIN} filters={{ dateRange: LAST_QUARTER, values: {} }}>
          <Overview />
        </NativeFrame>
      </section>
      <section aria-label="Elias" data-user="elias">
        <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>Elias (Europe only)</h2>
        <NativeFrame identity={ELIAS} filters={{ dateRange: LAST_QUARTER, values: {} }}>
          <Overview />
        </NativeFrame>
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const erin = canvasElement.querySelector<HTMLElement>('[data-user="erin"]')!;
    const elias = canvasElement.querySelector<HTMLElement>('[data-user="elias"]')!;
    await allReady(erin);
    await allReady(elias);
    // Two overviews, and still no horizontal scrollbar: side by side or one above the other.
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
    const [left, right] = [erin, elias].map((section) => section.getBoundingClientRect());
    await expect(right!.left >= left!.right || right!.top >= left!.bottom).toBe(true);
    const revenue = (root: HTMLElement) =>
      within(root).getByRole('group', { name: 'Revenue' }).querySelector('.ek-kpi__value')!.getAttribute('title');
    const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
    await expect(amount(revenue(elias))).toBeGreaterThan(0);
    await expect(amount(revenue(elias))).toBeLessThan(amount(revenue(erin)));
    // The region filter offers each their own regions: Elias has Europe only.
    await within(erin).findByRole('checkbox', { name: 'Asia Pacific' }, { timeout: 15_000 });
    await within(elias).findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 });
    await expect(within(elias).queryByRole('checkbox', { name: 'Asia Pacific' })).toBeNull();
  },
};

/**
 * The demo's native overview, listed beside its iframe dashboards: a bar asks the analyst
 * about it (the same bridge as the iframe's bars).
 */
export const InTheDemo: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <DemoApp backend={storybookDemoBackend} dashboards={fixtureDashboards} conversationsKey={null} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Native overview' }));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Native overview');
    await expect(canvas.getByRole('button', { name: 'Native overview' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(3), {
      timeout: 30_000,
    });
    const bar = await canvas.findByRole('button', { name: /^Europe: / }, { timeout: 10_000 });
    bar.focus();
    await userEvent.keyboard('{Enter}');
    const log = await canvas.findByRole('log', {}, { timeout: 10_000 });
    await waitFor(() => expect(log).toHaveTextContent("Tell me about Europe's revenue"), { timeout: 10_000 });
  },
};
