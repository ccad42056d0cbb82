import { useEffect, useRef, useState } from 'react';
import type { ChatQuestion } from '../chat/link-conversation';
import { useLatest } from '../internal/use-latest';
import type { ThreadListEarly, ThreadListOptions, ThreadListState } from './thread-list-model';
import type { ThreadRecord } from './thread-store';

/** Options of {@link useThreadList}. */
export type UseThreadListOptions = ThreadListOptions;

/** What {@link useThreadList} returns: the list, what it can do, and the props that link a chat to it. */
export interface ThreadListApi {
  /** Most recently asked first. */
  threads: readonly ThreadRecord[];
  /** `loading` until the list's code and the store's `list` answered; `error` if `list` failed. */
  status: ThreadListState['status'];
  /** The thread the chat shows: null for a new chat, undefined until the chat says. */
  current: string | null | undefined;
  /** The thread just deleted, until `undo()` or `dismiss()` (the UI shows "Deleted · Undo"). */
  deleted: ThreadRecord | null;
  /** Shows this thread in the chat (it is loaded by `chatId`). */
  select(chatId: string): void;
  /** "New chat". */
  create(): void;
  rename(chatId: string, title: string): void;
  /** Deletes the thread from the list at once (the service keeps it); `undo()` puts it back. */
  remove(chatId: string): void;
  undo(): void;
  /** Forgets the undo (the UI's "Deleted" notice timed out). */
  dismiss(): void;
  /** Reads the list again (after `status: 'error'`). */
  refresh(): void;
  /** Spread on the chat: it follows `current`, and tells the list about new threads and questions. */
  chatProps: {
    chatId: string | null | undefined;
    onChatIdChange: (chatId: string | null) => void;
    onQuestion: (question: ChatQuestion) => void;
  };
}

const nothing = () => {};

/**
 * The conversations of a user, headless: a list kept in a store (`localStorage` under
 * `user` by default, or `store`), titled by each thread's first question, most recent
 * first; select, "New chat", rename, delete with undo. Spread `chatProps` on the chat (with
 * `persist` on the chat, the current thread survives a reload too). The list's code loads
 * lazily: until then it is `loading`, its actions do nothing, and what the chat says is kept.
 */
export function useThreadList(options: UseThreadListOptions = {}): ThreadListApi {
  const latest = useLatest(options);
  const [api, setApi] = useState<ThreadListApi | null>(null);
  const early = useRef<ThreadListEarly>({ current: undefined, questions: [] });
  const where = options.store ?? options.user;
  useEffect(() => {
    let live = true;
    let close: (() => void) | undefined;
    import('./thread-list-model').then(
      (module) => live && (close = module.connectThreadList(setApi, () => latest.current, early.current)),
      nothing, // not loaded: the list stays empty, the chat works on
    );
    return () => {
      live = false;
      close?.();
    };
  }, [where, latest]);
  return (
    api ?? {
      threads: [],
      status: 'loading',
      current: undefined,
      deleted: null,
      select: nothing,
      create: nothing,
      rename: nothing,
      remove: nothing,
      undo: nothing,
      dismiss: nothing,
      refresh: nothing,
      chatProps: {
        chatId: undefined,
        onChatIdChange: (chatId) => (early.current.current = chatId),
        onQuestion: (question) => early.current.questions.push(question),
      },
    }
  );
}
