import { createContext, useContext, type ReactNode } from 'react';
import type { ChatMessage, ParsedToolCall, UserProfile } from '../../../protocol';
import type { ChatStore } from '../store';
import type { ChatTransport } from '../transport';

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
}

export const ChatUIContext = createContext<ChatUIContextValue | null>(null);

/** The chat UI settings; the parts must be inside `<AgentChat>` (or `<ChatProvider>`). */
export function useChatUI(): ChatUIContextValue {
  const value = useContext(ChatUIContext);
  if (!value) throw new Error('Chat parts must be rendered inside <AgentChat> or <ChatProvider>');
  return value;
}
