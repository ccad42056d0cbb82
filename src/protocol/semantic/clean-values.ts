import { setOwn } from '../own-keys';
import type { RowValue } from './load';
import { columnAnnotation, queryColumns } from './columns';
import type { SemanticResult } from './result';

// Every answer the browser's data client returns, and every answer a server prefetches into
// a page, has been through `cleanValues` once, so no widget draws "NaN", "Infinity" or a 1970
// date, and each can say how many values it lost.

/** What the checks need of a member: its type, and its format. */
export interface ValueInfo {
  /** `number`, `string`, `time`, `boolean`, or a measure's `count`, `sum`, … */
  type: string;
  format?: unknown;
}

const TEXT_TYPES = new Set(['string', 'boolean']);

/** What a member's values are: numbers, times, or text (anything goes). */
export function valueKind(member: ValueInfo | undefined): 'number' | 'time' | 'text' {
  if (!member) return 'text';
  if (member.type === 'time') return 'time';
  if (TEXT_TYPES.has(member.type) || member.format === 'id' || member.format === 'link') return 'text';
  return 'number';
}

/** A number as the data API writes one: digits, a point, an exponent (no `NaN`, `Infinity`, hex). */
const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
/** Longest numeric text read: a decimal(38) with sign and point fits; a 2 MB digit string does not. */
const MAX_NUMBER_TEXT = 64;
/** An ISO date or date-time, as the data API sends times (local, no zone) or with a zone. */
const ISO_TIME =
  /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/** Whether a cell reads as an ISO time (checked without making a Date: every row of an answer is). */
export const isTimeText = (value: RowValue | undefined): value is string =>
  typeof value === 'string' && value.length <= 40 && ISO_TIME.test(value);

/** A cell of a number member as a finite number; null when missing or not a number. */
export function numberValue(value: RowValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.length > MAX_NUMBER_TEXT || !NUMBER_TEXT.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * True for a value that is there but is not what its member says: a number member's `"NaN"`,
 * `"Infinity"`, `"abc"`, `true` or 2 MB digit string, a time member's value that is not an ISO
 * time. Shown as missing ("—"); {@link cleanValues} makes them `null` and counts them
 * (`SemanticResult.missing`).
 */
export function isInvalidValue(member: ValueInfo | undefined, value: RowValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  const kind = valueKind(member);
  if (kind === 'number') return numberValue(value) === null;
  if (kind === 'time') return !isTimeText(value);
  return false;
}

/**
 * Makes `null` every value of `result` (its rows, in place) that is not what the answer's
 * annotation says its member holds (see {@link isInvalidValue}), and counts them per row key:
 * undefined when none were. Rows are the reader's own copy, past the query's `limit` already
 * cut, so the work is bounded by what is drawn.
 */
export function cleanValues(result: SemanticResult): Record<string, number> | undefined {
  let missing: Record<string, number> | undefined;
  for (const column of queryColumns(result.query)) {
    const entry = columnAnnotation(result, column);
    if (!entry) continue;
    let count = 0;
    for (const row of result.data) {
      if (!Object.hasOwn(row, column.key)) continue;
      if (!isInvalidValue(entry, row[column.key])) continue;
      row[column.key] = null;
      count++;
    }
    // A plain object, so the answer stays JSON (a server prefetch dehydrates it); keys set as
    // own properties, whatever the query names.
    if (count > 0) setOwn((missing ??= {}), column.key, count);
  }
  return missing;
}
