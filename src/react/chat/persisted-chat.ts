import { v, type Infer } from '../../protocol';
import { browserStorage, readStored, storageKey, writeStored } from '../internal/browser-storage';

/** The longest question kept across a reload (longer ones are not remembered). */
const MAX_INPUT = 100_000;

/** A thread id as this library accepts it from storage: short, printable. */
export const StoredChatIdSchema = v
  .string()
  .refine((id) => id.length > 0 && id.length <= 200 && !/[\p{Cc}\p{Cf}\s]/u.test(id), 'not a chat id');

/** The service's messageId pattern (`^\d{13,}-message$`), bounded. */
const MessageIdSchema = v.string().refine((id) => /^\d{13,20}-message$/.test(id), 'not a messageId');

/** What a chat remembers across page loads: its thread, and a question still being answered. */
export const PersistedChatSchema = v.object({
  /** The current thread; null before the first question named one. */
  chatId: v.nullable(StoredChatIdSchema),
  /** A question in progress (or that failed before the service had it): resumed after a reload. */
  turn: v.optional(
    v.object({
      messageId: MessageIdSchema,
      input: v.string().refine((input) => input.trim() !== '' && input.length <= MAX_INPUT, 'not a question'),
    }),
  ),
});

/** What a chat remembers across page loads (`persist`): its thread and a question in progress. */
export type PersistedChat = Infer<typeof PersistedChatSchema>;

/**
 * Where a chat remembers its conversation. `load` may return anything (sync or a promise):
 * it is validated, and a value that does not fit is ignored. Errors of either method are
 * swallowed: remembering is a convenience.
 */
export interface ChatPersistence {
  load(): unknown;
  /** Saves the conversation; null: nothing to remember. */
  save(value: PersistedChat | null): void | Promise<void>;
}

/**
 * The conversation a value describes, as a fresh object of the known fields, or null when
 * it does not fit (wrong types, a chatId with controls or spaces, a foreign messageId, a
 * chatId-less record with no question, an empty or oversized question).
 */
export function readPersistedChat(value: unknown): PersistedChat | null {
  if (!PersistedChatSchema.is(value)) return null;
  const { chatId, turn } = value;
  if (chatId === null && !turn) return null;
  return turn ? { chatId, turn: { messageId: turn.messageId, input: turn.input } } : { chatId };
}

/** Version of the stored envelope: a later format is a foreign value, ignored. */
const VERSION = 1;

/** The default {@link ChatPersistence}: `localStorage`, one entry per user. */
export function localChatPersistence(user: string): ChatPersistence {
  const key = storageKey('chat', user);
  return {
    load: () => {
      const stored = readStored(browserStorage(), key, MAX_INPUT * 2);
      const envelope = stored as { v?: unknown; chat?: unknown } | undefined;
      return envelope?.v === VERSION ? envelope.chat : null;
    },
    save: (value) => writeStored(browserStorage(), key, value && { v: VERSION, chat: value }),
  };
}
