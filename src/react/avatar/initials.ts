const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

/** Upper case, unless that would turn one letter into two (ᾀ → ἈΙ). */
function upper(grapheme: string): string {
  const up = grapheme.toLocaleUpperCase();
  return graphemes(up).length === 1 ? up : grapheme;
}

const WORDISH = /[\p{L}\p{N}]/u;

/**
 * Up to two initials from a display name, by grapheme (so "Émile Zola" gives "ÉZ", an
 * accented or combined letter is never split, and emoji words are skipped). Two or more
 * words give the first letters of the first and last; one word gives its first two.
 * Returns '' when the name has no letters or digits.
 */
export function initialsOf(name: string | undefined | null): string {
  if (!name) return '';
  // Grapheme segmentation costs ~30 µs a name and every chat row asks again for the same
  // two names: remember the answers (a bounded cache; names are few).
  let cached = known.get(name);
  if (cached === undefined) {
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(name, (cached = computeInitials(name)));
  }
  return cached;
}

const KNOWN_LIMIT = 512;
const known = new Map<string, string>();

function computeInitials(name: string): string {
  // An email's domain is not part of the name.
  const words = name
    .normalize('NFC')
    .replace(/@\S*$/u, '')
    .split(/[\s._-]+/u)
    .filter((word) => WORDISH.test(word));
  const first = words[0];
  if (!first) return '';
  const pick = (word: string) => graphemes(word).find((g) => WORDISH.test(g)) ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = last
    ? [pick(first), pick(last)]
    : graphemes(first)
        .filter((g) => WORDISH.test(g))
        .slice(0, 2);
  return letters.map(upper).join('');
}

/**
 * Background colours for initials avatars: each has at least 4.5:1 contrast with white
 * text (WCAG AA), so any name stays readable.
 */
export const AVATAR_COLORS: readonly string[] = [
  '#B42318',
  '#B54708',
  '#027A48',
  '#026AA2',
  '#3538CD',
  '#6941C6',
  '#C11574',
  '#475467',
];

/** A stable colour for a name (FNV-1a hash), the same on every render and every machine. */
export function colorForName(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return AVATAR_COLORS[(hash >>> 0) % AVATAR_COLORS.length]!;
}

/**
 * The picture URL if it may be loaded: absolute http(s) only (no `data:`, `javascript:`,
 * relative or protocol-relative URLs), then the host's `allow` policy if given.
 */
export function safeImageUrl(url: string | undefined | null, allow?: (url: URL) => boolean): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (allow && !allow(parsed)) return undefined;
  return parsed.href;
}
