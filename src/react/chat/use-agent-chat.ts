import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { findMessage, selectFinalAnswer, type ChatMessage, type ChatThread } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import type { ChatError } from './errors';
import { createChatStore, type ChatStatus, type ChatStore } from './store';
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
 * The headless chat: one store per component (or the one given), the latest transport and
 * callbacks always used, and unmount only disconnecting (the service's work goes on).
 */
export function useAgentChat(options: UseAgentChatOptions): AgentChat {
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
  const store = options.store ?? own!;
  useEffect(() => () => store.getState().disconnect(), [store]);
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

/** The ids of the thread's messages: re-renders only when a message is added or moved. */
export function useMessageIds(store: ChatStore): string[] {
  return useStore(
    store,
    useShallow((s) => s.thread.messages.map((m) => m.id)),
  );
}

/** One message, re-rendering only when that message changes (structural sharing). */
export function useChatMessage(store: ChatStore, id: string): ChatMessage | undefined {
  return useStore(store, (s) => findMessage(s.thread, id));
}
