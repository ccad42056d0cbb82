import { describe, expect, it } from 'vitest';
import { createTheme, mixColor } from '../../../src/react/theme/theme';
import { contrastRatio, ensureContrast, readableOn } from '../../../src/react/theme/contrast';

/** Brand colours from across the spectrum, light and dark, including the amber and indigo. */
const BRANDS = [
  '#f59e0b', // amber: white on it is 2.15:1
  '#4f46e5', // indigo: dark text on it is 2.84:1
  '#ffd400',
  '#00a3e0',
  '#e60023',
  '#1db954',
  '#ff6900',
  '#7c3aed',
  '#0f766e',
  '#111827',
  '#f9fafb',
  '#ec4899',
  '#84cc16',
  '#64748b',
  '#808080',
  '#a5b4fc',
  '#fda29b',
];

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#f59e0b')).toBeCloseTo(2.15, 2);
    expect(contrastRatio('#fff', 'rgb(255, 255, 255)')).toBe(1);
    expect(contrastRatio('var(--brand)', '#fff')).toBeNull();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`gives every brand primary a foreground of at least 4.5:1 (${colorScheme})`, () => {
      for (const primary of BRANDS) {
        const { colors } = createTheme({ colorScheme, colors: { primary, danger: primary } });
        expect(contrastRatio(colors.onPrimary, primary), primary).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colors.onDanger, primary), primary).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('prefers the theme’s own colours when they are readable', () => {
    expect(createTheme({ colors: { primary: '#4f46e5' } }).colors.onPrimary).toBe('#ffffff');
    expect(createTheme({ colors: { primary: '#f59e0b' } }).colors.onPrimary).toBe('#0f172a');
    expect(createTheme({ colorScheme: 'dark', colors: { primary: '#4f46e5' } }).colors.onPrimary).toBe('#f1f5f9');
  });

  it('keeps a foreground the host set, readable or not', () => {
    const { colors } = createTheme({ colors: { primary: '#f59e0b', onPrimary: '#ffffff' } });
    expect(colors.onPrimary).toBe('#ffffff');
  });

  it('leaves colours it cannot read to the host', () => {
    expect(readableOn('var(--brand)', ['#123456'])).toBe('#123456');
  });

  it('moves primary text towards 4.5:1 on the background', () => {
    for (const primary of BRANDS)
      for (const background of ['#ffffff', '#0f172a'])
        expect(contrastRatio(ensureContrast(primary, background), background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('mixColor', () => {
  it('mixes two readable colours by t, and gives the second for one it cannot read', () => {
    expect(mixColor('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColor('#fff', '#4f46e5', 0)).toBe('#ffffff');
    expect(mixColor('#ffffff', 'rgb(79, 70, 229)', 1)).toBe('#4f46e5');
    expect(mixColor('var(--brand)', '#4f46e5', 0.2)).toBe('#4f46e5');
    expect(mixColor('#ffffff', 'rebeccapurple', 0.2)).toBe('rebeccapurple');
  });
});
