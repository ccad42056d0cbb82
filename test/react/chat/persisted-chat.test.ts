// @vitest-environment node
// The persistence code on a server (no window, no localStorage), and its validation alone.
import { describe, expect, it } from 'vitest';
import { localChatPersistence, readPersistedChat } from '../../../src/react/chat/persisted-chat';
import { localThreadStore } from '../../../src/react/threads/thread-store';

describe('on a server', () => {
  it('imports and runs without window or localStorage: nothing remembered, nothing thrown', async () => {
    expect(typeof window).toBe('undefined');
    await import('../../../src'); // the whole React entry, as server rendering loads it
    const chat = localChatPersistence('ann');
    expect(chat.load()).toBeNull();
    expect(() => chat.save({ chatId: 'chat_1' })).not.toThrow();
    const threads = localThreadStore('ann');
    expect(threads.list()).toEqual([]);
    expect(() => threads.save({ chatId: 'chat_1', title: 'T', createdAt: 1, updatedAt: 1 })).not.toThrow();
    expect(() => threads.subscribe!(() => {})()).not.toThrow();
  });
});

describe('readPersistedChat', () => {
  it('keeps the known fields of a value that fits, as a fresh object', () => {
    const value = JSON.parse(
      '{"chatId":"chat_1","turn":{"messageId":"1700000000000-message","input":"Hi","x":1},"__proto__":{"y":1}}',
    ) as unknown;
    const read = readPersistedChat(value);
    expect(read).toEqual({ chatId: 'chat_1', turn: { messageId: '1700000000000-message', input: 'Hi' } });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(readPersistedChat({ chatId: null, turn: { messageId: '1700000000000-message', input: 'Hi' } })).toEqual({
      chatId: null,
      turn: { messageId: '1700000000000-message', input: 'Hi' },
    });
  });

  it.each([
    undefined,
    null,
    'chat_1',
    [],
    { chatId: '' },
    { chatId: 'a b' },
    { chatId: 'chat\u202E1' },
    { chatId: 'chat_1', turn: { messageId: '123-message', input: 'Hi' } },
    { chatId: 'chat_1', turn: { messageId: '1700000000000-message', input: '' } },
    { chatId: 'chat_1', turn: { messageId: '1700000000000-message', input: 'x'.repeat(100_001) } },
    { chatId: null },
  ])('refuses %j', (value) => {
    expect(readPersistedChat(value)).toBeNull();
  });
});
