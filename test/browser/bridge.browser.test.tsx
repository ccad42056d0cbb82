import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  AgentChat,
  EmbeddedDashboard,
  EmbedProvider,
  useDashboardChatBridge,
  type DashboardChatBridgeOptions,
  type DashboardFilters,
} from '../../src';
import { mockTransport } from '../../stories/support/chat';
import { MOCK_BASE_URL, mockSession } from '../../stories/support/sessions';

// Issue 20, point 4, end to end in Chromium: the mock's embed page in an iframe (same origin,
// so the test can click inside it), the chat over real HTTP to the mock.

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Workspace({
  seen,
  ...props
}: Partial<DashboardChatBridgeOptions> & { seen?: (filters: DashboardFilters) => void }) {
  const bridge = useDashboardChatBridge({ transport: chatTransport, onFilters: seen, ...props });
  return (
    <EmbedProvider
      getSession={mockSession({ externalId: 'bridge-viewer', groups: ['executives'] })}
      baseUrl={MOCK_BASE_URL}
      defaults={{ lazy: false, minHeight: 50 }}
    >
      <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" {...bridge.dashboardProps} />
      <div style={{ height: 640 }}>
        <AgentChat {...bridge.chatProps} />
      </div>
    </EmbedProvider>
  );
}

const frame = () => document.querySelector('iframe')!.contentDocument!;
const ready = () =>
  waitFor(() => expect(document.querySelector('.ek-embed[data-phase="ready"]')).not.toBeNull(), { timeout: 15_000 });
const widget = (title: string) => frame().querySelector(`[data-widget="${title}"]`)!;
const barLabels = (title: string) =>
  [...widget(title).querySelectorAll('.bar')].map((bar) => bar.getAttribute('data-value'));
const answered = (count: number) =>
  waitFor(() => expect(document.querySelectorAll('.ek-message--final')).toHaveLength(count), { timeout: 20_000 });

// A new chat user per run of this file (each test gets a new thread).
const chatTransport = mockTransport(`bridge-${Date.now()}`);

describe('useDashboardChatBridge with the mock embed page', () => {
  it('a bar clicked in the dashboard becomes a question; a chat result filters the dashboard', async () => {
    const seen = vi.fn();
    render(<Workspace seen={seen} />);
    await ready();
    await waitFor(() => expect(barLabels('Revenue by region')).toContain('Europe'));
    expect(barLabels('Revenue by region')).toHaveLength(4);

    // Dashboard → chat: a click on Europe's bar (inside the iframe) asks about Europe.
    const europe = widget('Revenue by region').querySelector<HTMLButtonElement>('.bar[data-value="Europe"]')!;
    europe.click();
    const log = await screen.findByRole('log', {}, { timeout: 10_000 });
    await waitFor(() => expect(log).toHaveTextContent('Tell me about Europe (region)'), { timeout: 10_000 });
    await answered(1);
    // The mock agent answered about Europe alone, by country.
    const panel = await within(log).findByRole('group', { name: 'Querying data' });
    expect(panel).toHaveTextContent('Revenue by country in Europe');

    // Chat → dashboard: "Show in dashboard" on that result sets the filter the result stands for.
    const exportButton = await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 });
    await userEvent.click(exportButton);
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Show in dashboard' }));
    await waitFor(() => expect(within(panel).getByText('Dashboard filtered: region is Europe')).toBeVisible());
    expect(seen).toHaveBeenCalledWith({ 'orders.region': ['Europe'] });
    // The dashboard shows the filter and only Europe's rows (sent as a live set-filter action).
    await waitFor(() => expect(frame().querySelector('[data-filter="region"]')).toHaveTextContent('region: Europe'), {
      timeout: 10_000,
    });
    expect(barLabels('Revenue by region')).toEqual(['Europe']);
    expect(document.querySelectorAll('iframe')).toHaveLength(1); // no reload: the same frame

    // A click carries its context: the dashboard now shows Europe, so a category's bar asks
    // about that category in Europe, and the answer is about Europe's rows alone.
    await waitFor(() => expect(barLabels('Revenue by category').length).toBeGreaterThan(1), { timeout: 10_000 });
    const category = widget('Revenue by category').querySelector<HTMLButtonElement>('.bar')!;
    const name = category.getAttribute('data-value')!;
    category.click();
    await waitFor(() => expect(log).toHaveTextContent(`Tell me about ${name} (category), region Europe`), {
      timeout: 10_000,
    });
    await answered(2);
    expect(within(log).getAllByRole('group', { name: 'Querying data' }).at(-1)).toHaveTextContent(`in ${name}, Europe`);
  });

  it('a drilldown while an answer streams waits for it, and only the latest one waits', async () => {
    render(<Workspace question={({ value }) => `What about ${String(value)}?`} />);
    await ready();
    await waitFor(() => expect(barLabels('Revenue by category').length).toBeGreaterThan(2));
    const [first, second, third] = widget('Revenue by category').querySelectorAll<HTMLButtonElement>('.bar');
    const names = [first, second, third].map((bar) => bar!.getAttribute('data-value'));
    first!.click();
    const log = await screen.findByRole('log', {}, { timeout: 10_000 });
    await waitFor(() => expect(log).toHaveTextContent(`What about ${names[0]}?`), { timeout: 10_000 });
    // While the first answer streams: two more clicks; the second is replaced by the third.
    second!.click();
    third!.click();
    await answered(2);
    expect(log).not.toHaveTextContent(`What about ${names[1]}?`);
    expect(log).toHaveTextContent(`What about ${names[2]}?`);
  });
});
