/**
 * `localStorage` as a hostile, optional place: absent on the server and in some sandboxes,
 * throwing when blocked or full, holding whatever another script (or an older version) left.
 * Every access is guarded; a value that cannot be read is no value. Loaded lazily, with the
 * persistence that uses it.
 */

/** The page's `localStorage`, or null where there is none (server, blocked, sandboxed frame). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // a SecurityError on access
  }
}

/** This library's key for one kind of value of one user: `react-embedded-analytics:<kind>:<user>`. */
export const storageKey = (kind: string, user: string): string =>
  `react-embedded-analytics:${kind}:${encodeURIComponent(user)}`;

/** The JSON stored under `key`: undefined when absent, unreadable, not JSON or longer than `maxChars`. */
export function readStored(storage: Storage | null, key: string, maxChars: number): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null || raw.length > maxChars ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key` (removes it for null); a full or blocked storage is ignored. */
export function writeStored(storage: Storage | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // QuotaExceededError, SecurityError: remembering is a convenience, never a failure.
  }
}

/** Calls `onChange` when another tab changes `key` (a `storage` event); returns the unsubscribe. */
export function watchStored(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
