import { CUTOFF_ID, STATE_ID, type ChatMessage } from './chat';
import type { ChatRequest } from './chat-request';
import { ChatError } from './chat-error';

/** Where a chat turn is. */
export type ChatTurnPhase =
  /** The turn's first request is out; nothing received yet. */
  | 'sending'
  /** Lines are arriving. */
  | 'streaming'
  /** The stream broke off before the turn ended (or `Retry-After` runs): waiting to ask again. */
  | 'waiting'
  /** A re-join request is out; nothing received on it yet. */
  | 'rejoining'
  /** The user stopped the turn; the service is being told. */
  | 'aborting'
  | 'done'
  /** Ended with `error`; Retry goes on from here. */
  | 'failed'
  /** Stopped by the user. */
  | 'aborted';

/** How the turn's next (or current) request asks the service. */
export type ChatTurnVia =
  /** The question with its `messageId` (and `chatId` once known): starts the turn, or re-joins it while it runs. */
  | 'send'
  /** The same request after the turn was seen (or may have started): re-joins it; failures are retried. */
  | 'rejoin'
  /** The thread's state by `chatId`, no input: follows the turn without ever asking again. */
  | 'reload';

/**
 * One chat turn, from its first request to its end: a question, or a reload of the thread.
 * Immutable; {@link advanceChatTurn} returns the next one. A host sends a request whenever
 * `seq` changes while the phase is `sending` or `rejoining`, waits `until` in `waiting`,
 * posts Abort on entering `aborting`, and feeds what happens back as {@link ChatTurnEvent}s.
 */
export interface ChatTurn {
  readonly phase: ChatTurnPhase;
  /** The question; undefined for a reload. */
  readonly input: string | undefined;
  /** Sent with every request of the question, so the service can re-join instead of asking anew. */
  readonly messageId: string;
  /** The thread, once known (from the thread, or the first line). */
  readonly chatId: string | null;
  readonly via: ChatTurnVia;
  /** The request counter: events carry the `seq` of the request they came from; older ones are ignored. */
  readonly seq: number;
  /**
   * A line of this turn arrived: the service has it. A reload that carries a question (a
   * turn resumed after a page reload) starts accepted: the service may have the question,
   * so it is never sent again unless the thread shows it missing.
   */
  readonly accepted: boolean;
  /** The service echoed the question. */
  readonly echoed: boolean;
  /** The current response's latest `__cutoff__`/`__state__` said the turn runs on. */
  readonly live: boolean;
  /** The current response sent its closing `__state__`. */
  readonly closed: boolean;
  /** Re-joins since the turn began or the last Retry. */
  readonly attempt: number;
  /** `waiting`: when to go on (ms since the epoch). */
  readonly until: number;
  /** `failed`: why. `waiting`: the error that led there. */
  readonly error: ChatError | null;
  /** `aborted`: what the service said. */
  readonly stopped: 'stopped' | 'not-running' | null;
  /**
   * The first request outlived an idle timeout before its first line and is kept open: if
   * its answer comes after all, the turn goes on with it instead of asking again.
   */
  readonly held: boolean;
  /** `failed` while stopping: Retry stops again rather than asking again. */
  readonly stopping: boolean;
  /**
   * A question sent while `aborting`: the host sends it once the turn is `aborted`. A failed
   * stop keeps it (the service's turn runs on and would refuse it) until Retry stops again.
   */
  readonly queued: string | null;
}

/** What happens to a turn. */
export type ChatTurnEvent =
  /** Lines of the current response, summarised by {@link summariseLines}. */
  | ({ type: 'lines'; seq: number } & ChatLinesSummary)
  /**
   * The response ended: `clean` (the body closed normally) or not (the connection dropped).
   * `settled`: the thread shows the turn finished (a final answer, nothing in process).
   */
  | { type: 'end'; seq: number; clean: boolean; settled?: boolean }
  /** The request failed: an HTTP error, a body that is no chat stream, an `{error}` line, no answer, an idle timeout. */
  | { type: 'error'; seq: number; error: ChatError }
  /** `waiting` is over. */
  | { type: 'wake'; seq: number }
  /** The user asks to stop. */
  | { type: 'abort' }
  /** The Abort request settled: what the service said, or why it failed. */
  | { type: 'abort-settled'; stopped?: 'stopped' | 'not-running'; error?: ChatError }
  /** The user asks to go on after a failure. */
  | { type: 'retry' }
  /** A question sent while the turn runs: kept while `aborting`, ignored otherwise. */
  | { type: 'send'; input: string };

/** Limits and the clock of {@link advanceChatTurn}. */
export interface ChatTurnOptions {
  /** Re-joins after a broken stream before giving up with `interrupted`. */
  attempts: number;
  /** First re-join delay; doubles per attempt (a longer `Retry-After` wins). */
  baseDelayMs: number;
  /** Now, in ms since the epoch. */
  now: number;
}

