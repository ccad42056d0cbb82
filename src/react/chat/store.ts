import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  applyChatMessages,
  decodeChatStreamBatches,
  EMPTY_THREAD,
  ProtocolError,
  setStreaming,
  type ChatMessage,
  type ChatThread,
} from '../../protocol';
import { ChatError, httpError } from './errors';
import {
  abortUrlOf,
  chatBody,
  DEFAULT_IDLE_TIMEOUT_MS,
  newMessageId,
  post,
  responseError,
  withIdleTimeout,
  type ChatTransport,
} from './transport';

/** Where a chat is. */
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
   * The question of a turn that failed (status `error`) or was stopped before the service
   * echoed it: the UI keeps it in the thread (after a failure, with the error and Retry under
   * it). Cleared when the next turn starts.
   */
  unsent: { content: string } | null;
  /** How the last turn ended when the user stopped it: `stopped` (204) or `not-running` (404). */
  stopped: 'stopped' | 'not-running' | null;
  /** The last message sent, for retry. */
  lastInput: string | null;
}

/** What a chat can do. */
export interface ChatActions {
  /** Sends a message; ignored while a turn is in progress. */
  send(input: string): Promise<void>;
  /** Stops the turn: POSTs Abort, stops reading, keeps every message received. */
  abort(): Promise<void>;
  /** After an error: re-joins an interrupted turn, or sends the last message again. */
  retry(): Promise<void>;
  /** Reloads the thread's state from the service (no input). */
  reload(): Promise<void>;
  /** Forgets the thread (stops reading; the service is not told). */
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
  /** Schedules a flush of buffered messages: default one per animation frame. */
  scheduleFlush?: (flush: () => void) => () => void;
}

const defaultSchedule = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 16);
  return () => clearTimeout(id);
};

const BUSY = 'Streaming for thread is in progress';

interface Run {
  controller: AbortController;
  messageId: string;
  input: string | undefined;
  /** Ids of the messages before this turn: a re-join rebuilds everything after them. */
  before: Set<string>;
  reachedServer: boolean;
}

type Outcome = 'done' | 'stopped' | 'interrupted' | 'busy';

