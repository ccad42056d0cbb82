import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoApp } from '../demo/App';
import { urlWithExplore } from '../demo/explore-link';
import { fixtureDashboards, storybookDemoBackend } from './support/demo-backend';

const meta = {
  title: 'Demo/App',
  component: DemoApp,
  parameters: { layout: 'fullscreen' },
  args: { backend: storybookDemoBackend, dashboards: fixtureDashboards },
  argTypes: {
    backend: { control: false },
    dashboards: { control: false },
    initialUserId: { control: 'select', options: ['erin', 'elias', 'nadia'] },
    initialTheme: { control: 'select', options: ['Light', 'Dark', 'Ocean', 'Orchard'] },
    conversationsKey: { control: false },
    boardsKey: { control: false },
  },
} satisfies Meta<typeof DemoApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const embedReady = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-embed[data-phase="ready"]')).not.toBeNull(), {
    timeout: 10_000,
  });
const frameText = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('iframe')?.contentDocument?.body.textContent ?? '';

/**
 * The demo `npm start` opens: dashboards and the user's conversations, the chosen dashboard
 * embedded, the chat beside it (its thread remembered across reloads). Its check only looks:
 * the page a person lands on is the first dashboard, untouched.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await embedReady(canvasElement);
    // The thread list is a lazy chunk: on a busy machine it may take a moment.
    await expect(await canvas.findByRole('navigation', { name: 'Conversations' }, { timeout: 10_000 })).toBeVisible();
    // A new chat offers questions; a remembered one shows its thread.
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Revenue by region' }) ?? canvas.queryByRole('log')).toBeVisible(),
    );
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Sales overview');
    await expect(canvas.getByRole('button', { name: 'Sales overview' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The sidebar switches dashboards: a new embed with a new session. */
