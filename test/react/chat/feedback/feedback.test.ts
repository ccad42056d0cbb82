// Issue 33, point 3: what `onFeedback` gets, and a host callback that fails.
import { describe, expect, it, vi } from 'vitest';
import { applyChatMessages, ChatError, EMPTY_THREAD, type ChatMessage } from '../../../../src/protocol';
import { createChatStore } from '../../../../src/react/chat/store';
import { cleanComment, feedbackOf, MAX_RATINGS, rate } from '../../../../src/react/chat/feedback/feedback';

const sqlCall = (id: string, sqlQuery: string, done = true): ChatMessage => ({
  id,
  role: 'assistant',
  toolCall: {
    name: 'platformSqlApi',
    input: JSON.stringify({ sqlQuery, queryTitle: 'T', userRequest: 'q' }),
    ...(done && { result: JSON.stringify({ sqlQuery, schema: [], data: [], totalRows: 0 }) }),
  },
});

const thread: ChatMessage[] = [
  { id: 'q1', role: 'user', content: 'Revenue by region' },
  sqlCall('t0', 'SELECT 0'),
  { id: 'a1', role: 'assistant', content: 'Old answer', graphPath: ['final'] },
  { id: 'q2', role: 'user', content: 'Orders by month' },
  sqlCall('t1', 'SELECT 1'),
  sqlCall('t2', 'SELECT 2', false),
  sqlCall('t3', 'SELECT 1'),
  { id: 'a2', role: 'assistant', content: 'Orders rose **12%**.', graphPath: ['final'] },
];

describe('feedbackOf', () => {
  it('gives the thread, the question answered, the answer text and the SQL of its turn only', () => {
    const answer = thread.at(-1)!;
    expect(feedbackOf(thread, 'chat-1', answer, { rating: 'down', reason: 'incorrect', comment: 'x' })).toEqual({
      message: answer,
      rating: 'down',
      chatId: 'chat-1',
      messageId: 'a2',
      question: 'Orders by month',
      answer: 'Orders rose **12%**.',
      sql: ['SELECT 1', 'SELECT 2'], // in order, each once; not the earlier turn's SELECT 0
      reason: 'incorrect',
      comment: 'x',
    });
  });

  it('hostile fields stay out: a non-string question or answer, a tool call that is not one', () => {
    const bad = [
      { id: 'q', role: 'user', content: 42 },
      { id: 't', role: 'assistant', toolCall: { name: 'platformSqlApi', input: '{"sqlQuery": 7}' } },
      { id: 'u', role: 'assistant', toolCall: 'nope' },
      { id: 'a', role: 'assistant', content: { evil: true }, graphPath: ['final'] },
    ] as unknown as ChatMessage[];
    const given = feedbackOf(bad, null, bad[3]!, { rating: 'up' });
    expect(given).toMatchObject({ question: undefined, answer: '', sql: [], chatId: null, messageId: 'a' });
    expect(given).not.toHaveProperty('reason');
  });

  it('a comment is trimmed and capped; an empty one is none', () => {
    expect(cleanComment('  why  ')).toBe('why');
    expect(cleanComment('   ')).toBeUndefined();
    expect(cleanComment('x'.repeat(5000))).toHaveLength(1000);
  });
});

describe('rate', () => {
  const setup = () => {
    const store = createChatStore({
      transport: () => ({ url: 'http://chat.test' }),
      initialThread: { ...applyChatMessages(EMPTY_THREAD, thread), chatId: 'chat-1' },
    });
    const answer = store.getState().thread.messages.find((m) => m.id === 'a2')!;
    return { store, answer };
  };

  it('keeps the rating in the chat and tells the host, with the thread', () => {
    const { store, answer } = setup();
    const onFeedback = vi.fn();
    rate(store, { onFeedback, onError: vi.fn() }, answer, { rating: 'up' });
    expect(store.getState().feedback.get('a2')).toEqual({ rating: 'up' });
    expect(onFeedback).toHaveBeenCalledWith(
      expect.objectContaining({ chatId: 'chat-1', rating: 'up', question: 'Orders by month' }),
    );
  });

  it('a callback that throws or rejects is reported to onError; the rating stays', async () => {
    const { store, answer } = setup();
    const onError = vi.fn();
    rate(
      store,
      {
        onFeedback: () => {
          throw new Error('boom');
        },
        onError,
      },
      answer,
      { rating: 'down' },
    );
    expect(store.getState().feedback.get('a2')).toEqual({ rating: 'down' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ChatError);
    expect(onError.mock.calls[0]![0]).toMatchObject({ kind: 'render', message: expect.stringContaining('boom') });

    rate(store, { onFeedback: () => Promise.reject(new Error('later')), onError }, answer, { rating: 'up' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(onError.mock.calls[1]![0]).toMatchObject({ message: expect.stringContaining('later') });
  });

  it('keeps the most recent ratings only', () => {
    const { store, answer } = setup();
    const ui = { onFeedback: undefined, onError: vi.fn() };
    for (let i = 0; i < MAX_RATINGS + 10; i++) rate(store, ui, { ...answer, id: `m${i}` }, { rating: 'up' });
    rate(store, ui, { ...answer, id: 'm0' }, { rating: 'down' }); // rated again: the most recent
    const ids = [...store.getState().feedback.keys()];
    expect(ids).toHaveLength(MAX_RATINGS);
    expect(ids.at(-1)).toBe('m0');
    expect(ids[0]).toBe('m11');
  });

  it('reset keeps the ratings and edited questions (ids do not repeat across threads)', () => {
    const { store, answer } = setup();
    rate(store, { onFeedback: undefined, onError: vi.fn() }, answer, { rating: 'up' });
    store.setState({ edited: ['q1'], unfolded: ['q1'] });
    store.getState().reset();
    expect(store.getState()).toMatchObject({ edited: ['q1'], unfolded: [] });
    expect(store.getState().feedback.get('a2')).toEqual({ rating: 'up' });
  });
});
