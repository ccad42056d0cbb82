import { isCssColor, isFontFamily, toRadiusPx, type EmbedTheme } from '../../protocol';
import { ensureContrast, parseColor, readableOn, toHex } from './contrast';

/** Colours of a theme. */
export interface ThemeColors {
  primary: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
  /** Text on `primary` (the user's bubble, primary buttons). Computed to reach 4.5:1 unless set. */
  onPrimary: string;
  /** Text on `danger`. Computed to reach 4.5:1 unless set. */
  onDanger: string;
}

/** One typed theme for every part of the library: CSS variables, charts and iframes. */
export interface Theme {
  colorScheme: 'light' | 'dark';
  colors: ThemeColors;
  fonts: { body: string; mono: string };
  /** Corner radius in pixels (0-100). */
  radius: number;
  density: 'compact' | 'comfortable' | 'spacious';
  /** Chart colours: the category palette, first colour first. */
  chart: { palette: string[] };
  /** BCP 47 locale for numbers and dates in charts and tables. Default: `en-US`. */
  locale?: string;
}

/** Partial overrides; `colorScheme: 'system'` follows the user's preference. */
export interface ThemeInput {
  colorScheme?: 'light' | 'dark' | 'system';
  colors?: Partial<ThemeColors>;
  fonts?: Partial<Theme['fonts']>;
  /** Corner radius: pixels (0-100), or a CSS length (`8px`, `0.5rem`, `0`). */
  radius?: number | string;
  density?: Theme['density'];
  chart?: Partial<Theme['chart']>;
  locale?: string;
}

/** Tableau-10, the palette the vendor's own examples use. */
export const DEFAULT_PALETTE: readonly string[] = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

const SYSTEM_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const MONO_FONT = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";

/** The default light theme. */
export const lightTheme: Theme = {
  colorScheme: 'light',
  colors: {
    primary: '#4f46e5',
    background: '#ffffff',
    surface: '#f8fafc',
    text: '#0f172a',
    muted: '#475569',
    border: '#e2e8f0',
    danger: '#b42318',
    onPrimary: '#ffffff',
    onDanger: '#ffffff',
  },
  fonts: { body: SYSTEM_FONT, mono: MONO_FONT },
  radius: 8,
  density: 'comfortable',
  chart: { palette: [...DEFAULT_PALETTE] },
};

/** The default dark theme. */
export const darkTheme: Theme = {
  ...lightTheme,
  colorScheme: 'dark',
  colors: {
    primary: '#a5b4fc',
    background: '#0f172a',
    surface: '#1e293b',
    text: '#f1f5f9',
    muted: '#cbd5e1',
    border: '#334155',
    danger: '#fda29b',
    onPrimary: '#0f172a',
    onDanger: '#0f172a',
  },
};

/** Whether `value` is a well-formed BCP 47 tag (`Intl` would throw a `RangeError` on render otherwise). */
function isLocale(value: unknown): boolean {
  try {
    return typeof value === 'string' && Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** The values of `input` that pass `ok`; the others are named in `dropped`. */
function valid<T extends object>(input: T | undefined, ok: (value: unknown) => boolean, dropped: string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input ?? {}))
    if (ok(value)) out[key] = value;
    else if (value !== undefined) dropped.push(`${key}: ${JSON.stringify(value)}`);
  return out as Partial<T>;
}

/**
 * A complete theme from partial overrides, over the light or dark defaults. With
 * `colorScheme: 'system'`, `prefersDark` picks the base (the provider passes the media query).
 * Every value is host configuration, checked rather than trusted: a colour must be a
 * colour value (hex, `rgb()`, `hsl()`, `oklch()`…, a name), a font a `font-family` list, the
 * radius 0-100 px (a number, or a length such as `8px`, `0.5rem`), the density one of its
 * three names, the locale a well-formed BCP 47 tag (`de-CH`). Any other value (a `url(…)`, a `;`, braces, `1e9`)
 * is left out, the default used, and named in `dropped`.
 */
