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

/** Zones read so far, with their clocks (bounded: a query names at most one). */
const clocks = new Map<string, (instant: number) => number>();
const MAX_CLOCKS = 64;

/**
 * The wall clock of `timeZone` (IANA): a function from an instant (ms since the epoch) to
 * its wall-clock time there, as ms of a UTC Date (what the data API buckets and answers
 * with). UTC is the identity; a bad zone is a 400.
 */
export function zoneClock(timeZone: string): (instant: number) => number {
  let clock = clocks.get(timeZone);
  if (clock) return clock;
  if (timeZone === 'UTC') clock = (instant) => instant;
  else {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      // The server's query schema's words.
      throw new MockHttpError(
        400,
        `Invalid query format: "timezone" must be a valid IANA time zone, got ${JSON.stringify(timeZone.slice(0, 100))}`,
      );
    }
    clock = (instant) => {
      const parts = format.formatToParts(instant);
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const ms = ((instant % 1000) + 1000) % 1000;
      return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'), ms);
    };
  }
  if (clocks.size >= MAX_CLOCKS) clocks.clear();
  clocks.set(timeZone, clock);
  return clock;
}

/** Wall-clock "now" in `timeZone` (IANA), as ms of a UTC Date; a bad zone is a 400. */
export const wallClock = (instant: number, timeZone: string): number => zoneClock(timeZone)(instant);
