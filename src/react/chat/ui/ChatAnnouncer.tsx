import { useStore } from 'zustand';
import { parseToolCall } from '../../../protocol';
import type { ChatStoreState } from '../store';
import { useChatUI } from './context';
import { defaultChatMessages, type ChatMessages } from './messages';

/** The agent-graph step now running, from the last message in process, in plain words. */
export function progressOf(state: ChatStoreState, messages: ChatMessages = defaultChatMessages): string | null {
  if (state.status === 'submitting') return messages.sending;
  if (state.status !== 'streaming') return null;
  if (/^(waiting|rejoining)$/.test(state.turn?.phase ?? '')) return messages.reconnecting;
  const list = state.thread.messages;
  for (let i = list.length - 1; i >= 0; i--) {
    const message = list[i]!;
    if (!message.isInProcess) continue;
    const path = Array.isArray(message.graphPath) ? message.graphPath : [];
    if (path[0] === 'final') return messages.writingAnswer;
    if (message.toolCall) {
      const call = parseToolCall(message.toolCall);
      return messages.tool(call.kind, call.name.slice(0, 200));
    }
    if (path.includes('tools')) return messages.tool('other', '');
    return messages.thinking;
  }
  return messages.working;
}

/** A small indicator of which agent node is working, driven by `graphPath`. */
export function GraphProgress() {
  const { store, messages } = useChatUI();
  const step = useStore(store, (s) => progressOf(s, messages));
  if (!step) return null;
  return (
    <p className="ek-progress" aria-hidden="true">
      <span className="ek-progress__dot" /> {step}…
    </p>
  );
}

function announcement(state: ChatStoreState, messages: ChatMessages): string {
  switch (state.status) {
    case 'submitting':
    case 'streaming':
      return messages.announceAnswering;
    case 'aborting':
      return messages.announceStopping;
    case 'error':
      return '';
    case 'idle':
      if (state.stopped) return messages.announceStopped;
      return state.thread.messages.length > 0 ? messages.announceDone : '';
  }
}

/**
 * What screen readers hear: "answering", "done", "stopped", never every token. Errors are
 * shown (as alerts, with Retry) inline in the `MessageList`, under the question.
 */
export function ChatAnnouncer() {
  const { store, messages } = useChatUI();
  const text = useStore(store, (s) => announcement(s, messages));
  return (
    <p className="ek-sr-only" role="status" aria-live="polite">
      {text}
    </p>
  );
}
