import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { AgentChat, useDashboardChatBridge, type DashboardFilters } from '../../src';
import { FilterBar, QueryChart, SemanticFilters, useBridgeFilters, type QueryChartProps } from '../../src/react/native';
import { mockTransport } from '../../stories/support/chat';
import { NativeOnMock } from '../../stories/support/native';

// QueryChart end to end in Chromium: the mock's data API over real HTTP (session path: the
// EmbedProvider's session exchanged for a data token), real vega drawing, real clicks on
// the SVG, the chat bridge and the chat over HTTP to the mock.

afterEach(cleanup);

const REVENUE_BY_REGION = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const drawn = () =>
  waitFor(() => expect(document.querySelector('.ek-qchart .ek-chart__view[data-drawn]')).not.toBeNull(), {
    timeout: 20_000,
  });
/** The keyboard list's marks: one button per bar, "Europe: $5,123,456.78". */
const marks = () =>
  [...document.querySelectorAll('.ek-qchart__marks button')].map((button) => button.textContent ?? '');

/** The SVG bar drawn level with the axis label `label` (horizontal bars). */
function barFor(label: string): Element {
  const text = [...document.querySelectorAll('.ek-qchart svg text')].find((t) => t.textContent === label)!;
  const y = (box: DOMRect) => box.top + box.height / 2;
  const at = y(text.getBoundingClientRect());
  const bars = [...document.querySelectorAll('.ek-qchart svg .mark-rect path')];
  return bars.reduce((best, bar) =>
    Math.abs(y(bar.getBoundingClientRect()) - at) < Math.abs(y(best.getBoundingClientRect()) - at) ? bar : best,
  );
}

