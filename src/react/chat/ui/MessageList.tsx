import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useMessageIds } from '../use-agent-chat';
import { useChatUI } from './context';
import { MessageRow } from './MessageRow';

const NEAR_BOTTOM = 48;

/**
 * The thread as a log: rows subscribe to their own message, the list only to the ids.
 * Sticks to the bottom while content streams, unless the user has scrolled up (then a
 * "jump to latest" button appears). `aria-busy` while a turn streams; tokens are not read
 * out (see the status announcer).
 */
export function MessageList({ empty, label = 'Conversation' }: { empty?: ReactNode; label?: string }) {
  const { store } = useChatUI();
  const ids = useMessageIds(store);
  const pending = useStore(store, (s) => s.pending);
  const busy = useStore(store, (s) => s.status === 'submitting' || s.status === 'streaming');
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [away, setAway] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const toBottom = () => {
      if (stick.current) element.scrollTop = element.scrollHeight;
    };
    // Content grows between renders too (charts, streamed text): follow size changes.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(toBottom);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.thread !== previous.thread || state.pending !== previous.pending) requestAnimationFrame(toBottom);
    });
    return () => {
      observer?.disconnect();
      unsubscribe();
    };
  }, [store]);

  const onScroll = () => {
    const element = scroller.current!;
    const near = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    stick.current = near;
    setAway(!near);
  };

  const nothing = ids.length === 0 && !pending;
  return (
    <div className="ek-list" ref={scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={label}>
      {nothing ? (
        empty
      ) : (
        <div role="log" aria-live="off" aria-busy={busy} aria-label={label}>
          <ol className="ek-list__items">
            {ids.map((id) => (
              <MessageRow key={id} id={id} />
            ))}
            {pending && (
              <li className="ek-row">
                <div className="ek-message ek-message--user ek-message--pending">
                  <div className="ek-message__bubble">
                    <p className="ek-message__text">{pending.content}</p>
                  </div>
                </div>
              </li>
            )}
          </ol>
        </div>
      )}
      {away && busy && (
        <button
          type="button"
          className="ek-button ek-list__jump"
          onClick={() => {
            stick.current = true;
            setAway(false);
            scroller.current!.scrollTop = scroller.current!.scrollHeight;
          }}
        >
          Jump to latest
        </button>
      )}
    </div>
  );
}
