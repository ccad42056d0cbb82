import { useStore } from 'zustand';
import type { ChatStoreState } from '../store';
import { useChatUI } from './context';

/** The agent-graph step now running, from the last message in process. */
export function progressOf(state: ChatStoreState): string | null {
  if (state.status === 'submitting') return 'Sending';
  if (state.status !== 'streaming') return null;
  const messages = state.thread.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (!message.isInProcess) continue;
    const path = message.graphPath ?? [];
    if (path[0] === 'final') return 'Writing the answer';
    if (path.includes('tools') || message.toolCall)
      return message.toolCall ? `Running ${message.toolCall.name}` : 'Using tools';
    return 'Thinking';
  }
  return 'Working';
}

/** A small indicator of which agent node is working, driven by `graphPath`. */
export function GraphProgress() {
  const { store } = useChatUI();
  const step = useStore(store, progressOf);
  if (!step) return null;
  return (
    <p className="ek-progress" aria-hidden="true">
      <span className="ek-progress__dot" /> {step}…
    </p>
  );
}

function announcement(state: ChatStoreState): string {
  switch (state.status) {
    case 'submitting':
    case 'streaming':
      return 'Answering…';
    case 'aborting':
      return 'Stopping…';
    case 'error':
      return '';
    case 'idle':
      if (state.stopped) return 'Stopped.';
      return state.thread.messages.length > 0 ? 'Done.' : '';
  }
}

/**
 * What screen readers hear: "answering", "done", "stopped", and errors (with a Retry button),
 * never every token.
 */
export function ChatAnnouncer() {
  const { store } = useChatUI();
  const text = useStore(store, announcement);
  const error = useStore(store, (s) => (s.status === 'error' ? s.error : null));
  return (
    <>
      <p className="ek-sr-only" role="status" aria-live="polite">
        {text}
      </p>
      {error && (
        <div className="ek-chat__error" role="alert">
          <span>{error.message}</span>
          <button type="button" className="ek-button" onClick={() => void store.getState().retry()}>
            Retry
          </button>
        </div>
      )}
    </>
  );
}