/** A new turn: sending `input` (with `messageId`), or reloading the thread (`input` undefined). */
export function startChatTurn(init: {
  input?: string;
  messageId: string;
  chatId?: string | null;
  /**
   * `reload` with the `input` to resume a question asked before a page reload: the thread is
   * loaded first; the turn is re-joined by `messageId` only once the thread shows it
   * running, and the question is never sent again unless the thread shows it missing (then
   * the turn fails and Retry asks it, with its `messageId`). Without a `chatId` (a first
   * question whose thread was never named) it starts failed that way.
   */
  via?: ChatTurnVia;
}): ChatTurn {
  const via = init.via ?? (init.input === undefined ? 'reload' : 'send');
  const turn: ChatTurn = {
    phase: 'sending',
    input: init.input,
    messageId: init.messageId,
    chatId: init.chatId ?? null,
    via,
    seq: 0,
    accepted: via === 'reload' && init.input !== undefined,
    echoed: false,
    live: false,
    closed: false,
    attempt: 0,
    until: 0,
    error: null,
    stopped: null,
    held: false,
    stopping: false,
    queued: null,
  };
  // A question resumed without its thread (never named): nothing to load, and asking blind could ask twice.
  return turn.accepted && !turn.chatId ? unsent(turn) : turn;
}

/** True once the turn has ended: `done`, `failed` or `aborted`. */
export const isChatTurnOver = (turn: ChatTurn): boolean =>
  turn.phase === 'done' || turn.phase === 'failed' || turn.phase === 'aborted';

/** A response is wanted: a request is out, or a held one may still answer. */
export const isChatTurnReading = (turn: ChatTurn): boolean =>
  /^(sending|streaming|rejoining)$/.test(turn.phase) || turn.held;

/** Failures a re-join tries again after a delay. */
const RETRYABLE = /^(server|network|http|bad-response|timeout|rate-limited|interrupted|busy)$/;

const fail = (turn: ChatTurn, error: ChatError): ChatTurn => ({ ...turn, phase: 'failed', error, held: false });

/** A resumed question the service may not have: kept unsent; Retry asks it (with its messageId). */
const unsent = (turn: ChatTurn): ChatTurn => ({
  ...fail(turn, new ChatError('interrupted', 'The question may not have reached the chat service')),
  accepted: false,
  via: 'send',
});

/** Waits to re-join, or fails when it cannot (no thread to re-join, attempts spent). */
function backoff(turn: ChatTurn, error: ChatError, options: ChatTurnOptions): ChatTurn {
  if (!turn.chatId || turn.attempt >= options.attempts) {
    const wrap = turn.attempt > 0 && !/^(interrupted|rate-limited)$/.test(error.kind);
    return fail(
      turn,
      wrap ? new ChatError('interrupted', 'The answer could not be re-joined', { cause: error }) : error,
    );
  }
  return {
    ...turn,
    phase: 'waiting',
    // By messageId while the turn runs (a reload saw it, echo included); by reloading the
    // thread where the service cannot (busy), or the reload did not show the question running.
    via:
      error.kind === 'busy' || turn.input === undefined || (turn.via === 'reload' && !(turn.live && turn.echoed))
        ? 'reload'
        : 'rejoin',
    attempt: turn.attempt + 1,
    error,
    held: false,
    until: options.now + Math.max(options.baseDelayMs * 2 ** turn.attempt, error.retryAfterMs ?? 0),
  };
}

/**
 * The turn's transition function: pure, no network, no timers. Re-joins never delete what
 * was received (the host applies what the service sends by message id), a question is asked
 * again only on Retry and always with its `messageId`, and an abort keeps everything.
 */
