import type { ThemeInput } from '../src';

/**
 * The themes the demo and the Storybook toolbar offer: the two defaults and two brands.
 * Every one keeps text and primary colours at WCAG AA contrast on its background.
 */
export const demoThemes = {
  Light: {},
  Dark: { colorScheme: 'dark' },
  Ocean: {
    colors: { primary: '#0e7490', surface: '#ecfeff', border: '#a5f3fc', muted: '#155e75' },
    fonts: { body: "Georgia, 'Times New Roman', serif" },
    radius: 12,
    chart: { palette: ['#0e7490', '#0891b2', '#f59e0b', '#be123c', '#4d7c0f', '#6d28d9'] },
  },
  Orchard: {
    colors: {
      primary: '#9d174d',
      background: '#fffbf5',
      surface: '#fef3e2',
      text: '#292524',
      muted: '#57534e',
      border: '#e7d7c1',
    },
    radius: 2,
    density: 'compact',
    chart: { palette: ['#9d174d', '#ca8a04', '#15803d', '#1d4ed8', '#7c2d12', '#6b21a8'] },
  },
} satisfies Record<string, ThemeInput>;

/** A theme name of {@link demoThemes}. */
export type DemoThemeName = keyof typeof demoThemes;

/** Locales the Storybook toolbar and the demo offer. */
export const demoLocales = {
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'ja-JP': '日本語',
} as const;
