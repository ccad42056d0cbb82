import { useCallback, useEffect, useRef, useState } from 'react';

/** An announcement waits this long for the next: rapid changes are told once, as they end. */
export const ANNOUNCE_DELAY_MS = 700;

/**
 * The explorer's one live region: `announce(text)` says `text` once things settle (a change
 * followed by another within {@link ANNOUNCE_DELAY_MS} is told as the last one only), and the
 * same words twice in a row are still said (they differ by a trailing no-break space).
 */
export function useAnnouncer(): { announcement: string; announce: (text: string) => void } {
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useCallback((text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text)),
      ANNOUNCE_DELAY_MS,
    );
  }, []);
  return { announcement, announce };
}
