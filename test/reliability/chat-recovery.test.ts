// Issue 18: the chat store over real HTTP, a fault proxy between it and the mock. One case
// (or a few) per defect the issue names; each failed on the store before the turn machine.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectFinalAnswer } from '../../src/protocol';
import type { ChatStore } from '../../src/react';
import {
  asked,
  chatStore,
  serviceThread,
  mockHeaders,
  every,
  once,
  plans,
  questions,
  settled,
  startChatNetwork,
  until,
  type ChatNetwork,
} from './chat-network';
import { htmlPage, type ProxiedRequest } from './fault-proxy';

let net: ChatNetwork;
beforeAll(async () => {
  net = await startChatNetwork(3);
});
afterAll(() => net.close());

let from = 0;
let n = 0;
/** A question of its own per test (the mock counts questions by text). */
let q = '';
beforeEach(() => {
  net.plan = () => undefined;
  from = net.proxy.requests.length;
  q = `Revenue by region (${++n})`;
});
const user = () => `recovery-${n}`;
/** This test's requests through the proxy. */
const sent = (kind?: ProxiedRequest['kind']) =>
  net.proxy.requests.slice(from).filter((r) => kind === undefined || r.kind === kind);

/** Whole answer: the final message complete, nothing left in process. */
function answered(store: ChatStore) {
  const { thread } = store.getState();
  expect(thread.messages.filter((m) => m.isInProcess)).toEqual([]);
  expect(selectFinalAnswer(thread)?.content).toMatch(/leads with/);
}

/** With the network clean again, Retry ends with the whole answer, the question asked once. */
async function retryToAnswer(store: ChatStore) {
  net.plan = () => undefined;
  await store.getState().retry();
  await settled(store);
  expect(store.getState()).toMatchObject({ status: 'idle', error: null });
  answered(store);
  expect(questions(store.getState().thread.messages)).toEqual([q]);
  expect(asked(net, q)).toBe(1);
}

describe('1. a clean early end of the stream', () => {
  it('is not success: the store re-joins and ends with the whole answer', async () => {
    net.plan = once('send', { endAfterLines: 10 });
    const { store, errors } = chatStore(net, user());
    await store.getState().send(q);
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null, unsent: null });
    expect(errors).toEqual([]);
    answered(store);
    expect(sent('send')).toHaveLength(1);
    expect(sent('rejoin').length + sent('reload').length).toBeGreaterThan(0);
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(asked(net, q)).toBe(1);
  });

  it('when every re-join ends early too: an interrupted error, what was received kept; Retry finishes it', async () => {
    net.plan = every(['send', 'rejoin', 'reload'], { endAfterLines: 10 });
    const { store } = chatStore(net, user());
    await store.getState().send(q);
    await settled(store);
    expect(store.getState().error).toMatchObject({ kind: 'interrupted' });
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(store.getState().thread.messages.length).toBeGreaterThanOrEqual(2);
    await retryToAnswer(store);
  });

  it('at 0 lines, in a new thread: an interrupted error with the question kept (unsent)', async () => {
    net.plan = once('send', { endAfterLines: 0 });
    const { store } = chatStore(net, user());
    await store.getState().send(q);
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'error', unsent: { content: q } });
    expect(store.getState().error).toMatchObject({ kind: 'interrupted' });
    expect(asked(net, q)).toBe(1);
  });
});

describe('2. a 200 whose body is not NDJSON', () => {
  it.each(['text/html', 'application/json'])(
    'an HTML page served as %s: a bad-response error, the question kept, Retry works',
    async (type) => {
      net.plan = once('send', htmlPage(type));
      const { store, errors } = chatStore(net, user());
      await store.getState().send(q);
      await settled(store);
      expect(store.getState()).toMatchObject({ status: 'error', unsent: { content: q }, pending: null });
      expect(store.getState().error).toMatchObject({ name: 'ChatError', kind: 'bad-response' });
      expect(errors.map((e) => e.kind)).toContain('bad-response');
      await store.getState().retry();
      await settled(store);
      expect(store.getState()).toMatchObject({ status: 'idle', error: null, unsent: null });
      answered(store);
      expect(questions(store.getState().thread.messages)).toEqual([q]);
      expect(asked(net, q)).toBe(1);
    },
  );
});

describe('3. a failed re-join', () => {
  it('keeps what was received, and Retry re-joins the same turn instead of asking again', async () => {
    net.plan = plans(once('send', { cutAfterLines: 10 }), every(['rejoin', 'reload'], { status: 502 }));
    const { store } = chatStore(net, user());
    await store.getState().send(q);
    await settled(store);
    const failed = store.getState();
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ kind: 'interrupted' });
    expect(questions(failed.thread.messages)).toEqual([q]);
    expect(failed.thread.messages.length).toBeGreaterThanOrEqual(2);
    expect(failed.unsent).toBeNull();
    await retryToAnswer(store);
    expect(sent('send')).toHaveLength(1); // never asked anew
  });
});

describe('4. abort during a re-join', () => {
  it('keeps every message received', async () => {
    net.plan = plans(once('send', { cutAfterLines: 10 }), every(['rejoin', 'reload'], { delayMs: 300 }));
    const { store } = chatStore(net, user());
    const sending = store.getState().send(q);
    await until(store, () => sent('rejoin').length + sent('reload').length > 0);
    const before = store.getState().thread.messages.length;
    await store.getState().abort();
    await sending;
    await settled(store);
    const state = store.getState();
    expect(state).toMatchObject({ status: 'idle', stopped: 'stopped', error: null });
    expect(questions(state.thread.messages)).toEqual([q]);
    expect(state.thread.messages.length).toBeGreaterThanOrEqual(Math.max(before, 2));
    expect(state.thread.messages.filter((m) => m.isInProcess)).toEqual([]);
  });
});

