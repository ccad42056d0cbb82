import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, type ChatPersistence, type ChatTransport } from '../src';
import { mockTransport } from './support/chat';

/**
 * A chat that takes up a conversation: a thread loading by its `chatId`, a question that
 * never reached the service kept after a reload (with Retry), a thread the service no longer
 * has. The reload itself is tested in Chromium (test/browser/resume.browser.test.tsx).
 */
const meta = {
  title: 'Chat/Conversations',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ height: 560, maxWidth: 860, margin: '0 auto' }}>{Story()}</div>],
  args: { transport: mockTransport('storybook-conversations'), user: { displayName: 'Uma User' } },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A service that takes its time: nothing comes back (the request stays open). */
const silent: ChatTransport = {
  url: '/silent/stream-chat-state',
  fetch: (_input, init) =>
    new Promise((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
    ),
};

/** Loading a thread by its `chatId` (after a reload, or picked in a thread list): no suggestions meanwhile. */
export const LoadingThread: Story = {
  args: { transport: silent, chatId: 'chat_loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading the conversation…')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Revenue by region' })).toBeNull();
  },
};

/** What the page remembered: a first question asked just before it was reloaded, its thread never named. */
const remembered: ChatPersistence = {
  load: () => ({ chatId: null, turn: { messageId: '1767225600000123-message', input: 'Revenue by region' } }),
  save: () => {},
};

/**
 * After a reload, a question the service may never have received: kept, in plain words,
 * with Retry (which asks it, with the same messageId). Never sent again by itself.
 */
export const QuestionKeptAfterReload: Story = {
  args: { persist: { adapter: remembered } },
  play: async ({ canvasElement }) => {
    const log = await within(canvasElement).findByRole('log');
    const alert = await within(log).findByRole('alert');
    await expect(within(log).getByText('Revenue by region')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(log).toHaveTextContent('leads with'), { timeout: 15_000 });
  },
};

/**
 * A thread the service no longer has (picked from an old list): said in plain words; the
 * next question starts a new thread.
 */
export const ThreadGone: Story = {
  args: { chatId: 'chat_no_longer_there' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('This conversation is not available any more.');
    await userEvent.click(canvas.getByRole('button', { name: 'Revenue by region' }));
    await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent('leads with'), { timeout: 15_000 });
  },
};
