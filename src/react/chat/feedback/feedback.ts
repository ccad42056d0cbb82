import { ChatError, parseToolCall, ToolCallSchema, type ChatMessage } from '../../../protocol';
import type { ChatStore, ChatRating } from '../store';
import type { ChatFeedback, ChatUIContextValue } from '../ui/context';
import { MAX_FEEDBACK_COMMENT } from './labels';

/** The most ratings a chat keeps (the most recent): `persist` stores them with the thread. */
export const MAX_RATINGS = 200;

/**
 * What `onFeedback` gets for a rating of `answer`: the thread, the question it answers (the
 * last question before it), its text and the SQL its turn ran (each query once, in order).
 */
export function feedbackOf(
  messages: readonly ChatMessage[],
  chatId: string | null,
  answer: ChatMessage,
  rating: ChatRating,
): ChatFeedback {
  const at = messages.findIndex((m) => m.id === answer.id);
  let question: string | undefined;
  const sql: string[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') {
      question = typeof message.content === 'string' ? message.content : undefined;
      break;
    }
    if (!ToolCallSchema.is(message.toolCall)) continue;
    const call = parseToolCall(message.toolCall);
    const query = call.kind === 'sql' ? (call.result?.sqlQuery ?? call.input?.sqlQuery) : undefined;
    if (typeof query === 'string') sql.unshift(query);
  }
  return {
    message: answer,
    rating: rating.rating,
    chatId,
    messageId: answer.id,
    question,
    answer: typeof answer.content === 'string' ? answer.content : '',
    sql: [...new Set(sql)], // each query once, where it first ran
    ...(rating.reason && { reason: rating.reason }),
    ...(rating.comment && { comment: rating.comment }),
  };
}

/** A comment as kept: trimmed, capped, undefined when empty. */
export const cleanComment = (text: string): string | undefined =>
  text.trim().slice(0, MAX_FEEDBACK_COMMENT) || undefined;

/**
 * Records `rating` of `answer` in the chat (its thumb shows pressed, `persist` remembers it)
 * and tells the host. A host callback that throws or rejects does not break the chat: it is
 * reported to `onError`, and the rating stays.
 */
export function rate(
  store: ChatStore,
  ui: Pick<ChatUIContextValue, 'onFeedback' | 'onError'>,
  answer: ChatMessage,
  rating: ChatRating,
) {
  const { thread, feedback } = store.getState();
  const next = new Map(feedback);
  next.delete(answer.id); // most recent last: the oldest go first past the cap
  next.set(answer.id, rating);
  for (const id of next.keys()) {
    if (next.size <= MAX_RATINGS) break;
    next.delete(id);
  }
  store.setState({ feedback: next });
  const failed = (error: unknown) =>
    ui.onError(
      new ChatError('render', `onFeedback failed: ${error instanceof Error ? error.message : String(error)}`, {
        fatal: false,
        cause: error,
      }),
    );
  try {
    const result: unknown = ui.onFeedback?.(feedbackOf(thread.messages, thread.chatId, answer, rating));
    if (result instanceof Promise) result.catch(failed);
  } catch (error) {
    failed(error);
  }
}
