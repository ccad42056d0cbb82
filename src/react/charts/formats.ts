import type { Cell, SqlColumn, SqlResult } from '../../protocol';

/** How a column's values read: what kind of number, or which date granularity. */
export type ColumnFormatKind = 'currency' | 'percent' | 'integer' | 'decimal' | 'month' | 'day' | 'datetime' | 'text';

/** Where a value is shown: `axis` is compact (`$5.5M`), `full` is exact (tooltips, tables). */
export type FormatStyle = 'axis' | 'full';

/** A host's own format for one column: gets the raw value and where it is shown. */
export type ColumnFormatter = (value: Cell, style: FormatStyle) => string;

/** A column's derived format. */
export interface ColumnFormat {
  kind: ColumnFormatKind;
  /** The value as text for `style`; nulls as an em dash. */
  format: (value: Cell, style: FormatStyle) => string;
}

/** Options of {@link deriveFormats}. */
export interface FormatOptions {
  /** BCP 47 locale for `Intl`. Default `en-US`. */
  locale?: string;
  /** ISO 4217 currency for money columns. Default `USD`. */
  currency?: string;
  /** Per-column overrides, by column name. */
  formatters?: Record<string, ColumnFormatter>;
}

const CURRENCY_NAME =
  /(revenue|amount|price|cost|sales|spend|income|profit|margin_usd|gmv|arr|mrr|usd|eur|gbp|dollars?)/i;
const PERCENT_NAME = /(pct|percent|rate|share|ratio)/i;
// Years and ids are numbers that must not be grouped (`2,024`).
const CODE_NAME = /(^|_)(year|yr|id|zip|code)$/i;
const EM_DASH = '—';

/** Classifies a column from its kind, name and values (the first 500 non-null ones). */
export function classifyColumn(column: SqlColumn, values: readonly Cell[]): ColumnFormatKind {
  const sample: Cell[] = [];
  for (const value of values) {
    if (value !== null) sample.push(value);
    if (sample.length >= 500) break;
  }
  if (column.kind === 'time' || (column.kind === 'string' && sample.length > 0 && sample.every(isDateLike))) {
    return dateGranularity(sample);
  }
  if (column.kind !== 'number') return 'text';
  const numbers = sample.filter((v): v is number => typeof v === 'number');
  const name = column.name;
  if (CODE_NAME.test(name)) return 'text';
  if (PERCENT_NAME.test(name) && !CURRENCY_NAME.test(name)) return 'percent';
  if (CURRENCY_NAME.test(name)) return 'currency';
  const allIntegers = numbers.length > 0 && numbers.every(Number.isInteger);
  if (allIntegers || (numbers.length === 0 && /int/i.test(column.type))) return 'integer';
  // A column of fractions between 0 and 1 reads as a share.
  if (numbers.length > 0 && numbers.every((n) => n >= 0 && n <= 1)) return 'percent';
  return 'decimal';
}

const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

function isDateLike(value: Cell): boolean {
  return typeof value === 'string' && ISO_DATE.test(value);
}

/** Month when every value is the first of a month, day when all are midnight, else date and time. */
function dateGranularity(sample: readonly Cell[]): ColumnFormatKind {
  let month = true;
  let day = true;
  for (const value of sample) {
    const date = toDate(value);
    if (!date) continue;
    if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0 || date.getUTCSeconds() !== 0) day = false;
    if (date.getUTCDate() !== 1) month = false;
  }
  if (month && day) return 'month';
  return day ? 'day' : 'datetime';
}

/** A cell as a Date: ISO strings (a bare `2024-01` is a month) and epoch milliseconds. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return undefined;
  const text = /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  // A date without a zone is read as UTC so labels do not shift by the viewer's offset.
  const zoned = /T|\s/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en-US', options); // an invalid locale or currency
    }
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });
    }
    cache.set(key, format);
  }
  return format;
}

/**
 * A formatter for one kind of column. Axes get compact numbers, tooltips and tables exact
 * ones. `percentOf100`: the column holds 45 for 45% rather than 0.45.
 */
