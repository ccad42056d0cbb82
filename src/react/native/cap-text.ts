// Text from the data API capped where it is drawn: laying out a 2 MB value or title blocks
// the page, and a widget's box has room for a line. The whole text stays in a title attribute.

/** `text` cut to `max` characters, ending in "…" when cut (never inside a surrogate pair). */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * What the data client says it left out of an answer: `dropped`, rows past the query's
 * limit; `missing`, values that were not what their column says (made null), over every
 * column. Read defensively: a count only when it is one.
 */
export function answerNotes(result: object | undefined): { dropped: number; missing: number } {
  const { dropped, missing } = (result ?? {}) as { dropped?: unknown; missing?: unknown };
  let missed = 0;
  for (const n of Object.values(missing ?? {})) missed += count(n);
  return { dropped: count(dropped), missing: missed };
}

const count = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);
