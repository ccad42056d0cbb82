import { useContext, useState } from 'react';
import { ChatUIContext } from './context';
import { defaultChatMessages } from './messages';

/** Characters per part of a long text: each part is laid out only when it nears the viewport. */
const PART = 16_000;

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
 * text in parts that lay out only near the viewport (`content-visibility: auto`): showing
 * megabytes of text is one short task, and the page stays usable.
 */
export function MoreText({ text, at }: { text: string; at: number }) {
  const messages = useContext(ChatUIContext)?.messages ?? defaultChatMessages;
  const [open, setOpen] = useState(false);
  if (at >= text.length) return null;
  return open ? (
    <div className="ek-more__text">
      {parts(text, at).map((part, i) => (
        <p key={i} className="ek-more__part">
          {part}
        </p>
      ))}
    </div>
  ) : (
    <button type="button" className="ek-button ek-more" onClick={() => setOpen(true)}>
      {messages.showAll(text.length - at)}
    </button>
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
