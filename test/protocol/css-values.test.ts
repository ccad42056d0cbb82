import { describe, expect, it } from 'vitest';
import { EmbedThemeSchema, isCssColor, isFontFamily } from '../../src/protocol';

/** Values that must never become a colour or a font: they load, run or break out of a declaration. */
const HOSTILE = [
  'url(http://evil.test/x.svg#p)',
  'url(//evil.test/x)',
  'URL(x.png)',
  'image-set("x.png" 1x)',
  'expression(alert(1))',
  'red; background: url(//evil.test/x)',
  'red} body { background: red',
  'var(--x)',
  'rgb(var(--x))',
  'rgb(1 2 3) url(x)',
  '#fff url(x)',
  '"Inter"; src: url(x)',
  'red !important',
  'attr(data-x)',
  'env(safe-area-inset-top)',
  '\\75 rl(x)',
  '',
  'a'.repeat(400),
];

describe('isCssColor', () => {
  it('accepts colour values: hex, colour functions, names', () => {
    for (const color of [
      '#fff',
      '#ffff',
      '#0e7490',
      '#0e749080',
      'rgb(1, 2, 3)',
      'rgba(1,2,3,.5)',
      'rgb(1 2 3 / 50%)',
      'hsl(210deg 40% 50%)',
      'oklch(70% 0.1 200)',
      'lab(50% 20 -30)',
      'color(display-p3 1 0 0)',
      'transparent',
      'currentColor',
      'rebeccapurple',
      ' teal ',
    ])
      expect(isCssColor(color), color).toBe(true);
  });

  it('refuses url(), var(), declarations and anything else', () => {
    for (const value of [...HOSTILE, 5, null, {}, ['red']]) expect(isCssColor(value), String(value)).toBe(false);
  });
});

describe('isFontFamily', () => {
  it('accepts family lists of bare and quoted names', () => {
    for (const font of [
      'Inter',
      "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      '"SF Mono", monospace',
      'Georgia',
    ])
      expect(isFontFamily(font), font).toBe(true);
  });

  it('refuses url(), declarations, unbalanced quotes and anything else', () => {
    for (const value of [...HOSTILE, '"Inter', "'a\" b'", 'a,', 7, null])
      expect(isFontFamily(value), String(value)).toBe(false);
  });
});

describe('EmbedThemeSchema', () => {
  it('refuses a theme (Generate Session embedTheme, set-theme) whose colours or font are not colours and fonts', () => {
    expect(
      EmbedThemeSchema.is({ primaryColor: '#0e7490', font: 'Inter', analyticsChat: { backgroundColor: '#fff' } }),
    ).toBe(true);
    expect(EmbedThemeSchema.is({ primaryColor: 'url(//evil.test/x)' })).toBe(false);
    expect(EmbedThemeSchema.is({ analyticsChat: { chatInput: { borderColor: 'red;x:y' } } })).toBe(false);
    expect(EmbedThemeSchema.is({ font: 'x; src: url(//evil.test/f.woff)' })).toBe(false);
  });
});
