// Theme values become CSS (custom properties, Vega's config, the embed's own styles). An
// allow-list of syntax, not a deny-list of tricks: no value can hold url(), image-set(),
// expression(), a `;`, braces or quotes that end a declaration.

// Hex; a colour function whose arguments are numbers, units, `none` or a colour space (no
// nested function, so no url() and no var()); or a bare word (a named colour, transparent,
// currentColor).
const COLOR = /^(?:#[\da-f]{3,8}|(?:rgba?|hsla?|hwb|(?:ok)?l(?:ab|ch)|color)\([\w\s.,%+\-/]*\)|[a-z]+)$/i;

// One family: a quoted name without quotes, escapes or punctuation that could end it, or
// bare identifiers (`Segoe UI`, `-apple-system`, `ui-monospace`).
const FAMILY = /^\s*(["']?)[\w -]+\1\s*$/;

/** A CSS colour value of the allowed syntax (at most 100 characters). */
export const isCssColor = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 100 && COLOR.test(value.trim());

/** A CSS `font-family` list of quoted or bare family names (at most 300 characters). */
export const isFontFamily = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 300 && value.split(',').every((family) => FAMILY.test(family));

/** The largest corner radius a theme may set, in pixels. */
export const MAX_RADIUS_PX = 100;

/**
 * A corner radius in pixels from a number of pixels or a CSS length (`8px`, `0.5rem`, `1em`
 * at 16 px, `0`), within 0-{@link MAX_RADIUS_PX} px; undefined for anything else (a `url()`,
 * a `;`, `calc()`, a negative, `NaN`, `1e9`).
 */
export function toRadiusPx(value: unknown): number | undefined {
  const text = typeof value === 'number' ? `${value}px` : typeof value === 'string' ? value.trim() : '';
  const length = /^(\d{1,4}(?:\.\d{1,4})?)(px|r?em)?$/.exec(text);
  // A bare number is CSS only for 0; NaN (no match) fails the range check.
  const px = length && (length[2] || length[1] === '0') ? +length[1]! * (length[2] === 'px' ? 1 : 16) : NaN;
  return px <= MAX_RADIUS_PX ? px : undefined;
}
