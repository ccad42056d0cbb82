import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, createChatStore, type ChatFeedback } from '../../src';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage } from '../../src/protocol';
import { frozenTransport, mockTransport } from '../support/chat';
import { askChat, chatDone, chatFrame, STORY_AGENT, STORY_USER } from '../support/chat-play';

const meta = {
  title: 'Chat/Feedback',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [chatFrame],
  args: {
    transport: mockTransport('storybook-feedback'),
    user: STORY_USER,
    agent: STORY_AGENT,
    onFeedback: fn(),
    onError: fn(),
  },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const last = <T,>(items: T[]) => items[items.length - 1]!;

/** A finished thread of two answers, the first rated up, the second down with a reason. */
function ratedStore() {
  const lines: ChatMessage[] = [
    { id: '__cutoff__', state: { chatId: 'feedback-story', isStreaming: false } },
    { id: 'q1', role: 'user', content: 'Revenue by region', sort: 1 },
    {
      id: 'a1',
      role: 'assistant',
      content: '**North America** leads with **$1.93M**, then Europe with $1.41M.',
      graphPath: ['final'],
      sort: 2,
    },
    { id: 'q2', role: 'user', content: 'Orders last week', sort: 3 },
    {
      id: 'a2',
      role: 'assistant',
      content: 'There were **1,204** orders last week.',
      graphPath: ['final'],
      sort: 4,
    },
  ];
  const store = createChatStore({
    transport: () => mockTransport('storybook-feedback'),
    initialThread: applyChatMessages(EMPTY_THREAD, lines),
  });
  store.setState({
    feedback: new Map([
      ['a1', { rating: 'up' }],
      ['a2', { rating: 'down', reason: 'incorrect', comment: 'Last week had a holiday; the count looks doubled.' }],
    ]),
  });
  return store;
}

/**
 * Feedback given: the first answer rated up, the second down with a reason. The thumbs show
 * pressed, as they do after a reload with `persist` (the ratings are the chat's, by message id).
 */
export const FeedbackGiven: Story = {
  args: { store: ratedStore() },
  play: async ({ canvasElement }) => {
    const groups = await within(canvasElement).findAllByRole('group', { name: 'Answer actions' }, { timeout: 10_000 });
    await expect(within(groups[0]!).getByRole('button', { name: 'Good answer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(groups[0]!).getByRole('button', { name: 'Bad answer' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(within(groups[1]!).getByRole('button', { name: 'Bad answer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/**
 * A thumbs down opens the reason picker (focus on its first reason); the rating reaches
 * `onFeedback` at once, with the thread, question, answer text and SQL. Here a reason is
 * picked and a comment typed, not yet sent.
 */
export const ReasonPickerOpen: Story = {
  args: { transport: mockTransport('storybook-feedback-picker') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Bad answer' }));
    await expect(canvas.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
    const picker = canvas.getByRole('group', { name: 'What went wrong?' });
    await expect(within(picker).getByRole('button', { name: 'The numbers are wrong' })).toHaveFocus();
    const given = last((args.onFeedback as ReturnType<typeof fn>).mock.calls)[0] as ChatFeedback;
    await expect(given).toMatchObject({ rating: 'down', question: 'Revenue by region' });
    await expect(given.chatId).toEqual(expect.any(String));
    await expect(given.sql.join('\n')).toMatch(/SELECT/i);
    await expect(given.answer).not.toBe('');
    await userEvent.click(within(picker).getByRole('button', { name: 'It misread the question' }));
    await userEvent.type(
      within(picker).getByRole('textbox', { name: 'Tell us more (optional)' }),
      'I meant by country',
    );
  },
};

/** The reason sent: `onFeedback` again for the same answer, with the reason and comment; focus back on the thumb. */
export const ReasonSent: Story = {
  args: { transport: mockTransport('storybook-feedback-sent') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Orders over time');
    await chatDone(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Bad answer' }));
    await userEvent.keyboard('{Enter}'); // the first reason, by keyboard
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    await expect(canvas.queryByRole('group', { name: 'What went wrong?' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Bad answer' })).toHaveFocus();
    await expect(args.onFeedback).toHaveBeenLastCalledWith(
      expect.objectContaining({ rating: 'down', reason: 'incorrect', question: 'Orders over time' }),
    );
    await expect(canvas.getByText('Thanks for the feedback')).toBeVisible();
  },
};

/** A host callback that throws: the rating still shows, the error goes to `onError`, the chat goes on. */
export const ThrowingCallback: Story = {
  args: {
    transport: mockTransport('storybook-feedback-throws'),
    onFeedback: fn(() => {
      throw new Error('analytics endpoint down');
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Good answer' }));
    await expect(canvas.getByRole('button', { name: 'Good answer' })).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'render', message: expect.stringContaining('analytics endpoint down') }),
    );
    await askChat(canvasElement, 'Orders over time');
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-message--final')).toHaveLength(2), {
      timeout: 15_000,
    });
  },
};

/** While the answer streams, no feedback is offered (nor Copy): only once it is complete. */
export const NotWhileStreaming: Story = {
  args: {
    transport: frozenTransport('Revenue by region', (line) => line.graphPath?.[0] === 'final' && !!line.content),
  },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    await waitFor(() => expect(canvasElement.querySelector('.ek-message--final')).not.toBeNull(), { timeout: 15_000 });
    await expect(within(canvasElement).queryByRole('button', { name: 'Good answer' })).toBeNull();
    await expect(within(canvasElement).queryByRole('button', { name: 'Bad answer' })).toBeNull();
  },
};
