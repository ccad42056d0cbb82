/** What kind of step a tool call is, for its plain label. */
export type ChatToolKind = 'meta' | 'sql' | 'other';

/**
 * Every string the default chat UI shows or announces, in one object a host can replace
 * (translation, tone). Functions take what varies. Tools are named in plain words, never by
 * their internal names; raw errors go to `onError` and a "details" disclosure only.
 */
export interface ChatMessages {
  regionLabel: string;
  logLabel: string;
  emptyTitle: string;
  composerLabel: string;
  composerPlaceholder: string;
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
  /** The button under a long text whose rest is not shown yet. */
  showAll: (moreCharacters: number) => string;
  /** A failed turn, by error kind (`ChatErrorKind`); the raw message goes under "details". */
  error: (kind: string) => string;
}

/** The English defaults of {@link ChatMessages}. */
export const defaultChatMessages: ChatMessages = {
  regionLabel: 'Chat with the data analyst',
  logLabel: 'Conversation',
  emptyTitle: 'Ask a question about your data',
  composerLabel: 'Ask a question',
  composerPlaceholder: 'Ask about your data…',
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
  loadAllRows: (total) => `Load all ${total.toLocaleString('en-US')} rows`,
  loadingAllRows: 'Loading all rows…',
  loadFailed: 'Loading failed: try again',
  showAll: (more) => `Show all (${more.toLocaleString('en-US')} more characters)`,
  error: (kind) =>
    kind === 'network'
      ? 'The chat service could not be reached.'
      : kind === 'unauthorized' || kind === 'forbidden'
        ? 'You are not signed in to the chat any more.'
        : kind === 'interrupted'
          ? 'The connection dropped before the answer was complete.'
          : 'Something went wrong while answering.',
};
