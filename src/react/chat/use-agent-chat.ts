import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { findMessage, selectFinalAnswer, type ChatMessage, type ChatThread } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import type { ChatError } from '../../protocol';
import type { ChatPersist, ChatQuestion, ConversationLink } from './link-conversation';
import { createChatStore, type ChatStatus, type ChatStore, type ChatStoreState } from './store';
import type { ChatTransport } from './transport';

/** Options of {@link useAgentChat}. */
export interface UseAgentChatOptions {
  /** How to reach the chat: the host's proxy URL (or the mock), fetch, headers… */
  transport: ChatTransport;
  /** Every chat error, fatal or not. */
  onError?: (error: ChatError) => void;
  /** A thread to start from. */
  initialThread?: ChatThread;
  /** Use this store instead of creating one (to share a chat between components). */
  store?: ChatStore;
  /**
   * The thread to show, controlled: a `chatId` loads that thread (following a turn still
   * running), `null` starts a new one. Changing it switches threads: the chat disconnects
   * (the service's turn goes on) and loads the other. Undefined (default): the chat's own,
   * or the remembered one with `persist`.
   */
  chatId?: string | null;
  /** The chat's thread changed by itself: a new thread's first answer named it, `reset()`, a restored one. */
  onChatIdChange?: (chatId: string | null) => void;
  /** Once per question the service accepted, with its thread (e.g. for a thread list). */
  onQuestion?: (question: ChatQuestion) => void;
  /**
   * Remember the conversation across page loads: the current thread, a question still being
   * answered, a stopped last turn, the user's View picks, ratings and edited questions, taken
   * up again on mount (a reload mid-answer continues the same answer). `{ user }`: in `localStorage` under that
   * user's key (the signed-in user's id: never a shared key); `{ adapter }`: your own. Off
   * by default: storing on the user's device is the host's decision. Another `user` on the
   * same chat starts afresh.
   */
  persist?: ChatPersist;
}

/** What {@link useAgentChat} returns. */
export interface AgentChat {
  messages: readonly ChatMessage[];
  status: ChatStatus;
  error: ChatError | null;
  chatId: string | null;
  finalAnswer: ChatMessage | undefined;
  send: (input: string) => Promise<void>;
  abort: () => Promise<void>;
  retry: () => Promise<void>;
  reload: () => Promise<void>;
  reset: () => void;
  /** The underlying store, for fine-grained subscriptions (`useChatMessage`). */
  store: ChatStore;
}

/**
 * The store given in `options`, or one made once for the component, reading the latest
 * `transport` and `onError` at each use.
 */
export function useChatStore(options: UseAgentChatOptions): ChatStore {
  const latest = useLatest(options);
  const [own] = useState(() =>
    options.store
      ? null
      : createChatStore({
          transport: () => latest.current.transport,
          onError: (error) => latest.current.onError?.(error),
          ...(options.initialThread ? { initialThread: options.initialThread } : {}),
        }),
  );
  return options.store ?? own!;
}

/**
 * The headless chat: one store per component (or the one given), the latest transport and
 * callbacks always used, and unmount only disconnecting (the service's work goes on).
 */
export function useAgentChat(options: UseAgentChatOptions): AgentChat {
  const store = useChatStore(options);
  useEffect(() => () => store.getState().disconnect(), [store]);
  useConversation(store, options);
  const thread = useStore(store, (s) => s.thread);
  const status = useStore(store, (s) => s.status);
  const error = useStore(store, (s) => s.error);
  const actions = store.getState();
  return {
    messages: thread.messages,
    status,
    error,
    chatId: thread.chatId,
    finalAnswer: selectFinalAnswer(thread),
    send: actions.send,
    abort: actions.abort,
    retry: actions.retry,
    reload: actions.reload,
    reset: actions.reset,
    store,
  };
}

/**
 * Links the store to `chatId`, `onChatIdChange`, `onQuestion` and `persist` (the link loads
 * lazily, and only when one of them is used).
 */
function useConversation(store: ChatStore, options: UseAgentChatOptions) {
  const latest = useLatest(options);
  const link = useRef<ConversationLink>(undefined);
  const { chatId, persist } = options;
  // What the link depends on: where it persists, or whether it is wanted at all.
  const key = persist
    ? 'user' in persist
      ? persist.user
      : persist.adapter
    : chatId !== undefined || !!(options.onChatIdChange || options.onQuestion);
  useEffect(() => {
    if (!key) return;
    let live = true;
    import('./link-conversation').then(
      (module) => live && (link.current = module.linkConversation(store, () => latest.current)),
      () => {}, // not loaded: the chat works on, unlinked
    );
    return () => {
      live = false;
      link.current?.close();
      link.current = undefined;
    };
  }, [store, key, latest]);
  useEffect(() => link.current?.sync(), [chatId]);
}

/** The ids of the thread's messages: re-renders only when a message is added or moved. */
export function useMessageIds(store: ChatStore): string[] {
  const [select] = useState(() => {
    let previous: string[] = [];
    return (state: ChatStoreState) => {
      const { messages } = state.thread;
      if (messages.length !== previous.length || messages.some((m, i) => m.id !== previous[i]))
        previous = messages.map((m) => m.id);
      return previous;
    };
  });
  return useStore(store, select);
}

/**
 * Messages per block in {@link useMessageBlocks}: small enough that re-rendering the last
 * block is cheap, large enough that there are few blocks to step over.
 */
export const MESSAGE_BLOCK_SIZE = 32;

/**
 * The thread's message ids in blocks of `size`, each block's array kept while its ids are
 * unchanged. A list that renders one memoised component per block re-renders (and the
 * browser re-lays-out) only the block that changed, so one more message costs the same in a
 * long thread as in a short one. Re-renders only when an id is added, removed or moved.
 */
export function useMessageBlocks(store: ChatStore, size = MESSAGE_BLOCK_SIZE): readonly (readonly string[])[] {
  const [select] = useState(() => {
    let previous: readonly (readonly string[])[] = [];
    return (state: ChatStoreState) => (previous = blocksOf(state.thread.messages, size, previous));
  });
  return useStore(store, select);
}

/**
 * Splits the messages' ids into blocks of `size`, reusing every unchanged block of `previous`,
 * and `previous` itself when nothing changed.
 */
export function blocksOf(
  messages: readonly { id: string }[],
  size: number,
  previous: readonly (readonly string[])[],
): readonly (readonly string[])[] {
  const count = Math.ceil(messages.length / size);
  const blocks: (readonly string[])[] = [];
  let changed = count !== previous.length;
  for (let b = 0; b < count; b++) {
    const start = b * size;
    const end = Math.min(messages.length, start + size);
    const old = previous[b];
    let same = old !== undefined && old.length === end - start;
    for (let i = start; same && i < end; i++) same = old![i - start] === messages[i]!.id;
    if (same) blocks.push(old!);
    else {
      changed = true;
      const ids: string[] = [];
      for (let i = start; i < end; i++) ids.push(messages[i]!.id);
      blocks.push(ids);
    }
  }
  return changed ? blocks : previous;
}

/** One message, re-rendering only when that message changes (structural sharing). */
export function useChatMessage(store: ChatStore, id: string): ChatMessage | undefined {
  return useStore(store, (s) => findMessage(s.thread, id));
}
