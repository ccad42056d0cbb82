// Dates of the mock's data API. Times are wall-clock ("local ISO without zone", as the real
// API answers), held as milliseconds of a UTC Date so arithmetic never meets a DST change.
import type { DateRange, Granularity } from '../../protocol';
import { MockHttpError } from '../http';

const DAY_MS = 86_400_000;

/** `2024-01-01T00:00:00.000`: the wire's time format (local, no zone). */
export const formatLocal = (ms: number): string => new Date(ms).toISOString().slice(0, 23);

/** The start of the granularity period that `ms` falls in (weeks start on Monday). */
export function truncate(ms: number, granularity: Granularity): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (granularity) {
    case 'second':
      return Math.floor(ms / 1000) * 1000;
    case 'minute':
      return Math.floor(ms / 60_000) * 60_000;
    case 'hour':
      return Math.floor(ms / 3_600_000) * 3_600_000;
    case 'day':
      return Math.floor(ms / DAY_MS) * DAY_MS;
    case 'week': {
      const day = Math.floor(ms / DAY_MS) * DAY_MS;
      return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
    }
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

/** `ms` moved by `count` periods of `unit` (months clamp nothing: the mock adds from period starts). */
function add(ms: number, unit: Granularity, count: number): number {
  const d = new Date(ms);
  switch (unit) {
    case 'second':
      return ms + count * 1000;
    case 'minute':
      return ms + count * 60_000;
    case 'hour':
      return ms + count * 3_600_000;
    case 'day':
      return ms + count * DAY_MS;
    case 'week':
      return ms + count * 7 * DAY_MS;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + count, d.getUTCDate(), d.getUTCHours());
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3 * count, d.getUTCDate(), d.getUTCHours());
    case 'year':
      return Date.UTC(d.getUTCFullYear() + count, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a date of a query (`2024-01-31`, `2024-01-31T10:00:00.000`): a date alone covers
 * its whole day, so as the end of a range it means 23:59:59.999. A zone suffix is ignored
 * (the wire's times are local). Anything else is a 400 naming the value.
 */
export function parseDate(text: string, end = false): number {
  const match = DATE.exec(text.trim());
  const [, y, mo, d, h, mi, s, ms] = match ?? [];
  const value = match
    ? Date.UTC(
        Number(y),
        Number(mo) - 1,
        Number(d),
        Number(h ?? 0),
        Number(mi ?? 0),
        Number(s ?? 0),
        Number((ms ?? '0').padEnd(3, '0')),
      )
    : NaN;
  if (!match || Number.isNaN(value) || new Date(value).getUTCDate() !== Number(d))
    throw new MockHttpError(400, `Cannot parse date ${JSON.stringify(text)}`);
  return end && h === undefined ? value + DAY_MS - 1 : value;
}

const UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';

/**
 * A date range as `[start, end]` (inclusive, ms): two dates, or the relative forms
 * `today`, `yesterday`, `this|last|next <unit>`, `last|next <N> <units>` (whole periods
 * before or after the current one, as the real API counts them) and
 * `from N <units> ago to now`. `now` is wall-clock time in the query's time zone.
 */
export function resolveDateRange(range: DateRange, now: number): [number, number] {
  if (Array.isArray(range)) {
    const start = parseDate(range[0]);
    const end = parseDate(range[1], true);
    if (end < start) throw new MockHttpError(400, `Date range ends before it starts: ${JSON.stringify(range)}`);
    return [start, end];
  }
  const text = range.trim().toLowerCase().replace(/\s+/g, ' ');
  const period = (unit: Granularity, offset: number): [number, number] => {
    const start = add(truncate(now, unit), unit, offset);
    return [start, add(start, unit, 1) - 1];
  };
  if (text === 'today') return period('day', 0);
  if (text === 'yesterday') return period('day', -1);
  if (text === 'tomorrow') return period('day', 1);
  let match = new RegExp(`^(this|last|next) ${UNIT}$`).exec(text);
  if (match) return period(match[2] as Granularity, match[1] === 'this' ? 0 : match[1] === 'last' ? -1 : 1);
  match = new RegExp(`^(last|next) (\\d{1,4}) ${UNIT}$`).exec(text);
  if (match) {
    const unit = match[3] as Granularity;
    const count = Number(match[2]);
    const current = truncate(now, unit);
    return match[1] === 'last'
      ? [add(current, unit, -count), current - 1]
      : [add(current, unit, 1), add(current, unit, count + 1) - 1];
  }
  match = new RegExp(`^from (\\d{1,4}) ${UNIT} ago to now$`).exec(text);
  if (match) return [add(truncate(now, match[2] as Granularity), match[2] as Granularity, -Number(match[1])), now];
  // Two dates written as text: "2024-01-01 to 2024-03-31".
  match = /^(\S+) to (\S+)$/.exec(text);
  if (match) return resolveDateRange([match[1]!, match[2]!], now);
  if (DATE.test(text)) return resolveDateRange([text, text], now);
  throw new MockHttpError(400, `Cannot parse date range ${JSON.stringify(range)}`);
}

/** Wall-clock "now" in `timeZone` (IANA), as ms of a UTC Date; a bad zone is a 400. */
export function wallClock(instant: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
  } catch {
    throw new MockHttpError(400, `Unknown time zone ${JSON.stringify(timeZone)}`);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'), instant % 1000);
}
