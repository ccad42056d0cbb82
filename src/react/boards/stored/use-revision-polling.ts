import { useEffect } from 'react';
import { useLatest } from '../../internal/use-latest';

/** Default pause between two asks for a board's revision, in ms. */
export const DEFAULT_POLL_INTERVAL_MS = 4000;

/**
 * Calls `poll` every `intervalMs` while the page is visible (a hidden tab asks nothing, and asks
 * at once when it shows again), never two at a time: the next wait starts when one ends. Off
 * when `intervalMs` is 0, negative or not a number, or while `enabled` is false.
 */
export function useRevisionPolling(poll: () => Promise<void>, intervalMs: number, enabled: boolean): void {
  const latest = useLatest(poll);
  useEffect(() => {
    if (!enabled || !(intervalMs > 0) || typeof document === 'undefined') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const hidden = () => document.visibilityState === 'hidden';
    const run = async () => {
      timer = undefined;
      if (!live || running || hidden()) return;
      running = true;
      try {
        await latest.current();
      } catch {
        // A failed ask is asked again next time.
      } finally {
        running = false;
      }
      schedule();
    };
    const schedule = () => {
      if (live && !hidden() && timer === undefined) timer = setTimeout(() => void run(), intervalMs);
    };
    const onVisibility = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!hidden()) void run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, intervalMs, latest]);
}
