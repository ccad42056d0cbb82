import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  advanceChatTurn,
  ChatError,
  chatTurnRequest,
  DEFAULT_MAX_INPUT_LENGTH,
  EMPTY_THREAD,
  isChatTurnOver,
  isChatTurnReading,
  isFinalAnswer,
  setStreaming,
  startChatTurn,
  type ChatMessage,
  type ChatThread,
  type ChatTurn,
  type ChatTurnEvent,
} from '../../protocol';
import type { FEEDBACK_REASON_VALUES } from '../../protocol/feedback';
import type * as ReaderModule from './read-turn';
import type { TurnRead } from './read-turn';
import {
  chatBody,
  DEFAULT_CHAT_MAX_LINE,
  DEFAULT_IDLE_TIMEOUT_MS,
  newMessageId,
  post,
  responseError,
  type ChatTransport,
} from './transport';

/** Where a chat is (`turn.phase` says more: `waiting` and `rejoining` show as `streaming`). */
export type ChatStatus = 'idle' | 'submitting' | 'streaming' | 'aborting' | 'error';

/** The state of one chat. */
export interface ChatStoreState {
  thread: ChatThread;
  status: ChatStatus;
  /** The fatal error of the last turn, if it failed. */
  error: ChatError | null;
  /** Problems the stream survived in the last turn (malformed lines). */
  warnings: ChatError[];
  /** The user's message until the service echoes it. */
  pending: { content: string } | null;
  /**
   * The question of a turn that ended before the service echoed it (failed, or stopped): the
   * UI keeps it in the thread (after a failure, with the error and Retry under it). Replaced
   * when the next question is sent.
   */
  unsent: { content: string } | null;
  /** How the last turn ended when the user stopped it: `stopped` (204) or `not-running` (404). */
  stopped: 'stopped' | 'not-running' | null;
  /** The last message sent, for retry. */
  lastInput: string | null;
  /**
   * The current (or last) turn as its state machine holds it: phase, `messageId`, `chatId`,
   * re-join attempts. Persist `chatId`, `messageId` and `input` of a turn in progress to
   * `resume` it after a page reload.
   */
  turn: ChatTurn | null;
  /**
   * The user's ratings of answers, by message id. Set by the UI's thumbs; kept by `reset`
   * (ids do not repeat across threads) and remembered with the thread by `persist`.
   */
  feedback: ReadonlyMap<string, ChatRating>;
  /**
   * Questions the user edited and asked again, by message id, oldest first: the UI folds the
   * answer each one had. Kept by `reset` and remembered by `persist`, like `feedback`.
   */
  edited: readonly string[];
  /** Edited questions whose earlier answer the user unfolded (UI state, not remembered). */
  unfolded: readonly string[];
}

/** Why a user rated an answer down: a preset of the reason picker (as the feedback API takes it). */
export type ChatFeedbackReason = (typeof FEEDBACK_REASON_VALUES)[number];

/** A user's rating of one answer, as the chat keeps it (see `ChatStoreState.feedback`). */
export interface ChatRating {
  rating: 'up' | 'down';
  /** The preset reason picked after a thumbs down. */
  reason?: ChatFeedbackReason;
  /** What the user typed after a thumbs down. */
  comment?: string;
}

