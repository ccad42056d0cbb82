import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIsomorphicLayoutEffect } from '../../internal/use-isomorphic-layout-effect';
import { useStore } from 'zustand';
import { DEFAULT_MAX_INPUT_LENGTH } from '../../../protocol';
import { focusComposer, useChatUI } from './context';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Placeholder of the text box. Default `labels.composerPlaceholder`. */
  placeholder?: string;
  /** Accessible name of the text box. Default `labels.composerLabel` ("Ask a question"). */
  label?: string;
  /** Tallest the text box grows with its text, in pixels. Default 200. */
  maxHeight?: number;
}

const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);
const StopIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </svg>
);

/**
 * The message box: grows with its text up to `maxHeight`; Enter sends, Shift+Enter adds a
 * line. One action button turns from Send into Stop while a turn runs (the same element, so
 * focus is never dropped); when the turn ends with focus on it, focus returns to the text box.
 * The text is cleared only once the service accepts the question: after a failure it is
 * still there to edit or send again. Near the transport's `maxInputLength` a character count
 * shows; past it the box is invalid, an alert says to shorten it, and nothing is sent.
 */
export function Composer({ placeholder, label, maxHeight = 200 }: ComposerProps) {
  const ui = useChatUI();
  const { store, messages, composer } = ui;
  const box = useRef<HTMLTextAreaElement | null>(null);
  const status = useStore(store, (s) => s.status);
  const [text, setText] = useState('');
  const sent = useRef<string | null>(null);
  const action = useRef<HTMLButtonElement>(null);
  const id = useId();
  const busy = status === 'submitting' || status === 'streaming' || status === 'aborting';
  const length = text.trim().length;
  const empty = !length;
  const max = ui.transport.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH;
  const tooLong = length > max;
  // The count from 90% of the limit on: not a distraction for ordinary questions.
  const counted = length > max * 0.9;

  // Clear the box once the question is accepted (the stream starts, or the turn ends well),
  // also when that happens after an error (a held request answering late, or Retry).
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        const question = sent.current;
        if (question === null || state.status === previous.status) return;
        if (state.status === 'streaming' || (state.status === 'idle' && previous.status === 'submitting')) {
          sent.current = null;
          setText((current) => (current.trim() === question ? '' : current));
        } else if (state.status === 'aborting') sent.current = null;
      }),
    [store],
  );

  // The turn ended while the Stop button had focus: give it back to the text box.
  useEffect(() => {
    if (!busy && document.activeElement === action.current) focusComposer(ui);
  }, [busy, ui]);

  useIsomorphicLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight + 2, maxHeight)}px`;
  }, [text, maxHeight]);

  const submit = () => {
    if (busy || empty || tooLong) return;
    sent.current = text.trim();
    void store.getState().send(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const stopping = status === 'aborting';
  return (
    <form
      className="ek-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) {
          if (!stopping) void store.getState().abort();
          focusComposer(ui);
        } else submit();
      }}
    >
      <label htmlFor={id} className="ek-sr-only">
        {label ?? messages.composerLabel}
      </label>
      <textarea
        id={id}
        ref={(element) => {
          box.current = element;
          composer.attach(element);
        }}
        className="ek-composer__input"
        style={{ maxHeight }}
        value={text}
        rows={1}
        placeholder={placeholder ?? messages.composerPlaceholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong || undefined}
        aria-describedby={counted ? `${id}-count` : undefined}
      />
      {/* aria-disabled, not disabled: a disabled button would drop focus to <body>. */}
      <button
        ref={action}
        type="submit"
        className={`ek-composer__action ${busy ? 'ek-composer__stop' : 'ek-composer__send'}`}
        aria-label={busy ? (stopping ? messages.stopping : messages.stop) : messages.send}
        title={busy ? (stopping ? messages.stopping : messages.stop) : messages.send}
        aria-disabled={(busy ? stopping : empty || tooLong) || undefined}
      >
        {busy ? <StopIcon /> : <SendIcon />}
      </button>
      {counted && (
        <p id={`${id}-count`} className="ek-composer__count">
          {messages.characterCount(length, max)}
          {/* Its own alert, read once as it appears (not at every key). */}
          {tooLong && <span role="alert"> {messages.inputTooLong(max)}</span>}
        </p>
      )}
    </form>
  );
}
