/** WCAG AA contrast for normal text. */
export const AA_CONTRAST = 4.5;

/** A colour as sRGB channels 0–255, or null when `color` is not `#rgb`, `#rrggbb` or `rgb()`. */
export function parseColor(color: string): [number, number, number] | null {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(value);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/** WCAG relative luminance of a colour (0 black … 1 white); null if it cannot be read. */
export function relativeLuminance(color: string): number | null {
  const rgb = parseColor(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1…21); null if either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** sRGB channels (0–255, rounded) as `#rrggbb`. */
export const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The foreground to draw text on `background` with: the first of `preferred` that reaches
 * `min` contrast, else white or black, whichever contrasts more (one of them always reaches
 * 4.5:1 except on mid-greys, where the better one is still returned). Unreadable colours
 * (CSS variables, names) give the first preference unchanged: the host is in charge there.
 */
export function readableOn(background: string, preferred: readonly string[] = [], min = AA_CONTRAST): string {
  if (relativeLuminance(background) === null) return preferred[0] ?? '#ffffff';
  for (const color of preferred) if ((contrastRatio(color, background) ?? 0) >= min) return color;
  const white = contrastRatio('#ffffff', background)!;
  const black = contrastRatio('#000000', background)!;
  return white >= black ? '#ffffff' : '#000000';
}

/**
 * `color` moved towards black or white (whichever `against` is not) until it reaches `min`
 * contrast with `against`: for coloured text (links, accents) on the page background.
 */
export function ensureContrast(color: string, against: string, min = AA_CONTRAST): string {
  const rgb = parseColor(color);
  const back = relativeLuminance(against);
  if (!rgb || back === null || (contrastRatio(color, against) ?? 0) >= min) return color;
  const target = back > 0.18 ? 0 : 255;
  for (let step = 1; step <= 20; step++) {
    const mixed = toHex(rgb.map((c) => c + ((target - c) * step) / 20));
    if ((contrastRatio(mixed, against) ?? 0) >= min) return mixed;
  }
  return toHex([target, target, target]);
}
