import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ChatMessage } from '../../../protocol';
import { rate } from '../feedback/feedback';
import { FeedbackReasons } from '../feedback/FeedbackReasons';
import { feedbackLabels } from '../feedback/labels';
import type { ChatUIContextValue } from './context';
import { CopyButton } from './CopyButton';
import { Icon } from './Icon';

// A question's actions and editor load with the answer's: one chunk, one request.
export { QuestionView } from './QuestionView';
/** The small buttons' icon (the thread list imports it from here). */
export { Icon };

const COPY = 'M9 9h10v10H9zM5 15V5h10';
const REGENERATE = 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6';
const UP = 'M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2 3l-1 4h6a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7';
const DOWN = 'M7 14V4H4v10zM7 14l4 7c1.5 0 2.5-1 2-3l-1-4h6a2 2 0 0 0 2-2.3l-1.2-6A2 2 0 0 0 16.8 4H7';
/** The thumbs: rating, icon, label. */
const RATINGS = [
  ['up', UP, 'goodAnswer'],
  ['down', DOWN, 'badAnswer'],
] as const;

/** The question an answer answers: the last user message before it. */
function questionOf(messages: readonly ChatMessage[], answerId: string): string | undefined {
  const at = messages.findIndex((m) => m.id === answerId);
  for (let i = at - 1; i >= 0; i--) if (messages[i]!.role === 'user') return messages[i]!.content;
  return undefined;
}

/**
 * Actions under a finished answer: Copy (as markdown), Regenerate on the latest one (the
 * thread's last row; hidden by CSS elsewhere, and while a new turn runs its row is last), and
 * thumbs up/down when the host listens (`onFeedback`). The rating is the chat's (pressed after
 * a reload with `persist`); a thumbs down opens the reason picker. Nothing while the answer
 * streams.
 */
export function MessageActions({ message, ui }: { message: ChatMessage; ui: ChatUIContextValue }) {
  const { store, messages, onFeedback } = ui;
  const rated = useStore(store, (s) => s.feedback.get(message.id));
  const [thanked, setThanked] = useState(false);
  const [asking, setAsking] = useState(false);
  const down = useRef<HTMLButtonElement>(null);
  if (message.isInProcess || !message.content) return null;
  const labels = feedbackLabels(messages);
  return (
    <>
      <div className="ek-actions" role="group" aria-label={messages.answerActions}>
        <CopyButton
          text={message.content}
          label={messages.copy}
          copied={messages.copied}
          className="ek-icon-button"
          icon={<Icon d={COPY} />}
        />
        {/* On every answer, shown by CSS only on the thread's last row: no store subscription per row. */}
        <button
          type="button"
          className="ek-icon-button ek-actions__regenerate"
          aria-label={messages.regenerate}
          title={messages.regenerate}
          onClick={() => {
            const question = questionOf(store.getState().thread.messages, message.id);
            ui.composer.focus();
            if (question) void store.getState().send(question);
          }}
        >
          <Icon d={REGENERATE} />
        </button>
        {onFeedback && (
          <>
            {RATINGS.map(([value, d, label]) => (
              <button
                key={value}
                ref={value === 'down' ? down : undefined}
                type="button"
                className="ek-icon-button"
                aria-label={messages[label]}
                title={messages[label]}
                aria-pressed={rated?.rating === value}
                aria-expanded={value === 'down' ? asking : undefined}
                onClick={() => {
                  // The same thumb again: a thumbs down opens its reasons again, nothing is re-sent.
                  if (rated?.rating !== value) {
                    rate(store, ui, message, { rating: value });
                    setThanked(true);
                  }
                  setAsking(value === 'down' && !(asking && rated?.rating === value));
                }}
              >
                <Icon d={d} />
              </button>
            ))}
            {thanked && !asking && (
              <span className="ek-actions__note" role="status">
                {messages.feedbackThanks}
              </span>
            )}
          </>
        )}
      </div>
      {asking && (
        <FeedbackReasons
          labels={labels}
          initial={rated}
          onSend={(reason, comment) => {
            rate(store, ui, message, { rating: 'down', ...(reason && { reason }), ...(comment && { comment }) });
            setThanked(true);
          }}
          done={() => {
            setAsking(false);
            down.current?.focus({ preventScroll: true });
          }}
        />
      )}
    </>
  );
}
