import type { Granularity, MemberFormat, RowValue } from '../../../protocol';
import { isInvalidValue, isTimeText, numberValue } from '../../../protocol/semantic/clean-values';
import { formatterFor, toDate, type ColumnFormatKind, type FormatStyle } from '../../charts/formats';

/** What formatting needs of a member: from the meta or an answer's annotation. */
export interface MemberFormatInfo {
  /** `number`, `string`, `time`, `boolean`, or a measure's `count`, `sum`, … */
  type: string;
  format?: MemberFormat;
  /** ISO 4217 code, with `format: 'currency'`. */
  currency?: string;
}

/** A member's values as text; `style` as the charts' (`axis` compact, `full` exact). */
export type MemberFormatter = (value: RowValue | undefined, style?: FormatStyle) => string;

/** A d3 specifier formatter (from the data client's chunk, once loaded). */
export type CustomNumberFormat = (specifier: string, locale: string) => ((value: number) => string) | undefined;

const EM_DASH = '—';
const TEXT_TYPES = new Set(['string', 'boolean']);

/** How a value of this member reads, by its format, else its type. */
export function memberKind(member: MemberFormatInfo | undefined, granularity?: Granularity): ColumnFormatKind {
  if (!member) return 'text';
  if (member.type === 'time')
    return granularity === 'month' || granularity === 'quarter' || granularity === 'year'
      ? 'month'
      : granularity === 'day' || granularity === 'week'
        ? 'day'
        : 'datetime';
  if (TEXT_TYPES.has(member.type) || member.format === 'id' || member.format === 'link') return 'text';
  if (member.format === 'currency') return 'currency';
  if (member.format === 'percent') return 'percent';
  return member.type === 'count' || member.type === 'countDistinct' ? 'integer' : 'decimal';
}

/**
 * A cell of a time member as a Date (a time without a zone read as UTC, as the charts do);
 * null when missing or not an ISO date: a number is not a time here (never "Jan 1, 1970").
 */
export function timeValue(value: RowValue | undefined): Date | null {
  return isTimeText(value) ? (toDate(value) ?? null) : null;
}

// The checks are the protocol's, shared with the server's prefetch (which cleans answers the same way).
export { isInvalidValue, numberValue };

const isNumberKind = (kind: ColumnFormatKind) =>
  kind === 'currency' || kind === 'percent' || kind === 'integer' || kind === 'decimal';

/** An ISO 4217 code as `Intl` takes it; anything else (`XXXXX`, `<b>`) would throw while drawing. */
const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/** Plain numbers, the fallback of every format that fails: never throws. */
function plainNumber(value: number): string {
  try {
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
  } catch {
    return String(value);
  }
}

/**
 * A formatter for one member's values, from its meta: `currency` with its code, `percent`
 * (values are fractions), d3 specifiers (`custom-numeric`, with `custom` loaded), numbers,
 * and times by granularity (`Jan 2024`, `Q1 2024`, `2024`, `Jan 5, 2024`), in `locale`.
 * Values arrive as the data API sends them (numbers as strings); nulls show as "—", and so
 * do values that are not what the member says ({@link isInvalidValue}). It never throws: a
 * currency code, specifier or locale `Intl` refuses falls back to plain numbers.
 */
export function memberFormatter(
  member: MemberFormatInfo | undefined,
  options: { locale?: string; granularity?: Granularity; custom?: CustomNumberFormat } = {},
): MemberFormatter {
  const { locale = 'en-US', granularity, custom } = options;
  let kind = memberKind(member, granularity);
  const currency = member?.currency ?? 'USD';
  // A currency `Intl` would refuse reads as a plain number (its code is not shown).
  if (kind === 'currency' && (typeof currency !== 'string' || !CURRENCY_CODE.test(currency))) kind = 'decimal';
  const base = formatterFor(kind, locale, currency);
  const format = member?.format;
  let d3: ((value: number) => string) | undefined;
  try {
    d3 =
      typeof format === 'object' && format.type === 'custom-numeric' && custom
        ? custom(format.value, locale)
        : undefined;
  } catch {
    d3 = undefined;
  }
  const number = isNumberKind(kind);
  const time = kind === 'month' || kind === 'day' || kind === 'datetime';
  return (value, style = 'full') => {
    if (value === null || value === undefined || value === '') return EM_DASH;
    if (kind === 'text') return String(value);
    const n = number ? numberValue(value) : null;
    const at = time ? timeValue(value) : null;
    if (number ? n === null : at === null) return EM_DASH;
    try {
      if (d3) return d3(n!);
      if (at && (granularity === 'quarter' || granularity === 'year')) {
        const year = at.getUTCFullYear();
        return granularity === 'year' ? String(year) : `Q${Math.floor(at.getUTCMonth() / 3) + 1} ${year}`;
      }
      if (at) return base(value, style);
      // Integers past 2^53 stay text: the formatter prints them digit for digit.
      return base(
        typeof value === 'string' && !Number.isSafeInteger(n) && /^\s*-?\d+\s*$/.test(value) ? value : n,
        style,
      );
    } catch {
      return at ? at.toISOString() : plainNumber(n!);
    }
  };
}
