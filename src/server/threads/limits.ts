// The bounds of the conversation store and API, one options object for both.

/** Bounds of conversation lists; each has a default ({@link DEFAULT_THREAD_LIMITS}). */
export interface ThreadLimits {
  /**
   * Most conversations kept per user: past it, the least recently asked go first (as the
   * chat's own list in the browser keeps). Default 200.
   */
  threadsPerUser?: number;
  /** Most conversations on a list's page (`?limit=`; the whole list, 200, when it names none). Default 200. */
  pageSize?: number;
  /** Largest request body, in bytes (a title and two times). Default 4 KiB. */
  bodyBytes?: number;
}

/** The default {@link ThreadLimits}. */
export const DEFAULT_THREAD_LIMITS: Readonly<Required<ThreadLimits>> = {
  threadsPerUser: 200,
  pageSize: 200,
  bodyBytes: 4 * 1024,
};

/** `limits` with the defaults filled in (a value under 1 or not a number takes its default; fractions are cut). */
export function threadLimits(limits: ThreadLimits = {}): Required<ThreadLimits> {
  const pick = (name: keyof ThreadLimits) => {
    const value = limits[name];
    return typeof value === 'number' && value >= 1 ? Math.floor(value) : DEFAULT_THREAD_LIMITS[name];
  };
  return { threadsPerUser: pick('threadsPerUser'), pageSize: pick('pageSize'), bodyBytes: pick('bodyBytes') };
}
