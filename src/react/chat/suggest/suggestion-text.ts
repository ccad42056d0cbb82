/** The longest member title a built question uses (a 10,000-character title is cut here). */
export const MAX_TITLE = 60;
/** The longest question a suggestion shows and sends (the host's and the data model's alike). */
export const MAX_SUGGESTION = 300;
/** The most starter questions shown (a host's list is cut here too). */
export const MAX_SUGGESTIONS = 8;

// Control, format and direction characters (a title that reverses the text after it), and
// lone surrogates: removed, so what shows is what is sent.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * One line of plain text of at most `max` characters (cut at a whole character, "…" added),
 * or '' for anything that is not a string. Markup stays text: it is drawn as text.
 */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // Only the start can show: a huge string is not scanned whole.
  const head = value.length > max * 4 ? value.slice(0, max * 4) : value;
  const text = head.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > max || head !== value
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** A question as compared with others: case, punctuation and spacing do not count. */
export const sameQuestion = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * A list of questions from a host or a data model: strings only, cleaned and capped, no
 * empty ones, no repeats (nor any of `asked`), at most `limit`. Undefined when `value` is
 * not an array (the caller keeps its defaults).
 */
export function questionList(value: unknown, limit: number, asked: readonly string[] = []): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const seen = new Set(asked.map(sameQuestion));
  const list: string[] = [];
  for (const item of value.slice(0, 100)) {
    const text = cleanText(item, MAX_SUGGESTION);
    const key = sameQuestion(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    list.push(text);
    if (list.length === limit) break;
  }
  return list;
}
