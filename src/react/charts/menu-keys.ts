// The keys of a menu (the result toolbar's menus and the native widgets' drill menu): which
// item a key moves focus to, as the WAI-ARIA menu pattern has it.

/**
 * The index of the item `key` moves focus to from `at` (the focused item's index, -1 for
 * none): arrows wrap, Home and End, a printable letter jumps to the next item starting with
 * it; `undefined` for a key that moves nothing (Escape and Tab are the menu's own).
 */
export function menuKeyTarget(key: string, items: readonly HTMLElement[], at: number): number | undefined {
  const count = items.length;
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key.length !== 1 || !/\S/.test(key)) return undefined;
  const letter = key.toLowerCase();
  for (let step = 1; step <= count; step++) {
    const candidate = (at + step) % count;
    if (items[candidate]!.textContent?.trim().toLowerCase().startsWith(letter)) return candidate;
  }
  return undefined;
}
