// Issue 20, point 1: `useAgentChat`'s controlled or persisted conversation (`chatId`,
// `onChatIdChange`, `onQuestion`, `persist`), against the mock in-process.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_ADMIN_KEY, type MockService } from '../../../src/mock';
import { chatStreamUrl, selectFinalAnswer } from '../../../src/protocol';
import {
  useAgentChat,
  type ChatPersistence,
  type ChatTransport,
  type PersistedChat,
  type UseAgentChatOptions,
} from '../../../src';
import { recordingTransport } from './recording-transport';

const KEY = 'react-embedded-analytics:chat:ann';

/** The mock with a log of every chat request (URL and body). */
function service(lineDelayMs = 0) {
  const { mock, transport, requests } = recordingTransport({ sessionSettings: { externalId: 'ann' } }, { lineDelayMs });
  return { mock, bodies: requests, transport };
}

type Options = Omit<UseAgentChatOptions, 'transport'>;
const mount = (transport: ChatTransport, options: Options = {}) =>
  renderHook((props: Options) => useAgentChat({ transport, ...props }), { initialProps: options });

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { v: number; chat: PersistedChat } | null;
const idle = (chat: { current: ReturnType<typeof useAgentChat> }) =>
  waitFor(() => expect(chat.current.status).toBe('idle'), { timeout: 8000 });

