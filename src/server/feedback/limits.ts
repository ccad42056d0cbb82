// The bounds of the feedback store and API, one options object for both.

/** Bounds of feedback; each has a default ({@link DEFAULT_FEEDBACK_LIMITS}). */
export interface FeedbackLimits {
  /**
   * Most answers one user rates (a rating changed again does not count twice); one more is a
   * `limit` error (403). Default 10,000.
   */
  ratingsPerUser?: number;
  /** Most ratings on a list's page (`?limit=`; the whole page, 200, when it names none). Default 200. */
  pageSize?: number;
  /** Largest request body, in bytes (a rating with its question, answer and SQL). Default 512 KiB. */
  bodyBytes?: number;
}

/** The default {@link FeedbackLimits}. */
export const DEFAULT_FEEDBACK_LIMITS: Readonly<Required<FeedbackLimits>> = {
  ratingsPerUser: 10_000,
  pageSize: 200,
  bodyBytes: 512 * 1024,
};

/** `limits` with the defaults filled in (a value under 1 or not a number takes its default; fractions are cut). */
export function feedbackLimits(limits: FeedbackLimits = {}): Required<FeedbackLimits> {
  const pick = (name: keyof FeedbackLimits) => {
    const value = limits[name];
    return typeof value === 'number' && value >= 1 ? Math.floor(value) : DEFAULT_FEEDBACK_LIMITS[name];
  };
  return { ratingsPerUser: pick('ratingsPerUser'), pageSize: pick('pageSize'), bodyBytes: pick('bodyBytes') };
}
