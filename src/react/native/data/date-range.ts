import type { DateRange, Granularity } from '../../../protocol';

/** Two dates, `YYYY-MM-DD`, both included. */
export type DayRange = [from: string, to: string];

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOf = (text: string): number | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : ms;
};

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The first day of the `unit` that holds `ms` (weeks start on Monday, as the data API's). */
function startOf(ms: number, unit: Unit): number {
  const date = new Date(ms);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'day':
      return ms;
    case 'week':
      return ms - ((date.getUTCDay() + 6) % 7) * DAY;
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

/** `ms` moved by `n` units. */
function add(ms: number, unit: Unit, n: number): number {
  const date = new Date(ms);
  if (unit === 'day') return ms + n * DAY;
  if (unit === 'week') return ms + n * 7 * DAY;
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate());
}

/**
 * A date range as two days, relative text read against `today` (UTC): `today`,
 * `yesterday`, `this|last week|month|quarter|year`, `last N days|weeks|months|quarters|years`
 * (N whole units up to and including today, as the data API reads them). Undefined for
 * text it does not know.
 */
export function resolveDateRange(range: DateRange, today: Date = new Date()): DayRange | undefined {
  if (Array.isArray(range)) {
    const from = dayOf(range[0]);
    const to = dayOf(range[1]);
    return from === undefined || to === undefined ? undefined : [iso(from), iso(to)];
  }
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const text = range.trim().toLowerCase();
  if (text === 'today') return [iso(now), iso(now)];
  if (text === 'yesterday') return [iso(now - DAY), iso(now - DAY)];
  const single = /^(this|last) (day|week|month|quarter|year)$/.exec(text);
  if (single) {
    const unit = single[2] as Unit;
    const start = startOf(now, unit);
    if (single[1] === 'this') return [iso(start), iso(add(start, unit, 1) - DAY)];
    return [iso(add(start, unit, -1)), iso(start - DAY)];
  }
  const many = /^last (\d{1,4}) (day|week|month|quarter|year)s?$/.exec(text);
  if (many) {
    const unit = many[2] as Unit;
    return [iso(add(now, unit, -Number(many[1])) + DAY), iso(now)];
  }
  return undefined;
}

/** The period of the same length just before `range`. */
export function previousPeriod([from, to]: DayRange): DayRange {
  const start = dayOf(from)!;
  const end = dayOf(to)!;
  const length = end - start + DAY;
  return [iso(start - length), iso(start - DAY)];
}

/** A sparkline's granularity for a range: days up to two months, weeks up to half a year, else months. */
export function sparklineGranularity([from, to]: DayRange): Granularity {
  const days = (dayOf(to)! - dayOf(from)!) / DAY + 1;
  return days <= 62 ? 'day' : days <= 183 ? 'week' : 'month';
}