/** A thread with one answered question, made through the mock (another page). */
async function answered(mock: MockService, question: string) {
  const response = await mock.fetch(
    chatStreamUrl({
      origin: 'http://mock.test',
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    }),
    {
      method: 'POST',
      headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
      body: JSON.stringify({ input: question, sessionSettings: { externalId: 'ann' } }),
    },
  );
  const first = (await response.text()).split('\n')[0]!;
  return (JSON.parse(first) as { state: { chatId: string } }).state.chatId;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('persist: the conversation survives a reload', () => {
  it('remembers the thread, and a question while it is answered', async () => {
    const { transport } = service(5);
    const { result } = mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(stored()).toBeNull()); // linked; nothing to remember yet
    void result.current.send('Revenue by region');
    await waitFor(() => expect(stored()?.chat.turn?.input).toBe('Revenue by region'));
    expect(stored()!.chat.turn!.messageId).toMatch(/^\d{13,}-message$/);
    await idle(result);
    expect(stored()).toEqual({ v: 1, chat: { chatId: result.current.chatId } });
  });

  it('a new mount takes the thread up mid-answer: the answer completes once', async () => {
    const { mock, transport, bodies } = service(10);
    const first = mount(transport, { persist: { user: 'ann' } });
    void first.result.current.send('Revenue by region');
    await waitFor(() => expect(first.result.current.messages.length).toBeGreaterThan(2));
    first.unmount(); // the page reloads: disconnected, never aborted
    const onChatIdChange = vi.fn();
    const second = mount(transport, { persist: { user: 'ann' }, onChatIdChange });
    await waitFor(() => expect(onChatIdChange).toHaveBeenCalledWith(stored()!.chat.chatId));
    await idle(second.result);
    expect(mock.turns()).toHaveLength(1);
    expect(second.result.current.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(selectFinalAnswer({ messages: second.result.current.messages } as never)?.content).toMatch(/leads with/);
    expect(bodies.filter((b) => b.input !== undefined)).toHaveLength(1);
    expect(bodies.some((b) => String(b.url).endsWith('/abort'))).toBe(false);
    expect(stored()!.chat).toEqual({ chatId: second.result.current.chatId });
  });

  const hostile: [string, string][] = [
    ['not JSON', '{"v":1,"chat":'],
    ['a later format', JSON.stringify({ v: 2, chat: { chatId: 'chat_1' } })],
    ['no envelope', JSON.stringify({ chatId: 'chat_1' })],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[{"v":1}]'],
    ['a chatId of the wrong type', JSON.stringify({ v: 1, chat: { chatId: 42 } })],
    ['a chatId with a newline', JSON.stringify({ v: 1, chat: { chatId: 'chat_1\nX-Evil: 1' } })],
    ['a chatId of 10 000 characters', JSON.stringify({ v: 1, chat: { chatId: 'c'.repeat(10_000) } })],
    [
      'a foreign messageId',
      JSON.stringify({ v: 1, chat: { chatId: 'chat_1', turn: { messageId: 'x', input: 'hi' } } }),
    ],
    [
      'an empty question',
      JSON.stringify({ v: 1, chat: { chatId: null, turn: { messageId: '1700000000000-message', input: ' ' } } }),
    ],
    ['nothing to take up', JSON.stringify({ v: 1, chat: { chatId: null } })],
    ['a value of 300 000 characters', JSON.stringify({ v: 1, chat: { chatId: 'chat_1', pad: 'x'.repeat(300_000) } })],
    ['prototype keys', '{"v":1,"chat":{"__proto__":{"chatId":"chat_1"},"constructor":{"prototype":{"polluted":1}}}}'],
  ];

  it.each(hostile)('ignores a stored value that does not fit (%s), and never crashes', async (_, raw) => {
    localStorage.setItem(KEY, raw);
    const { transport, bodies } = service();
    const onChatIdChange = vi.fn();
    const { result } = mount(transport, { persist: { user: 'ann' }, onChatIdChange });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(bodies).toEqual([]);
    expect(result.current).toMatchObject({ status: 'idle', chatId: null, error: null, messages: [] });
    expect(onChatIdChange).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Still a working chat, remembered from here on.
    await result.current.send('Orders over time');
    expect(result.current.status).toBe('idle');
    expect(stored()).toEqual({ v: 1, chat: { chatId: result.current.chatId } });
  });

  it('a blocked or full storage is no storage: the chat works on', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const { transport } = service();
    const { result } = mount(transport, { persist: { user: 'ann' } });
    await result.current.send('Revenue by region');
    await idle(result);
    expect(setItem).toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'idle', error: null });
  });

  it('a stored thread the service does not know is forgotten', async () => {
    localStorage.setItem(KEY, JSON.stringify({ v: 1, chat: { chatId: 'chat_gone' } }));
    const { transport } = service();
    const onChatIdChange = vi.fn();
    const { result } = mount(transport, { persist: { user: 'ann' }, onChatIdChange });
    await waitFor(() => expect(onChatIdChange).toHaveBeenLastCalledWith(null));
    expect(result.current).toMatchObject({ status: 'idle', error: null, chatId: null });
    expect(stored()).toBeNull();
  });

  it("the host's adapter: async, validated, its failures swallowed", async () => {
    const { mock, transport } = service();
    const chatId = await answered(mock, 'Revenue by region');
    const saved: (PersistedChat | null)[] = [];
    const adapter: ChatPersistence = {
      load: async () => ({ chatId, turn: undefined, extra: 'kept out' }),
      save: (value) => {
        saved.push(value);
        throw new Error('disk full');
      },
    };
    const { result } = mount(transport, { persist: { adapter } });
    await waitFor(() => expect(result.current.chatId).toBe(chatId));
    await idle(result);
    expect(result.current.messages.length).toBeGreaterThan(2);
    expect(saved.at(-1)).toEqual({ chatId });
    const failing = mount(transport, {
      persist: { adapter: { load: () => Promise.reject(new Error('nope')), save: () => {} } },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failing.result.current).toMatchObject({ status: 'idle', chatId: null });
  });
});

