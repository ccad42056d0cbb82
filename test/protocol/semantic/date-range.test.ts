import { describe, expect, it } from 'vitest';
import {
  DateRangeError,
  daysIn,
  formatLocal,
  parseDate,
  previousPeriod,
  resolveDateRange,
  resolveDayRange,
  truncate,
} from '../../../src/protocol/semantic/date-range';

// The oracle is the real API's reading (Cube's dateParser.js), written out by hand here:
// `last N <unit>` = [start of (now - N units), end of (now - 1 unit)], the current unit
// excluded; `this|last|next <unit>` whole periods, weeks ISO (Monday first).

const at = (text: string) => Date.parse(`${text}Z`);
/** A range as the wire writes its two ends. */
const wire = (range: Parameters<typeof resolveDateRange>[0], now: number) =>
  resolveDateRange(range, now).map(formatLocal);
const whole = (from: string, to: string) => [`${from}T00:00:00.000`, `${to}T23:59:59.999`];

const NOW = at('2024-12-31T12:00:00'); // a Tuesday
const WEDNESDAY = at('2024-12-18T09:30:00');

describe('resolveDateRange (the real API reading)', () => {
  it.each([
    ['last 30 days', NOW, whole('2024-12-01', '2024-12-30')],
    ['last 7 days', NOW, whole('2024-12-24', '2024-12-30')],
    ['this quarter', NOW, whole('2024-10-01', '2024-12-31')],
    ['last quarter', NOW, whole('2024-07-01', '2024-09-30')],
    ['this year', NOW, whole('2024-01-01', '2024-12-31')],
    ['next year', NOW, whole('2025-01-01', '2025-12-31')],
    ['last 3 months', NOW, whole('2024-09-01', '2024-11-30')],
    ['last 3 months', at('2024-03-31T00:00:00'), whole('2023-12-01', '2024-02-29')],
    ['this week', WEDNESDAY, whole('2024-12-16', '2024-12-22')],
    ['last week', WEDNESDAY, whole('2024-12-09', '2024-12-15')],
    ['next week', WEDNESDAY, whole('2024-12-23', '2024-12-29')],
    ['this week', at('2024-12-22T23:00:00'), whole('2024-12-16', '2024-12-22')], // a Sunday
    ['last 2 weeks', WEDNESDAY, whole('2024-12-02', '2024-12-15')],
    ['next 2 days', NOW, whole('2025-01-01', '2025-01-02')],
    ['today', NOW, whole('2024-12-31', '2024-12-31')],
    ['yesterday', at('2025-01-01T00:00:00'), whole('2024-12-31', '2024-12-31')],
    ['tomorrow', NOW, whole('2025-01-01', '2025-01-01')],
    ['last day', NOW, whole('2024-12-30', '2024-12-30')],
    ['last 1 month', NOW, whole('2024-11-01', '2024-11-30')],
    ['last months', NOW, whole('2024-11-01', '2024-11-30')],
    ['  Last   30  Days ', NOW, whole('2024-12-01', '2024-12-30')],
    ['last 6 hours', NOW, ['2024-12-31T06:00:00.000', '2024-12-31T11:59:59.999']],
    ['from 2 days ago to now', NOW, ['2024-12-29T00:00:00.000', '2024-12-31T12:00:00.000']],
    ['2024-01-01 to 2024-03-31', NOW, whole('2024-01-01', '2024-03-31')],
    ['2024-02-29', NOW, whole('2024-02-29', '2024-02-29')],
  ] as const)('%s (now %#)', (range, now, expected) => {
    expect(wire(range, now)).toEqual(expected);
  });

  it('reads two dates inclusively, times as given, a zone suffix ignored', () => {
    expect(wire(['2024-03-01', '2024-03-31'], NOW)).toEqual(whole('2024-03-01', '2024-03-31'));
    expect(wire(['2024-03-01T10:00:00', '2024-03-01 18:30:00.5Z'], NOW)).toEqual([
      '2024-03-01T10:00:00.000',
      '2024-03-01T18:30:00.500',
    ]);
  });

  it('`last N days` always ends the day before today and holds N days (every day of a leap year)', () => {
    for (let day = at('2024-01-01T00:00:00'); day < at('2025-01-01T00:00:00'); day += 86_400_000) {
      const now = day + 15 * 3_600_000;
      for (const n of [1, 7, 30, 90]) {
        const [start, end] = resolveDateRange(`last ${n} days`, now);
        expect(end + 1).toBe(day);
        expect((end + 1 - start) / 86_400_000).toBe(n);
      }
    }
  });

  it.each([
    ['sometime soon', 'Cannot parse date range "sometime soon"'],
    ['', 'Cannot parse date range ""'],
    ['last -3 days', 'Cannot parse date range "last -3 days"'],
    ['this 3 days', 'Cannot parse date range "this 3 days"'],
    ['today please', 'Cannot parse date range "today please"'],
    ['constructor', 'Cannot parse date range "constructor"'],
    ['last 30 fortnights', 'Cannot parse date range "last 30 fortnights"'],
    ['2024-02-30', 'Cannot parse date "2024-02-30"'],
    [['2024-03-31', '2024-03-01'], 'Date range ends before it starts: ["2024-03-31","2024-03-01"]'],
    [['2024-03-01', 'soon'], 'Cannot parse date "soon"'],
  ] as const)('refuses %j with a typed error naming it', (range, message) => {
    const read = () => resolveDateRange(range as Parameters<typeof resolveDateRange>[0], NOW);
    expect(read).toThrow(DateRangeError);
    expect(read).toThrow(message);
  });

  it('parses a date alone as its first or (as an end) its last millisecond', () => {
    expect(formatLocal(parseDate('2024-01-31'))).toBe('2024-01-31T00:00:00.000');
    expect(formatLocal(parseDate('2024-01-31', true))).toBe('2024-01-31T23:59:59.999');
    expect(formatLocal(truncate(WEDNESDAY, 'week'))).toBe('2024-12-16T00:00:00.000');
  });
});

