import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatFeedbackReason, ChatRating } from '../store';
import { FEEDBACK_REASONS, MAX_FEEDBACK_COMMENT, type FeedbackLabels } from './labels';
import { cleanComment } from './feedback';

/**
 * The reason picker after a thumbs down: a few preset reasons (toggle buttons) and an
 * optional comment. Opens with focus on the first reason; Escape or Skip closes it with the
 * thumbs down kept; Send gives the reason. `done` is told either way (focus goes back to the
 * thumb).
 */
export function FeedbackReasons({
  labels,
  initial,
  onSend,
  done,
}: {
  labels: FeedbackLabels;
  initial: ChatRating | undefined;
  onSend: (reason: ChatFeedbackReason | undefined, comment: string | undefined) => void;
  done: () => void;
}) {
  const [picked, setPicked] = useState<ChatFeedbackReason | undefined>(initial?.reason);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const first = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus({ preventScroll: true }), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    done();
  };
  const clean = cleanComment(comment);
  return (
    <div className="ek-feedback" role="group" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <p id={`${id}-title`} className="ek-feedback__title">
        {labels.feedbackReasonTitle}
      </p>
      <div className="ek-feedback__reasons">
        {FEEDBACK_REASONS.map((reason, i) => (
          <button
            key={reason}
            ref={i === 0 ? first : undefined}
            type="button"
            className="ek-button ek-feedback__reason"
            aria-pressed={picked === reason}
            onClick={() => setPicked(picked === reason ? undefined : reason)}
          >
            {labels.feedbackReason(reason)}
          </button>
        ))}
      </div>
      <label className="ek-feedback__comment">
        <span>{labels.feedbackComment}</span>
        <textarea
          className="ek-feedback__input"
          rows={2}
          maxLength={MAX_FEEDBACK_COMMENT}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <div className="ek-feedback__buttons">
        {/* aria-disabled, not disabled: focus is never dropped to <body>. */}
        <button
          type="button"
          className="ek-button ek-feedback__send"
          aria-disabled={(!picked && !clean) || undefined}
          onClick={() => {
            if (!picked && !clean) return;
            onSend(picked, clean);
            done();
          }}
        >
          {labels.feedbackSend}
        </button>
        <button type="button" className="ek-button" onClick={done}>
          {labels.feedbackSkip}
        </button>
      </div>
    </div>
  );
}
