import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { defaultChatMessages, type ChatMessages } from './messages';
import { LongText } from './MoreText';

/** Characters of reasoning shown before "Show all". */
const THINKING_LIMIT = 20_000;

/**
 * The agent's reasoning, streamed live: open while it is being written, collapsed to
 * "Thought for N s" once the answer starts, unless the user opened or closed it by hand.
 * Beyond 20,000 characters, the rest is behind "Show all".
 */
export function ThinkingPanel({
  text,
  active,
  messages = defaultChatMessages,
}: {
  text: string;
  active: boolean;
  messages?: ChatMessages;
}) {
  // Only the user's own clicks set this; the `open` attribute's toggle events do not.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const started = useRef<number | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (active) started.current ??= Date.now();
    else if (started.current !== null) setSeconds(Math.max(1, Math.round((Date.now() - started.current) / 1000)));
  }, [active]);
  const open = chosen ?? active;
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    setChosen(!open);
  };
  return (
    <details className="ek-thinking ek-disclosure" open={open}>
      <summary onClick={onClick}>
        {active ? messages.thinkingNow : seconds !== null ? messages.thoughtFor(seconds) : messages.reasoning}
      </summary>
      <LongText text={text} limit={THINKING_LIMIT} className="ek-thinking__text" />
    </details>
  );
}
