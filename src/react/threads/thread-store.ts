import { MAX_THREAD_TITLE_LENGTH, ThreadRecordSchema, type ThreadRecord } from '../../protocol/threads';
import { browserStorage, readStored, storageKey, watchStored, writeStored } from '../internal/browser-storage';
import { oneLine } from '../internal/one-line';

/** The longest title kept. */
export const MAX_TITLE = MAX_THREAD_TITLE_LENGTH;
/** The most threads the default store keeps (the least recently used go first). */
export const MAX_THREADS = 200;

// One shape for the browser's list and the host's conversation API (createThreadApi).
export { ThreadRecordSchema, type ThreadRecord };

/**
 * Where a thread list keeps its conversations (the service has no list of threads): the
 * default is `localStorage` under the user's key; pass your own to keep them on your server.
 * Whatever `list` returns is validated (bad records are dropped). `subscribe`, when given,
 * says when the list changed elsewhere (another tab), so it is read again.
 */
export interface ThreadStore {
  list(): readonly ThreadRecord[] | Promise<readonly ThreadRecord[]>;
  /** Adds or replaces the thread with this `chatId`. */
  save(thread: ThreadRecord): void | Promise<void>;
  remove(chatId: string): void | Promise<void>;
  subscribe?(onChange: () => void): () => void;
}

/** A title as shown: one line, no control or direction characters, at most `max` characters. */
export const cleanTitle = (text: string, max = MAX_TITLE): string => oneLine(text, max);

/**
 * The threads in a value, most recent first: each record validated and copied field by field
 * (others dropped), titles cleaned, one per `chatId` (the latest), at most {@link MAX_THREADS}.
 */
export function readThreads(value: unknown): ThreadRecord[] {
  if (!Array.isArray(value)) return [];
  const byId = new Map<string, ThreadRecord>();
  for (const item of value.slice(0, MAX_THREADS * 4)) {
    if (!ThreadRecordSchema.is(item)) continue;
    const { chatId, title, createdAt, updatedAt } = item;
    const kept = byId.get(chatId);
    if (!kept || kept.updatedAt < updatedAt)
      byId.set(chatId, { chatId, title: cleanTitle(title), createdAt, updatedAt });
  }
  return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_THREADS);
}

const VERSION = 1;

/** The default {@link ThreadStore}: `localStorage`, one entry per user, read afresh on each change. */
export function localThreadStore(user: string): ThreadStore {
  const key = storageKey('threads', user);
  const read = () => {
    const stored = readStored(browserStorage(), key, 1_000_000) as { v?: unknown; threads?: unknown } | undefined;
    return stored?.v === VERSION ? readThreads(stored.threads) : [];
  };
  const write = (threads: ThreadRecord[]) =>
    writeStored(browserStorage(), key, threads.length ? { v: VERSION, threads: threads.slice(0, MAX_THREADS) } : null);
  return {
    list: read,
    save: (thread) => write(readThreads([thread, ...read().filter((t) => t.chatId !== thread.chatId)])),
    remove: (chatId) => write(read().filter((t) => t.chatId !== chatId)),
    subscribe: (onChange) => watchStored(key, onChange),
  };
}
