import type { ChatQuestion } from '../chat/link-conversation';
import { cleanTitle, localThreadStore, readThreads, type ThreadRecord, type ThreadStore } from './thread-store';
import type { ThreadListApi } from './use-thread-list';

/** The state of a thread list. */
export interface ThreadListState {
  /** Most recently asked first. */
  threads: readonly ThreadRecord[];
  /** `loading` until the store's `list` answers; `error` if it failed. */
  status: 'loading' | 'ready' | 'error';
  /** The thread the chat shows: null for a new chat, undefined until known. */
  current: string | null | undefined;
  /** The thread just deleted, until `undo()` or `dismiss()`; `current`: it was being shown. */
  deleted: { thread: ThreadRecord; current: boolean } | null;
}

/** What happens to a thread list. */
export type ThreadListAction =
  /**
   * What the store listed. `edited`: threads changed here while it was being read (asked,
   * renamed, removed, restored); the list may predate those changes, so theirs stand.
   */
  | { type: 'loaded'; threads: readonly ThreadRecord[]; edited?: ReadonlySet<string> }
  | { type: 'failed' }
  /** A question the service accepted: a new thread is titled by it, an old one moves up. */
  | { type: 'asked'; question: ChatQuestion; now: number }
  | { type: 'renamed'; chatId: string; title: string }
  | { type: 'removed'; chatId: string }
  | { type: 'restored' }
  | { type: 'dismissed' };

/** The longest title made from a question (a rename may be longer, up to the store's limit). */
const QUESTION_TITLE = 100;

const byRecent = (threads: readonly ThreadRecord[]) => [...threads].sort((a, b) => b.updatedAt - a.updatedAt);

/**
 * The thread list's transition function: pure; the host saves what changed. (`current`
 * is set directly when the user picks a thread or the chat names one.)
 */
export function threadListReducer(state: ThreadListState, action: ThreadListAction): ThreadListState {
  switch (action.type) {
    case 'loaded': {
      const { edited } = action;
      if (!edited?.size) return { ...state, status: 'ready', threads: action.threads };
      const listed = action.threads.filter((t) => !edited.has(t.chatId));
      const here = state.threads.filter((t) => edited.has(t.chatId));
      return { ...state, status: 'ready', threads: byRecent([...here, ...listed]) };
    }
    case 'failed':
      return { ...state, status: 'error' };
    case 'asked': {
      const { chatId, input } = action.question;
      const old = state.threads.find((t) => t.chatId === chatId);
      const thread = old
        ? { ...old, updatedAt: Math.max(old.updatedAt, action.now) }
        : { chatId, title: cleanTitle(input, QUESTION_TITLE), createdAt: action.now, updatedAt: action.now };
      return { ...state, threads: byRecent([thread, ...state.threads.filter((t) => t !== old)]) };
    }
    case 'renamed': {
      const title = cleanTitle(action.title);
      const old = state.threads.find((t) => t.chatId === action.chatId);
      if (!old || !title || title === old.title) return state;
      return { ...state, threads: state.threads.map((t) => (t === old ? { ...t, title } : t)) };
    }
    case 'removed': {
      const thread = state.threads.find((t) => t.chatId === action.chatId);
      if (!thread) return state;
      const current = state.current === action.chatId;
      return {
        ...state,
        threads: state.threads.filter((t) => t !== thread),
        deleted: { thread, current },
        current: current ? null : state.current,
      };
    }
    case 'restored': {
      const { deleted } = state;
      if (!deleted) return state;
      return {
        ...state,
        threads: byRecent([deleted.thread, ...state.threads.filter((t) => t.chatId !== deleted.thread.chatId)]),
        deleted: null,
        current: deleted.current ? deleted.thread.chatId : state.current,
      };
    }
    case 'dismissed':
      return state.deleted ? { ...state, deleted: null } : state;
  }
}

/** Options of a thread list (see `useThreadList`). */
export interface ThreadListOptions {
  /** The default store's key: `localStorage`, one list per user. */
  user?: string;
  /** Your store instead (wins over `user`). */
  store?: ThreadStore;
  /** A store's failure (a rejected `list`, `save` or `remove`). */
  onError?: (error: unknown) => void;
}

/** What the chat said before the list's code loaded. */
export interface ThreadListEarly {
  current: string | null | undefined;
  questions: ChatQuestion[];
}