export const SwitchDashboards: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await embedReady(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Country breakdown' }));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Country breakdown');
    await waitFor(() => expect(frameText(canvasElement)).toContain('Revenue by country'), { timeout: 10_000 });
    await expect(canvas.getByRole('button', { name: 'Country breakdown' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Signed in as a user who sees Europe only: the embed's rows follow (row-level security). */
export const EuropeOnlyUser: Story = {
  args: { initialUserId: 'elias' },
  play: async ({ canvasElement }) => {
    await embedReady(canvasElement);
    await waitFor(() => expect(frameText(canvasElement)).toContain('Elias Europe'), { timeout: 10_000 });
    await expect(frameText(canvasElement)).not.toContain('North America');
  },
};

/** A brand theme: page chrome, embed, chat and charts in the same colours and fonts. */
export const BrandTheme: Story = {
  args: { initialTheme: 'Ocean' },
  play: async ({ canvasElement }) => {
    await embedReady(canvasElement);
    const root = canvasElement.querySelector<HTMLElement>('.demo')!;
    await expect(root.style.getPropertyValue('--ek-color-primary')).toBe('#0e7490');
  },
};

const frameDocument = (canvasElement: HTMLElement) => canvasElement.querySelector('iframe')!.contentDocument!;
const answered = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-chat > [role="status"]')).toHaveTextContent('Done.'), {
    timeout: 20_000,
  });

/** Dashboard → chat: a click on Europe's bar asks the analyst "Tell me about Europe's revenue". */
export const DrilldownAsksTheChat: Story = {
  args: { conversationsKey: null },
  play: async ({ canvasElement }) => {
    await embedReady(canvasElement);
    await waitFor(
      () => expect(frameDocument(canvasElement).querySelector('.bar[data-value="Europe"]')).not.toBeNull(),
      {
        timeout: 10_000,
      },
    );
    frameDocument(canvasElement).querySelector<HTMLButtonElement>('.bar[data-value="Europe"]')!.click();
    const log = await within(canvasElement).findByRole('log', {}, { timeout: 10_000 });
    await waitFor(() => expect(log).toHaveTextContent("Tell me about Europe's revenue"));
    await answered(canvasElement);
    await expect(log).toHaveTextContent('Revenue by country in Europe');
  },
};

/** Chat → dashboard: "Show in dashboard" on an answer filters the embedded dashboard to it, visibly on both sides. */
export const ChatFiltersTheDashboard: Story = {
  args: { conversationsKey: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await embedReady(canvasElement);
    // The empty chat's questions come from the data model (`useChatDataModel`): they load.
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Top 10 customers by revenue' }, { timeout: 10_000 }),
    );
    await answered(canvasElement);
    const panel = await canvas.findByRole('group', { name: 'Querying data' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    await userEvent.click(
      within(await within(panel).findByRole('menu')).getByRole('menuitem', { name: 'Show in dashboard' }),
    );
    await waitFor(() =>
      expect(canvasElement.querySelector('.demo-filters')).toHaveTextContent('customer is one of 10'),
    );
    await waitFor(
      () =>
        expect(frameDocument(canvasElement).querySelector('[data-filter="customer"]')).toHaveTextContent('10 values'),
      { timeout: 10_000 },
    );
    await expect(canvas.getByRole('button', { name: 'Clear filter' })).toBeVisible();
  },
};

/**
 * The conversations sidebar: a question makes a thread titled by it; "New chat" starts
 * another; picking the first again loads it by its chatId. (A key of its own per page load,
 * so it starts afresh; `npm start` keeps the user's conversations across reloads.)
 */
export const Conversations: Story = {
  args: { conversationsKey: `story-${Date.now()}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const threads = await canvas.findByRole('navigation', { name: 'Conversations' });
    await waitFor(() => expect(threads).toHaveTextContent('No conversations yet.'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Revenue by region' }));
    await answered(canvasElement);
    await waitFor(() =>
      expect(within(threads).getByRole('button', { name: /^Revenue by region/ })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
    await userEvent.click(within(threads).getByRole('button', { name: 'New chat' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Revenue over time' }));
    await answered(canvasElement);
    await waitFor(() => expect(within(threads).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(within(threads).getByRole('button', { name: /^Revenue by region/ }));
    const log = await canvas.findByRole('log');
    await waitFor(() => expect(log).toHaveTextContent('leads with'));
    await expect(log).not.toHaveTextContent('Revenue over time');
  },
};

/** The board's widgets of `root` once each has drawn its data (charts drawn, KPIs answered). */
const boardCell = (canvasElement: HTMLElement, id: string) =>
  waitFor(
    () => {
      const cell = canvasElement.querySelector<HTMLElement>(`[data-widget-id="${id}"]`);
      if (!cell) throw new Error(`widget ${id} is not on the board`);
      return cell;
    },
    { timeout: 15_000 },
  );

/** "My board": a new user's board starts with a KPI and a chart, and can be edited. */
export const MyBoard: Story = {
  args: { conversationsKey: null, boardsKey: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'My board' }));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('My board');
    await expect(canvas.getByRole('button', { name: 'My board' })).toHaveAttribute('aria-current', 'page');
    const chart = await boardCell(canvasElement, 'weekly');
    await waitFor(() => expect(chart.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
    await boardCell(canvasElement, 'revenue');
    // Editable: a keyboard move (the chart up over the KPIs: they go under it) is saved to the user's store.
    chart.focus();
    await userEvent.keyboard('{ArrowUp}');
    await canvas.findByText(/Revenue by week moved to column 1, row 1/, {}, { timeout: 5_000 });
    await canvas.findByText('All changes saved', {}, { timeout: 5_000 });
  },
};

/**
 * "Pin to board" on a chat answer: it lands on the user's own board, live, its SQL run again
 * with that user's access (Elias: Europe only).
 */
export const PinFromChat: Story = {
  args: { conversationsKey: null, boardsKey: null, initialUserId: 'elias' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Top 10 customers by revenue' }, { timeout: 10_000 }),
    );
    await answered(canvasElement);
    const panel = await canvas.findByRole('group', { name: 'Querying data' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    await userEvent.click(
      within(await within(panel).findByRole('menu')).getByRole('menuitem', { name: 'Pin to board' }),
    );
    await within(panel).findByText('Pinned to the board', {}, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'My board' }));
    const answer = await boardCell(canvasElement, 'answer-4');
    await waitFor(() => expect(within(answer).getAllByRole('row').length).toBeGreaterThan(1), { timeout: 15_000 });
    // Its note (worded by the board) says it runs with the viewer's access.
    await expect(within(answer).getByText(/^Live, with your data access/)).toBeVisible();
  },
};

/**
 * "Explore": a question by pointing, its state in the URL, and "Save to board" adds it to My
 * board as a chart.
 */
export const Explore: Story = {
  args: { conversationsKey: null, boardsKey: null },
  // The explorer writes its question to the page's URL: the next story starts without it.
  beforeEach: () => () => window.history.replaceState(null, '', urlWithExplore(undefined)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Explore' }));
    await userEvent.click(await canvas.findByRole('checkbox', { name: /^Revenue/ }, { timeout: 15_000 }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Region/ }));
    await waitFor(() => expect(canvasElement.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
    await expect(new URL(window.location.href).searchParams.get('explore')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Save to board' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Open My board' }, { timeout: 5_000 }));
    await expect(new URL(window.location.href).searchParams.get('explore')).toBeNull();
    // The button went with its page: focus is on the new page's title, not the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(canvas.getByRole('heading', { level: 1, name: 'My board' })),
    );
    const saved = await boardCell(canvasElement, 'explore-4');
    // Named as the explorer showed it, not "Chart of revenue".
    await expect(saved).toHaveAttribute('aria-label', 'Revenue by Region');
    await waitFor(() => expect(saved.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
  },
};

/** My board on a phone, in the dark theme: the widgets stack in reading order. */
export const MyBoardPhoneDark: Story = {
  args: { conversationsKey: null, boardsKey: null, initialTheme: 'Dark' },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'My board' }));
    const chart = await boardCell(canvasElement, 'weekly');
    await waitFor(() => expect(chart.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
  },
};
