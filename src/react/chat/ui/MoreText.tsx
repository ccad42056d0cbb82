import { memo, useContext, useEffect, useMemo, useState } from 'react';
import { ChatUIContext } from './context';
import { defaultChatMessages } from './messages';

/** Characters per part of a long text: each part is laid out only when it nears the viewport. */
const PART = 16_000;
/** Parts added per task once "Show all" is pressed (about 250,000 characters). */
const BATCH = 16;

const Part = memo(function Part({ text }: { text: string }) {
  return <p className="ek-more__part">{text}</p>;
});

/** `text` from `at`, cut into parts at line ends (or anywhere, but never inside a surrogate pair). */
function parts(text: string, at: number): string[] {
  const out: string[] = [];
  while (at < text.length) {
    let end = Math.min(text.length, at + PART);
    if (end < text.length) {
      // Searched in the part's second half only: a text without line ends is not rescanned.
      const half = at + PART / 2;
      const line = text.slice(half, end).lastIndexOf('\n');
      if (line >= 0) end = half + line + 1;
      else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/**
 * The part of a long text past `at`, behind a "Show all" button, then as plain pre-wrapped
 * text in parts that lay out only near the viewport (`content-visibility: auto`), added a
 * batch per task: showing megabytes of text never blocks the page for long.
 */
export function MoreText({ text, at }: { text: string; at: number }) {
  const messages = useContext(ChatUIContext)?.messages ?? defaultChatMessages;
  const [shown, setShown] = useState(0);
  const all = useMemo(() => (shown > 0 ? parts(text, at) : []), [shown > 0, text, at]);
  useEffect(() => {
    if (shown === 0 || shown >= all.length) return;
    const timer = setTimeout(() => setShown(shown + BATCH), 0);
    return () => clearTimeout(timer);
  }, [shown, all.length]);
  if (at >= text.length) return null;
  if (shown === 0) {
    return (
      <button type="button" className="ek-button ek-more" onClick={() => setShown(BATCH)}>
        {messages.showAll(text.length - at)}
      </button>
    );
  }
  return (
    <div className="ek-more__text">
      {all.slice(0, shown).map((part, i) => (
        <Part key={i} text={part} />
      ))}
    </div>
  );
}

/** Where to cut a long text near `limit`: after a blank line (else a line end) before it. */
export function cutAt(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  const block = text.lastIndexOf('\n\n', limit);
  if (block > limit / 2) return block + 2;
  const line = text.lastIndexOf('\n', limit);
  if (line > limit / 2) return line + 1;
  return /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
}
