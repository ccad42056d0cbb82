import { useCallback, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { ChatUIContextValue } from './context';

// The failed turn's notice itself, loaded as the chat mounts (see ./ErrorNotice.tsx). Not the
// context's module itself (see ../suggest/Suggestions.tsx): `ui` comes in props.

/** Whole seconds until `at` (ms since the epoch), counting down; 0 once past. */
function useSecondsUntil(at: number): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      const timer = setInterval(() => {
        if (Date.now() >= at) clearInterval(timer);
        notify();
      }, 250);
      return () => clearInterval(timer);
    },
    [at],
  );
  return useSyncExternalStore(
    subscribe,
    () => Math.max(Math.ceil((at - Date.now()) / 1000), 0),
    () => 0,
  );
}

/**
 * A failed turn, inline under the question: plain words, the raw cause under "details"
 * (developers get the typed error through `onError`), and Retry: disabled, with a
 * countdown, while the service asked to wait (`Retry-After`).
 */
export function ErrorNoticeView({ ui }: { ui: ChatUIContextValue }) {
  const { store, messages } = ui;
  const error = useStore(store, (s) => (s.status === 'error' ? s.error : null));
  // Messages in the thread came from the service: the user was signed in then.
  const signedInBefore = useStore(store, (s) => s.thread.messages.length > 0);
  const wait = useSecondsUntil(error?.retryAt ?? 0);
  if (!error) return null;
  return (
    <div className="ek-chat__error" role="alert">
      <p className="ek-chat__error-text">
        {messages.error(error.kind, { signedInBefore })}
        {/* Read once with the alert, not every second. */}
        {wait > 0 && <span aria-live="off"> {messages.retryIn(wait)}</span>}
      </p>
      <details className="ek-disclosure ek-chat__error-details">
        <summary>{messages.details}</summary>
        <p>
          {error.message}
          {error.status ? ` (HTTP ${error.status})` : ''}
        </p>
      </details>
      {/* A question refused for its length is changed, not retried. */}
      {error.kind !== 'input-too-long' && (
        <button
          type="button"
          className="ek-button"
          disabled={wait > 0}
          onClick={() => {
            ui.composer.focus();
            void store.getState().retry();
          }}
        >
          {messages.retry}
        </button>
      )}
    </div>
  );
}
