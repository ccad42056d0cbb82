// A user's rating of one of the chat's answers, as the chat hands it to `onFeedback` and the
// library's feedback API keeps it: what the user said, and what they saw (the question, the
// answer, its SQL), bounded.
import { ChatIdSchema } from './threads';
import { v, type Infer } from './schema';
// In scope so the declarations name it rather than `import('..')` (see board/store.ts).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { Schema } from './schema';

/** Why an answer was rated down, as the chat offers it. */
export const FEEDBACK_REASON_VALUES = ['incorrect', 'misunderstood', 'presentation', 'other'] as const;

/** The bounds of a rating's texts, in UTF-16 code units. */
export const FEEDBACK_LIMITS = {
  comment: 1_000,
  question: 20_000,
  answer: 40_000,
  /** Per statement; at most `sqlStatements` of them. */
  sql: 20_000,
  sqlStatements: 20,
} as const;

const text = (max: number) => v.string().refine((s) => s.length <= max, `must be at most ${max} characters`);

/** A rating as sent: which answer, up or down, why, and what the user saw. */
export const FeedbackRatingSchema = v.object({
  chatId: ChatIdSchema,
  /** The rated answer's message id. */
  messageId: ChatIdSchema,
  rating: v.enum(['up', 'down']),
  reason: v.optional(v.nullable(v.enum(FEEDBACK_REASON_VALUES))),
  comment: v.optional(v.nullable(text(FEEDBACK_LIMITS.comment))),
  question: v.optional(v.nullable(text(FEEDBACK_LIMITS.question))),
  answer: v.optional(text(FEEDBACK_LIMITS.answer)),
  sql: v.optional(
    v
      .array(text(FEEDBACK_LIMITS.sql))
      .refine(
        (list) => list.length <= FEEDBACK_LIMITS.sqlStatements,
        `at most ${FEEDBACK_LIMITS.sqlStatements} statements`,
      ),
  ),
});
/** A rating as sent. */
export type FeedbackRating = Infer<typeof FeedbackRatingSchema>;

/** A rating as kept: every field present, with when it was first and last given (ISO 8601). */
export interface StoredFeedback {
  chatId: string;
  messageId: string;
  rating: 'up' | 'down';
  reason: (typeof FEEDBACK_REASON_VALUES)[number] | null;
  comment: string | null;
  question: string;
  answer: string;
  sql: string[];
  createdAt: string;
  updatedAt: string;
}
