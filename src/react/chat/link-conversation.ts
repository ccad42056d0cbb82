import { isChatTurnOver } from '../../protocol';
import { picks } from '../charts/chart-choices';
import {
  localChatPersistence,
  MAX_STORED_EDITS,
  MAX_STORED_RATINGS,
  MAX_STORED_VIEWS,
  readPersistedChat,
  type ChatPersistence,
  type PersistedChat,
} from './persisted-chat';
import type { ChatStore, ChatStoreState } from './store';

/** A question the service accepted, with its thread (given to `onQuestion`). */
export interface ChatQuestion {
  chatId: string;
  input: string;
  messageId: string;
}

/** `persist`: `localStorage` under the user's key, or the host's adapter. */
export type ChatPersist = { user: string } | { adapter: ChatPersistence };

/** The options of a chat that decide which conversation it shows. */
export interface ConversationOptions {
  chatId?: string | null;
  onChatIdChange?: (chatId: string | null) => void;
  onQuestion?: (question: ChatQuestion) => void;
  persist?: ChatPersist;
}

/** A chat store linked to its host's conversation options. */
export interface ConversationLink {
  /** Follows a changed `chatId` option: switches threads. */
  sync(): void;
  close(): void;
}

/** A thread the service does not know (any more), or not for this user: a stored one is forgotten. */
const GONE = /^(not-found|forbidden)$/;

/** The user whose conversation each store shows (`persist: { user }`). */
const shownUser = new WeakMap<ChatStore, string>();

/** The id of the thread's last question. */
function lastQuestion({ thread }: ChatStoreState): string | undefined {
  for (let i = thread.messages.length - 1; i >= 0; i--)
    if (thread.messages[i]!.role === 'user') return thread.messages[i]!.id;
  return undefined;
}

/** The question of a turn still to remember: in progress, or failed before the service had it. */
function pendingTurn({ turn }: ChatStoreState): PersistedChat['turn'] {
  if (!turn || turn.input === undefined) return undefined;
  const open = !isChatTurnOver(turn) || (turn.phase === 'failed' && !turn.echoed);
  return open ? { messageId: turn.messageId, input: turn.input } : undefined;
}

/**
 * Links a chat store to the host's conversation (loaded lazily, when any of the options is
 * used): a controlled `chatId` switches threads (disconnecting, never aborting: the
 * service's turn goes on) and loads the other by `chatId`; the store's own changes of thread
 * go to `onChatIdChange` and accepted questions to `onQuestion`; `persist` remembers the
 * thread, a question in progress, a stopped last turn, the View picks, the ratings and the
 * edited questions, and on start
 * takes them up again (`resume`). Another `persist.user` on the same store starts afresh:
 * nothing of the last user's shows, or is saved under the new user's key.
 */