/** Waits `ms`, or less if `signal` aborts; leaves no listener behind either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Creates a chat store driven by the protocol core's decoder and reducer. Deltas are
 * buffered and applied at most once per animation frame; status and errors are never
 * delayed (buffered messages are flushed first). A dropped connection is re-joined with the
 * same `messageId` (or by reloading the thread), rebuilding the turn so nothing is lost or
 * doubled.
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const schedule = options.scheduleFlush ?? defaultSchedule;
  const rejoinAttempts = options.rejoin?.attempts ?? 3;
  const rejoinDelay = options.rejoin?.baseDelayMs ?? 250;
  let current: Run | null = null;
  let buffer: ChatMessage[] = [];
  let cancelFlush: (() => void) | null = null;

  const initial = (): ChatStoreState => ({
    thread: options.initialThread ?? EMPTY_THREAD,
    status: 'idle',
    error: null,
    warnings: [],
    pending: null,
    unsent: null,
    stopped: null,
    lastInput: null,
  });

  const store = createStore<ChatStoreState & ChatActions>()((set, get) => {
    const report = (error: ChatError) => options.onError?.(error);

    const flush = () => {
      cancelFlush?.();
      cancelFlush = null;
      if (buffer.length === 0) return;
      const messages = buffer;
      buffer = [];
      const thread = applyChatMessages(get().thread, messages);
      const echoed = get().pending !== null && messages.some((m) => m.role === 'user');
      set(echoed ? { thread, pending: null } : { thread });
    };
    const enqueue = (messages: ChatMessage[]) => {
      buffer.push(...messages);
      cancelFlush ??= schedule(flush);
    };
    /** Status and errors: immediate, after what is buffered (so `update` sees the flushed thread). */
    const setNow = (update: Partial<ChatStoreState> | ((state: ChatStoreState) => Partial<ChatStoreState>)) => {
      flush();
      set(typeof update === 'function' ? update(get()) : update);
    };
    const fail = (run: Run, error: ChatError) => {
      if (current !== run) return;
      current = null;
      setNow((state) => ({
        status: 'error',
        error,
        pending: null,
        unsent: state.pending,
        thread: setStreaming(state.thread, false),
      }));
      report(error);
    };

    async function readStream(run: Run, body: ReadableStream<Uint8Array>): Promise<Outcome> {
      let streamError: ChatError | null = null;
      try {
        for await (const batch of decodeChatStreamBatches(body, { signal: run.controller.signal })) {
          const messages: ChatMessage[] = [];
          for (const event of batch) {
            if (event.type === 'message') messages.push(event.message);
            else if (event.type === 'error') {
              if (event.message === BUSY && run.reachedServer) return 'busy';
              const unauthorized = 'jsonrpc' in event.body || /unauthori[sz]ed|api key/i.test(event.message);
              streamError = new ChatError(
                unauthorized ? 'unauthorized' : 'stream',
                event.message,
                unauthorized ? { status: 401 } : {},
              );
            } else {
              const warning = new ChatError('protocol', event.error.message, { fatal: false, cause: event.error });
              set({ warnings: [...get().warnings, warning] });
              report(warning);
            }
          }
          if (messages.length > 0) {
            run.reachedServer = true;
            if (get().status === 'submitting') setNow({ status: 'streaming' });
            enqueue(messages);
          }
        }
      } catch (error) {
        if (run.controller.signal.aborted) return 'stopped';
        // A stalled stream (the transport's idle timeout): a clear error, not a re-join loop.
        if (error instanceof ProtocolError && error.cause instanceof ChatError) throw error.cause;
        if (error instanceof ProtocolError && error.code === 'stream-interrupted') {
          flush();
          return 'interrupted';
        }
        throw error;
      }
      if (current !== run) return 'stopped';
      current = null;
      const failure = streamError as ChatError | null;
      if (failure) {
        setNow((state) => ({
          status: 'error',
          error: failure,
          pending: null,
          unsent: state.pending,
          thread: setStreaming(state.thread, false),
        }));
        report(failure);
      } else {
        setNow((state) => ({ status: 'idle', pending: null, thread: setStreaming(state.thread, false) }));
      }
      return 'done';
    }

    /** Runs a turn: `input` to send one, undefined to reload the thread. */
    async function run(input: string | undefined) {
      const { status, thread } = get();
      if (status === 'submitting' || status === 'streaming' || status === 'aborting') return;
      const turn: Run = {
        controller: new AbortController(),
        messageId: newMessageId(),
        input,
        before: new Set(thread.messages.map((m) => m.id)),
        reachedServer: false,
      };
      current = turn;
      setNow({
        status: 'submitting',
        error: null,
        warnings: [],
        stopped: null,
        unsent: null,
        pending: input === undefined ? null : { content: input },
        lastInput: input ?? get().lastInput,
      });
      const transport = options.transport();
      let reloading = input === undefined;
      for (let attempt = 0; ; attempt++) {
        const chatId = get().thread.chatId ?? undefined;
        if (attempt > 0) {
          // Re-join: rebuild this turn from what the service sends, so nothing doubles.
          buffer = [];
          const kept = get().thread.messages.filter((m) => turn.before.has(m.id));
          set({ thread: { ...get().thread, messages: kept } });
        }
        const fields = reloading
          ? { ...(chatId ? { chatId } : {}) }
          : { input, messageId: turn.messageId, ...(chatId ? { chatId } : {}) };
        let response: Response;
        try {
          response = await post(transport, transport.url, chatBody(transport, fields), turn.controller.signal);
        } catch (cause) {
          if (turn.controller.signal.aborted || current !== turn) return;
          if (attempt < rejoinAttempts && (turn.reachedServer || attempt > 0)) {
            await sleep(rejoinDelay * 2 ** attempt, turn.controller.signal);
            continue;
          }
          return fail(turn, new ChatError('network', 'The chat service could not be reached', { cause }));
        }
        if (current !== turn) return;
        if (!response.ok) return fail(turn, await responseError(response));
        if (!response.body) return fail(turn, httpError(response.status, 'The response had no body'));
        let outcome: Outcome;
        try {
          const body = withIdleTimeout(response.body, transport.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
          outcome = await readStream(turn, body);
        } catch (cause) {
          if (cause instanceof ChatError) return fail(turn, cause);
          return fail(turn, new ChatError('stream', 'The chat stream could not be read', { cause }));
        }
        if (outcome === 'done' || outcome === 'stopped') return;
        if (outcome === 'busy') {
          // The service cannot re-join by messageId: follow the thread instead.
          reloading = true;
          continue;
        }
        if (attempt >= rejoinAttempts) {
          return fail(turn, new ChatError('interrupted', 'The connection dropped and could not be re-joined'));
        }
        await sleep(rejoinDelay * 2 ** attempt, turn.controller.signal);
        if (turn.controller.signal.aborted) return;
      }
    }

    return {
      ...initial(),
      send: async (input) => {
        const text = input.trim();
        if (text) await run(text);
      },
      reload: () => run(undefined),
      retry: async () => {
        const { status, error, lastInput } = get();
        if (status !== 'error') return;
        // A stalled turn may still be running on the service: re-join it when it has a thread.
        const rejoin = error?.kind === 'interrupted' || (error?.kind === 'timeout' && get().thread.chatId !== null);
        if (rejoin || lastInput === null) await run(undefined);
        else await run(lastInput);
      },
      abort: async () => {
        const turn = current;
        const { status } = get();
        if (!turn || (status !== 'submitting' && status !== 'streaming')) return;
        current = null;
        turn.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
        flush();
        // Keep every message; what was still being generated stops where it is.
        const thread = get().thread;
        const messages = thread.messages.map((m) => (m.isInProcess ? { ...m, isInProcess: false } : m));
        // A question the service had not echoed yet stays in the thread (as `unsent`).
        const unsent = get().pending;
        set({ status: 'aborting', pending: null, unsent, thread: { ...thread, isStreaming: false, messages } });
        const chatId = thread.chatId;
        if (!chatId) {
          set({ status: 'idle', stopped: 'stopped' });
          return;
        }
        const transport = options.transport();
        const body = { chatId, ...(transport.sessionSettings ? { sessionSettings: transport.sessionSettings } : {}) };
        let response: Response;
        try {
          response = await post(transport, abortUrlOf(transport), body);
        } catch (cause) {
          const error = new ChatError('network', 'Stopped here, but the service could not be told', { cause });
          set({ status: 'error', error });
          report(error);
          return;
        }
        if (response.status === 204 || response.ok) set({ status: 'idle', stopped: 'stopped' });
        else if (response.status === 404) set({ status: 'idle', stopped: 'not-running' });
        else {
          const error = await responseError(response);
          set({ status: 'error', error });
          report(error);
        }
      },
      reset: () => {
        get().disconnect();
        set(initial());
      },
      disconnect: () => {
        current?.controller.abort();
        current = null;
        cancelFlush?.();
        cancelFlush = null;
        buffer = [];
      },
    };
  });
  return store;
}
