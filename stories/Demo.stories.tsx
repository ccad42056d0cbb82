import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DemoApp } from '../demo/App';
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
