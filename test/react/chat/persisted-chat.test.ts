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

describe('readPersistedChat: a stopped turn and View picks', () => {
  it('keeps them when they fit, as fresh objects of the known fields', () => {
    const value = JSON.parse(
      '{"chatId":"chat_1","stopped":{"kind":"stopped","after":"turn_1-user","x":1},' +
        '"views":[{"key":"r1","view":"table","x":1},{"key":"r2","view":"auto"}]}',
    ) as unknown;
    expect(readPersistedChat(value)).toEqual({
      chatId: 'chat_1',
      stopped: { kind: 'stopped', after: 'turn_1-user' },
      views: [
        { key: 'r1', view: 'table' },
        { key: 'r2', view: 'auto' },
      ],
    });
  });

  it.each([
    ['a stop of an unknown kind', { stopped: { kind: 'paused', after: 'turn_1-user' } }],
    ['a stop after an id with spaces', { stopped: { kind: 'stopped', after: 'turn 1' } }],
    ['views that are not a list', { views: { r1: 'table' } }],
    ['a view of an unknown type', { views: [{ key: 'r1', view: 'pie' }] }],
  ])('leaves out %s, and keeps the thread', (_, extra) => {
    expect(readPersistedChat({ chatId: 'chat_1', ...extra })).toEqual({ chatId: 'chat_1' });
  });

  it('keeps the last 50 views, and none without a thread or a question', () => {
    const views = Array.from({ length: 70 }, (_, i) => ({ key: `r${i}`, view: 'bar' }));
    expect(readPersistedChat({ chatId: 'chat_1', views })!.views).toEqual(views.slice(20));
    expect(readPersistedChat({ chatId: null, views })).toBeNull();
  });
});
