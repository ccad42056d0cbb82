import type { Granularity, MemberFormat, RowValue } from '../../../protocol';
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

/** A number as the data API writes one: digits, a point, an exponent (no `NaN`, `Infinity`, hex). */
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
/** Longest numeric text read: a decimal(38) with sign and point fits; a 2 MB digit string does not. */
const MAX_NUMBER_TEXT = 64;
/** An ISO date or date-time, as the data API sends times (local, no zone) or with a zone. */
const ISO_TIME =
  /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;
/** Whether a cell reads as an ISO time (checked without making a Date: every row of an answer is). */
const isTimeText = (value: RowValue | undefined): value is string =>
  typeof value === 'string' && value.length <= 40 && ISO_TIME.test(value);

/** A cell of a number member as a finite number; null when missing or not a number. */
export function numberValue(value: RowValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.length > MAX_NUMBER_TEXT || !NUMBER_TEXT.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A cell of a time member as a Date (a time without a zone read as UTC, as the charts do);
 * null when missing or not an ISO date: a number is not a time here (never "Jan 1, 1970").
 */
export function timeValue(value: RowValue | undefined): Date | null {
  return isTimeText(value) ? (toDate(value) ?? null) : null;
}

const isNumberKind = (kind: ColumnFormatKind) =>
  kind === 'currency' || kind === 'percent' || kind === 'integer' || kind === 'decimal';

/**
 * True for a value that is there but is not what its member says: a number member's `"NaN"`,
 * `"Infinity"`, `"abc"`, `true` or 2 MB digit string, a time member's value that is not an ISO
 * time. Shown as missing ("—"); the data client makes them `null` and counts them
 * (`SemanticResult.missing`).
 */
export function isInvalidValue(member: MemberFormatInfo | undefined, value: RowValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  const kind = memberKind(member);
  if (isNumberKind(kind)) return numberValue(value) === null;
  if (kind !== 'text') return !isTimeText(value);
  return false;
}

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