describe('QueryChart on the mock', () => {
  it('draws revenue by region with the meta’s titles and dollars, one bar per region the user may see', async () => {
    const { unmount } = render(
      <NativeOnMock user="erin">
        <QueryChart query={REVENUE_BY_REGION} />
      </NativeOnMock>,
    );
    await drawn();
    expect(screen.getByRole('heading', { name: 'Revenue by Region' })).toBeTruthy();
    expect(document.querySelectorAll('.ek-qchart svg .mark-rect path')).toHaveLength(4);
    expect(document.querySelector('.ek-qchart svg')!.textContent).toMatch(/\$\d/);
    unmount();

    // Elias: Europe only, by the same identity rules as his dashboards and chat.
    render(
      <NativeOnMock user="elias">
        <QueryChart query={REVENUE_BY_REGION} onDrilldown={() => {}} />
      </NativeOnMock>,
    );
    await drawn();
    expect(document.querySelectorAll('.ek-qchart svg .mark-rect path')).toHaveLength(1);
    expect(marks()).toHaveLength(1);
    expect(marks()[0]).toMatch(/^Europe: \$[\d,.]+$/);
  });

  it('keeps its box the same size from loading to drawn (no layout shift)', async () => {
    const sizes: number[] = [];
    render(
      <NativeOnMock>
        <QueryChart query={{ ...REVENUE_BY_REGION, dimensions: ['orders.country'] }} />
      </NativeOnMock>,
    );
    const box = () => document.querySelector<HTMLElement>('.ek-qchart')!;
    await waitFor(() => expect(box()).not.toBeNull());
    sizes.push(box().getBoundingClientRect().height);
    await drawn();
    sizes.push(box().getBoundingClientRect().height);
    expect(sizes).toEqual([344, 344]);
  });

  it('fills the months without rows and labels them by granularity', async () => {
    const query: QueryChartProps['query'] = {
      measures: ['orders.count'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2025-03-31'] },
      ],
    };
    render(
      <NativeOnMock>
        <QueryChart query={query} onDrilldown={() => {}} />
      </NativeOnMock>,
    );
    await drawn();
    // Fifteen months, the three of 2025 (past the mock's data) filled with zero orders.
    await waitFor(() => expect(marks()).toHaveLength(15));
    expect(marks()[0]).toMatch(/^January 2024: [\d,]+$/);
    expect(marks().at(-1)).toBe('March 2025: 0');
  });

  it('a click on a bar asks the chat about it; the chat’s "Show in dashboard" filters the native charts', async () => {
    const transport = mockTransport(`native-bridge-${Date.now()}`);
    function Sync({ filters }: { filters: DashboardFilters }) {
      useBridgeFilters(filters);
      return null;
    }
    function Workspace() {
      const bridge = useDashboardChatBridge({ transport });
      return (
        <NativeOnMock>
          <SemanticFilters dateDimension="orders.createdAt">
            <Sync filters={bridge.filters} />
            <QueryChart query={REVENUE_BY_REGION} onDrilldown={bridge.dashboardProps.onDrilldown} />
          </SemanticFilters>
          <div style={{ height: 640 }}>
            <AgentChat {...bridge.chatProps} />
          </div>
        </NativeOnMock>
      );
    }
    render(<Workspace />);
    await drawn();
    // A real pointer click on Europe's bar in vega's SVG.
    await userEvent.click(barFor('Europe'));
    const log = await screen.findByRole('log', {}, { timeout: 10_000 });
    await waitFor(() => expect(log).toHaveTextContent('Tell me about Europe (region)'), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelectorAll('.ek-message--final')).toHaveLength(1), { timeout: 20_000 });

    // Chat → native filters: the result is about Europe; the chart then shows Europe alone.
    const panel = await within(log).findByRole('group', { name: 'Querying data' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Show in dashboard' }));
    await waitFor(() => expect(marks()).toHaveLength(1), { timeout: 15_000 });
    expect(marks()[0]).toMatch(/^Europe: /);
  });

  it("a click carries the chart's context: the shared filters and the date range, as days", async () => {
    const seen: unknown[] = [];
    render(
      <NativeOnMock>
        <SemanticFilters
          dateDimension="orders.createdAt"
          defaultValue={{ dateRange: ['2024-10-01', '2024-12-31'], values: { 'orders.category': ['Software'] } }}
        >
          <QueryChart query={REVENUE_BY_REGION} onDrilldown={(drilldown) => seen.push(drilldown)} />
        </SemanticFilters>
      </NativeOnMock>,
    );
    await drawn();
    await userEvent.click(barFor('Europe'));
    expect(seen).toEqual([
      {
        member: 'orders.region',
        value: 'Europe',
        context: {
          filters: { 'orders.category': ['Software'] },
          dateRange: { member: 'orders.createdAt', from: '2024-10-01', to: '2024-12-31' },
        },
      },
    ]);
  });

  it('drills down from the keyboard: Tab to a mark, Enter', async () => {
    const seen: unknown[] = [];
    render(
      <NativeOnMock>
        <QueryChart query={REVENUE_BY_REGION} onDrilldown={(drilldown) => seen.push(drilldown)} />
      </NativeOnMock>,
    );
    await drawn();
    await waitFor(() => expect(marks()).toHaveLength(4));
    // One Tab stop for the marks: a toolbar whose arrows move between them.
    const list = screen.getByRole('toolbar', { name: 'Drill down' });
    within(list).getAllByRole('button')[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ member: 'orders.region' });
    expect(['North America', 'Europe', 'Asia Pacific', 'Latin America']).toContain(
      (seen[0] as { value: string }).value,
    );
    // Focused, the list is in sight.
    expect(list.getBoundingClientRect().height).toBeGreaterThan(1);
  });
});

describe('FilterBar on the mock', () => {
  it('a region ticked in the bar narrows the chart below; Clear brings every region back', async () => {
    render(
      <NativeOnMock>
        <SemanticFilters dateDimension="orders.createdAt">
          <FilterBar dimensions={['orders.region']} />
          <QueryChart query={REVENUE_BY_REGION} onDrilldown={() => {}} />
        </SemanticFilters>
      </NativeOnMock>,
    );
    await drawn();
    await waitFor(() => expect(marks()).toHaveLength(4));
    await userEvent.click(await screen.findByText('Region', { selector: 'span' }, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Europe' }, { timeout: 10_000 }));
    await waitFor(() => expect(marks()).toHaveLength(1), { timeout: 15_000 });
    expect(marks()[0]).toMatch(/^Europe: /);
    // A preset from the keyboard: the chart asks again with the range, still Europe only.
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'this year');
    await waitFor(() => expect(document.querySelector('.ek-qchart')!.getAttribute('aria-busy')).toBeNull(), {
      timeout: 15_000,
    });
    expect(marks()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(marks()).toHaveLength(4), { timeout: 15_000 });
  });
});
