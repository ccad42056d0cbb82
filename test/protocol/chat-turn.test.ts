// The chat turn's state machine, without a network: every transition the store relies on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceChatTurn,
  applyChatMessages,
  ChatError,
  chatTurnRequest,
  EMPTY_THREAD,
  isChatTurnOver,
  isChatTurnReading,
  parseRetryAfter,
  rebaseRejoinLine,
  startChatTurn,
  summariseLines,
  type ChatMessage,
  type ChatTurn,
  type ChatTurnEvent,
} from '../../src/protocol';

const NOW = 1_000_000;
const options = { attempts: 3, baseDelayMs: 100, now: NOW };
const MESSAGE_ID = '1700000000000-message';

/** Applies events in order (each with the turn's current seq unless it carries one). */
function play(turn: ChatTurn, ...events: (ChatTurnEvent | ((t: ChatTurn) => ChatTurnEvent))[]): ChatTurn {
  for (const event of events) turn = advanceChatTurn(turn, typeof event === 'function' ? event(turn) : event, options);
  return turn;
}
const lines =
  (fields: Omit<Extract<ChatTurnEvent, { type: 'lines' }>, 'type' | 'seq'> = {}) =>
  (t: ChatTurn) =>
    ({ type: 'lines', seq: t.seq, ...fields }) as ChatTurnEvent;
const end =
  (clean: boolean, settled = false) =>
  (t: ChatTurn) =>
    ({ type: 'end', seq: t.seq, clean, settled }) as ChatTurnEvent;
const error =
  (kind: ChatError['kind'], extra: ConstructorParameters<typeof ChatError>[2] = {}) =>
  (t: ChatTurn) =>
    ({ type: 'error', seq: t.seq, error: new ChatError(kind, kind, extra) }) as ChatTurnEvent;
const wake = (t: ChatTurn) => ({ type: 'wake', seq: t.seq }) as ChatTurnEvent;

const sending = (chatId: string | null = null) => startChatTurn({ input: 'Revenue', messageId: MESSAGE_ID, chatId });
const streaming = () => play(sending(), lines({ chatId: 'c1', live: true, echo: true }));

describe('a turn that goes well', () => {
  it('sending → streaming → done on the closing state', () => {
    let turn = sending();
    expect(turn).toMatchObject({ phase: 'sending', via: 'send', seq: 0, accepted: false });
    expect(chatTurnRequest(turn)).toEqual({ input: 'Revenue', messageId: MESSAGE_ID });
    turn = play(turn, lines({ chatId: 'c1', live: true, echo: true }));
    expect(turn).toMatchObject({ phase: 'streaming', accepted: true, echoed: true, chatId: 'c1', live: true });
    turn = play(turn, lines({ live: false, closing: true }), end(true));
    expect(turn.phase).toBe('done');
    expect(isChatTurnOver(turn)).toBe(true);
  });

  it('without a closing state: done when the first line said not streaming, or the thread shows the answer', () => {
    expect(play(sending(), lines({ chatId: 'c', live: false }), end(true)).phase).toBe('done');
    expect(play(sending(), lines({ chatId: 'c', live: true }), end(true, true)).phase).toBe('done');
  });

  it('a reload asks by chatId only', () => {
    const turn = startChatTurn({ messageId: MESSAGE_ID, chatId: 'c1' });
    expect(turn.via).toBe('reload');
    expect(chatTurnRequest(turn)).toEqual({ chatId: 'c1' });
  });
});