describe('chatId: a controlled conversation', () => {
  it('loads the given thread, switches threads without stopping any, and starts anew with null', async () => {
    const { mock, transport, bodies } = service(10);
    const a = await answered(mock, 'Revenue by region');
    const b = await answered(mock, 'Orders over time');
    const onChatIdChange = vi.fn();
    const chat = mount(transport, { chatId: a, onChatIdChange });
    await waitFor(() => expect(chat.result.current.messages[0]?.content).toBe('Revenue by region'));
    await idle(chat.result);
    void chat.result.current.send('Top 5 customers by revenue'); // a turn running in thread a
    await waitFor(() => expect(chat.result.current.status).toBe('streaming'));
    chat.rerender({ chatId: b, onChatIdChange });
    await waitFor(() => expect(chat.result.current.messages[0]?.content).toBe('Orders over time'));
    await idle(chat.result);
    expect(chat.result.current.chatId).toBe(b);
    expect(chat.result.current.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    // Thread a's turn went on at the service: nothing was aborted.
    expect(bodies.some((body) => String(body.url).endsWith('/abort'))).toBe(false);
    expect(bodies.at(-1)).toMatchObject({ chatId: b });
    expect(bodies.at(-1)).not.toHaveProperty('input');
    chat.rerender({ chatId: null, onChatIdChange });
    await waitFor(() => expect(chat.result.current.messages).toEqual([]));
    expect(chat.result.current.chatId).toBeNull();
    // The host's own changes are not reported back to it.
    expect(onChatIdChange).not.toHaveBeenCalled();
    // A new thread named by its first answer is.
    await chat.result.current.send('Revenue by category');
    expect(onChatIdChange).toHaveBeenCalledExactlyOnceWith(chat.result.current.chatId);
    expect(mock.turns().map((t) => t.input)).toEqual([
      'Revenue by region',
      'Orders over time',
      'Top 5 customers by revenue',
      'Revenue by category',
    ]);
  });

  it('a thread the service does not have: its error shows, and the next question starts a new thread', async () => {
    const { transport } = service();
    const onChatIdChange = vi.fn();
    const chat = mount(transport, { chatId: 'chat_gone', onChatIdChange });
    await waitFor(() => expect(chat.result.current.error?.kind).toBe('not-found'));
    expect(chat.result.current.chatId).toBeNull();
    expect(onChatIdChange).toHaveBeenCalledExactlyOnceWith(null);
    await chat.result.current.send('Revenue by region');
    expect(chat.result.current).toMatchObject({ status: 'idle', error: null });
    expect(chat.result.current.chatId).toMatch(/^chat_/);
    expect(onChatIdChange).toHaveBeenLastCalledWith(chat.result.current.chatId);
  });

  it('onQuestion and persistence hear of a question when the service echoes it, not when its answer ends', async () => {
    const { transport } = service(40); // the echo arrives in a chunk of its own
    const onQuestion = vi.fn();
    const { result } = mount(transport, { onQuestion, persist: { user: 'ann' } });
    await waitFor(() => expect(stored()).toBeNull());
    const answer = result.current.send('Revenue by region');
    await waitFor(() => expect(onQuestion).toHaveBeenCalledOnce(), { timeout: 8000 });
    // Still answering: a reload now re-joins the turn in this thread.
    expect(result.current.status).toBe('streaming');
    const chatId = onQuestion.mock.calls[0]![0].chatId as string;
    expect(chatId).toMatch(/^chat_/);
    await waitFor(() => expect(stored()?.chat.chatId).toBe(chatId));
    expect(result.current.status).toBe('streaming');
    await answer;
    expect(onQuestion).toHaveBeenCalledOnce();
  });

  it('onQuestion: once per question the service accepted, with its thread', async () => {
    const { transport } = service();
    const onQuestion = vi.fn();
    const { result } = mount(transport, { onQuestion });
    await result.current.send('Revenue by region');
    await result.current.send('Orders over time');
    const chatId = result.current.chatId;
    expect(onQuestion.mock.calls.map(([q]) => [q.chatId, q.input])).toEqual([
      [chatId, 'Revenue by region'],
      [chatId, 'Orders over time'],
    ]);
  });
});
