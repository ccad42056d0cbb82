// Issue 20, point 1: a chat store taking up a thread after a page reload (`resume`), over real
// HTTP through the fault proxy. The first store stands for the page before the reload: it is
// disconnected, never aborted, as a page going away would be.
import { beforeEach, describe, expect, it } from 'vitest';
import { selectFinalAnswer } from '../../src/protocol';
import type { ChatStore } from '../../src/react';
import {
  asked,
  chatStore,
  mockHeaders,
  once,
  questions,
  serviceThread,
  settled,
  until,
  useChatNetwork,
  type ChatNetwork,
} from './chat-network';
import type { ProxiedRequest } from './fault-proxy';

const network = useChatNetwork(3);
let net: ChatNetwork;
let n = 0;
let q = '';
let from = 0;
beforeEach(() => {
  net = network();
  net.plan = () => undefined;
  q = `Orders over time (${++n})`;
});
const user = () => `resume-${n}`;
/** Requests since `mark()`, by kind. */
const mark = () => (from = net.proxy.requests.length);
const kinds = () => net.proxy.requests.slice(from).map((r: ProxiedRequest) => r.kind);

/** What a page persists of a turn in progress. */
const inFlight = (store: ChatStore) => {
  const { thread, turn } = store.getState();
  return { chatId: thread.chatId, messageId: turn!.messageId, input: turn!.input! };
};

/** A thread with one finished question, and a second one under way (slow lines) when the page goes. */
async function reloadMidAnswer() {
  const before = chatStore(net, user(), { headers: mockHeaders({ lineDelayMs: 25 }) }).store;
  await before.getState().send(`Revenue by region (${n})`);
  void before.getState().send(q);
  // Each turn of the mock has 4 assistant messages: the second one has begun.
  await until(before, (s) => s.thread.messages.filter((m) => m.role === 'assistant').length > 4);
  const saved = { ...inFlight(before), received: before.getState().thread.messages.length };
  before.getState().disconnect(); // the page goes away; the service's turn goes on
  return saved;
}

describe('resume after a page reload', () => {
  it('mid-answer of a later turn: the whole thread shows at once, the answer completes once', async () => {
    const saved = await reloadMidAnswer();
    mark();
    const after = chatStore(net, user()).store;
    const done = after.getState().resume(saved);
    // The first answer of the thread is there while the second still streams.
    await until(after, (s) => s.thread.messages.some((m) => m.role === 'assistant'));
    expect(after.getState().status).not.toBe('idle');
    expect(questions(after.getState().thread.messages)).toEqual([`Revenue by region (${n})`, q]);
    await done;
    const { thread, status, error, pending, unsent } = after.getState();
    expect({ status, error, pending, unsent }).toEqual({ status: 'idle', error: null, pending: null, unsent: null });
    expect(asked(net, q)).toBe(1);
    expect(questions(thread.messages)).toEqual([`Revenue by region (${n})`, q]);
    expect(selectFinalAnswer(thread)?.content).toMatch(/order/i);
    expect(thread.messages).toEqual((await serviceThread(net, saved.chatId!, user())).messages);
    // Loaded by chatId: the question was never sent again.
    expect(kinds()).toEqual(['reload']);
  });

  it('after the answer finished: the thread as it is, and the question is not sent again', async () => {
    const before = chatStore(net, user()).store;
    await before.getState().send(q);
    const saved = inFlight(before);
    mark();
    const after = chatStore(net, user()).store;
    await after.getState().resume(saved);
    expect(after.getState()).toMatchObject({ status: 'idle', error: null, unsent: null });
    expect(after.getState().thread.messages).toEqual(before.getState().thread.messages);
    // What a service does with the messageId of a finished turn is not documented: never asked.
    expect(kinds()).toEqual(['reload']);
    expect(asked(net, q)).toBe(1);
  });

  it('a question that never reached the service stays unsent; Retry asks it once', async () => {
    const before = chatStore(net, user()).store;
    await before.getState().send(`Revenue by region (${n})`);
    const chatId = before.getState().thread.chatId!;
    const lost = { chatId, messageId: `${Date.now()}123-message`, input: q };
    mark();
    const after = chatStore(net, user()).store;
    await after.getState().resume(lost);
    expect(after.getState()).toMatchObject({ status: 'error', unsent: { content: q }, error: { kind: 'interrupted' } });
    expect(questions(after.getState().thread.messages)).toEqual([`Revenue by region (${n})`]);
    expect(asked(net, q)).toBe(0);
    await after.getState().retry();
    expect(after.getState()).toMatchObject({ status: 'idle', error: null, unsent: null });
    expect(asked(net, q)).toBe(1);
    expect(questions(after.getState().thread.messages)).toEqual([`Revenue by region (${n})`, q]);
    expect(net.proxy.requests.slice(from).map((r) => [r.kind, r.body.messageId])).toEqual([
      ['reload', undefined],
      ['send', lost.messageId],
    ]);
  });

  it('a first question whose thread was never named: kept unsent, nothing sent until Retry', async () => {
    mark();
    const after = chatStore(net, user()).store;
    await after.getState().resume({ chatId: null, messageId: `${Date.now()}456-message`, input: q });
    expect(after.getState()).toMatchObject({ status: 'error', unsent: { content: q } });
    expect(kinds()).toEqual([]);
    await after.getState().retry();
    expect(after.getState()).toMatchObject({ status: 'idle', unsent: null });
    expect(after.getState().thread.chatId).toMatch(/^chat_/);
    expect(asked(net, q)).toBe(1);
  });

  it.each([
    // The cutoff, the first turn (5 messages) and the question: the earlier answer is no end.
    ['its question', () => 7],
    ['the thread so far', (received: number) => received + 1],
  ])('a reload that ends after %s re-joins the running question by messageId', async (_, lines) => {
    const saved = await reloadMidAnswer();
    mark();
    net.plan = once('reload', { endAfterLines: lines(saved.received) });
    const after = chatStore(net, user()).store;
    await after.getState().resume(saved);
    expect(after.getState()).toMatchObject({ status: 'idle', error: null });
    expect(kinds()).toEqual(['reload', 'rejoin']);
    expect(asked(net, q)).toBe(1);
    expect(after.getState().thread.messages).toEqual((await serviceThread(net, saved.chatId!, user())).messages);
  });

  it('a reload that ends before the question showed loads the thread again: a question is never re-sent blind', async () => {
    const saved = await reloadMidAnswer();
    mark();
    net.plan = once('reload', { endAfterLines: 2 });
    const after = chatStore(net, user()).store;
    await after.getState().resume(saved);
    expect(after.getState()).toMatchObject({ status: 'idle', error: null });
    expect(kinds()).toEqual(['reload', 'reload']);
    expect(asked(net, q)).toBe(1);
    expect(after.getState().thread.messages).toEqual((await serviceThread(net, saved.chatId!, user())).messages);
  });

  it('Stop while the resumed thread loads tells the service', async () => {
    const saved = await reloadMidAnswer();
    mark();
    const after = chatStore(net, user()).store;
    const done = after.getState().resume(saved);
    await after.getState().abort();
    await done;
    expect(after.getState()).toMatchObject({ status: 'idle', stopped: 'stopped' });
    expect(kinds()).toContain('abort');
    await settled(after);
    const service = await serviceThread(net, saved.chatId!, user());
    expect(service.isStreaming).toBe(false);
    expect(service.messages.every((m) => !m.isInProcess)).toBe(true);
  });
});
