import { lazy, Suspense, useContext, useState } from 'react';
import { ChatUIContext } from './context';
import { defaultChatMessages } from './messages';

/** The shown rest: loaded when "Show all" is pressed (texts this long are rare). */
const MoreTextParts = lazy(() => import('./MoreTextParts').then((module) => ({ default: module.MoreTextParts })));

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
    <Suspense fallback={null}>
      <MoreTextParts text={text} at={at} />
    </Suspense>
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