describe('a stream that breaks off', () => {
  it('a clean early end (the turn still live, no closing state) re-joins by messageId after a delay', () => {
    const turn = play(streaming(), end(true));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'rejoin', attempt: 1, until: NOW + 100 });
    expect(turn.error).toMatchObject({ kind: 'interrupted' });
    const rejoining = play(turn, wake);
    expect(rejoining).toMatchObject({ phase: 'rejoining', seq: 1, live: false, closed: false });
    expect(chatTurnRequest(rejoining)).toEqual({ input: 'Revenue', messageId: MESSAGE_ID, chatId: 'c1' });
    expect(play(rejoining, lines({ live: true }), lines({ closing: true, live: false }), end(true)).phase).toBe('done');
  });

  it('a closing state that says the turn runs on (a snapshot) is not the end', () => {
    expect(play(streaming(), lines({ closing: true, live: true }), end(true, true)).phase).toBe('waiting');
  });

  it('backs off doubling, then gives up with interrupted, keeping the cause', () => {
    let turn = streaming();
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      turn = play(turn, i === 0 ? end(false) : error('server', { status: 502 }));
      expect(turn.phase).toBe('waiting');
      delays.push(turn.until - NOW);
      turn = play(turn, wake);
    }
    expect(delays).toEqual([100, 200, 400]);
    turn = play(turn, error('server', { status: 502 }));
    expect(turn.phase).toBe('failed');
    expect(turn.error).toMatchObject({ kind: 'interrupted', cause: { kind: 'server' } });
  });

  it('nothing received and no chat id: nothing to re-join, interrupted at once', () => {
    expect(play(sending(), end(false)).error).toMatchObject({ kind: 'interrupted' });
    expect(play(sending(), end(true)).phase).toBe('failed');
    // In a known thread the same request re-joins (or starts) the turn with its messageId.
    expect(play(sending('c0'), end(false))).toMatchObject({ phase: 'waiting', via: 'rejoin' });
  });

  it('a re-join refused as busy follows the thread by reloading it', () => {
    const turn = play(streaming(), end(false), wake, error('busy'));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'reload' });
    expect(chatTurnRequest(play(turn, wake))).toEqual({ chatId: 'c1' });
  });

  it('a reload that shows the turn still live re-joins by messageId next', () => {
    const turn = play(streaming(), end(false), wake, error('busy'), wake, lines({ live: true }), end(true));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'rejoin' });
  });

  it('a re-join failing for good (forbidden) fails at once', () => {
    expect(play(streaming(), end(false), wake, error('forbidden')).error).toMatchObject({ kind: 'forbidden' });
  });

  it('a 429 on a re-join waits at least its Retry-After', () => {
    const turn = play(streaming(), end(false), wake, error('rate-limited', { retryAfterMs: 5000 }));
    expect(turn).toMatchObject({ phase: 'waiting', until: NOW + 5000 });
  });
});

describe('failures and Retry', () => {
  it('a first request failing is the error; Retry asks again with the same messageId', () => {
    const failed = play(sending(), error('server', { status: 500 }));
    expect(failed).toMatchObject({ phase: 'failed', error: { kind: 'server' } });
    const again = play(failed, { type: 'retry' });
    expect(again).toMatchObject({ phase: 'sending', via: 'send', seq: 1, error: null, messageId: MESSAGE_ID });
  });

  it('Retry of a turn the service has reloads the thread instead of asking again', () => {
    const failed = play(streaming(), error('timeout'));
    expect(failed.phase).toBe('failed');
    const again = play(failed, { type: 'retry' });
    expect(again).toMatchObject({ phase: 'rejoining', via: 'reload', attempt: 0 });
    expect(chatTurnRequest(again)).toEqual({ chatId: 'c1' });
  });

  it('Retry waits out a Retry-After before asking', () => {
    const failed = play(sending(), error('rate-limited', { status: 429, retryAfterMs: 2000 }));
    const error429 = failed.error!;
    const waiting = advanceChatTurn(failed, { type: 'retry' }, { ...options, now: error429.at + 500 });
    expect(waiting).toMatchObject({ phase: 'waiting', via: 'send', until: error429.retryAt });
    expect(play(waiting, wake)).toMatchObject({ phase: 'sending', seq: 1 });
    const late = advanceChatTurn(failed, { type: 'retry' }, { ...options, now: error429.at + 2000 });
    expect(late.phase).toBe('sending');
  });

  it('an idle timeout before the first line holds the request: a late answer is taken', () => {
    const held = play(sending(), error('timeout'));
    expect(held).toMatchObject({ phase: 'failed', held: true, error: { kind: 'timeout' } });
    expect(isChatTurnReading(held)).toBe(true);
    expect(play(held, lines({ chatId: 'c1', live: true }))).toMatchObject({
      phase: 'streaming',
      error: null,
      held: false,
    });
  });

  it('Retry of a held request waits for it once more (no new request); a second timeout lets it go', () => {
    const retried = play(sending(), error('timeout'), { type: 'retry' });
    expect(retried).toMatchObject({ phase: 'sending', seq: 0, held: true });
    const gone = play(retried, error('timeout'));
    expect(gone).toMatchObject({ phase: 'failed', held: false });
    expect(isChatTurnReading(gone)).toBe(false);
    expect(play(gone, { type: 'retry' })).toMatchObject({ phase: 'sending', seq: 1 });
  });
});

