import type { ChatFeedbackReason } from '../store';

/**
 * The strings of feedback on answers and of editing a question. Each is optional in `labels`
 * (`ChatMessages`); the English defaults load with the answer and question actions, not with
 * the chat. (The thumbs' own names are `goodAnswer`, `badAnswer` and `feedbackThanks`.)
 */
export interface FeedbackLabels {
  /** The reason picker's name and question after a thumbs down: "What went wrong?". */
  feedbackReasonTitle: string;
  /** The preset reasons, by id. */
  feedbackReason: (reason: ChatFeedbackReason) => string;
  /** The name of the optional text box under the reasons. */
  feedbackComment: string;
  /** Sends the reason. */
  feedbackSend: string;
  /** Closes the picker without a reason (the thumbs down stays). */
  feedbackSkip: string;
  /** A question's Copy button. */
  copyQuestion: string;
  /** A question's Edit button (the last question only). */
  editQuestion: string;
  /** The editor's text box name. */
  editLabel: string;
  /** Sends the edited question. */
  editSend: string;
  /** Leaves the editor, nothing sent. */
  editCancel: string;
  /** The actions under a question. */
  questionActions: string;
  /** Under an edited question: it was asked again in other words below. */
  editedNote: string;
  /** Shows the earlier answer of an edited question. */
  showEarlierAnswer: string;
  /** Hides it again. */
  hideEarlierAnswer: string;
  /** The label on the earlier answer once shown: "Answer to the earlier wording". */
  earlierAnswer: string;
}

const REASONS: Record<ChatFeedbackReason, string> = {
  incorrect: 'The numbers are wrong',
  misunderstood: 'It misread the question',
  presentation: 'Wrong chart or table',
  other: 'Something else',
};

/** The English defaults of {@link FeedbackLabels}. */
export const defaultFeedbackLabels: FeedbackLabels = {
  feedbackReasonTitle: 'What went wrong?',
  feedbackReason: (reason) => REASONS[reason],
  feedbackComment: 'Tell us more (optional)',
  feedbackSend: 'Send feedback',
  feedbackSkip: 'Skip',
  copyQuestion: 'Copy question',
  editQuestion: 'Edit question',
  editLabel: 'Edit your question',
  editSend: 'Ask again',
  editCancel: 'Cancel',
  questionActions: 'Question actions',
  editedNote: 'Edited and asked again below.',
  showEarlierAnswer: 'Show the answer to this wording',
  hideEarlierAnswer: 'Hide the answer to this wording',
  earlierAnswer: 'Answer to the earlier wording',
};

/** The preset reasons, in the order they are offered. */
export const FEEDBACK_REASONS: readonly ChatFeedbackReason[] = ['incorrect', 'misunderstood', 'presentation', 'other'];

/** The longest comment kept and given to `onFeedback`. */
export const MAX_FEEDBACK_COMMENT = 1000;

/** The labels with the host's replacements (any of `labels` that is set). */
export function feedbackLabels(messages: Partial<FeedbackLabels>): FeedbackLabels {
  const merged = { ...defaultFeedbackLabels };
  for (const key of Object.keys(merged) as (keyof FeedbackLabels)[])
    if (messages[key] !== undefined) (merged as Record<string, unknown>)[key] = messages[key];
  return merged;
}
