// The keys of the explorer's select (a select-only combobox, as the WAI-ARIA pattern has it):
// which option a key moves to, and which keys open, commit or close. Pure, so every key is
// tested without a browser.

/** Options a Page Up or Page Down moves by. */
const PAGE = 10;

/** What a key does to an open list: move to an option, commit the active one, close it, or nothing. */
export type SelectKey =
  { move: number } | { commit: true } | { close: true; keepFocus: boolean } | { type: string } | undefined;

/**
 * What `key` does with the list open and option `at` active (of `count`): arrows move one
 * (no wrap), Home and End to the ends, Page Up and Page Down by ten; Enter, Space (when no
 * letters are being typed) and Alt with Arrow Up commit; Escape closes and keeps focus, Tab
 * closes and lets focus go on, neither commits; a printable character types ahead.
 */
export function openSelectKey(
  event: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
  at: number,
  count: number,
  typing: boolean,
): SelectKey {
  const { key } = event;
  const last = Math.max(0, count - 1);
  if (event.altKey && key === 'ArrowUp') return { commit: true };
  switch (key) {
    case 'ArrowDown':
      return { move: Math.min(at + 1, last) };
    case 'ArrowUp':
      return { move: Math.max(at - 1, 0) };
    case 'Home':
      return { move: 0 };
    case 'End':
      return { move: last };
    case 'PageDown':
      return { move: Math.min(at + PAGE, last) };
    case 'PageUp':
      return { move: Math.max(at - PAGE, 0) };
    case 'Enter':
      return { commit: true };
    case 'Escape':
      return { close: true, keepFocus: true };
    case 'Tab':
      return { close: true, keepFocus: false };
    case ' ':
      return typing ? { type: ' ' } : { commit: true };
  }
  return printable(event) ? { type: key } : undefined;
}

/**
 * What `key` does with the list closed: the option to open it on (`current`: the chosen one,
 * else the first), or a letter to type ahead with; undefined for a key that opens nothing.
 * Nothing is committed with the list closed: an arrow only opens it.
 */
export function closedSelectKey(
  event: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
  current: number,
  count: number,
): { open: number } | { type: string } | undefined {
  const { key } = event;
  if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') return { open: current };
  if (key === 'Home') return { open: 0 };
  if (key === 'End') return { open: Math.max(0, count - 1) };
  return printable(event) ? { type: key } : undefined;
}

const printable = (event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * The option typed-ahead `text` moves to: the next one after `at` whose label starts with it
 * (a letter typed again cycles through the options starting with it), else `at` (-1: none
 * is active yet, the search starts at the first).
 */
export function typeAhead(labels: readonly string[], text: string, at: number): number {
  const wanted = text.toLowerCase();
  const repeated = wanted.length > 1 && [...wanted].every((char) => char === wanted[0]);
  const prefix = repeated ? wanted[0]! : wanted;
  // A new search starts after the active option; a longer one may stay on it.
  const start = prefix.length === 1 ? at + 1 : at;
  for (let step = 0; step < labels.length; step++) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length;
    if (labels[index]!.toLowerCase().startsWith(prefix)) return index;
  }
  return at;
}
