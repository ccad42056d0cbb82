// A conversation in a user's list, as the chat's thread list keeps it in the browser and the
// library's conversation API keeps it on a host's server (the service keeps the threads but
// has no list of them): one shape for both.
import { v, type Infer } from './schema';
// In scope so the declarations name it rather than `import('..')` (see board/store.ts).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { Schema } from './schema';

/** The longest conversation title kept. */
export const MAX_THREAD_TITLE_LENGTH = 200;

/** A thread id as the library accepts it from storage or a request: 1-200 printable characters, no spaces. */
export const ChatIdSchema = v
  .string()
  .refine((id) => id.length > 0 && id.length <= 200 && !/[\p{Cc}\p{Cf}\s]/u.test(id), 'not a chat id');

/** A time in ms since the epoch, within reason. */
const TimeSchema = v.number().refine((ms) => ms >= 0 && ms < 1e14, 'not a time');

/** One conversation in a thread list. */
export const ThreadRecordSchema = v.object({
  /** The service's thread id: the chat loads it by this. */
  chatId: ChatIdSchema,
  /** The first question, or what the user renamed it to. */
  title: v.string().refine((title) => title.length <= MAX_THREAD_TITLE_LENGTH, 'title too long'),
  /** When it was started and last asked (ms since the epoch). */
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
});

/** One conversation in a thread list. */
export type ThreadRecord = Infer<typeof ThreadRecordSchema>;
