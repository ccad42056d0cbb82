import { useId, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useChatUI } from './context';

/** Props of {@link Composer}. */
export interface ComposerProps {
  placeholder?: string;
  /** Visible label of the text box (also its accessible name). Default "Ask a question". */
  label?: string;
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop while a turn streams. */
export function Composer({ placeholder = 'Ask about your data…', label = 'Ask a question' }: ComposerProps) {
  const { store } = useChatUI();
  const status = useStore(store, (s) => s.status);
  const [text, setText] = useState('');
  const id = useId();
  const busy = status === 'submitting' || status === 'streaming' || status === 'aborting';
  const submit = () => {
    if (busy || !text.trim()) return;
    void store.getState().send(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="ek-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="ek-sr-only">
        {label}
      </label>
      <textarea
        id={id}
        className="ek-composer__input"
        value={text}
        rows={1}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button
          type="button"
          className="ek-button ek-composer__stop"
          onClick={() => void store.getState().abort()}
          disabled={status === 'aborting'}
        >
          {status === 'aborting' ? 'Stopping…' : 'Stop'}
        </button>
      ) : (
        <button type="submit" className="ek-button ek-composer__send" disabled={!text.trim()}>
          Send
        </button>
      )}
    </form>
  );
}
