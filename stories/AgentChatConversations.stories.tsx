import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, type AgentChatProps, type ChatPersistence, type ChatTransport } from '../src';
import { mockTransport } from './support/chat';

/**
 * A chat that takes up a conversation: a thread loading by its `chatId`, a question that
 * never reached the service kept after a reload (with Retry), a stopped answer remembered
 * with its note, a thread the service no longer has. The reload itself is tested in
 * Chromium (test/browser/resume.browser.test.tsx).
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
    // The conversation code loads lazily (slowly on a busy machine): wait for it.
    await expect(await canvas.findByText('Loading the conversation…', {}, { timeout: 10_000 })).toBeVisible();
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
    const log = await within(canvasElement).findByRole('log', {}, { timeout: 10_000 });
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

/** What `persist` saves, kept in memory for the story (an app keeps it in `localStorage`). */
function memoryPersistence(): ChatPersistence {
  let value: unknown = null;
  return { load: () => value, save: (saved) => void (value = saved) };
}

/** The chat, and a button that mounts it again from what it remembered: a reload, in a story. */
function RemountedChat(props: AgentChatProps) {
  const [persistence] = useState(memoryPersistence);
  const [mount, setMount] = useState(0);
  return (
    <div style={{ height: '100%', display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', gap: 8 }}>
      <button
        type="button"
        className="ek-button"
        style={{ justifySelf: 'start' }}
        onClick={() => setMount((n) => n + 1)}
      >
        Reload the chat
      </button>
      <AgentChat key={mount} {...props} persist={{ adapter: persistence }} />
    </div>
  );
}

/**
 * A stopped answer, after a reload: the thread comes back with what was received and the
 * "Stopped" note (the chat remembers the stop with the question it ended).
 */
export const StoppedAfterReload: Story = {
  args: { transport: mockTransport('storybook-stopped', { lineDelayMs: 40 }) },
  render: (args) => <RemountedChat {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Orders over time' }));
    // The service has the question and is answering it.
    await waitFor(() => expect(canvasElement.querySelector('.ek-message--assistant')).not.toBeNull(), {
      timeout: 10_000,
    });
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop' }));
    const note = 'Stopped. Everything received so far is kept.';
    const before = await canvas.findByText(note, {}, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the chat' }));
    // The chat mounted again (a new note), from what it remembered.
    await waitFor(() => expect(canvas.getByText(note)).not.toBe(before), { timeout: 10_000 });
    await expect(canvas.getByRole('log')).toHaveTextContent('Orders over time');
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toBeEnabled();
  },
};
