import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTheme,
  darkTheme,
  lightTheme,
  ResultTable,
  themeToCssVariables,
  themeToEmbedTheme,
  themeToVegaConfig,
  ThemeProvider,
  useTheme,
  useThemeStyle,
  type Theme,
} from '../../../src';

describe('createTheme', () => {
  it('fills partial overrides from the light or dark defaults', () => {
    const theme = createTheme({ colors: { primary: '#ff0000' }, fonts: { body: 'Inter' }, radius: 4 });
    // A foreground is computed for the new primary: white on #ff0000 is 4.0:1, black 5.25:1.
    expect(theme.colors).toEqual({ ...lightTheme.colors, primary: '#ff0000', onPrimary: '#000000' });
    expect(theme.fonts).toEqual({ body: 'Inter', mono: lightTheme.fonts.mono });
    expect(theme.radius).toBe(4);
    expect(createTheme({ colorScheme: 'dark' }).colors).toEqual(darkTheme.colors);
    expect(createTheme({ colorScheme: 'system' }, true).colorScheme).toBe('dark');
    expect(createTheme({ colorScheme: 'system' }, false).colorScheme).toBe('light');
    expect(createTheme({ chart: { palette: [] } }).chart.palette).toEqual(lightTheme.chart.palette);
  });

  it('drives the Vega config and the embed theme from the same values', () => {
    const theme = createTheme({
      colors: { primary: '#123456', muted: '#777777' },
      fonts: { body: 'Inter' },
      chart: { palette: ['#111111', '#222222'] },
    });
    const config = themeToVegaConfig(theme) as {
      range: { category: string[] };
      font: string;
      axis: { labelColor: string };
      background: string;
    };
    expect(config.range.category).toEqual(['#111111', '#222222']);
    expect(config.font).toBe('Inter');
    expect(config.axis.labelColor).toBe('#777777');
    expect(config.background).toBe(theme.colors.background);
    expect(themeToEmbedTheme(theme)).toEqual({
      font: 'Inter',
      primaryColor: '#123456',
      analyticsChat: {
        backgroundColor: theme.colors.background,
        chatInput: { backgroundColor: theme.colors.surface, borderColor: theme.colors.border },
      },
    });
  });

  it('keeps the stylesheet defaults equal to the light theme (one source of truth)', () => {
    const css = readFileSync(resolve(process.cwd(), 'src/styles.css'), 'utf8');
    const block = /:where\(\.ek-root\) \{([^}]*)\}/.exec(css)![1]!;
    const declared = Object.fromEntries(
      [...block.matchAll(/(--ek-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
    );
    const expected = themeToCssVariables(lightTheme);
    for (const [name, value] of Object.entries(expected)) {
      if (name === '--ek-color-scheme') continue;
      expect(declared[name], name).toBe(value);
    }
  });
});

describe('<ThemeProvider>', () => {
  afterEach(() => vi.unstubAllGlobals());

  function Probe({ seen }: { seen: Theme[] }) {
    seen.push(useTheme());
    return null;
  }

  it('keeps the same theme object across renders with an equal inline theme', () => {
    const seen: Theme[] = [];
    const { rerender } = render(
      <ThemeProvider theme={{ colors: { primary: '#010203' } }}>
        <Probe seen={seen} />
      </ThemeProvider>,
    );
    rerender(
      <ThemeProvider theme={{ colors: { primary: '#010203' } }}>
        <Probe seen={seen} />
      </ThemeProvider>,
    );
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]!.colors.primary).toBe('#010203');
  });

  it('follows the system colour scheme when asked, live', () => {
    let dark = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark') && dark,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const seen: Theme[] = [];
    render(
      <ThemeProvider theme={{ colorScheme: 'system' }}>
        <Probe seen={seen} />
      </ThemeProvider>,
    );
    expect(seen.at(-1)!.colorScheme).toBe('dark');
    dark = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(seen.at(-1)!.colorScheme).toBe('light');
  });

  it('puts the variables on the outermost react-embedded-analytics element only; nested ones inherit', () => {
    const result = {
      sqlQuery: 'q',
      columns: [{ name: 'a', type: 'Int64', kind: 'number' as const }],
      rows: [[1]],
      totalRows: 1,
      truncated: false,
    };
    const { container } = render(
      <ThemeProvider theme={{ colors: { primary: '#abcdef' } }}>
        <ResultTable result={result} />
      </ThemeProvider>,
    );
    const root = container.querySelector('.ek-table') as HTMLElement;
    expect(root.classList.contains('ek-root')).toBe(true);
    expect(root.style.getPropertyValue('--ek-color-primary')).toBe('#abcdef');
    // Without a provider: the class only, so host CSS can override the defaults.
    const bare = render(<ResultTable result={result} />).container.querySelector('.ek-table') as HTMLElement;
    expect(bare.classList.contains('ek-root')).toBe(true);
    expect(bare.getAttribute('style')).toBeNull();
  });
});

