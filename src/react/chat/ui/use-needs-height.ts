import { useState, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../../internal/use-isomorphic-layout-effect';

/**
 * Whether an element styled `height: 100%` sits in a container without a height (where the
 * percentage computes to `auto`, so it would grow with its content): its height then does not
 * change when it is measured at `height: auto`. Decided once, before the first paint.
 */
export function useNeedsHeight(ref: RefObject<HTMLElement | null>): boolean {
  const [needs, setNeeds] = useState(false);
  useIsomorphicLayoutEffect(() => {
    const element = ref.current!;
    const filled = element.offsetHeight;
    element.style.height = 'auto';
    setNeeds(element.offsetHeight === filled);
    element.style.height = '';
  }, []);
  return needs;
}
