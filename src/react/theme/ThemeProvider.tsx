import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useLatest } from '../internal/use-latest';
import { createTheme, lightTheme, themeToCssVariables, type Theme, type ThemeInput } from './theme';

const ThemeContext = createContext<Theme | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;

/** Whether the user prefers a dark colour scheme, live; false on the server. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribeToScheme, prefersDark, () => false);
}

/** Props of {@link ThemeProvider}. */
export interface ThemeProviderProps {
  /** A complete theme, or overrides of the defaults. */
  theme?: Theme | ThemeInput;
  /**
   * Told which values of `theme` were refused (a colour that is not a colour value, such as
   * `url(…)`; a font that is not a family list…): they fall back to the defaults and never
   * reach CSS, charts or embeds. Always warned in the console too.
   */
  onInvalid?: (message: string) => void;
  children?: ReactNode;
}

/**
 * Sets the theme for a subtree: every react-embedded-analytics component below it takes its CSS variables,
 * chart config and embed theme from it. Renders no element of its own. Every value is checked
 * (see `createTheme`), a complete `Theme` too.
 */
export function ThemeProvider({ theme = {}, onInvalid, children }: ThemeProviderProps) {
  const dark = usePrefersDark();
  const follows = theme.colorScheme === 'system';
  const key = JSON.stringify(theme);
  const [resolved, dropped] = useMemo(() => {
    const refused: string[] = [];
    return [createTheme(theme, dark, refused), refused] as const;
    // Keyed by content: an inline object on every render re-themes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, follows && dark]);
  const report = useLatest(onInvalid);
  useEffect(() => {
    if (!dropped.length) return;
    const message = `Theme values refused: ${dropped.join(', ')}`;
    console.warn(message);
    report.current?.(message);
  }, [dropped, report]);
  return <ThemeContext.Provider value={resolved}>{children}</ThemeContext.Provider>;
}

/** The theme in effect (the light defaults without a provider). */
export function useTheme(): Theme {
  return useContext(ThemeContext) ?? lightTheme;
}

const styles = new WeakMap<Theme, CSSProperties>();

/**
 * The provider's theme as CSS variables for an outermost library element, or undefined
 * without a provider (then the stylesheet's defaults apply, and host CSS can override them).
 */
export function useThemeStyle(): CSSProperties | undefined {
  const theme = useContext(ThemeContext);
  if (!theme) return undefined;
  let style = styles.get(theme);
  if (!style) {
    style = { ...themeToCssVariables(theme), colorScheme: theme.colorScheme } as CSSProperties;
    styles.set(theme, style);
  }
  return style;
}
