// Issue 33, points 3 and 4: ratings and edited questions survive a reload with the thread
// (`persist`), bad stored entries lose only themselves, and another user starts afresh. A
// remount of the hook is the page reload.
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentChat, type ChatTransport, type PersistedChat, type UseAgentChatOptions } from '../../../src';
import { readPersistedChat } from '../../../src/react/chat/persisted-chat';
import { rate } from '../../../src/react/chat/feedback/feedback';
import { recordingTransport } from './recording-transport';

const keyOf = (user: string) => `react-embedded-analytics:chat:${user}`;
const stored = (user = 'ann') =>
  (JSON.parse(localStorage.getItem(keyOf(user)) ?? 'null') as { v: number; chat: PersistedChat } | null)?.chat ?? null;

type Options = Omit<UseAgentChatOptions, 'transport'>;
const mount = (transport: ChatTransport, options: Options = {}) =>
  renderHook((props: Options) => useAgentChat({ transport, ...props }), { initialProps: options });

beforeEach(() => localStorage.clear());

describe('persist: ratings and edited questions', () => {
  it('are saved as given and shown again after a reload', async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const first = mount(transport, { persist: { user: 'ann' } });
    await first.result.current.send('Revenue by contry');
    const chat = first.result.current;
    const question = chat.messages.find((m) => m.role === 'user')!.id;
    const answer = chat.finalAnswer!;
    rate(chat.store, { onFeedback: undefined, onError: vi.fn() }, answer, {
      rating: 'down',
      reason: 'misunderstood',
      comment: 'country',
    });
    chat.store.setState({ edited: [question], unfolded: [question] });
    await chat.send('Revenue by country');
    await waitFor(() =>
      expect(stored()).toMatchObject({
        feedback: [{ id: answer.id, rating: 'down', reason: 'misunderstood', comment: 'country' }],
        edited: [question],
      }),
    );
    const chatId = chat.store.getState().thread.chatId;
    first.unmount();

    const second = mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(second.result.current.chatId).toBe(chatId));
    const state = second.result.current.store.getState();
    expect(state.feedback.get(answer.id)).toEqual({ rating: 'down', reason: 'misunderstood', comment: 'country' });
    expect(state.edited).toEqual([question]);
    expect(state.unfolded).toEqual([]); // folded again: unfolding is not remembered
    second.unmount();
  });

  it('another user on the same chat sees none of them', async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const chat = mount(transport, { persist: { user: 'ann' } });
    await chat.result.current.send('Revenue by region');
    const { store, finalAnswer } = chat.result.current;
    rate(store, { onFeedback: undefined, onError: vi.fn() }, finalAnswer!, { rating: 'up' });
    store.setState({ edited: ['x'] });
    chat.rerender({ persist: { user: 'bob' } });
    await waitFor(() => expect(store.getState().feedback.size).toBe(0));
    expect(store.getState().edited).toEqual([]);
    chat.unmount();
  });
});

describe('readPersistedChat: ratings and edits from storage', () => {
  it('keeps the entries that fit, drops the others, keeps the most recent', () => {
    const read = readPersistedChat({
      chatId: 'c1',
      feedback: [
        { id: 'a1', rating: 'up' },
        { id: 'a2', rating: 'down', reason: 'incorrect', comment: 'wrong' },
        { id: 'a3', rating: 'meh' },
        { id: 'a 4', rating: 'up' },
        { id: 'a5', rating: 'down', reason: 'rm -rf' },
        { id: 'a6', rating: 'down', comment: 'x'.repeat(1001) },
        { id: 'a7', rating: 'up', extra: '<img src=x onerror=alert(1)>' },
        'nope',
      ],
      edited: ['q1', 42, 'q 2', '\u0000', 'q3'],
    });
    expect(read?.feedback).toEqual([
      { id: 'a1', rating: 'up' },
      { id: 'a2', rating: 'down', reason: 'incorrect', comment: 'wrong' },
      { id: 'a7', rating: 'up' },
    ]);
    expect(read?.edited).toEqual(['q1', 'q3']);

    const many = readPersistedChat({
      chatId: 'c1',
      feedback: Array.from({ length: 500 }, (_, i) => ({ id: `a${i}`, rating: 'up' })),
      edited: Array.from({ length: 80 }, (_, i) => `q${i}`),
    });
    expect(many?.feedback).toHaveLength(200);
    expect(many?.feedback?.[0]?.id).toBe('a300');
    expect(many?.edited).toHaveLength(50);
    expect(readPersistedChat({ chatId: 'c1', feedback: 'all', edited: {} })).toEqual({ chatId: 'c1' });
  });
});