/** What a chat can do. */
export interface ChatActions {
  /**
   * Sends a message; resolves when its turn ends. While a stop is settling it is queued and
   * sent once the stop worked (after a failed stop it waits, in `turn.queued`, for Retry to
   * stop again, or is replaced by the next question); while a turn runs it is ignored.
   */
  send(input: string): Promise<void>;
  /** Stops the turn: POSTs Abort, stops reading, keeps every message received. */
  abort(): Promise<void>;
  /**
   * After an error: follows a turn the service has (reloads the thread by `chatId`), asks a
   * question it never got (with the same `messageId`), stops again after a failed stop, and
   * waits out a `Retry-After` first.
   */
  retry(): Promise<void>;
  /** Reloads the thread's state from the service (no input). */
  reload(): Promise<void>;
  /**
   * Takes up a thread after a page reload: loads it by `chatId` and follows a turn still
   * running to its end. With the `messageId` and `input` of a question asked before the
   * reload: re-joins that turn by `messageId` if the service only sent a snapshot, and keeps
   * the question unsent (Retry asks it) if the thread shows it never arrived. It never sends
   * the question by itself. Without a `chatId` (a first question whose thread was never
   * named) the question is kept unsent at once.
   */
  resume(turn: { chatId: string | null; messageId?: string; input?: string }): Promise<void>;
  /** Forgets the thread (stops reading; the service is not told); keeps `feedback` and `edited`. */
  reset(): void;
  /** Stops reading without telling the service (unmount): its work goes on. */
  disconnect(): void;
}

/** A chat store: a zustand vanilla store, one per chat, so many chats can share a page. */
export type ChatStore = StoreApi<ChatStoreState & ChatActions>;

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** The transport, read at each request (so it may change). */
  transport: () => ChatTransport;
  /** Every error, fatal or not. */
  onError?: (error: ChatError) => void;
  /** A thread to start from (e.g. restored). */
  initialThread?: ChatThread;
  /** Re-joins after a dropped connection. Default 3 attempts from 250 ms, doubling. */
  rejoin?: { attempts?: number; baseDelayMs?: number };
  /**
   * Schedules a flush of buffered messages (returns a cancel). Default: the first lines after
   * a pause at once (painted at the next frame), then every frame while a flush is cheap, less often
   * when a fast stream makes it costly (at most a tenth of the main thread, at least every
   * 200 ms).
   */
  scheduleFlush?: (flush: () => void) => () => void;
}

let reading: Promise<typeof ReaderModule> | undefined;
/**
 * The stream reader once loaded. It brings the reducer too: lines reach the thread only
 * through the reader, so nothing applies them before it is there.
 */
let loadedReader: typeof ReaderModule | undefined;
/** Loads the stream reader (decoder, validation, reducer): the first request does, or AgentChat as it mounts. */
export function loadReader(): Promise<typeof ReaderModule> {
  return (reading ??= import('./read-turn').then(
    (module) => (loadedReader = module),
    (error: unknown) => {
      reading = undefined; // the next request tries again
      throw error;
    },
  ));
}

/** One request of a turn. `watch`: stopped before its first line, read on to learn the chat to stop. */
interface Reader {
  seq: number;
  stop: AbortController;
  watch: boolean;
  rearm: () => void;
}

const statusOf = (turn: ChatTurn): ChatStatus =>
  turn.phase === 'failed'
    ? 'error'
    : turn.phase === 'aborting'
      ? 'aborting'
      : isChatTurnOver(turn)
        ? 'idle'
        : turn.accepted && turn.phase !== 'sending'
          ? 'streaming'
          : 'submitting';

