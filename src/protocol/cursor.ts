// Opaque list cursors: the sort key of the last row a page held, so the next page starts after
// it (keyset pagination: no row skipped or repeated when rows are added before it). Opaque to
// callers, and checked when it comes back: a cursor is a string from the browser like any other.
import type { ValidationIssue } from './schema';

/** The longest cursor read back, in characters. */
export const MAX_CURSOR_LENGTH = 1024;

const toBase64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A cursor holding `parts` (URL-safe base64 of their JSON: a URL carries it as it is). */
export function encodeCursor(parts: readonly string[]): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(parts)));
}

/**
 * The `count` parts of a cursor {@link encodeCursor} made, or undefined for anything else
 * (too long, not base64, not an array of `count` strings).
 */
export function decodeCursor(cursor: unknown, count: number): string[] | undefined {
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH || !/^[\w-]*$/.test(cursor)) return undefined;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parts: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return Array.isArray(parts) && parts.length === count && parts.every((p) => typeof p === 'string')
      ? (parts as string[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** Which page of a list: the first, or the one after `cursor`. */
export interface PageQuery {
  /** The `nextCursor` of the page before (opaque); absent for the first page. */
  cursor?: string;
  /** Most entries on the page. */
  limit?: number;
}

/**
 * A page query checked: its size (`fallback` when it names none; 1 to `max`) and its cursor's
 * `parts` parts, or the issue naming what is wrong.
 */
export function readPageQuery(
  query: PageQuery | undefined,
  max: number,
  fallback: number,
  parts: number,
): { limit: number; after?: string[] } | ValidationIssue {
  const { cursor, limit = Math.min(fallback, max) } = query ?? {};
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > max)
    return { path: 'limit', message: `expected an integer from 1 to ${max}` };
  if (cursor === undefined) return { limit };
  const after = decodeCursor(cursor, parts);
  // NUL and lone surrogates: no row's key holds them (Postgres's text cannot).
  if (!after || after.some((part) => /\0|[\uD800-\uDFFF]/.test(part)))
    return { path: 'cursor', message: 'not a cursor this list gave' };
  return { limit, after };
}
