import { useState } from 'react';
import type { ChatMessage } from '../../../protocol';
import type { ChatUIContextValue } from './context';
import { CopyButton } from './CopyButton';

/** A 16 px stroked icon of one path (the chat's and the thread list's small buttons). */
export const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
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
 * thumbs up/down when the host listens (`onFeedback`).
 */
export function MessageActions({ message, ui }: { message: ChatMessage; ui: ChatUIContextValue }) {
  const { store, messages, onFeedback } = ui;
  const [rating, setRating] = useState<'up' | 'down' | null>(null);
  if (message.isInProcess || !message.content) return null;
  return (
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
              type="button"
              className="ek-icon-button"
              aria-label={messages[label]}
              title={messages[label]}
              aria-pressed={rating === value}
              onClick={() => {
                setRating(value);
                onFeedback({ message, rating: value });
              }}
            >
              <Icon d={d} />
            </button>
          ))}
          {rating && (
            <span className="ek-actions__note" role="status">
              {messages.feedbackThanks}
            </span>
          )}
        </>
      )}
    </div>
  );
}
