import { createContext, useContext, type ReactNode } from 'react';
import type { ChatError, ChatMessage, ParsedSqlToolCall, ParsedToolCall, UserProfile } from '../../../protocol';
import type { ResultAction } from '../../charts/ResultToolbar';
import type { ChartSpecPolicy } from '../../charts/agent-spec/policy';
import type { ChatStore } from '../store';
import type { ChatTransport } from '../transport';
import type { ChatMessages } from './messages';

/** A user's rating of one answer, given to `onFeedback`. */
export interface ChatFeedback {
  /** The rated assistant message. */
  message: ChatMessage;
  rating: 'up' | 'down';
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
  /** Thumbs up/down on answers, shown only when set. */
  onFeedback: ((feedback: ChatFeedback) => void) | undefined;
  /** Extra entries in each SQL result's export menu. */
  resultActions: ResultActions | undefined;
  /** The chat's `onError`, for errors the UI meets itself (a part that could not be drawn). */
  onError: (error: ChatError) => void;
  /** The host's widening of the chart spec allow-list, if any. */
  chartSpecPolicy?: ChartSpecPolicy;
}

/** A chat's extra entries in a SQL result's export menu (e.g. the dashboard bridge's "Show in dashboard"). */
export type ResultActions = (call: ParsedSqlToolCall, message: ChatMessage) => readonly ResultAction[] | undefined;

export const ChatUIContext = createContext<ChatUIContextValue | null>(null);

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
