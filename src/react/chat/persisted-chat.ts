import { v, type Infer } from '../../protocol';
import { ChatIdSchema } from '../../protocol/threads';
import type { ChartChoice } from '../charts/chart-choices';
import { browserStorage, readStored, storageKey, writeStored } from '../internal/browser-storage';

/** The longest question kept across a reload (longer ones are not remembered). */
const MAX_INPUT = 100_000;

/** A thread id as this library accepts it from storage: short, printable. */
export const StoredChatIdSchema = ChatIdSchema;

/** The service's messageId pattern (`^\d{13,}-message$`), bounded. */
const MessageIdSchema = v.string().refine((id) => /^\d{13,20}-message$/.test(id), 'not a messageId');

/** The longest list of View picks kept (the most recent ones). */
export const MAX_STORED_VIEWS = 50;

/** The choices of a result's View switch (`ChartChoice`). */
const VIEWS = ['auto', 'bar', 'horizontal-bar', 'line', 'area', 'point', 'table'] as const satisfies ChartChoice[];

/** A stopped turn, remembered with its question's message id (the note shows while it is the last). */
const StoppedSchema = v.object({ kind: v.enum(['stopped', 'not-running']), after: StoredChatIdSchema });

/** A user's pick in a result's View switch, by the result's key. */
const ViewSchema = v.object({ key: StoredChatIdSchema, view: v.enum(VIEWS) });

/** The longest lists of ratings and of edited questions kept (the most recent ones). */
export const MAX_STORED_RATINGS = 200;
export const MAX_STORED_EDITS = 50;

/** A user's rating of an answer (`ChatRating`), by the answer's message id. */
const RatingSchema = v.object({
  id: StoredChatIdSchema,
  rating: v.enum(['up', 'down']),
  reason: v.optional(v.enum(['incorrect', 'misunderstood', 'presentation', 'other'])),
  comment: v.optional(v.string().refine((text) => text.length <= 1000, 'too long')),
});

/** A question in progress (or that failed before the service had it): resumed after a reload. */
const TurnSchema = v.object({
  messageId: MessageIdSchema,
  input: v.string().refine((input) => input.trim() !== '' && input.length <= MAX_INPUT, 'not a question'),
});

/** The thread and question of a record, checked alone: a bad `stopped` or `views` loses only itself. */
const CoreSchema = v.object({ chatId: v.nullable(StoredChatIdSchema), turn: v.optional(TurnSchema) });

/** What a chat remembers across page loads: its thread, and a question still being answered. */
export const PersistedChatSchema = v.object({
  /** The current thread; null before the first question named one. */
  chatId: v.nullable(StoredChatIdSchema),
  /** A question in progress (or that failed before the service had it): resumed after a reload. */
  turn: v.optional(TurnSchema),
  /** The last turn was stopped: its "Stopped" note shows again after a reload. */
  stopped: v.optional(StoppedSchema),
  /** The user's View picks (chart type or table) by result key, oldest first: kept after a reload. */
  views: v.optional(v.array(ViewSchema)),
  /** The user's ratings of answers, oldest first: their thumbs show pressed after a reload. */
  feedback: v.optional(v.array(RatingSchema)),
  /** The questions the user edited and asked again, oldest first: their answers stay folded. */
  edited: v.optional(v.array(StoredChatIdSchema)),
});

/**
 * What a chat remembers across page loads (`persist`): its thread, a question in progress, a
 * stopped last turn, the user's View picks, ratings and edited questions.
 */
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
 * chatId-less record with no question, an empty or oversized question). A `stopped`, and
 * each view, rating or edited question that does not fit, is left out; so are entries past
 * {@link MAX_STORED_VIEWS}, {@link MAX_STORED_RATINGS} and {@link MAX_STORED_EDITS}.
 */
export function readPersistedChat(value: unknown): PersistedChat | null {
  if (!CoreSchema.is(value)) return null;
  const { chatId, turn } = value;
  if (chatId === null && !turn) return null;
  const read: PersistedChat = turn ? { chatId, turn: { messageId: turn.messageId, input: turn.input } } : { chatId };
  const { stopped, views } = value as { stopped?: unknown; views?: unknown };
  if (StoppedSchema.is(stopped)) read.stopped = { kind: stopped.kind, after: stopped.after };
  if (Array.isArray(views)) {
    const fit = views.filter((view) => ViewSchema.is(view)).slice(-MAX_STORED_VIEWS);
    if (fit.length > 0) read.views = fit.map(({ key, view }) => ({ key, view }));
  }
  const { feedback, edited } = value as { feedback?: unknown; edited?: unknown };
  if (Array.isArray(feedback)) {
    const fit = feedback.filter((rating) => RatingSchema.is(rating)).slice(-MAX_STORED_RATINGS);
    if (fit.length > 0)
      read.feedback = fit.map(({ id, rating, reason, comment }) => ({
        id,
        rating,
        ...(reason && { reason }),
        ...(comment && { comment }),
      }));
  }
  if (Array.isArray(edited)) {
    const fit = edited.filter((id) => StoredChatIdSchema.is(id)).slice(-MAX_STORED_EDITS);
    if (fit.length > 0) read.edited = fit;
  }
  return read;
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