export function linkConversation(store: ChatStore, options: () => ConversationOptions): ConversationLink {
  const persist = options().persist;
  const adapter = persist && ('adapter' in persist ? persist.adapter : localChatPersistence(persist.user));
  if (persist && 'user' in persist) {
    const before = shownUser.get(store);
    if (before !== undefined && before !== persist.user) {
      store.getState().reset(); // disconnects only: the last user's turn goes on, for them
      store.setState({ feedback: new Map(), edited: [], unfolded: [] }); // reset keeps them
      picks.clear();
    }
    shownUser.set(store, persist.user);
  }
  let closed = false;
  /** The thread the host knows the chat shows. */
  let shown = store.getState().thread.chatId;
  /** While the host's own `chatId` is being applied: not reported back. */
  let quiet = false;
  /** Until the stored conversation is read, nothing is saved over it. */
  let ready = !adapter;
  let saved: string | undefined;
  /** The stored conversation, until used: its question resumes with its thread. */
  let stored: PersistedChat | null = null;
  /** A thread taken from storage: forgotten if the service does not know it. */
  let restored: string | null = null;
  /** The last turn, stopped: remembered while its question is the thread's last. */
  let stop: PersistedChat['stopped'];
  const reported = new Set<string>();

  const save = (state: ChatStoreState) => {
    if (!adapter || !ready) return;
    const turn = pendingTurn(state);
    const chatId = state.thread.chatId ?? state.turn?.chatId ?? null;
    const t = state.turn;
    if (t?.phase === 'aborted' && state.stopped && t.echoed) {
      const after = lastQuestion(state);
      stop = after === undefined ? undefined : { kind: state.stopped, after };
    } else if (t?.input !== undefined || chatId === null) stop = undefined; // a new question or thread
    const views = [...picks].slice(-MAX_STORED_VIEWS).map(([key, view]) => ({ key, view }));
    const feedback = [...state.feedback].slice(-MAX_STORED_RATINGS).map(([id, rating]) => ({ id, ...rating }));
    const edited = state.edited.slice(-MAX_STORED_EDITS);
    const value: PersistedChat | null =
      chatId === null && !turn
        ? null
        : {
            chatId,
            ...(turn && { turn }),
            ...(stop && { stopped: stop }),
            ...(views.length > 0 && { views }),
            ...(feedback.length > 0 && { feedback }),
            ...(edited.length > 0 && { edited }),
          };
    const text = JSON.stringify(value);
    if (text === saved) return;
    saved = text;
    try {
      void Promise.resolve(adapter.save(value)).catch(() => {});
    } catch {
      // A host adapter that throws: the chat goes on.
    }
  };

  /**
   * Shows `chatId` (null: a new thread), taking up `turn` with it, and its `stopped` note
   * once the thread shows that turn is still the last; `own`: the host did not ask.
   */
  const open = (
    chatId: string | null,
    turn: PersistedChat['turn'],
    own: boolean,
    stopped?: PersistedChat['stopped'],
  ) => {
    quiet = !own;
    const actions = store.getState();
    actions.reset(); // disconnects only
    stop = stopped;
    const resumed = chatId !== null || turn ? actions.resume({ chatId, ...turn }) : undefined;
    quiet = false;
    if (!own) shown = store.getState().thread.chatId;
    void resumed?.then(() => {
      if (closed || !stopped || stop !== stopped) return;
      const state = store.getState();
      if (state.status === 'idle' && !state.error && lastQuestion(state) === stopped.after)
        store.setState({ stopped: stopped.kind });
      else {
        stop = undefined;
        save(state);
      }
    });
  };

  const changed = (state: ChatStoreState) => {
    if (closed) return;
    const id = state.thread.chatId;
    if (id !== null && state.error && GONE.test(state.error.kind) && state.thread.messages.length === 0) {
      // A thread the service does not have: a remembered one is forgotten quietly; one the
      // host asked for keeps its error showing, and the next question starts a new thread.
      if (id === restored) open(null, undefined, true);
      else store.setState({ thread: { ...state.thread, chatId: null } });
      restored = null;
      return;
    }
    if (state.thread.messages.length > 0) restored = null; // the service knows it
    if (id !== shown && !quiet) {
      shown = id;
      options().onChatIdChange?.(id);
    }
    const { turn } = state;
    if (turn?.input !== undefined && turn.echoed && turn.chatId && !reported.has(turn.messageId)) {
      reported.add(turn.messageId);
      options().onQuestion?.({ chatId: turn.chatId, input: turn.input, messageId: turn.messageId });
    }
    save(state);
  };
  const unsubscribe = store.subscribe(changed);
  // View picks are saved with every change of the chat, and when the page is hidden or left
  // (a reload, a closed tab, a phone switching apps): a pick needs no listener in the charts.
  const left = () => save(store.getState());
  const hidden = () => document.visibilityState === 'hidden' && left();
  if (adapter && typeof window !== 'undefined') {
    window.addEventListener('pagehide', left);
    document.addEventListener('visibilitychange', hidden);
  }

  const sync = () => {
    const want = options().chatId;
    if (closed || !ready || want === undefined || want === store.getState().thread.chatId) return;
    const mine = stored?.chatId === want ? stored : undefined;
    stored = null;
    restored = null;
    open(want, mine?.turn, false, mine?.stopped);
  };

  void (async () => {
    let value: unknown = null;
    try {
      value = await adapter?.load();
    } catch {
      // Unreadable: nothing remembered.
    }
    if (closed) return;
    stored = readPersistedChat(value);
    // The user's View picks, before any chart of the thread draws (a pick made meanwhile stays).
    for (const { key, view } of stored?.views ?? []) if (!picks.has(key)) picks.set(key, view);
    // Ratings and edited questions likewise, before the thread's rows draw (meanwhile's win).
    if (stored?.feedback || stored?.edited) {
      const { feedback, edited } = store.getState();
      const ratings = new Map(stored.feedback?.map(({ id, ...rating }) => [id, rating]));
      for (const [id, rating] of feedback) ratings.set(id, rating);
      store.setState({ feedback: ratings, edited: [...new Set([...(stored.edited ?? []), ...edited])] });
    }
    ready = true;
    const state = store.getState();
    const pristine = !state.turn && state.thread.chatId === null && state.thread.messages.length === 0;
    if (options().chatId !== undefined) sync();
    else if (stored && pristine) {
      const { chatId, turn, stopped } = stored;
      stored = null;
      restored = chatId;
      open(chatId, turn, true, stopped);
    } else save(state);
  })();

  return {
    sync,
    close: () => {
      closed = true;
      unsubscribe();
      if (typeof window === 'undefined') return;
      window.removeEventListener('pagehide', left);
      document.removeEventListener('visibilitychange', hidden);
    },
  };
}
