/**
 * Untrusted text as one plain, bounded line: control and format characters (newlines, bidi
 * overrides) become spaces, runs of space collapse, and past `max` characters it is cut
 * with an ellipsis. Used by the lazy thread list and dashboard bridge alike.
 */
export function oneLine(text: string, max: number): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