/**
 * Runs a thread list: reads the store (again when it says it changed), carries out each
 * action (the state first, then the store: a rejected call is reported and the list read
 * again, so it shows what the store holds), and publishes the list's API on every change.
 */
export function connectThreadList(
  publish: (api: ThreadListApi) => void,
  options: () => ThreadListOptions,
  early: ThreadListEarly,
): () => void {
  const { store: own, user } = options();
  const store = own ?? (user === undefined ? null : localThreadStore(user));
  let closed = false;
  let state: ThreadListState = { threads: [], status: 'loading', current: early.current, deleted: null };

  const set = (next: ThreadListState) => {
    if (next === state || closed) return;
    state = next;
    publish(api());
  };
  const dispatch = (action: ThreadListAction) => set(threadListReducer(state, action));
  // A list read is older than a change made here until the store has it: one whose save or
  // remove is still running, or ended after the read began, is kept as it is here (on a busy
  // page a read begun before a save ended dropped a new thread, and the next question then
  // titled it anew).
  let tick = 0;
  const running = new Map<string, number>();
  const storedAt = new Map<string, number>();
  /** Carries out a change to `chatId`'s thread; true if there was one. */
  const edit = (chatId: string, action: ThreadListAction) => {
    const before = state;
    dispatch(action);
    if (state === before) return false;
    storedAt.set(chatId, Infinity);
    return true;
  };
  /**
   * Runs the store call of a change to `chatId`, held against list reads until it ends; a
   * failure is reported and the list read again (after the hold ends: the store's is right).
   */
  const store$ = async (chatId: string, work: () => unknown) => {
    running.set(chatId, (running.get(chatId) ?? 0) + 1);
    let failed = false;
    try {
      await work();
    } catch (error) {
      failed = true;
      if (!closed) options().onError?.(error);
    }
    const left = running.get(chatId)! - 1;
    if (left) running.set(chatId, left);
    else {
      running.delete(chatId);
      storedAt.set(chatId, ++tick);
    }
    if (failed && !closed) refresh();
  };
  const show = (chatId: string | null) => set({ ...state, current: chatId });

  /**
   * Reads the store (a failure is reported, and the list marked failed); `since`: the store
   * calls ended before the read began, whose changes the store's list holds.
   */
  const read = async (since: number) => {
    if (!store) return dispatch({ type: 'loaded', threads: [] });
    try {
      const threads = readThreads(await store.list());
      const edited = new Set<string>();
      for (const [chatId, at] of storedAt) if (at > since || running.has(chatId)) edited.add(chatId);
      dispatch({ type: 'loaded', threads, edited });
    } catch (error) {
      if (closed) return;
      options().onError?.(error);
      dispatch({ type: 'failed' });
    }
  };
  const refresh = () => void read(tick);
  const save = (chatId: string) => {
    const thread = state.threads.find((t) => t.chatId === chatId);
    if (thread && store) void store$(chatId, () => store.save(thread));
    else storedAt.set(chatId, ++tick);
  };
  const asked = (question: ChatQuestion) => {
    edit(question.chatId, { type: 'asked', question, now: Date.now() });
    save(question.chatId);
  };

  const api = (): ThreadListApi => ({
    threads: state.threads,
    status: state.status,
    current: state.current,
    deleted: state.deleted?.thread ?? null,
    select: show,
    create: () => show(null),
    rename: (chatId, title) => {
      if (edit(chatId, { type: 'renamed', chatId, title })) save(chatId);
    },
    remove: (chatId) => {
      if (edit(chatId, { type: 'removed', chatId }) && store) void store$(chatId, () => store.remove(chatId));
    },
    undo: () => {
      const thread = state.deleted?.thread;
      if (!thread) return;
      edit(thread.chatId, { type: 'restored' });
      save(thread.chatId);
    },
    dismiss: () => dispatch({ type: 'dismissed' }),
    refresh,
    chatProps: { chatId: state.current, onChatIdChange: show, onQuestion: asked },
  });

  const unsubscribe = store?.subscribe?.(refresh);
  // The questions asked before this loaded are changes the first list may not hold yet.
  for (const question of early.questions.splice(0)) asked(question);
  publish(api());
  void read(0);
  return () => {
    closed = true;
    unsubscribe?.();
  };
}
