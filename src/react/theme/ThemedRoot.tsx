import { createContext, createElement, forwardRef, useContext, type HTMLAttributes, type ReactNode } from 'react';
import { useThemeStyle } from './ThemeProvider';

const NestedContext = createContext(false);

/** Props of {@link ThemedRoot}. */
export interface ThemedRootProps extends HTMLAttributes<HTMLElement> {
  /** The element to render. Default `div`. */
  as?: 'div' | 'figure' | 'section' | 'article' | 'span';
  children?: ReactNode;
}

/**
 * The outer element of every react-embedded-analytics component. The outermost one carries `ek-root` (the
 * stylesheet's variable defaults, at zero specificity) and the provider's theme variables;
 * nested ones inherit instead of resetting them.
 */
export const ThemedRoot = forwardRef<HTMLElement, ThemedRootProps>(function ThemedRoot(
  { as = 'div', className, style, children, ...rest },
  ref,
) {
  const nested = useContext(NestedContext);
  const theme = useThemeStyle();
  const classes = [nested ? undefined : 'ek-root', className].filter(Boolean).join(' ');
  const merged = nested ? style : theme || style ? { ...theme, ...style } : undefined;
  const element = createElement(as, { ...rest, ref, className: classes, style: merged }, children);
  return nested ? element : <NestedContext.Provider value={true}>{element}</NestedContext.Provider>;
});
