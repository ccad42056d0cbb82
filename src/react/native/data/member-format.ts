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

/**
 * A formatter for one member's values, from its meta: `currency` with its code, `percent`
 * (values are fractions), d3 specifiers (`custom-numeric`, with `custom` loaded), numbers,
 * and times by granularity (`Jan 2024`, `Q1 2024`, `2024`, `Jan 5, 2024`), in `locale`.
 * Values arrive as the data API sends them (numbers as strings); nulls show as "—".
 */
export function memberFormatter(
  member: MemberFormatInfo | undefined,
  options: { locale?: string; granularity?: Granularity; custom?: CustomNumberFormat } = {},
): MemberFormatter {
  const { locale = 'en-US', granularity, custom } = options;
  const kind = memberKind(member, granularity);
  const base = formatterFor(kind, locale, member?.currency ?? 'USD');
  const format = member?.format;
  const d3 =
    typeof format === 'object' && format.type === 'custom-numeric' && custom ? custom(format.value, locale) : undefined;
  return (value, style = 'full') => {
    if (value === null || value === undefined || value === '') return EM_DASH;
    if (d3) {
      const n = Number(value);
      if (Number.isFinite(n)) return d3(n);
    }
    if (kind === 'month' && (granularity === 'quarter' || granularity === 'year')) {
      const at = toDate(value);
      if (!at) return String(value);
      const year = at.getUTCFullYear();
      return granularity === 'year' ? String(year) : `Q${Math.floor(at.getUTCMonth() / 3) + 1} ${year}`;
    }
    if (kind === 'text') return String(value);
    // Numbers arrive as strings: parsed here, so the formatter sees a number.
    if (kind !== 'month' && kind !== 'day' && kind !== 'datetime' && typeof value === 'string') {
      const n = Number(value);
      return base(Number.isSafeInteger(n) || !/^-?\d+$/.test(value.trim()) ? n : value, style);
    }
    return base(value, style);
  };
}
