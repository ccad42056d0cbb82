import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChatMessage,
  applyChatMessages,
  ChatMessageSchema,
  EMPTY_THREAD,
  findMessage,
  isFinalAnswer,
  selectFinalAnswer,
  setStreaming,
  type ChatMessage,
} from '../../src/protocol';
import { recordedTurn, stateSnapshot } from '../fixtures/chat-stream';

const reduceOneByOne = (lines: ChatMessage[]) => lines.reduce(applyChatMessage, EMPTY_THREAD);

describe('chat reducer', () => {
  it('builds a recorded turn: cutoff, deltas, tool calls, final answer', () => {
    const thread = reduceOneByOne(recordedTurn());
    expect(thread.chatId).toBe('chat-7f3a');
    expect(thread.isStreaming).toBe(true);
    expect(thread.messages.map((m) => m.id)).toEqual(['u1', 'a1', 't1', 't2', 'a2']);
    expect(findMessage(thread, 'a1')?.thinking).toBe('Je dois trouver les ventes — 売上 — par région… 🤔');
    expect(findMessage(thread, 'a2')).toMatchObject({
      content: 'Île-de-France leads with **1 200,5 €**; 東京 follows. São Paulo has no data. ✅',
      isInProcess: false,
    });
    expect(findMessage(thread, 'a2')).not.toHaveProperty('isDelta');
    // Input from the first line and result from the second are merged.
    const sql = findMessage(thread, 't2')!.toolCall!;
    expect(JSON.parse(sql.input!)).toMatchObject({ queryTitle: 'Revenue by region' });
    expect(JSON.parse(sql.result!)).toMatchObject({ totalRows: 3 });
    expect(selectFinalAnswer(thread)?.id).toBe('a2');
  });

  it('gives the same thread applied in batches of any size as line by line', () => {
    const lines = recordedTurn();
    const expected = reduceOneByOne(lines);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }), (sizes) => {
        let thread = EMPTY_THREAD;
        let i = 0;
        let turn = 0;
        while (i < lines.length) {
          const size = sizes[turn++ % sizes.length]!;
          thread = applyChatMessages(thread, lines.slice(i, i + size));
          i += size;
        }
        expect(thread).toEqual(expected);
      }),
    );
  });

  it('shares structure: a delta copies only the changed message and its containers', () => {
    const before = reduceOneByOne(recordedTurn());
    const after = applyChatMessage(before, { id: 'a2', content: ' More.', isDelta: true });
    expect(after).not.toBe(before);
    expect(after.messages).not.toBe(before.messages);
    after.messages.forEach((message, i) => {
      if (message.id === 'a2') expect(message).not.toBe(before.messages[i]);
      else expect(message).toBe(before.messages[i]);
    });
    expect(findMessage(after, 'a2')?.content).toMatch(/✅ More\.$/);
    // The previous state is untouched.
    expect(findMessage(before, 'a2')?.content).toMatch(/✅$/);
    // A delta changing nothing keeps the thread itself.
    expect(applyChatMessage(after, { id: 'a2', content: '', isDelta: true })).toBe(after);
    expect(applyChatMessage(after, { id: 'a2', isInProcess: false })).toBe(after);
  });

  it('keeps the toolCall object while other fields of its message change (memoized parsing)', () => {
    const before = reduceOneByOne(recordedTurn());
    const after = applyChatMessage(before, { id: 't2', isInProcess: false, graphPath: ['x'] });
    expect(findMessage(after, 't2')!.toolCall).toBe(findMessage(before, 't2')!.toolCall);
  });

  it('orders by sort, keeping arrival order for equal sorts, and moves a message whose sort changes', () => {
    let thread = applyChatMessages(EMPTY_THREAD, [
      { id: 'c', sort: 3 },
      { id: 'a', sort: 1 },
      { id: 'b1', sort: 2 },
      { id: 'b2', sort: 2 },
      { id: 'z' },
    ]);
    expect(thread.messages.map((m) => m.id)).toEqual(['a', 'b1', 'b2', 'c', 'z']);
    thread = applyChatMessage(thread, { id: 'a', sort: 2.5 });
    expect(thread.messages.map((m) => m.id)).toEqual(['b1', 'b2', 'a', 'c', 'z']);
    expect(findMessage(thread, 'a')?.sort).toBe(2.5);
    expect(findMessage(thread, 'c')?.sort).toBe(3);
  });

  it('a non-delta line replaces the fields it carries and keeps the others', () => {
    const thread = applyChatMessages(EMPTY_THREAD, [
      { id: 'm', role: 'assistant', content: 'draft', thinking: 'hmm', isInProcess: true },
      { id: 'm', content: 'final text', isInProcess: false },
    ]);
    expect(thread.messages).toEqual([
      { id: 'm', role: 'assistant', content: 'final text', thinking: 'hmm', isInProcess: false },
    ]);
  });

  it('__cutoff__ sets chatId and streaming; __state__ reconciles without duplicates', () => {
    const turn = recordedTurn();
    const streamed = reduceOneByOne(turn);
    const snapshot = stateSnapshot('chat-7f3a', streamed.messages);
    const done = applyChatMessage(streamed, snapshot);
    expect(done.isStreaming).toBe(false);
    expect(done.messages.map((m) => m.id)).toEqual(['u1', 'a1', 't1', 't2', 'a2']);
    expect(done.messages).toEqual(streamed.messages);
    // Identical content keeps identity: finished rows do not re-render.
    done.messages.forEach((m, i) => expect(m).toBe(streamed.messages[i]));

    // A thread reload (no input) is just a snapshot, onto an empty thread.
    const reloaded = applyChatMessage(EMPTY_THREAD, snapshot);
    expect(reloaded.chatId).toBe('chat-7f3a');
    expect(reloaded.messages).toEqual(streamed.messages);

    // A snapshot holding a message the stream missed adds it once.
    const extra = applyChatMessage(done, stateSnapshot('chat-7f3a', [...streamed.messages, { id: 'late', sort: 99 }]));
    expect(extra.messages.map((m) => m.id)).toEqual(['u1', 'a1', 't1', 't2', 'a2', 'late']);
  });

  it('a delta for an unknown id starts the message', () => {
    const thread = applyChatMessage(EMPTY_THREAD, { id: 'x', content: 'Hi', isDelta: true, role: 'assistant' });
    expect(thread.messages).toEqual([{ id: 'x', content: 'Hi', role: 'assistant' }]);
  });

  it('does not mutate input lines or earlier states across batches', () => {
    const lines = recordedTurn();
    const frozen = structuredClone(lines);
    const first = applyChatMessages(EMPTY_THREAD, lines.slice(0, 10));
    const snapshot = structuredClone(first);
    applyChatMessages(first, lines.slice(10));
    expect(lines).toEqual(frozen);
    expect(first).toEqual(snapshot);
  });

  it('finds messages correctly on older states after later appends (shared index)', () => {
    const a = applyChatMessages(EMPTY_THREAD, [{ id: '1' }, { id: '2' }]);
    const b = applyChatMessage(a, { id: '3' });
    const branch = applyChatMessage(a, { id: '4' });
    const branchThenThree = applyChatMessage(branch, { id: '3' });
    expect(findMessage(a, '3')).toBeUndefined();
    expect(findMessage(b, '3')).toEqual({ id: '3' });
    expect(findMessage(branch, '3')).toBeUndefined();
    expect(branchThenThree.messages.map((m) => m.id)).toEqual(['1', '2', '4', '3']);
    expect(findMessage(b, '3')).toEqual({ id: '3' });
    expect(applyChatMessage(b, { id: '3', content: 'x' }).messages.map((m) => m.id)).toEqual(['1', '2', '3']);
  });

  it('setStreaming changes only the flag', () => {
    const thread = reduceOneByOne(recordedTurn());
    const stopped = setStreaming(thread, false);
    expect(stopped.isStreaming).toBe(false);
    expect(stopped.messages).toBe(thread.messages);
    expect(setStreaming(stopped, false)).toBe(stopped);
  });
});

