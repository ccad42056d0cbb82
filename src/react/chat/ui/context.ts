import { createContext, useContext, type ReactNode } from 'react';
import type { ChatError, ChatMessage, ParsedSqlToolCall, ParsedToolCall, UserProfile } from '../../../protocol';
import type { ResultAction } from '../../charts/result-action';
import type { ChartSpecPolicy } from '../../charts/agent-spec/policy';
import type { ChatFeedbackReason, ChatStore } from '../store';
import type { ChatDataModel, ChatFollowUps } from '../suggest/types';
import type { ChatTransport } from '../transport';
import type { ChatMessages } from './messages';

/**
 * A user's rating of one answer, given to `onFeedback`: all a host needs to store or act on
 * it. A thumbs down is given at once, then again with the same `messageId` when the user
 * picks or types a reason: store it by `messageId`.
 */
export interface ChatFeedback {
  /** The rated assistant message. */
  message: ChatMessage;
  rating: 'up' | 'down';
  /** The thread (null only before the service named it). */
  chatId: string | null;
  /** The rated answer's id (`message.id`). */
  messageId: string;
  /** The question it answers, as the thread has it. */
  question: string | undefined;
  /** The answer's text (markdown). */
  answer: string;
  /** The SQL the answer's turn ran, in order. */
  sql: string[];
  /** The preset reason picked after a thumbs down. */
  reason?: ChatFeedbackReason;
  /** What the user typed after a thumbs down (trimmed, at most 1,000 characters). */
  comment?: string;
}

/** Where the composer's text box is: it registers itself, other parts focus it. */
export interface ComposerHandle {
  attach(element: HTMLTextAreaElement | null): void;
  focus(): void;
}

/** A {@link ComposerHandle} for one chat. */
export function createComposerHandle(): ComposerHandle {
  let box: HTMLTextAreaElement | null = null;
  return {
    attach: (element) => {
      box = element;
    },
    focus: () => box?.focus({ preventScroll: true }),
  };
}

/** Slots and settings shared by the parts of a chat UI. */
export interface ChatUIContextValue {
  store: ChatStore;
  transport: ChatTransport;
  /** Show the agent's reasoning (development mode). */
  showThinking: boolean;
  user: UserProfile | undefined;
  agent: { name: string; picture?: string };
  allowImage: ((url: URL) => boolean) | undefined;
  renderMessage: ((message: ChatMessage, standard: ReactNode) => ReactNode) | undefined;
  renderToolCall: ((call: ParsedToolCall, message: ChatMessage) => ReactNode | undefined) | undefined;
  /** Every user-visible string (defaults merged with the host's `messages`). */
  messages: ChatMessages;
  /** The composer's text box, so other parts can give focus back to it. */
  composer: ComposerHandle;
  /** Thumbs up/down on answers, shown only when set (may return a promise: a rejection is reported). */
  onFeedback: ((feedback: ChatFeedback) => void | Promise<void>) | undefined;
  /** Extra entries in each SQL result's export menu. */
  resultActions: ResultActions | undefined;
  /** The chat's `onError`, for errors the UI meets itself (a part that could not be drawn). */
  onError: (error: ChatError) => void;
  /** The host's widening of the chart spec allow-list, if any. */
  chartSpecPolicy?: ChartSpecPolicy;
  /** The data model the suggestions and follow-ups are built from, if any. */
  dataModel?: ChatDataModel | undefined;
  /** The host's follow-ups: none (`false`), mapped (a function), or the defaults (undefined). */
  followUps?: ChatFollowUps | undefined;
}

/** A chat's extra entries in a SQL result's export menu (e.g. the dashboard bridge's "Show in dashboard"). */
export type ResultActions = (call: ParsedSqlToolCall, message: ChatMessage) => readonly ResultAction[] | undefined;

// Lazy chunks take the context's value in props and never import this module: a bundler that
// splits chunks would keep a module shared with them in a dashboard-only bundle
// (scripts/check-tree-shaking.ts). Marked pure: creating it has no effect to keep.
/** The chat UI's settings, provided by `<AgentChat>` / `<ChatProvider>`. */
export const ChatUIContext = /* @__PURE__ */ createContext<ChatUIContextValue | null>(null);

/** The chat UI settings; the parts must be inside `<AgentChat>` (or `<ChatProvider>`). */
export function useChatUI(): ChatUIContextValue {
  const value = useContext(ChatUIContext);
  if (!value) throw new Error('Chat parts must be rendered inside <AgentChat> or <ChatProvider>');
  return value;
}

/** Moves focus to the composer (after a suggestion, Stop, a finished turn, "Jump to latest"). */
export function focusComposer(ui: Pick<ChatUIContextValue, 'composer'>): void {
  ui.composer.focus();
}
