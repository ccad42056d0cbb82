import type { ResultLabels } from '../../charts/labels';
import type { SuggestionLabels } from '../suggest/labels';
import type { FeedbackLabels } from '../feedback/labels';
import { defaultShowAll } from './show-all-label';

/** What kind of step a tool call is, for its plain label. */
export type ChatToolKind = 'meta' | 'sql' | 'other';

/**
 * Every string the default chat UI shows or announces, in one object a host can replace
 * (translation, tone). Functions take what varies. Tools are named in plain words, never by
 * their internal names; raw errors go to `onError` and a "details" disclosure only. The
 * result toolbar's strings ({@link ResultLabels}), the suggestions' ({@link SuggestionLabels}) and
 * those of feedback and editing a question ({@link FeedbackLabels}) may be set here too.
 */
export interface ChatMessages extends Partial<ResultLabels>, Partial<SuggestionLabels>, Partial<FeedbackLabels> {
  regionLabel: string;
  logLabel: string;
  emptyTitle: string;
  /** Instead of the empty state while a thread loads (a reload, a switch of threads). */
  loadingThread: string;
  composerLabel: string;
  composerPlaceholder: string;
  /** Under the composer from 90% of `maxInputLength` on: "9,500 / 10,000 characters". */
  characterCount: (count: number, max: number) => string;
  /** Past `maxInputLength`: why Send does nothing. */
  inputTooLong: (max: number) => string;
  send: string;
  stop: string;
  stopping: string;
  jumpToLatest: string;
  retry: string;
  details: string;
  sending: string;
  thinking: string;
  writingAnswer: string;
  working: string;
  announceAnswering: string;
  announceStopping: string;
  announceStopped: string;
  announceDone: string;
  stoppedNote: string;
  notRunningNote: string;
  /** The plain name of a tool's step, by its kind ("Querying data"); `name` is the internal one. */
  tool: (kind: ChatToolKind, name: string) => string;
  /** What a failed tool step means to the user, by kind. */
  toolFailed: (kind: ChatToolKind, name: string) => string;
  searchedModel: (query: string | undefined, views: number) => string;
  searchingModel: (query: string | undefined) => string;
  running: string;
  /** A tool step whose turn ended (stopped, failed) before its result came. */
  toolUnfinished: string;
  sql: string;
  copySql: string;
  copy: string;
  copied: string;
  regenerate: string;
  answerActions: string;
  goodAnswer: string;
  badAnswer: string;
  feedbackThanks: string;
  thinkingNow: string;
  /** Collapsed reasoning: "Thought for 3 s". */
  thoughtFor: (seconds: number) => string;
  reasoning: string;
  answerPrefix: string;
  loadAllRows: (total: number) => string;
  loadingAllRows: string;
  loadFailed: string;
  /**
   * A failed turn, by error kind (`ChatErrorKind`); the raw message goes under "details".
   * `signedInBefore`: the service answered this chat before, so a 401 means the sign-in
   * ended (expired, signed out) rather than never existed.
   */
  error: (kind: string, context: { signedInBefore: boolean }) => string;
  /** After a `rate-limited` error, until Retry is allowed again: "Try again in 12 s." */
  retryIn: (seconds: number) => string;
  /** The connection dropped and the answer is being re-joined. */
  reconnecting: string;
  /** In place of a message (or the chat) that could not be drawn. */
  partFailed: string;
  /** The button under a long text whose rest is not shown yet. */
  showAll: (moreCharacters: number) => string;
}

/** Plain words for a failed turn, by error kind (`unauthorized` depends on the context). */
const ERROR_TEXT = new Map<string, string>([
  ['network', 'The chat service could not be reached.'],
  ['forbidden', 'You do not have access to the chat.'],
  ['not-found', 'This conversation is not available any more.'],
  ['interrupted', 'The connection dropped before the answer was complete.'],
  ['rate-limited', 'Too many questions right now.'],
  ['input-too-long', 'This question is too long to send.'],
  ['busy', 'The previous answer is still being written. Try again in a moment.'],
  ['bad-response', 'The chat service sent an answer that could not be read.'],
  ['timeout', 'The chat service stopped responding.'],
]);

/** A count in English: `10,000`. */
const n = (count: number) => count.toLocaleString('en-US');

/** The English defaults of {@link ChatMessages}. */

export const defaultChatMessages: ChatMessages = {
  regionLabel: 'Chat with the data analyst',
  logLabel: 'Conversation',
  emptyTitle: 'Ask a question about your data',
  loadingThread: 'Loading the conversation…',
  composerLabel: 'Ask a question',
  composerPlaceholder: 'Ask about your data…',
  characterCount: (count, max) => `${n(count)} / ${n(max)} characters`,
  inputTooLong: (max) => `Too long to send: shorten it to ${n(max)} characters.`,
  send: 'Send',
  stop: 'Stop',
  stopping: 'Stopping…',
  jumpToLatest: 'Jump to latest',
  retry: 'Retry',
  details: 'Details',
  sending: 'Sending',
  thinking: 'Thinking',
  writingAnswer: 'Writing the answer',
  working: 'Working',
  announceAnswering: 'Answering…',
  announceStopping: 'Stopping…',
  announceStopped: 'Stopped.',
  announceDone: 'Done.',
  stoppedNote: 'Stopped. Everything received so far is kept.',
  notRunningNote: 'Nothing was running any more.',
  tool: (kind) => (kind === 'sql' ? 'Querying data' : kind === 'meta' ? 'Searching the data model' : 'Using a tool'),
  toolFailed: (kind) =>
    kind === 'sql' ? 'This question could not be answered from the data.' : 'A step of the answer failed.',
  searchedModel: (query, views) =>
    `Searched the data model${query ? ` for “${query}”` : ''}: ${views} ${views === 1 ? 'view' : 'views'}`,
  searchingModel: (query) => `Searching the data model${query ? ` for “${query}”` : ''}…`,
  running: 'running…',
  toolUnfinished: 'Did not finish.',
  sql: 'SQL',
  copySql: 'Copy SQL',
  copy: 'Copy answer',
  copied: 'Copied',
  regenerate: 'Regenerate answer',
  answerActions: 'Answer actions',
  goodAnswer: 'Good answer',
  badAnswer: 'Bad answer',
  feedbackThanks: 'Thanks for the feedback',
  thinkingNow: 'Thinking…',
  thoughtFor: (seconds) => `Thought for ${seconds} s`,
  reasoning: 'Reasoning',
  answerPrefix: 'Answer: ',
  loadAllRows: (total) => `Load all ${n(total)} rows`,
  loadingAllRows: 'Loading all rows…',
  loadFailed: 'Loading failed: try again',
  error: (kind, { signedInBefore }) =>
    kind === 'unauthorized'
      ? signedInBefore
        ? 'Your sign-in has ended. Sign in again, then retry.'
        : 'Sign in to use the chat.'
      : (ERROR_TEXT.get(kind) ?? 'Something went wrong while answering.'),
  retryIn: (seconds) => `Try again in ${seconds} s.`,
  reconnecting: 'Reconnecting',
  partFailed: 'This part could not be shown',
  showAll: defaultShowAll,
};
