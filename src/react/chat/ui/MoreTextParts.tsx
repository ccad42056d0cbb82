/** Characters per part of a long text: each part is laid out only when it nears the viewport. */
const PART = 16_000;

/** `text` from `at`, cut into parts at line ends (or anywhere, but never inside a surrogate pair). */
export function parts(text: string, at: number): string[] {
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
 * The rest of a long text as plain pre-wrapped text in parts that lay out only near the
 * viewport (`content-visibility: auto`). Loaded by `MoreText` when "Show all" is pressed.
 */
export function MoreTextParts({ text, at }: { text: string; at: number }) {
  return (
    <div className="ek-more__text">
      {parts(text, at).map((part, i) => (
        <p key={i} className="ek-more__part">
          {part}
        </p>
      ))}
    </div>
  );
}
