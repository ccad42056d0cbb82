// Dates of the mock's data API: the protocol's reading of dates and ranges (the one the
// client derives previous periods from), with its refusals answered as 400s.
import type { DateRange } from '../../protocol';
import {
  DateRangeError,
  parseDate as parseDateOrThrow,
  resolveDateRange as resolveOrThrow,
} from '../../protocol/semantic/date-range';
import { MockHttpError } from '../http';

export { formatLocal, truncate } from '../../protocol/semantic/date-range';

/** `read()`, with a date the API would refuse answered as a 400 carrying the same message. */
function badRequest<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof DateRangeError) throw new MockHttpError(400, error.message);
    throw error;
  }
}

/** A date of a query as ms (a date alone, as the end of a range, is its last millisecond); else a 400. */
export const parseDate = (text: string, end = false): number => badRequest(() => parseDateOrThrow(text, end));

/** A date range as `[start, end]` (inclusive, ms) read against wall-clock `now`; else a 400. */
export const resolveDateRange = (range: DateRange, now: number): [number, number] =>
  badRequest(() => resolveOrThrow(range, now));

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