describe('radius and density are checked like colours', () => {
  // What a host's config (JSON, a CMS, a query string) could hold: none may reach CSS.
  const HOSTILE: unknown[] = [
    'url(//evil.test/x)',
    '8px; background: url(//evil.test/x)',
    '8px}body{background:red',
    'expression(alert(1))',
    'calc(100vw)',
    'var(--x)',
    '-4px',
    '1e9px',
    '99999px',
    '7rem',
    '8',
    '',
    '8 px',
    1e9,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    { toString: () => '8px' },
  ];

  it('takes a radius in pixels or as a CSS length, within 0-100 px', () => {
    expect(createTheme({ radius: 0 }).radius).toBe(0);
    expect(createTheme({ radius: 12.5 }).radius).toBe(12.5);
    expect(createTheme({ radius: '8px' }).radius).toBe(8);
    expect(createTheme({ radius: '0.5rem' }).radius).toBe(8);
    expect(createTheme({ radius: '1em' }).radius).toBe(16);
    expect(createTheme({ radius: '0' }).radius).toBe(0);
    expect(createTheme({ radius: '100px' }).radius).toBe(100);
    expect(themeToCssVariables(createTheme({ radius: '0.25rem' }))['--ek-radius']).toBe('4px');
  });

  it.each(HOSTILE)('refuses the radius %s: the default is used and the value named', (radius) => {
    const dropped: string[] = [];
    const theme = createTheme({ radius: radius as number }, false, dropped);
    expect(theme.radius).toBe(lightTheme.radius);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(/^radius: /);
    expect(themeToCssVariables(theme)['--ek-radius']).toBe('8px');
  });

  it('takes a density from its three names only', () => {
    expect(createTheme({ density: 'compact' }).density).toBe('compact');
    for (const density of ['url(x)', 'compact;}', 'constructor', '__proto__', 'toString', 'Compact', 4]) {
      const dropped: string[] = [];
      const theme = createTheme({ density: density as Theme['density'] }, false, dropped);
      expect(theme.density).toBe('comfortable');
      expect(dropped).toEqual([`density: ${JSON.stringify(density)}`]);
      expect(themeToCssVariables(theme)['--ek-space']).toBe('8px');
    }
  });

  /** An element styled as the library's roots are, with the provider's variables. */
  function Styled() {
    return <div className="styled" style={useThemeStyle()} />;
  }

  it('ThemeProvider reports them through onInvalid, and the CSS variables hold the defaults', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onInvalid = vi.fn();
    const { container } = render(
      <ThemeProvider
        theme={{ radius: '8px;}body{background:url(//evil.test/x)', density: 'url(x)' as Theme['density'] }}
        onInvalid={onInvalid}
      >
        <Styled />
      </ThemeProvider>,
    );
    const style = (container.querySelector('.styled') as HTMLElement).getAttribute('style') ?? '';
    expect(style).not.toMatch(/url\(|evil|\}/);
    expect(style).toContain('--ek-radius: 8px');
    expect(style).toContain('--ek-space: 8px');
    expect(onInvalid).toHaveBeenCalledWith(
      expect.stringMatching(/Theme values refused: radius: .*, density: "url\(x\)"/),
    );
    warn.mockRestore();
  });
});

describe('the locale is checked like the rest of the theme (issue 26, item 7)', () => {
  const BAD = ['en_US', 'not a locale', 'x', '', 'de-CH;', 'en-US-u-nu-' + 'a'.repeat(50), 42, '__proto__'];

  it('keeps a well-formed BCP 47 tag; drops and names anything else', () => {
    expect(createTheme({ locale: 'de-CH' }).locale).toBe('de-CH');
    expect(createTheme({ locale: 'zh-Hant-TW' }).locale).toBe('zh-Hant-TW');
    for (const locale of BAD) {
      const dropped: string[] = [];
      const theme = createTheme({ locale: locale as string }, false, dropped);
      expect(theme.locale).toBeUndefined();
      expect(dropped).toEqual([`locale: ${JSON.stringify(locale)}`]);
    }
  });

  it('a bad locale is reported through onInvalid; the theme (and Intl under it) never sees it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onInvalid = vi.fn();
    const result = {
      sqlQuery: 'select 1',
      columns: [{ name: 'revenue', type: 'Double', kind: 'number' as const }],
      rows: [[1234.5]],
      totalRows: 1,
      truncated: false,
    };
    // Host code formatting with the theme's locale, as the library's own parts do.
    function HostNumber() {
      return <output>{new Intl.NumberFormat(useTheme().locale).format(1234.5)}</output>;
    }
    const { container } = render(
      <ThemeProvider theme={{ locale: 'en_US' }} onInvalid={onInvalid}>
        <ResultTable result={result} />
        <HostNumber />
      </ThemeProvider>,
    );
    expect(container.querySelector('td')).toHaveTextContent('1,234.5');
    expect(container.querySelector('output')).not.toBeEmptyDOMElement();
    expect(onInvalid).toHaveBeenCalledWith('Theme values refused: locale: "en_US"');
    warn.mockRestore();
  });
});
