import { useRef, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';

/**
 * A ref that always holds the latest value: callbacks from props can change identity on
 * every render without restarting effects or refetching (hosts need not wrap them in
 * useCallback). Read it only from callbacks and effects.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
