import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  createTheme,
  darkTheme,
  ThemeProvider,
  ThreadList,
  useThreadList,
  type ThreadListProps,
  type ThreadRecord,
  type ThreadStore,
} from '../src';

/** A host's store in memory, starting with `threads`. */
function memoryStore(threads: readonly ThreadRecord[]): ThreadStore {
  let list = [...threads];
  return {
    list: () => list,
    save: (thread) => void (list = [thread, ...list.filter((t) => t.chatId !== thread.chatId)]),
    remove: (chatId) => void (list = list.filter((t) => t.chatId !== chatId)),
  };
}

/** A list over a store that never answers (still loading) or always fails. */
const pending: ThreadStore = { list: () => new Promise(() => {}), save: () => {}, remove: () => {} };
const failing: ThreadStore = { list: () => Promise.reject(new Error('offline')), save: () => {}, remove: () => {} };

const MINUTE = 60_000;
const now = Date.now();
const thread = (n: number, title: string, ago: number): ThreadRecord => ({
  chatId: `chat_${n}`,
  title,
  createdAt: now - ago,
  updatedAt: now - ago,
});

const SOME = [
  thread(1, 'Revenue by region', 2 * MINUTE),
  thread(2, 'Orders over time', 3 * 60 * MINUTE),
  thread(3, 'Top 5 customers by revenue', 26 * 60 * MINUTE),
  thread(4, 'Revenue by category, last quarter', 9 * 24 * 60 * MINUTE),
];
const TOPICS = ['Revenue', 'Orders', 'Margin', 'Churn', 'Refunds', 'Signups', 'Basket size', 'Returns'];
const MANY = Array.from({ length: 40 }, (_, i) =>
  thread(
    100 + i,
    `${TOPICS[i % TOPICS.length]} by ${['region', 'month', 'channel', 'country', 'product'][i % 5]}`,
    (i + 1) ** 2.6 * MINUTE,
  ),
);
const LONG = [
  thread(
    201,
    'Compare the revenue of every product category in Europe and North America over the last eight quarters, and explain the three largest swings in plain words for the board',
    5 * MINUTE,
  ),
  thread(
    202,
    'Umsätze nach Region und Quartal für die Vertriebsleitung, aufgeschlüsselt nach Produktlinie',
    50 * MINUTE,
  ),
  thread(
    203,
    'Supercalifragilisticexpialidocious_revenue_by_region_without_any_spaces_at_all_to_break_on',
    2 * 60 * MINUTE,
  ),
  thread(204, 'مبيعات حسب المنطقة', 30 * 60 * MINUTE),
];

/** A thread list over a store, with `current` picked (stands in for the chat beside it). */
function Harness({
  store,
  current,
  ...props
}: { store: ThreadStore; current?: string } & Omit<ThreadListProps, 'list'>) {
  const [own] = useState(() => store);
  const list = useThreadList({ store: own });
  const { status, select } = list;
  useEffect(() => {
    if (current && status === 'ready') select(current);
  }, [current, status, select]);
  return <ThreadList list={list} {...props} />;
}

const meta = {
  title: 'Chat/ThreadList',
  component: Harness,
  decorators: [(Story, { parameters }) => <div style={{ width: parameters.width ?? 280 }}>{Story()}</div>],
  args: { store: memoryStore(SOME), current: 'chat_2' },
  argTypes: { store: { control: false } },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) => within(canvasElement).getByRole('navigation', { name: 'Conversations' });
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(nav(canvasElement)).getAllByRole('listitem').length).toBeGreaterThan(0));

/** A few conversations, the current one marked; relative times in the theme's locale. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const list = within(nav(canvasElement));
    await waitFor(() =>
      expect(list.getByRole('button', { name: /^Orders over time/ })).toHaveAttribute('aria-current', 'true'),
    );
    await expect(list.getByRole('button', { name: 'Rename “Orders over time”' })).toBeVisible();
  },
};

/** No conversations yet: "New chat" and a line saying so. */
export const Empty: Story = {
  args: { store: memoryStore([]), current: undefined },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(nav(canvasElement)).toHaveTextContent('No conversations yet.'));
  },
};

/** Forty conversations, from minutes to a year ago (the host's layout scrolls them). */
export const Many: Story = {
  args: { store: memoryStore(MANY), current: 'chat_105' },
  decorators: [(Story) => <div style={{ height: 480, overflowY: 'auto' }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await expect(within(nav(canvasElement)).getAllByRole('listitem')).toHaveLength(40);
  },
};

/** Long titles, a word longer than the column, right-to-left text: one line each, cut with an ellipsis. */
export const LongTitles: Story = {
  args: { store: memoryStore(LONG), current: 'chat_201' },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const title = canvasElement.querySelector<HTMLElement>('.ek-threads__title')!;
    await expect(title.scrollWidth).toBeGreaterThan(title.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};

/** Narrow (a phone's drawer, 200 px): nothing spills out, actions stay reachable. */
export const Narrow: Story = {
  args: { store: memoryStore(LONG), current: 'chat_202' },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const box = nav(canvasElement).getBoundingClientRect();
    for (const button of within(nav(canvasElement)).getAllByRole('button')) {
      const rect = button.getBoundingClientRect();
      await expect(rect.right).toBeLessThanOrEqual(box.right + 1);
    }
  },
};

/** Renaming inline: the field replaces the title (Enter saves, Escape cancels). */
export const Renaming: Story = {
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await userEvent.click(within(nav(canvasElement)).getByRole('button', { name: 'Rename “Revenue by region”' }));
    await expect(within(canvasElement).getByRole('textbox', { name: 'Conversation title' })).toHaveFocus();
  },
};

/** Just deleted: "Deleted · Undo" (it stays while the pointer or focus is on it). */
export const Deleted: Story = {
  args: { store: memoryStore(SOME), undoMs: 600_000 },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const list = within(nav(canvasElement));
    await userEvent.click(list.getByRole('button', { name: 'Delete “Revenue by region”' }));
    await expect(list.getByRole('status')).toHaveTextContent('Deleted “Revenue by region”');
    await userEvent.click(list.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(4));
    await userEvent.click(list.getByRole('button', { name: 'Delete “Orders over time”' }));
  },
};

/** The store is still answering. */
export const Loading: Story = {
  args: { store: pending },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(nav(canvasElement)).toHaveTextContent('Loading conversations…'));
  },
};

/** The store failed: a plain message and "Try again". */
export const LoadFailed: Story = {
  args: { store: failing },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(nav(canvasElement)).getByRole('button', { name: 'Try again' })).toBeVisible());
  },
};

/** Dark theme, German strings and relative times. */
export const DarkGerman: Story = {
  args: {
    locale: 'de-DE',
    labels: {
      regionLabel: 'Unterhaltungen',
      newChat: 'Neuer Chat',
      rename: (title) => `„${title}“ umbenennen`,
      remove: (title) => `„${title}“ löschen`,
    },
  },
  decorators: [
    (Story) => (
      <ThemeProvider theme={createTheme({ ...darkTheme, locale: 'de-DE' })}>
        <div style={{ background: darkTheme.colors.background, padding: 12 }}>{Story()}</div>
      </ThemeProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    // The list's UI loads lazily: find it once it is there.
    const list = await within(canvasElement).findByRole('navigation', { name: 'Unterhaltungen' });
    await waitFor(() => expect(list).toHaveTextContent('vor 3 Stunden'));
  },
};