describe('abort', () => {
  it('before the first line: stopped at once (the host learns the chat to tell from that line)', () => {
    expect(play(sending('c0'), { type: 'abort' })).toMatchObject({ phase: 'aborted', stopped: 'stopped' });
  });

  it('while streaming, waiting or re-joining: the service is told, and its answer settles it', () => {
    for (const turn of [streaming(), play(streaming(), end(false)), play(streaming(), end(false), wake)]) {
      const aborting = play(turn, { type: 'abort' });
      expect(aborting.phase).toBe('aborting');
      expect(isChatTurnReading(aborting)).toBe(false);
      expect(play(aborting, { type: 'abort-settled', stopped: 'not-running' })).toMatchObject({
        phase: 'aborted',
        stopped: 'not-running',
      });
    }
  });

  it('a failed abort: Retry stops again, never asks again', () => {
    const failed = play(streaming(), { type: 'abort' }, { type: 'abort-settled', error: new ChatError('server', 'x') });
    expect(failed).toMatchObject({ phase: 'failed', stopping: true });
    expect(play(failed, { type: 'retry' })).toMatchObject({ phase: 'aborting', seq: 0 });
  });

  it('a question sent while aborting is queued', () => {
    const aborting = play(streaming(), { type: 'abort' });
    expect(play(aborting, { type: 'send', input: 'Next' }).queued).toBe('Next');
    expect(play(streaming(), { type: 'send', input: 'Next' }).queued).toBeNull();
  });

  it('events of an older request change nothing', () => {
    const turn = play(streaming(), end(false), wake);
    expect(advanceChatTurn(turn, { type: 'end', seq: 0, clean: false }, options)).toBe(turn);
    expect(advanceChatTurn(turn, { type: 'abort-settled' }, options)).toBe(turn);
  });
});

/** Arbitrary `lines` and `end` events (their `seq` is added when played). */
const linesEvent = fc.record({
  type: fc.constant('lines' as const),
  live: fc.boolean(),
  closing: fc.boolean(),
  echo: fc.boolean(),
});
const endEvent = fc.record({ type: fc.constant('end' as const), clean: fc.boolean(), settled: fc.boolean() });
const errorEvent = (...kinds: ChatError['kind'][]) =>
  fc.record({ type: fc.constant('error' as const), kind: fc.constantFrom(...kinds) });

/** A generated event as the machine takes it, for the request `seq`. */
function eventOf(e: { type: string; kind?: ChatError['kind']; failed?: boolean }, seq: number): ChatTurnEvent {
  if (e.type === 'error') return { type: 'error', seq, error: new ChatError(e.kind!, e.kind!) };
  if (e.type === 'abort-settled')
    return e.failed
      ? { type: 'abort-settled', error: new ChatError('server', 'x') }
      : { type: 'abort-settled', stopped: 'stopped' };
  return ('clean' in e || 'live' in e || e.type === 'wake' ? { ...e, seq } : e) as ChatTurnEvent;
}