describe('5. a failed abort', () => {
  it('Retry stops again; the question is never sent twice', async () => {
    net.plan = once('abort', { status: 502 });
    const { store } = chatStore(net, user());
    const sending = store.getState().send(q);
    await until(store, (s) => s.status === 'streaming' && s.thread.messages.length >= 2);
    await store.getState().abort();
    await sending;
    expect(store.getState()).toMatchObject({ status: 'error', error: { kind: 'server', status: 502 } });
    await until(store, () => net.mock.runningTurns() === 0); // the service finished the turn meanwhile
    await store.getState().retry();
    await settled(store);
    expect(store.getState().status).toBe('idle');
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(sent('send')).toHaveLength(1);
    expect(sent('abort')).toHaveLength(2);
    expect(asked(net, q)).toBe(1);
  });
});

describe('6. send() right after abort()', () => {
  it('is queued until the abort settles, then sent', async () => {
    const second = `Orders over time (${n})`;
    net.plan = once('abort', { delayMs: 150 });
    const { store } = chatStore(net, user());
    const first = store.getState().send(q);
    await until(store, (s) => s.status === 'streaming' && s.thread.chatId !== null);
    const stopping = store.getState().abort();
    expect(store.getState().status).toBe('aborting');
    const next = store.getState().send(second);
    await Promise.all([first, stopping, next]);
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null });
    expect(questions(store.getState().thread.messages)).toEqual([q, second]);
    expect(asked(net, second)).toBe(1);
    expect(selectFinalAnswer(store.getState().thread)?.content).toMatch(/orders/i);
  });
});

describe('7. a drop, stall or abort before the first line', () => {
  it('a drop before the first line of a new thread does not run the question twice', async () => {
    net.plan = once('send', { cutAfterLines: 0 });
    const { store } = chatStore(net, user());
    await store.getState().send(q);
    await settled(store);
    expect(asked(net, q)).toBe(1);
    expect(store.getState()).toMatchObject({ status: 'error', unsent: { content: q } });
    expect(store.getState().error).toMatchObject({ kind: 'interrupted' });
    // Retry is the user's call: it asks again (with the same messageId), once.
    await store.getState().retry();
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'idle', unsent: null });
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(asked(net, q)).toBe(2);
    expect(sent('send')[0]!.body.messageId).toBe(sent()[1]!.body.messageId);
  });

  it('a drop before the first line of a continuing thread re-joins by messageId: asked once', async () => {
    const { store } = chatStore(net, user());
    await store.getState().send(`Orders over time (${n})`);
    net.plan = once('send', { cutAfterLines: 0 });
    await store.getState().send(q);
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null });
    answered(store);
    expect(questions(store.getState().thread.messages)).toEqual([`Orders over time (${n})`, q]);
    expect(asked(net, q)).toBe(1);
  });

  it('a stall before the first line: the request is held, and its late answer is taken', async () => {
    // The answer comes 600 ms late: after the idle timeout (400 ms), before the hold ends (800 ms).
    net.plan = once('send', { stallAfterLines: 0, stallMs: 600 });
    const { store, errors } = chatStore(net, user(), { idleTimeoutMs: 400 });
    await store.getState().send(q);
    expect(store.getState().error).toMatchObject({ kind: 'timeout' });
    await until(store, (s) => s.status === 'idle' && s.error === null);
    answered(store);
    expect(errors.map((e) => e.kind)).toEqual(['timeout']);
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(asked(net, q)).toBe(1);
  });

  it('Retry during a stall before the first line waits for the first request instead of asking again', async () => {
    net.plan = once('send', { stallAfterLines: 0, stallMs: 600 });
    const { store } = chatStore(net, user(), { idleTimeoutMs: 400 });
    await store.getState().send(q);
    expect(store.getState().error).toMatchObject({ kind: 'timeout' });
    await store.getState().retry();
    await until(store, (s) => s.status === 'idle');
    answered(store);
    expect(sent('send')).toHaveLength(1);
    expect(questions(store.getState().thread.messages)).toEqual([q]);
    expect(asked(net, q)).toBe(1);
  });

  it('an abort before the first byte: the service is told once the chat id is known', async () => {
    net.plan = once('send', { stallAfterLines: 0, stallMs: 300 });
    const { store } = chatStore(net, user(), { headers: mockHeaders({ lineDelayMs: 20 }) }); // a turn of ~1.2 s
    const sending = store.getState().send(q);
    await until(store, (s) => s.status === 'submitting');
    await store.getState().abort();
    await sending;
    expect(store.getState()).toMatchObject({ status: 'idle', stopped: 'stopped', unsent: { content: q } });
    await until(store, () => sent('abort').length === 1, 5000);
    const chatId = sent('abort')[0]!.body.chatId as string;
    expect(chatId).toMatch(/^chat_/);
    await until(store, () => net.mock.runningTurns() === 0);
    const thread = await serviceThread(net, chatId, user());
    expect(questions(thread.messages)).toEqual([q]);
    expect(selectFinalAnswer(thread)).toBeUndefined(); // stopped while thinking
  });
});

describe('8. HTTP 429', () => {
  it('is a rate-limited error that honours Retry-After: Retry waits, then asks once', async () => {
    net.plan = once('send', { status: 429, retryAfter: '1' });
    const { store } = chatStore(net, user());
    await store.getState().send(q);
    const { error } = store.getState();
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 1000 });
    expect(store.getState().unsent).toEqual({ content: q });
    const pressed = Date.now();
    await store.getState().retry();
    await settled(store);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null });
    const retried = sent('send')[1] ?? sent('rejoin')[0];
    expect(retried!.at - pressed).toBeGreaterThanOrEqual(900);
    answered(store);
    expect(asked(net, q)).toBe(1);
  });
});
