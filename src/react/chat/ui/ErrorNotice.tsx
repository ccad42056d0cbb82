import { useStore } from 'zustand';
import { focusComposer, useChatUI } from './context';

/**
 * A failed turn, inline under the question: plain words, the raw cause under "details"
 * (developers get the typed error through `onError`), and Retry.
 */
export function ErrorNotice() {
  const ui = useChatUI();
  const { store, messages } = ui;
  const error = useStore(store, (s) => (s.status === 'error' ? s.error : null));
  // Messages in the thread came from the service: the user was signed in then.
  const signedInBefore = useStore(store, (s) => s.thread.messages.length > 0);
  if (!error) return null;
  return (
    <div className="ek-chat__error" role="alert">
      <p className="ek-chat__error-text">{messages.error(error.kind, { signedInBefore })}</p>
      <details className="ek-disclosure ek-chat__error-details">
        <summary>{messages.details}</summary>
        <p>
          {error.message}
          {error.status ? ` (HTTP ${error.status})` : ''}
        </p>
      </details>
      <button
        type="button"
        className="ek-button"
        onClick={() => {
          focusComposer(ui);
          void store.getState().retry();
        }}
      >
        {messages.retry}
      </button>
    </div>
  );
}