describe('property: a question is asked again only on Retry', () => {
  const event = fc.oneof(
    linesEvent,
    endEvent,
    errorEvent('server', 'timeout', 'busy', 'forbidden', 'rate-limited', 'bad-response'),
    fc.constantFrom({ type: 'wake' as const }, { type: 'abort' as const }, { type: 'retry' as const }),
    fc.record({ type: fc.constant('abort-settled' as const), failed: fc.boolean() }),
    fc.record({ type: fc.constant('send' as const), input: fc.constant('Next') }),
  );

  it('over any sequence of events', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 40 }), (known, events) => {
        let turn = sending(known ? 'c0' : null);
        let asks = 1;
        let retries = 0;
        for (const e of events) {
          const next = advanceChatTurn(turn, eventOf(e, turn.seq), options);
          if (e.type === 'retry' && next !== turn) retries++;
          if (next.seq > turn.seq && next.via === 'send') asks++;
          expect(next.seq).toBeGreaterThanOrEqual(turn.seq);
          expect(next.messageId).toBe(MESSAGE_ID);
          // A request in flight only in a reading phase; a stopped turn reads nothing.
          if (next.phase === 'aborting' || next.phase === 'aborted') expect(isChatTurnReading(next)).toBe(false);
          turn = next;
        }
        expect(asks).toBeLessThanOrEqual(1 + retries);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a question resumed after a page reload (reload with its input)', () => {
  const resumed = () => startChatTurn({ input: 'Revenue', messageId: MESSAGE_ID, chatId: 'c1', via: 'reload' });

  it('loads the thread first, by chatId only; the service may have the question', () => {
    const turn = resumed();
    expect(turn).toMatchObject({ phase: 'sending', via: 'reload', accepted: true });
    expect(chatTurnRequest(turn)).toEqual({ chatId: 'c1' });
  });

  it('a reload that streams the turn to its end is the end', () => {
    const turn = play(resumed(), lines({ live: true, echo: true }), lines({ live: false, closing: true }), end(true));
    expect(turn.phase).toBe('done');
  });

  it('a snapshot showing the question running re-joins it by messageId', () => {
    const turn = play(resumed(), lines({ live: true, echo: true, closing: true }), end(true));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'rejoin' });
    expect(chatTurnRequest(play(turn, wake))).toEqual({ input: 'Revenue', messageId: MESSAGE_ID, chatId: 'c1' });
  });

  it('a snapshot showing another turn running (no echo) reloads again, never asks', () => {
    const turn = play(resumed(), lines({ live: true, closing: true }), end(true));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'reload' });
    expect(chatTurnRequest(play(turn, wake))).toEqual({ chatId: 'c1' });
  });

  it('an idle thread without the question: it never arrived; kept unsent, and Retry asks it once', () => {
    const lost = play(resumed(), lines({ live: false, closing: true }), end(true));
    expect(lost).toMatchObject({ phase: 'failed', accepted: false, error: { kind: 'interrupted' } });
    const retried = play(lost, { type: 'retry' });
    expect(retried).toMatchObject({ phase: 'sending', via: 'send' });
    expect(chatTurnRequest(retried)).toEqual({ input: 'Revenue', messageId: MESSAGE_ID, chatId: 'c1' });
  });

  it('without a thread (a first question never named one): unsent at once; Retry asks it', () => {
    const turn = startChatTurn({ input: 'Revenue', messageId: MESSAGE_ID, via: 'reload' });
    expect(turn).toMatchObject({ phase: 'failed', accepted: false, error: { kind: 'interrupted' } });
    expect(isChatTurnReading(turn)).toBe(false);
    expect(chatTurnRequest(play(turn, { type: 'retry' }))).toEqual({ input: 'Revenue', messageId: MESSAGE_ID });
  });

  it('a failed first reload is retried by reloading, never by asking', () => {
    const turn = play(resumed(), error('network'));
    expect(turn).toMatchObject({ phase: 'waiting', via: 'reload' });
    const failed = play(resumed(), error('forbidden'));
    expect(chatTurnRequest(play(failed, { type: 'retry' }))).toEqual({ chatId: 'c1' });
  });

  it('Stop before the first line tells the service (the thread is known)', () => {
    expect(play(resumed(), { type: 'abort' }).phase).toBe('aborting');
    // A new question before its first line still stops locally first.
    expect(play(sending('c0'), { type: 'abort' }).phase).toBe('aborted');
  });
});