export function createTheme(input: ThemeInput = {}, prefersDark = false, dropped: string[] = []): Theme {
  const dark = input.colorScheme === 'dark' || (input.colorScheme === 'system' && prefersDark);
  const base = dark ? darkTheme : lightTheme;
  const given = valid(input.colors, isCssColor, dropped);
  const colors = { ...base.colors, ...given };
  // Foregrounds follow their surface unless the host set them: readable on any brand colour.
  const on = (surface: string) => readableOn(surface, [colors.background, colors.text]);
  if (!given.onPrimary) colors.onPrimary = on(colors.primary);
  if (!given.onDanger) colors.onDanger = on(colors.danger);
  const palette = Object.values(valid(input.chart?.palette, isCssColor, dropped)) as string[];
  const { radius } = valid({ radius: input.radius }, (value) => toRadiusPx(value) !== undefined, dropped);
  const { density } = valid({ density: input.density }, (value) => Object.hasOwn(SPACING, value as string), dropped);
  const { locale } = valid({ locale: input.locale }, isLocale, dropped);
  return {
    colorScheme: base.colorScheme,
    colors,
    fonts: { ...base.fonts, ...valid(input.fonts, isFontFamily, dropped) },
    radius: toRadiusPx(radius) ?? base.radius,
    density: (density as Theme['density'] | undefined) ?? base.density,
    chart: { palette: palette.length ? palette : [...base.chart.palette] },
    ...(locale ? { locale } : {}),
  };
}

const SPACING = { compact: 4, comfortable: 8, spacious: 12 } as const;

/** The theme as `--ek-*` CSS custom properties, for the library's root elements. */
export function themeToCssVariables(theme: Theme): Record<`--ek-${string}`, string> {
  const { colors } = theme;
  return {
    '--ek-color-primary': colors.primary,
    '--ek-color-background': colors.background,
    '--ek-color-surface': colors.surface,
    '--ek-color-text': colors.text,
    '--ek-color-muted': colors.muted,
    '--ek-color-border': colors.border,
    '--ek-color-danger': colors.danger,
    '--ek-color-on-primary': colors.onPrimary,
    '--ek-color-on-danger': colors.onDanger,
    // Primary as text (links, accents) on the background, darkened or lightened to 4.5:1.
    '--ek-color-primary-text': ensureContrast(colors.primary, colors.background),
    '--ek-font-body': theme.fonts.body,
    '--ek-font-mono': theme.fonts.mono,
    '--ek-radius': `${theme.radius}px`,
    '--ek-space': `${SPACING[theme.density]}px`,
    '--ek-color-scheme': theme.colorScheme,
  };
}

/** `a` mixed with `b` by `t` (0-1), for colours {@link parseColor} reads; other colours give `b`. */
export function mixColor(a: string, b: string, t: number): string {
  const x = parseColor(a);
  const y = parseColor(b);
  return x && y ? toHex(x.map((v, i) => v + (y[i]! - v) * t)) : b;
}

/** The Vega config every chart gets: palette, fonts, axes, legends, titles, grid and background. */
export function themeToVegaConfig(theme: Theme): Record<string, unknown> {
  const { colors, fonts } = theme;
  const font = fonts.body;
  return {
    background: colors.background,
    font,
    // Lets axes and tooltips use the `ekFormat` expression function (column formats).
    customFormatTypes: true,
    padding: 8,
    view: { stroke: 'transparent' },
    range: {
      category: theme.chart.palette,
      // Sequential (heatmaps, ramps) and diverging schemes derive from the theme.
      heatmap: [mixColor(colors.background, colors.primary, 0.08), colors.primary],
      ramp: [mixColor(colors.background, colors.primary, 0.15), colors.primary],
      diverging: [colors.danger, mixColor(colors.background, colors.muted, 0.15), colors.primary],
    },
    // A single series is drawn in the UI's primary colour; series take the palette.
    mark: { color: colors.primary },
    title: { color: colors.text, font, fontSize: 14, fontWeight: 600, anchor: 'start' },
    axis: {
      labelColor: colors.muted,
      titleColor: colors.text,
      labelFont: font,
      titleFont: font,
      domainColor: colors.border,
      tickColor: colors.border,
      gridColor: colors.border,
      gridOpacity: 0.8,
      labelFontSize: 11,
      // Colliding labels are thinned out, long ones cut with an ellipsis.
      labelOverlap: true,
      labelLimit: 160,
      titleFontSize: 12,
      titleFontWeight: 500,
    },
    legend: { labelColor: colors.muted, titleColor: colors.text, labelFont: font, titleFont: font },
    header: { labelColor: colors.muted, titleColor: colors.text, labelFont: font, titleFont: font },
  };
}

/** The embed theme sent to iframes (Generate Session `embedTheme`, `cube:action:set-theme`). */
export function themeToEmbedTheme(theme: Theme): EmbedTheme {
  return {
    font: theme.fonts.body,
    primaryColor: theme.colors.primary,
    analyticsChat: {
      backgroundColor: theme.colors.background,
      chatInput: { backgroundColor: theme.colors.surface, borderColor: theme.colors.border },
    },
  };
}