describe('final answer rule', () => {
  it('requires assistant, graphPath[0] "final" and a path of at most two', () => {
    expect(isFinalAnswer({ id: '1', role: 'assistant', graphPath: ['final'] })).toBe(true);
    expect(isFinalAnswer({ id: '1', role: 'assistant', graphPath: ['final', 'x'] })).toBe(true);
    expect(isFinalAnswer({ id: '1', role: 'assistant', graphPath: ['final', 'x', 'y'] })).toBe(false);
    expect(isFinalAnswer({ id: '1', role: 'user', graphPath: ['final'] })).toBe(false);
    expect(isFinalAnswer({ id: '1', role: 'assistant', graphPath: ['platform_data_analyst_agent'] })).toBe(false);
    expect(isFinalAnswer({ id: '1', role: 'assistant' })).toBe(false);
  });

  it('selects the last matching message', () => {
    const thread = applyChatMessages(EMPTY_THREAD, [
      { id: 'f1', role: 'assistant', graphPath: ['final'], content: 'first', sort: 1 },
      { id: 'f2', role: 'assistant', graphPath: ['final', 'x'], content: 'second', sort: 2 },
      { id: 'n', role: 'assistant', graphPath: ['final', 'x', 'y'], content: 'nested', sort: 3 },
    ]);
    expect(selectFinalAnswer(thread)?.id).toBe('f2');
    expect(selectFinalAnswer(EMPTY_THREAD)).toBeUndefined();
  });
});

