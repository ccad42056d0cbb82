// Issue 18's invariant as a property, over real HTTP: random fault schedules at the proxy
// (cuts after N lines or bytes, clean early ends, stalls, 5xx, 429, HTML pages, slow
// answers; on questions, re-joins, reloads and aborts alike) and random sequences of send,
// abort, retry and reload. After each: the store settles; every question sent appears
// exactly once, in the thread or as `unsent`; the service was asked each question at most
// once per user action; and no message's text was doubled or invented.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asked, chatStore, questions, serviceThread, startChatNetwork, until, type ChatNetwork } from './chat-network';
import { htmlPage, type Fault } from './fault-proxy';

const RUNS = Number(process.env.CHAT_PROPERTY_RUNS ?? 20);

let net: ChatNetwork;
beforeAll(async () => {
  net = await startChatNetwork(3);
});
afterAll(async () => {
  await net.close();
  console.info(`[reliability] chat property: ${tally.runs} runs, ${tally.actions} actions, ${tally.faults} faults`);
});
const tally = { runs: 0, actions: 0, faults: 0 };

const chatFault: fc.Arbitrary<Fault | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.record({ cutAfterLines: fc.integer({ min: 0, max: 64 }) }),
  fc.record({ cutAfterBytes: fc.integer({ min: 1, max: 8000 }) }),
  fc.record({ endAfterLines: fc.integer({ min: 0, max: 64 }) }),
  fc.record({ stallAfterLines: fc.integer({ min: 0, max: 40 }), stallMs: fc.integer({ min: 50, max: 500 }) }),
  fc.record({ status: fc.constantFrom(500, 502, 503), forward: fc.boolean() }),
  fc.record({ status: fc.constant(429), retryAfter: fc.constantFrom('0', '1') }),
  fc.boolean().map((forward) => htmlPage(forward ? 'application/json' : 'text/html', { forward })),
  fc.record({ delayMs: fc.integer({ min: 10, max: 300 }) }),
);
const abortFault: fc.Arbitrary<Fault | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  fc.record({ status: fc.constantFrom(502, 500) }),
  fc.record({ delayMs: fc.integer({ min: 10, max: 200 }) }),
);
const step = fc.record({
  action: fc.constantFrom('send', 'send', 'abort', 'retry', 'retry', 'reload'),
  wait: fc.constantFrom(0, 15, 60, 'settle' as const),
});

describe('property: the chat never loses or doubles a question, whatever the network does', () => {
  it(`${RUNS} random fault schedules and action sequences`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(chatFault, { maxLength: 6 }),
        fc.array(abortFault, { maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (chatFaults, abortFaults, steps) => {
          run++;
          const user = `property-${run}-${Date.now()}`;
          const faults = { chat: [...chatFaults], abort: [...abortFaults] };
          net.plan = (request) => {
            if (request.body.sessionSettings === undefined) return undefined;
            if ((request.body.sessionSettings as { externalId?: string }).externalId !== user) return undefined;
            const fault = request.kind === 'abort' ? faults.abort.shift() : faults.chat.shift();
            if (fault) tally.faults++;
            return fault;
          };
          const { store } = chatStore(net, user, { idleTimeoutMs: 300 });
          /** Per question: user actions that may ask it; `loose`: replaced while unsent (0 or 1 copy). */
          const sent = new Map<string, { actions: number; loose: boolean }>();
          const pending: Promise<void>[] = [];
          let i = 0;
          for (const { action, wait } of steps) {
            tally.actions++;
            const state = store.getState();
            const { turn, status } = state;
            const busy = status !== 'idle' && status !== 'error';
            if (action === 'send' || action === 'reload') {
              const queued = status === 'aborting';
              if (!busy || (queued && action === 'send')) {
                // A new turn replaces an unsent question, and one queued behind a failed stop
                // (a queued one replaces the last queued, and, once sent, the stopped question
                // if the service never echoed it: it shows again when the thread is loaded).
                if (state.unsent) sent.get(state.unsent.content)!.loose = true;
                if (turn?.queued) sent.get(turn.queued)!.loose = true;
                if (queued && turn?.input && !turn.echoed) sent.get(turn.input)!.loose = true;
              }
              if (action === 'reload') {
                pending.push(state.reload());
              } else {
                const q = `Revenue by region #${run}.${++i}`;
                if (!busy || queued) sent.set(q, { actions: 1, loose: false });
                pending.push(state.send(q));
              }
            } else if (action === 'retry') {
              const last = turn?.input ?? state.lastInput;
              const counted = last ? sent.get(last) : undefined;
              if (status === 'error' && counted) counted.actions++;
              pending.push(state.retry());
            } else pending.push(state.abort());
            if (wait === 'settle') await Promise.all(pending);
            else await new Promise((resolve) => setTimeout(resolve, wait));
          }
          await Promise.all(pending);
          // Terminal: idle or error, and no request held open any more.
          await until(store, (s) => (s.status === 'idle' || s.status === 'error') && !s.turn?.held, 15_000);
          const { thread, unsent, status, turn } = store.getState();
          expect(['idle', 'error']).toContain(status);
          // A question queued behind a stop that failed waits (in `turn.queued`) for Retry to stop again.
          const waiting = status === 'error' && turn?.queued ? [turn.queued] : [];
          const shown = [...questions(thread.messages), ...(unsent ? [unsent.content] : []), ...waiting];
          for (const [q, { actions, loose }] of sent) {
            const copies = shown.filter((content) => content === q).length;
            if (loose) expect(copies, q).toBeLessThanOrEqual(1);
            else expect(copies, q).toBe(1);
            expect(asked(net, q), q).toBeLessThanOrEqual(actions);
          }
          // Nothing doubled or invented: each message's text is a prefix of the service's.
          if (thread.chatId) {
            await until(store, () => net.mock.runningTurns() === 0, 15_000);
            const truth = new Map((await serviceThread(net, thread.chatId, user)).messages.map((m) => [m.id, m]));
            for (const message of thread.messages) {
              const real = truth.get(message.id);
              expect(real, message.id).toBeDefined();
              expect(real!.content?.startsWith(message.content ?? '') ?? !message.content, message.id).toBe(true);
              expect(real!.thinking?.startsWith(message.thinking ?? '') ?? !message.thinking, message.id).toBe(true);
            }
          }
          tally.runs++;
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
