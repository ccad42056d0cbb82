import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SuggestProps } from '../suggest/Suggestions';
import { useMessageBlocks } from '../use-agent-chat';
import { focusComposer, useChatUI } from './context';
import { ErrorNotice } from './ErrorNotice';
import { MessageRow } from './MessageRow';

/**
 * The suggestions: the empty chat's questions from a data model or a function, and the
 * follow-ups (loaded with the first question, long before its answer ends). A chunk that
 * cannot load shows nothing rather than failing the conversation.
 */
export const Suggest = lazy<(props: SuggestProps) => ReactNode>(() =>
  import('../suggest/Suggestions').then(
    (module) => ({ default: module.Suggest }),
    () => ({ default: (_: SuggestProps) => null }),
  ),
);

/** Within this many pixels of the bottom counts as "at the bottom". */
const NEAR_BOTTOM = 24;

/** Whether the view is at (or within {@link NEAR_BOTTOM} of) the end of the content. */
const atBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM;

/** A block of rows: re-renders only when its own ids change. */
const MessageBlock = memo(function MessageBlock({ ids }: { ids: readonly string[] }) {
  return (
    <div className="ek-list__block">
      {ids.map((id) => (
        <MessageRow key={id} id={id} />
      ))}
    </div>
  );
});

/**
 * The thread as a log: rows subscribe to their own message, the list only to the ids, and
 * rows are grouped in blocks so that a long thread costs no more per message than a short one.
 *
 * Follows the conversation: while attached to the bottom it follows any growth of the
 * content (streamed text, a chart drawing), watched by a size observer on the content. The
 * user moving up detaches it (growth never does, as it leaves `scrollTop` where it was), and
 * so does a click in the list between turns (what it opens grows below where the user reads);
 * sending re-attaches and brings the question into view. A "jump
 * to latest" button shows whenever the bottom is out of view. A failed turn's error shows
 * inline under the question, with Retry.
 */
export function MessageList({ empty, label }: { empty?: ReactNode; label?: string }) {
  const ui = useChatUI();
  const { store, messages } = ui;
  const blocks = useMessageBlocks(store);
  const pending = useStore(store, (s) => s.pending ?? s.unsent);
  const failed = useStore(store, (s) => s.unsent !== null && s.status === 'error');
  const busy = useStore(store, (s) => s.status === 'submitting' || s.status === 'streaming');
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const lastTop = useRef(0);
  const [away, setAway] = useState(false);

  useEffect(() => {
    const element = scroller.current!;
    const follow = () => {
      // The scroll event this causes records where the view now is (`onScroll`).
      if (stick.current) element.scrollTop = element.scrollHeight;
      setAway(!atBottom(element));
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(content.current!);
    observer?.observe(element);
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    // Growth is the size observer's job; the store only says when a question was sent.
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.pending && state.pending !== previous.pending) {
        stick.current = true; // re-attach, so the user's own message comes into view
        later();
      }
    });
    follow();
    return () => {
      observer?.disconnect();
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [store]);

  const onScroll = () => {
    const element = scroller.current!;
    const top = element.scrollTop;
    const near = atBottom(element);
    // Only the user moves the view up; content growing below leaves scrollTop alone.
    if (near) stick.current = true;
    else if (top < lastTop.current - 1) stick.current = false;
    lastTop.current = top;
    setAway(!near);
  };

  const jump = () => {
    const element = scroller.current!;
    stick.current = true;
    // As in `follow`: the scroll event records the rest (where the view is, the button).
    element.scrollTop = element.scrollHeight;
    focusComposer(ui);
  };

  const nothing = blocks.length === 0 && !pending;
  const name = label ?? messages.logLabel;
  return (
    <div className="ek-list-frame">
      <div
        className="ek-list"
        ref={scroller}
        onScroll={onScroll}
        // What the user opens ("Show all", a disclosure, another view) grows below where they
        // are reading: the view stays put. (Capture: a question sent by the click re-attaches.)
        onClickCapture={() => (stick.current &&= busy)}
        tabIndex={0}
        role="region"
        aria-label={name}
      >
        <div ref={content}>
          {nothing ? (
            empty
          ) : (
            <div role="log" aria-live="off" aria-busy={busy} aria-label={name}>
              <div className="ek-list__items" role="list">
                {blocks.map((block, i) => (
                  <MessageBlock key={i} ids={block} />
                ))}
                {pending && (
                  <div className="ek-row" role="listitem">
                    <div
                      className={`ek-message ek-message--user ${failed ? 'ek-message--failed' : 'ek-message--pending'}`}
                    >
                      <div className="ek-message__bubble">
                        <p className="ek-message__text">{pending.content}</p>
                      </div>
                    </div>
                  </div>
                )}
              </div>
              <ErrorNotice />
            </div>
          )}
          {/* Questions to ask next, under the latest answer (they hide while a turn runs). */}
          {!nothing && ui.followUps !== false && (
            <Suspense fallback={null}>
              <Suggest part="next" ui={ui} />
            </Suspense>
          )}
        </div>
      </div>
      {away && !nothing && (
        <button type="button" className="ek-button ek-list__jump" onClick={jump}>
          {messages.jumpToLatest}
        </button>
      )}
    </div>
  );
}
