/**
 * Every string of the thread list, in one object a host can replace (translation, tone).
 * Functions take what varies; `title` is the thread's (already one clean line).
 */
export interface ThreadListLabels {
  /** The list's accessible name. */
  regionLabel: string;
  newChat: string;
  empty: string;
  loading: string;
  loadFailed: string;
  retry: string;
  /** A thread without a title (renamed to nothing is refused, so only a store's). */
  untitled: string;
  rename: (title: string) => string;
  /** The rename field's accessible name. */
  renameField: string;
  remove: (title: string) => string;
  /** The notice after a delete, beside Undo. */
  deleted: (title: string) => string;
  undo: string;
  /** A thread's time; default: relative, in the list's locale ("5 minutes ago", "yesterday"). */
  time?: (updatedAt: number, now: number, locale: string) => string;
}

/** The English defaults of {@link ThreadListLabels}. */
export const defaultThreadListLabels: ThreadListLabels = {
  regionLabel: 'Conversations',
  newChat: 'New chat',
  empty: 'No conversations yet.',
  loading: 'Loading conversations…',
  loadFailed: 'The conversations could not be loaded.',
  retry: 'Try again',
  untitled: 'Untitled conversation',
  rename: (title) => `Rename “${title}”`,
  renameField: 'Conversation title',
  remove: (title) => `Delete “${title}”`,
  deleted: (title) => `Deleted “${title}”`,
  undo: 'Undo',
};

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * `at` relative to `now` in `locale` ("now", "5 minutes ago", "yesterday", "last week"),
 * with `Intl.RelativeTimeFormat`; an unknown locale falls back to the runtime's default.
 */
export function relativeTime(at: number, now: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    try {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    } catch {
      format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    }
    formats.set(locale, format);
  }
  let value = (at - now) / 1000;
  if (Math.abs(value) < 45) return format.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(Math.round(value)) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
