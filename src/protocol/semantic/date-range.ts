// Date ranges of the data API, read as the real API reads them (Cube's `dateParser.js`): the
// one reading the mock answers with and the client derives previous periods from. Times are
// wall-clock ("local ISO without zone", as the API answers), held as milliseconds of a UTC
// Date so arithmetic never meets a DST change. Not exported from the protocol entry (it
// would grow it): the mock and the React code import this file by path.
import type { DateRange, Granularity } from './query';

const DAY_MS = 86_400_000;

/** A date or date range the data API would refuse (the message names the text). */
export class DateRangeError extends Error {
  override readonly name = 'DateRangeError';
}

/** `2024-01-01T00:00:00.000`: the wire's time format (local, no zone). */
export const formatLocal = (ms: number): string => new Date(ms).toISOString().slice(0, 23);

/** Units of a fixed length, in ms; the others are whole months. */
const FIXED: Partial<Record<Granularity, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
};
const MONTHS: Partial<Record<Granularity, number>> = { month: 1, quarter: 3, year: 12 };

/** The start of the granularity period that `ms` falls in (weeks start on Monday, ISO). */
export function truncate(ms: number, granularity: Granularity): number {
  if (granularity === 'week') {
    const day = truncate(ms, 'day');
    return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  }
  const fixed = FIXED[granularity];
  if (fixed) return Math.floor(ms / fixed) * fixed;
  const d = new Date(ms);
  const m = d.getUTCMonth();
  return Date.UTC(d.getUTCFullYear(), m - (m % MONTHS[granularity]!), 1);
}

/** `ms` moved by `count` periods of `unit` (months clamp nothing: callers add from period starts). */
export function addPeriods(ms: number, unit: Granularity, count: number): number {
  const fixed = FIXED[unit];
  if (fixed) return ms + count * fixed;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + MONTHS[unit]! * count, d.getUTCDate(), d.getUTCHours());
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a date of a query (`2024-01-31`, `2024-01-31T10:00:00.000`): a date alone covers
 * its whole day, so as the end of a range it means 23:59:59.999. A zone suffix is ignored
 * (the wire's times are local). Anything else throws a {@link DateRangeError} naming the value.
 */
export function parseDate(text: string, end = false): number {
  const match = DATE.exec(text.trim());
  // Year, month, day, hours, minutes, seconds (absent parts 0), then milliseconds.
  const [y, mo, d, h, mi, s] = (match?.slice(1, 7) ?? []).map((part) => Number(part ?? 0));
  const value = match ? Date.UTC(y!, mo! - 1, d, h, mi, s, Number((match[7] ?? '0').padEnd(3, '0'))) : NaN;
  if (!match || new Date(value).getUTCDate() !== d)
    throw new DateRangeError(`Cannot parse date ${JSON.stringify(text)}`);
  return end && match[4] === undefined ? value + DAY_MS - 1 : value;
}

const UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';
const DAY_WORDS = new Map([
  ['today', 'this day'],
  ['yesterday', 'last day'],
  ['tomorrow', 'next day'],
]);

/**
 * A date range as `[start, end]` (inclusive, ms): two dates, or the relative forms
 * `today`, `yesterday`, `tomorrow`, `this|last|next <unit>`, `last|next <N> <units>` (whole
 * periods before or after the current one, as the real API counts them: `last 30 days` ends
 * yesterday) and `from N <units> ago to now`. `now` is wall-clock time in the query's time
 * zone. Throws a {@link DateRangeError} for anything else.
 */
export function resolveDateRange(range: DateRange, now: number): [number, number] {
  if (Array.isArray(range)) {
    const start = parseDate(range[0]);
    const end = parseDate(range[1], true);
    if (end < start) throw new DateRangeError(`Date range ends before it starts: ${JSON.stringify(range)}`);
    return [start, end];
  }
  const spaced = range.trim().toLowerCase().replace(/\s+/g, ' ');
  const text = DAY_WORDS.get(spaced) ?? spaced;
  // `this <unit>` is the current period; `last|next [N] <units>` the N (default 1) whole
  // periods just before or after it.
  let match = new RegExp(`^(?:this|(last|next)(?: (\\d{1,4}))?) ${UNIT}$`).exec(text);
  if (match) {
    const unit = match[3] as Granularity;
    const count = Number(match[2] ?? 1);
    const [from, to] = !match[1] ? [0, 0] : match[1] === 'last' ? [-count, -1] : [1, count];
    const current = truncate(now, unit);
    return [addPeriods(current, unit, from), addPeriods(current, unit, to + 1) - 1];
  }
  match = new RegExp(`^from (\\d{1,4}) ${UNIT} ago to now$`).exec(text);
  if (match)
    return [addPeriods(truncate(now, match[2] as Granularity), match[2] as Granularity, -Number(match[1])), now];
  // Two dates written as text: "2024-01-01 to 2024-03-31".
  match = /^(\S+) to (\S+)$/.exec(text);
  if (match) return resolveDateRange([match[1]!, match[2]!], now);
  if (DATE.test(text)) return resolveDateRange([text, text], now);
  throw new DateRangeError(`Cannot parse date range ${JSON.stringify(range)}`);
}

/** Two days, `YYYY-MM-DD`, both included. */
export type DayRange = [from: string, to: string];

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A date range as whole days, read against `now` (wall-clock ms; in UTC unless the query
 * names a zone) exactly as {@link resolveDateRange} reads it. Undefined for a range that is
 * not whole days (`last 6 hours`, a time of day) or that the API would refuse.
 */
export function resolveDayRange(range: DateRange, now: number): DayRange | undefined {
  let resolved: [number, number];
  try {
    resolved = resolveDateRange(range, now);
  } catch {
    // Refused (a DateRangeError), or not even text (a host's bad value): nothing to read.
    return undefined;
  }
  const [start, end] = resolved;
  const next = end + 1;
  if (truncate(start, 'day') !== start || truncate(next, 'day') !== next) return undefined;
  return [dayText(start), dayText(end)];
}

/** The period of the same number of days that ends the day before `range` starts. */
export function previousPeriod([from, to]: DayRange): DayRange {
  const start = parseDate(from);
  const length = parseDate(to) - start + DAY_MS;
  return [dayText(start - length), dayText(start - DAY_MS)];
}

/** How many days a {@link DayRange} holds. */
export const daysIn = ([from, to]: DayRange): number => (parseDate(to) - parseDate(from)) / DAY_MS + 1;