describe('property: a resumed question is sent only by Retry after the thread showed it missing', () => {
  const event = fc.oneof(
    linesEvent,
    endEvent,
    errorEvent('server', 'network', 'busy', 'not-found', 'timeout'),
    fc.constantFrom({ type: 'wake' as const }, { type: 'retry' as const }, { type: 'abort' as const }),
  );

  it('over any sequence of events', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let turn = startChatTurn({ input: 'Revenue', messageId: MESSAGE_ID, chatId: 'c1', via: 'reload' });
        let missing = false;
        for (const e of events) {
          const next = advanceChatTurn(turn, eventOf(e, turn.seq), options);
          if (next.seq > turn.seq && next.via === 'send') {
            // Sent as a new question: only by Retry, after a reload showed it missing.
            expect(e.type).toBe('retry');
            expect(missing).toBe(true);
          }
          // Re-joined by messageId: only once the thread showed the question (or Retry asked it again).
          if (next.seq > turn.seq && next.via === 'rejoin' && !missing) expect(next.echoed).toBe(true);
          if (next.phase === 'failed' && next.via === 'send' && turn.via === 'reload') missing = true;
          turn = next;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('summariseLines', () => {
  const known = new Set(['old-user']);
  it('reads the chat id, liveness, the closing state and the echo', () => {
    const batch: ChatMessage[] = [
      { id: '__cutoff__', state: { chatId: 'c1', isStreaming: true } },
      { id: 'old-user', role: 'user', content: 'Revenue' },
      { id: 'u2', role: 'user', content: 'Revenue' },
    ];
    expect(summariseLines(batch, 'Revenue', (id) => known.has(id))).toEqual({ chatId: 'c1', live: true, echo: true });
    expect(summariseLines(batch.slice(0, 2), 'Revenue', (id) => known.has(id))).toEqual({ chatId: 'c1', live: true });
    const closing: ChatMessage = { id: '__state__', state: { isStreaming: false, messages: [batch[2]!] } };
    expect(summariseLines([closing], 'Revenue', (id) => known.has(id))).toEqual({
      live: false,
      closing: true,
      echo: true,
    });
  });
});

describe('rebaseRejoinLine: a re-join that replays deltas from the start', () => {
  it('replaces the text received before instead of appending it twice', () => {
    const received = applyChatMessages(EMPTY_THREAD, [
      { id: 'a', role: 'assistant', content: 'Hel', isDelta: true, isInProcess: true, sort: 1 },
    ]);
    const has = (id: string) => received.messages.some((m) => m.id === id);
    const seen = new Set<string>();
    const replay: ChatMessage[] = [
      { id: 'a', role: 'assistant', content: 'He', isDelta: true, isInProcess: true, sort: 1 },
      { id: 'a', content: 'llo', isDelta: true },
      { id: 'b', role: 'assistant', content: 'new', isDelta: true, sort: 2 },
      { id: 'b', content: '!', isDelta: true },
    ];
    const thread = applyChatMessages(
      received,
      replay.flatMap((line) => rebaseRejoinLine(line, has, seen)),
    );
    expect(thread.messages.map((m) => m.content)).toEqual(['Hello', 'new!']);
  });

  it('after a whole line of a message (a snapshot), its deltas append', () => {
    const seen = new Set<string>();
    const has = () => true;
    expect(rebaseRejoinLine({ id: 'a', thinking: 'The user' }, has, seen)).toEqual([{ id: 'a', thinking: 'The user' }]);
    const delta: ChatMessage = { id: 'a', thinking: ' asks', isDelta: true };
    expect(rebaseRejoinLine(delta, has, seen)).toEqual([delta]);
  });

  it('leaves whole lines and lines of new messages alone', () => {
    const line: ChatMessage = { id: 'a', content: 'whole' };
    expect(rebaseRejoinLine(line, () => true, new Set())).toEqual([line]);
    const delta: ChatMessage = { id: 'x', content: 'd', isDelta: true };
    expect(rebaseRejoinLine(delta, () => false, new Set())).toEqual([delta]);
  });

  it('splits a line whose fields are new and old', () => {
    const seen = new Set(['a\ncontent']);
    expect(rebaseRejoinLine({ id: 'a', content: 'c', thinking: 't', isDelta: true }, () => true, seen)).toEqual([
      { id: 'a', thinking: 't' },
      { id: 'a', content: 'c', isDelta: true },
    ]);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, capped at 10 minutes, ignoring nonsense', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(NOW + 4000).toUTCString(), NOW)).toBe(4000);
    expect(parseRetryAfter('99999')).toBe(600_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