describe('chat reducer: wire keys that reach a prototype', () => {
  // The two lines: both pass the schema; the second's `__proto__` used to become the
  // message's prototype, making `content` an object (React error #31 unmounts the host).
  const lines = (...json: string[]) =>
    json.map((line) => {
      const value = JSON.parse(line) as unknown;
      return ChatMessageSchema.parse(value);
    });

  it('never sets a message prototype from a `__proto__` key', () => {
    const thread = applyChatMessages(
      EMPTY_THREAD,
      lines('{"id":"u","role":"user","sort":4,"content":"hi"}', '{"id":"u","__proto__":{"content":{"x":1}}}'),
    );
    const message = findMessage(thread, 'u')!;
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(message.content).toBe('hi');
    expect(Object.keys(message)).not.toContain('__proto__');
  });

  it('drops `__proto__`, `constructor` and `prototype` on insert, merge, deltas, tool calls and snapshots', () => {
    const thread = applyChatMessages(
      EMPTY_THREAD,
      lines(
        '{"id":"a","__proto__":{"content":{"x":1}},"constructor":{"y":1},"prototype":1}',
        '{"id":"a","isDelta":true,"content":"x","__proto__":{"thinking":{"z":1}}}',
        '{"id":"t","toolCall":{"name":"x","__proto__":{"result":{"r":1}},"constructor":"c"}}',
        '{"id":"t","toolCall":{"name":"x","input":"{}","__proto__":{"name":{}}}}',
        '{"id":"__state__","state":{"messages":[{"id":"s","__proto__":{"content":[1]},"content":"ok"}]}}',
      ),
    );
    for (const message of thread.messages) {
      expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
      for (const key of ['__proto__', 'constructor', 'prototype']) expect(Object.hasOwn(message, key)).toBe(false);
      if (message.toolCall) {
        expect(Object.getPrototypeOf(message.toolCall)).toBe(Object.prototype);
        expect(Object.hasOwn(message.toolCall, 'constructor')).toBe(false);
        expect(message.toolCall.name).toBe('x');
      }
    }
    expect(findMessage(thread, 'a')).toMatchObject({ content: 'x' });
    expect(findMessage(thread, 'a')!.thinking).toBeUndefined();
    expect(findMessage(thread, 's')!.content).toBe('ok');
    expect(({} as Record<string, unknown>).content).toBeUndefined(); // nothing global either
  });

  it('isFinalAnswer reads only an array graphPath', () => {
    expect(isFinalAnswer({ id: 'x', role: 'assistant', graphPath: null as never })).toBe(false);
    expect(isFinalAnswer({ id: 'x', role: 'assistant', graphPath: 'final' as never })).toBe(false);
    expect(isFinalAnswer({ id: 'x', role: 'assistant', graphPath: ['final'] })).toBe(true);
  });
});