/**
 * Creates a chat store: the host of a turn's state machine (`advanceChatTurn` in the
 * protocol entry), which decides; the store sends the requests, reads the streams through
 * the protocol's decoder and reducer, and keeps the thread. Deltas are buffered and applied
 * at most once per animation frame, less often when that is costly (`scheduleFlush`);
 * status and errors are never delayed (buffered messages are flushed first). A broken stream is re-joined by `messageId` (or by reloading the
 * thread), applying what the service sends by message id: nothing received is dropped and
 * nothing doubles.
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  /** The default cadence rides in the reader's chunk: made when the first lines are read. */
  let schedule = options.scheduleFlush;
  const limits = { attempts: options.rejoin?.attempts ?? 3, baseDelayMs: options.rejoin?.baseDelayMs ?? 250 };
  let turn: ChatTurn | null = null;
  /** Ids in the thread before the turn (an echo is a new user message). */
  let known = new Set<string>();
  /** The turn's question, one object for its whole life (the UI compares by identity). */
  let question: { content: string } | null = null;
  let reader: Reader | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let buffer: ChatMessage[] = [];
  let cancelFlush: (() => void) | null = null;
  /** Resolved when the turn ends; `queued`: when the turn of a queued question ends. */
  let ended: (() => void)[] = [];
  let queued: (() => void)[] = [];

  const initial = (): ChatStoreState => ({
    thread: options.initialThread ?? EMPTY_THREAD,
    status: 'idle',
    error: null,
    warnings: [],
    pending: null,
    unsent: null,
    stopped: null,
    lastInput: null,
    turn: null,
    feedback: new Map(),
    edited: [],
    unfolded: [],
  });

  const store = createStore<ChatStoreState & ChatActions>()((set, get) => {
    const report = (error: ChatError) => options.onError?.(error);

    const flush = () => {
      cancelFlush?.();
      cancelFlush = null;
      if (buffer.length === 0) return;
      const messages = buffer;
      buffer = [];
      // Buffered by the reader: it has loaded, with the reducer.
      const thread = loadedReader!.applyChatMessages(get().thread, messages);
      set(turn?.echoed && get().pending ? { thread, pending: null } : { thread });
    };

    /** The store's view of the turn, after what is buffered. */
    const publish = (t: ChatTurn) => {
      flush();
      const over = isChatTurnOver(t);
      const waiting = t.echoed ? null : question;
      let thread = get().thread;
      if (over || t.phase === 'aborting') {
        // What was still being generated stops where it is (stopped, failed): nothing shows as
        // running after the turn. A re-join or Retry marks what still runs again.
        const before = thread.messages;
        const messages = before.map((m) => (m.isInProcess ? { ...m, isInProcess: false } : m));
        thread = setStreaming(messages.some((m, i) => m !== before[i]) ? { ...thread, messages } : thread, false);
      }
      set({
        turn: t,
        status: statusOf(t),
        error: t.phase === 'failed' ? t.error : null,
        pending: over ? null : waiting,
        unsent: over ? waiting : null,
        stopped: t.phase === 'aborted' ? t.stopped : null,
        thread,
      });
    };

    const dispatch = (event: ChatTurnEvent) => {
      const prev = turn;
      if (!prev) return;
      const next = (turn = advanceChatTurn(prev, event, { ...limits, now: Date.now() }));
      // Lines that change neither the phase, the echo nor the chat: the thread follows at the
      // next frame. (The echo and the chat id are published at once: `onQuestion` and the
      // persisted turn must not wait for the end of the answer.)
      const quiet =
        event.type === 'lines' &&
        next.phase === prev.phase &&
        next.echoed === prev.echoed &&
        next.chatId === prev.chatId;
      if (next !== prev && !quiet) run(prev, next);
    };

    /** Carries out a transition: requests, timers, Abort, errors, the view, who waits. */
    const run = (prev: ChatTurn | null, next: ChatTurn) => {
      const r = reader;
      if (r && (r.seq !== next.seq || !isChatTurnReading(next))) {
        reader = null;
        // Stopped before its first line: read on until that line names the chat to stop.
        if (next.phase === 'aborted' && !prev?.accepted) r.watch = true;
        else r.stop.abort();
      } else if (r && next.phase === 'sending' && prev?.phase === 'failed') r.rearm(); // Retry of a held request
      if (isChatTurnReading(next) && !reader) void request(next);
      clearTimeout(timer);
      if (next.phase === 'waiting') {
        const seq = next.seq;
        timer = setTimeout(() => dispatch({ type: 'wake', seq }), next.until - Date.now());
      }
      if (next.phase === 'aborting' && prev?.phase !== 'aborting') void stop(next.chatId!, true);
      if (next.phase === 'failed' && next.error !== prev?.error) report(next.error!);
      publish(next);
      if (!isChatTurnOver(next)) return;
      const waiters = ended;
      ended = [];
      // Only after a stop that worked: while a failed stop's turn runs on, the service would
      // refuse the question. It waits with the failure in `turn.queued` (the built-in composer
      // never queues: it sends nothing while stopping), sent once Retry stops the turn;
      // its `send` resolves now, as the turn it waited for has ended.
      if (next.queued !== null && next.phase === 'aborted') {
        ended = queued;
        queued = [];
        void begin({ input: next.queued });
      } else waiters.push(...queued.splice(0));
      for (const resolve of waiters) resolve();
    };

    /** Tells the service to stop; `settles` the turn's `aborting`, or only reports a failure. */
    const stop = async (chatId: string, settles: boolean) => {
      const transport = options.transport();
      let result: { stopped?: 'stopped' | 'not-running'; error?: ChatError };
      try {
        // The request rides in the reader's chunk (only a turn being read has a chat to stop).
        const response = await (
          await loadReader()
        ).stopChat(transport, chatId, (url, body) => post(transport, url, body));
        result = response.ok
          ? { stopped: 'stopped' }
          : response.status === 404
            ? { stopped: 'not-running' }
            : { error: await responseError(response) };
      } catch (cause) {
        result = { error: new ChatError('network', 'Stopped here, but the service could not be told', { cause }) };
      }
      if (settles) dispatch({ type: 'abort-settled', ...result });
      else if (result.error) report(result.error);
    };

    /** Sends the turn's request and reads its answer (the reader, with the decoder, loads meanwhile). */
    function request(t: ChatTurn) {
      const transport = options.transport();
      const idle = transport.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
      const { seq } = t;
      let alarm: ReturnType<typeof setTimeout> | undefined;
      const r: Reader = {
        seq,
        stop: new AbortController(),
        watch: false,
        rearm: () => {
          clearTimeout(alarm);
          if (!(idle > 0) || !Number.isFinite(idle)) return;
          alarm = setTimeout(() => {
            if (r.watch) r.stop.abort();
            else
              emit({
                type: 'error',
                seq,
                error: new ChatError('timeout', `The chat service sent nothing for ${idle} ms`),
              });
            r.rearm();
          }, idle);
        },
      };
      const emit = (event: ChatTurnEvent) => {
        if (reader === r) dispatch(event);
      };
      reader = r;
      r.rearm();
      const read: TurnRead = {
        turn: t,
        signal: r.stop.signal,
        maxLineLength: transport.maxLineLength ?? DEFAULT_CHAT_MAX_LINE,
        rearm: r.rearm,
        watching: () => r.watch,
        current: () => reader === r,
        known,
        // A re-join may replay what was received: its first line of a message replaces.
        had: t.via === 'send' ? null : new Set(get().thread.messages.map((m) => m.id)),
        emit,
        take: (messages) => {
          // A loop, not push(...messages): a chunk of 200k small lines overflows the stack.
          for (const message of messages) buffer.push(message);
          cancelFlush ??= (schedule ??= loadedReader!.createFlushCadence())(flush);
        },
        error: (kind, message, extra) => new ChatError(kind, message, extra),
        warn: (warning) => {
          set({ warnings: [...get().warnings, warning] });
          report(warning);
        },
        stop: (chatId) => void stop(chatId, false),
        settled: () => {
          flush();
          let final = false;
          for (const m of get().thread.messages) {
            if (known.has(m.id)) continue;
            if (m.isInProcess) return false;
            // After the last question: a reloaded thread's earlier answers say nothing of this turn.
            final = m.role === 'user' ? false : final || isFinalAnswer(m);
          }
          return final;
        },
      };
      void (async () => {
        try {
          const body = chatBody(transport, chatTurnRequest(t));
          const [module, response] = await Promise.all([
            loadReader(),
            post(transport, transport.url, body, r.stop.signal),
          ]);
          if (!response.ok) throw await responseError(response);
          // NDJSON comes as application/json (or x-ndjson, text/plain…): a gateway's HTML page does not.
          const type = response.headers.get('Content-Type');
          if (!response.body || (type && !/json|^text\/plain/i.test(type))) {
            throw new ChatError('bad-response', `The chat service answered with ${type || 'no body'}`, {
              status: response.status,
            });
          }
          await module.readTurn(read, response.body, response.status);
        } catch (error) {
          if (r.stop.signal.aborted) return;
          const failure =
            error instanceof ChatError
              ? error
              : new ChatError('network', 'The chat service could not be reached', { cause: error });
          emit({ type: 'error', seq, error: failure });
        } finally {
          clearTimeout(alarm);
          if (reader === r) reader = null;
        }
      })();
    }

    /**
     * Starts a turn (the last one over); resolves when it ends. `refused`: the turn fails at
     * once with that error, nothing sent (its question is kept as `unsent`).
     */
    const begin = (init: { input?: string; messageId?: string; via?: 'rejoin' | 'reload' }, refused?: ChatError) => {
      if (reader && !reader.watch) reader.stop.abort();
      reader = null;
      clearTimeout(timer);
      const { thread, lastInput } = get();
      known = new Set(thread.messages.map((m) => m.id));
      question = init.input === undefined ? null : { content: init.input };
      set({ warnings: [], lastInput: init.input ?? lastInput });
      const done = new Promise<void>((resolve) => ended.push(resolve));
      const prev = turn;
      const next = startChatTurn({ messageId: newMessageId(), chatId: thread.chatId, ...init });
      run(prev, (turn = refused ? { ...next, phase: 'failed', error: refused } : next));
      return done;
    };

    const over = () => !turn || isChatTurnOver(turn);

    /** Dispatches a user's event; resolves when the turn ends (at once if nothing changed). */
    const act = (event: ChatTurnEvent) => {
      const before = turn;
      const done = new Promise<void>((resolve) => ended.push(resolve));
      dispatch(event);
      if (turn !== before) return done;
      ended.pop();
      return Promise.resolve();
    };

    return {
      ...initial(),
      send: async (input) => {
        const text = input.trim();
        if (!text) return;
        const max = options.transport().maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH;
        if (text.length > max) {
          // Never sent (the proxy would answer 400): a typed error, the question kept unsent.
          const error = new ChatError('input-too-long', `Over ${max} characters`);
          if (over()) await begin({ input: text }, error);
          else report(error);
          return;
        }
        if (turn?.phase === 'aborting') {
          dispatch({ type: 'send', input: text });
          return new Promise<void>((resolve) => queued.push(resolve));
        }
        if (over()) await begin({ input: text });
      },
      reload: async () => {
        if (over()) await begin({});
      },
      resume: async ({ chatId, messageId, input }) => {
        const asked = messageId && input ? { input, messageId } : null;
        if (!over() || (!chatId && !asked)) return;
        if (get().thread.chatId !== chatId) set({ thread: { ...get().thread, chatId } });
        // The thread first: its question is re-joined only once the thread shows it running
        // (without a thread, the question is kept unsent at once).
        await begin({ ...asked, via: 'reload' });
      },
      retry: () => {
        if (turn?.phase === 'failed') set({ warnings: [] });
        return act({ type: 'retry' });
      },
      abort: () => act({ type: 'abort' }),
      reset: () => {
        get().disconnect();
        const { feedback, edited } = get();
        set({ ...initial(), feedback, edited });
      },
      disconnect: () => {
        if (reader && !reader.watch) reader.stop.abort();
        reader = null;
        turn = null;
        clearTimeout(timer);
        cancelFlush?.();
        cancelFlush = null;
        buffer = [];
        const waiters = [...ended, ...queued];
        ended = [];
        queued = [];
        for (const resolve of waiters) resolve();
      },
    };
  });
  return store;
}
