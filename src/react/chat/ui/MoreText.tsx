import { useContext, useState } from 'react';
import { ShowAllLabel } from './show-all-label';

/**
 * Characters per paragraph of a long plain text. Laying out one paragraph costs more than
 * its length for scripts without spaces (a Thai word in Chromium: 4,000 characters 4 ms,
 * 16,000 45 ms, 40,000 560 ms), so no paragraph is longer than this.
 */
const PART = 4_000;

/** `text` from `at`, in parts of at most {@link PART} characters, cut at a line end or a space when one is near. */
export function parts(text: string, at = 0): string[] {
  const out: string[] = [];
  while (at < text.length) {
    let end = Math.min(text.length, at + PART);
    if (end < text.length) {
      // Searched in the part's second half only: a text without breaks is not rescanned.
      const half = text.slice(at + PART / 2, end);
      const line = half.lastIndexOf('\n');
      const space = line < 0 ? half.lastIndexOf(' ') : line;
      if (space >= 0) end = at + PART / 2 + space + 1;
      else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/**
 * Plain pre-wrapped text (from `at`). Past {@link PART} characters, in paragraphs that lay
 * out only near the viewport (`content-visibility: auto`): megabytes of text are one short task.
 */
export function PlainText({ text, className, at = 0 }: { text: string; className: string; at?: number }) {
  const all = parts(text, at);
  return all.length > 1 ? (
    <div className={className}>
      {all.map((part, i) => (
        <p key={i} className="ek-more__part">
          {part}
        </p>
      ))}
    </div>
  ) : (
    <p className={className}>{all[0]}</p>
  );
}

/**
 * The part of a long text past `at`, behind a "Show all" button, then as {@link PlainText}
 * (its paragraphs lay out near the viewport only, so showing megabytes stays one short task).
 */
export function MoreText({ text, at }: { text: string; at: number }) {
  const showAll = useContext(ShowAllLabel);
  const [open, setOpen] = useState(false);
  if (at >= text.length) return null;
  return open ? (
    <PlainText text={text} at={at} className="ek-more__text" />
  ) : (
    <button type="button" className="ek-button ek-more" onClick={() => setOpen(true)}>
      {showAll(text.length - at)}
    </button>
  );
}

/** A text's first `limit` characters (or so, see `cutAt`) as {@link PlainText}, the rest behind "Show all". */
export function LongText({ text, limit, className }: { text: string; limit: number; className: string }) {
  const at = cutAt(text, limit);
  return (
    <>
      <PlainText text={text.slice(0, at)} className={className} />
      <MoreText text={text} at={at} />
    </>
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