export function formatterFor(
  kind: ColumnFormatKind,
  locale = 'en-US',
  currency = 'USD',
  percentOf100 = false,
): ColumnFormat['format'] {
  const n = (options: Intl.NumberFormatOptions) => numberFormat(locale, options);
  const d = (options: Intl.DateTimeFormatOptions) => dateFormat(locale, options);
  const number = (value: Cell, style: FormatStyle): string => {
    const x = typeof value === 'number' ? value : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(x)) return String(value);
    // Integers past 2^53 arrive as strings (the protocol keeps them exact): format them as
    // BigInt, which Intl prints digit for digit, wherever a full value is shown.
    if (typeof value === 'string' && !Number.isSafeInteger(x) && /^-?\d+$/.test(value.trim())) {
      const big = BigInt(value.trim());
      if (style !== 'axis' && (kind === 'integer' || kind === 'decimal')) return n({}).format(big);
      if (style !== 'axis' && kind === 'currency') return n({ style: 'currency', currency }).format(big);
    }
    const compact = style === 'axis' && Math.abs(x) >= 10_000;
    switch (kind) {
      case 'currency':
        return compact
          ? n({ style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(x)
          : n({
              style: 'currency',
              currency,
              maximumFractionDigits: style === 'axis' && Number.isInteger(x) ? 0 : 2,
            }).format(x);
      case 'percent':
        return n({ style: 'percent', maximumFractionDigits: style === 'axis' ? 0 : 1 }).format(
          percentOf100 ? x / 100 : x,
        );
      case 'integer':
        return compact
          ? n({ notation: 'compact', maximumFractionDigits: 1 }).format(x)
          : n({ maximumFractionDigits: style === 'axis' ? 1 : 0 }).format(x);
      default:
        return compact
          ? n({ notation: 'compact', maximumFractionDigits: 1 }).format(x)
          : n({ maximumFractionDigits: 2 }).format(x);
    }
  };
  const date = (value: Cell, style: FormatStyle): string => {
    const at = toDate(value);
    if (!at) return String(value);
    if (kind === 'month')
      return d(style === 'axis' ? { month: 'short', year: 'numeric' } : { month: 'long', year: 'numeric' }).format(at);
    if (kind === 'day') return d({ month: 'short', day: 'numeric', year: 'numeric' }).format(at);
    return d({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
  };
  return (value, style) => {
    if (value === null || value === undefined) return EM_DASH;
    if (kind === 'month' || kind === 'day' || kind === 'datetime') return date(value, style);
    if (kind === 'text') return String(value);
    return number(value, style);
  };
}

/**
 * A format per column of a result, by column name: from its kind, name and values
 * (money from names like revenue/price/cost, percent from pct/rate/share or 0-1 fractions,
 * integer counts, month/day dates), through `Intl` in `locale`. `formatters` override.
 * The record has no prototype, so a lookup by any name finds a column's format or nothing.
 */
export function deriveFormats(result: SqlResult, options: FormatOptions = {}): Record<string, ColumnFormat> {
  const { locale = 'en-US', currency = 'USD', formatters = {} } = options;
  // No prototype: a column (or a spec's field) named `__proto__` or `toString` is only a key.
  const out: Record<string, ColumnFormat> = Object.create(null);
  result.columns.forEach((column, index) => {
    const values = result.rows.map((row) => row[index] ?? null);
    const kind = classifyColumn(column, values);
    // A percent column with values beyond 0-1.5 holds percentages, not fractions.
    const of100 = kind === 'percent' && values.some((v) => typeof v === 'number' && Math.abs(v) > 1.5);
    const own = Object.hasOwn(formatters, column.name) ? formatters[column.name] : undefined;
    const derived = formatterFor(kind, locale, currency, of100);
    out[column.name] = {
      kind,
      format: own ? (value, style) => (value === null ? EM_DASH : own(value, style)) : derived,
    };
  });
  return out;
}
