import { isChatTurnOver } from '../../protocol';
import { localChatPersistence, readPersistedChat, type ChatPersistence, type PersistedChat } from './persisted-chat';
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
 * thread and a question in progress, and on start takes them up again (`resume`).
 */
export function linkConversation(store: ChatStore, options: () => ConversationOptions): ConversationLink {
  const persist = options().persist;
  const adapter = persist && ('adapter' in persist ? persist.adapter : localChatPersistence(persist.user));
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
  const reported = new Set<string>();

  const save = (state: ChatStoreState) => {
    if (!adapter || !ready) return;
    const turn = pendingTurn(state);
    const chatId = state.thread.chatId ?? state.turn?.chatId ?? null;
    const value: PersistedChat | null = chatId === null && !turn ? null : turn ? { chatId, turn } : { chatId };
    const text = JSON.stringify(value);
    if (text === saved) return;
    saved = text;
    try {
      void Promise.resolve(adapter.save(value)).catch(() => {});
    } catch {
      // A host adapter that throws: the chat goes on.
    }
  };

  /** Shows `chatId` (null: a new thread), taking up `turn` with it; `own`: the host did not ask. */
  const open = (chatId: string | null, turn: PersistedChat['turn'], own: boolean) => {
    quiet = !own;
    const actions = store.getState();
    actions.reset(); // disconnects only
    if (chatId !== null || turn) void actions.resume({ chatId, ...turn });
    quiet = false;
    if (!own) shown = store.getState().thread.chatId;
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

  const sync = () => {
    const want = options().chatId;
    if (closed || !ready || want === undefined || want === store.getState().thread.chatId) return;
    const turn = stored?.chatId === want ? stored.turn : undefined;
    stored = null;
    restored = null;
    open(want, turn, false);
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
    ready = true;
    const state = store.getState();
    const pristine = !state.turn && state.thread.chatId === null && state.thread.messages.length === 0;
    if (options().chatId !== undefined) sync();
    else if (stored && pristine) {
      const { chatId, turn } = stored;
      stored = null;
      restored = chatId;
      open(chatId, turn, true);
    } else save(state);
  })();

  return {
    sync,
    close: () => {
      closed = true;
      unsubscribe();
    },
  };
}
