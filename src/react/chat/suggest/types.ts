import type { ChatMessage, MetaResponse, SqlResult } from '../../../protocol';

/**
 * The semantic layer's data model (`/meta`) that the chat builds its questions from: the
 * answer itself, or a function that loads it (keep it stable: it is called once per
 * function). `useChatDataModel()` of `react-embedded-analytics/native` gives one.
 */
export type ChatDataModel = MetaResponse | (() => Promise<MetaResponse>);

/** What {@link ChatSuggestions}' function is given besides the defaults. */
export interface ChatSuggestionsContext {
  /** The data model, when the chat has one (`dataModel`) and it loaded. */
  meta: MetaResponse | undefined;
}

/**
 * The questions the empty chat offers: a list (it replaces the defaults), or a function of
 * the defaults (the questions built from `dataModel`, else the fallback list) that returns
 * the list to show, at once or as a promise: to extend, reorder, translate or fetch them.
 * A function that throws or rejects leaves the defaults (and is reported to `onError`).
 */
export type ChatSuggestions =
  | readonly string[]
  | ((defaults: readonly string[], context: ChatSuggestionsContext) => readonly string[] | Promise<readonly string[]>);

/** An answer as the follow-ups see it. */
export interface ChatAnswer {
  /** The final answer message. */
  message: ChatMessage;
  /** The question it answers (the thread's last question). */
  question: string | undefined;
  /** Its SQL results that finished, in order: columns, rows, `totalRows`, `sqlQuery`. */
  results: readonly SqlResult[];
  /** The data model, when the chat has one. */
  meta: MetaResponse | undefined;
}

/**
 * The follow-up questions under the latest answer: `false` shows none; a function maps the
 * defaults (built from the answer's result and the data model) to the list to show (return
 * `undefined` to keep them, `[]` for none). A function that throws leaves the defaults (and
 * is reported to `onError`).
 */
export type ChatFollowUps =
  false | ((answer: ChatAnswer, defaults: readonly string[]) => readonly string[] | undefined);