describe('resolveDayRange and previousPeriod (the client side of the same reading)', () => {
  it('gives whole days as YYYY-MM-DD, and nothing for what is not whole days or not a range', () => {
    expect(resolveDayRange('last 30 days', NOW)).toEqual(['2024-12-01', '2024-12-30']);
    expect(resolveDayRange('last week', WEDNESDAY)).toEqual(['2024-12-09', '2024-12-15']);
    expect(resolveDayRange(['2024-03-01', '2024-03-31'], NOW)).toEqual(['2024-03-01', '2024-03-31']);
    expect(resolveDayRange('last 6 hours', NOW)).toBeUndefined();
    expect(resolveDayRange('from 2 days ago to now', NOW)).toBeUndefined();
    expect(resolveDayRange('sometime soon', NOW)).toBeUndefined();
    expect(resolveDayRange(['2024-03-31', '2024-03-01'], NOW)).toBeUndefined();
  });

  it('puts the previous period of the same length right before the current one, with no overlap', () => {
    expect(previousPeriod(['2024-12-01', '2024-12-30'])).toEqual(['2024-11-01', '2024-11-30']);
    expect(previousPeriod(['2024-10-01', '2024-12-31'])).toEqual(['2024-07-01', '2024-09-30']);
    expect(previousPeriod(['2024-03-01', '2024-03-01'])).toEqual(['2024-02-29', '2024-02-29']);
    for (const range of ['last 30 days', 'this quarter', 'last week', 'last 3 months', 'today'] as const) {
      const current = resolveDayRange(range, NOW)!;
      const previous = previousPeriod(current);
      expect(daysIn(previous)).toBe(daysIn(current));
      expect(parseDate(previous[1]) + 86_400_000).toBe(parseDate(current[0]));
    }
  });
});