export function advanceChatTurn(turn: ChatTurn, event: ChatTurnEvent, options: ChatTurnOptions): ChatTurn {
  if ('seq' in event && event.seq !== turn.seq) return turn;
  const open = isChatTurnReading(turn);
  switch (event.type) {
    case 'lines':
      if (!open) return turn;
      return {
        ...turn,
        phase: 'streaming',
        held: false,
        error: null,
        accepted: true,
        chatId: event.chatId ?? turn.chatId,
        live: event.live ?? turn.live,
        closed: turn.closed || !!event.closing,
        echoed: turn.echoed || !!event.echo,
      };
    case 'end':
      if (!open) return turn;
      // Over when the closing state says so, or (no closing state) the first line or the thread does.
      if (event.clean && turn.phase === 'streaming' && !(turn.live && (turn.closed || !event.settled))) {
        // A reload that finds the thread idle without the question: it never reached the service.
        if (turn.via === 'reload' && turn.input !== undefined && !turn.echoed) return unsent(turn);
        return { ...turn, phase: 'done', held: false };
      }
      return backoff(turn, new ChatError('interrupted', 'The stream ended before the answer was complete'), options);
    case 'error': {
      if (!open) return turn;
      const { error } = event;
      // Before the first line the question's fate is unknown: keep the request open instead of asking again.
      if (error.kind === 'timeout' && turn.via === 'send' && !turn.accepted && !turn.held) {
        return { ...turn, phase: 'failed', error, held: true };
      }
      const rejoin = turn.via !== 'send' && (turn.accepted || turn.attempt > 0);
      return rejoin && RETRYABLE.test(error.kind) ? backoff(turn, error, options) : fail(turn, error);
    }
    case 'wake':
      if (turn.phase !== 'waiting') return turn;
      return {
        ...turn,
        phase: turn.via === 'send' ? 'sending' : 'rejoining',
        seq: turn.seq + 1,
        live: false,
        closed: false,
      };
    case 'abort':
      if (!open && turn.phase !== 'waiting') return turn;
      return {
        ...turn,
        // Before the first line of a question the host learns the chatId from the request it
        // keeps reading; a resumed turn's thread is known.
        phase: turn.chatId && (turn.phase !== 'sending' || turn.accepted) ? 'aborting' : 'aborted',
        stopped: 'stopped',
        error: null,
        held: false,
      };
    case 'abort-settled':
      if (turn.phase !== 'aborting') return turn;
      return event.error
        ? { ...turn, phase: 'failed', error: event.error, stopping: true }
        : { ...turn, phase: 'aborted', stopped: event.stopped ?? 'stopped' };
    case 'retry': {
      // A question refused before sending (too long) stays refused: it must be changed first.
      if (turn.phase !== 'failed' || turn.error?.kind === 'input-too-long') return turn;
      const base = { ...turn, error: null, attempt: 0, stopping: false };
      if (turn.stopping) return { ...base, phase: 'aborting' };
      // The held request once more (it stays `held`, so a second timeout lets it go).
      if (turn.held) return { ...base, phase: 'sending' };
      // The service has the question: follow it by reloading the thread, never ask it again.
      const via = turn.accepted || turn.input === undefined ? 'reload' : 'send';
      const next = { ...base, via, live: false, closed: false } as const;
      const { retryAfterMs, retryAt } = turn.error!;
      if (retryAfterMs && options.now < retryAt) return { ...next, phase: 'waiting', until: retryAt };
      return { ...next, phase: via === 'send' ? 'sending' : 'rejoining', seq: turn.seq + 1 };
    }
    case 'send':
      return turn.phase === 'aborting' ? { ...turn, queued: event.input } : turn;
  }
}

/** The body fields of the turn's next request. */
export function chatTurnRequest(turn: ChatTurn): Partial<ChatRequest> {
  const chatId = turn.chatId ?? undefined;
  return turn.via === 'reload'
    ? { chatId }
    : { input: turn.input, messageId: turn.messageId, ...(chatId ? { chatId } : {}) };
}

/** What a batch of lines says about the turn (see {@link summariseLines}). */
export interface ChatLinesSummary {
  chatId?: string;
  /** The batch's last `__cutoff__`/`__state__` said the turn runs on (or not). */
  live?: boolean;
  /** A closing `__state__` arrived. */
  closing?: boolean;
  /** The question's echo arrived: a user message with its text that `known` did not hold. */
  echo?: boolean;
}

/** Summarises lines for a `lines` event: `known` tells the ids the thread had before the turn. */
export function summariseLines(
  lines: readonly ChatMessage[],
  input: string | undefined,
  known: (id: string) => boolean,
): ChatLinesSummary {
  const summary: ChatLinesSummary = {};
  const look = (message: ChatMessage) => {
    if (message.role === 'user' && message.content === input && !known(message.id)) summary.echo = true;
  };
  for (const line of lines) {
    const state = line.state;
    if (line.id === CUTOFF_ID || line.id === STATE_ID) {
      if (typeof state?.chatId === 'string') summary.chatId = state.chatId;
      summary.live = state?.isStreaming ?? line.id === CUTOFF_ID;
      if (line.id === STATE_ID) {
        summary.closing = true;
        state?.messages?.forEach(look);
      }
    } else look(line);
  }
  return summary;
}

/**
 * A re-join response's line, made safe to apply over what was received: a service that
 * replays a message's deltas from the start must replace its text, not append it twice. The
 * first line (delta or whole) of a field of a message the thread already has (`has`) replaces
 * that field, and later deltas append; `seen` remembers which fields were. The mock sends the
 * turn so far as whole lines, then live deltas.
 */
export function rebaseRejoinLine(line: ChatMessage, has: (id: string) => boolean, seen: Set<string>): ChatMessage[] {
  if (!has(line.id)) return [line];
  const { isDelta: _delta, ...first } = line;
  const rest: ChatMessage = { ...line };
  let fresh = false;
  for (const field of ['content', 'thinking'] as const) {
    const key = `${line.id}\n${field}`;
    if (line[field] === undefined) continue;
    if (seen.has(key)) delete first[field];
    else {
      // A whole line replaces the field too: deltas after it append.
      seen.add(key);
      delete rest[field];
      fresh = true;
    }
  }
  if (!line.isDelta || !fresh) return [line];
  // `first` replaces the fields seen for the first time; `rest` appends the others.
  return rest.content === undefined && rest.thinking === undefined ? [first] : [first, rest];
}
