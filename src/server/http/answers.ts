// The JSON answers of the library's APIs (boards, conversations, feedback): never cached,
// every error bounded (a few issues, each cut short, whatever the request held), and a value
// too deeply nested for `JSON.stringify` (a board stored before depth was limited) still
// serialised, without recursion.
import type { StoreError } from '../../protocol/store-error';
import { STORE_ERROR_STATUS } from '../../protocol/store-error';

/** Most issues an error answer lists (`more` counts the rest). */
export const MAX_ANSWER_ISSUES = 10;

const HEADERS = {
  'Content-Type': 'application/json',
  // A user's own data: never kept by a shared cache, never sniffed as anything else.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** `text` cut to `max` characters (an ellipsis marks the cut). */
export const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** JSON text of `value`; past `JSON.stringify`'s stack, the same text built with a stack of our own. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringifyDeep(value);
  }
}

/** `JSON.stringify` for plain JSON values, iterative: any depth (no `toJSON`, no replacer). */
function stringifyDeep(root: unknown): string {
  const out: string[] = [];
  // Work items: a value to write, or a literal piece of text (`,`, `]`, `}`, a key).
  const stack: ({ value: unknown } | string)[] = [{ value: root }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const { value } = item;
    if (value === null || typeof value !== 'object') {
      out.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    if (value instanceof Date) {
      out.push(JSON.stringify(value));
      continue;
    }
    const parts: ({ value: unknown } | string)[] = [];
    if (Array.isArray(value)) {
      out.push('[');
      value.forEach((entry, i) => parts.push(...(i ? [','] : []), { value: entry === undefined ? null : entry }));
      parts.push(']');
    } else {
      out.push('{');
      let first = true;
      for (const [key, entry] of Object.entries(value)) {
        if (entry === undefined || typeof entry === 'function') continue;
        parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`, { value: entry });
        first = false;
      }
      parts.push('}');
    }
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
  }
  return out.join('');
}

/** A JSON answer. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(stringifyJson(body), { status, headers: { ...HEADERS, ...headers } });
}

/** An answer with no body (204). */
export const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/**
 * A refusal: `{ error, code? }` and any fields given, `error` cut to 500 characters. A 503
 * says when to try again (`Retry-After`).
 */
export function refusal(
  status: number,
  error: string,
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return answer(
    status,
    { error: cut(error, 500), ...fields },
    status === 503 ? { 'Retry-After': '2', ...headers } : headers,
  );
}

/**
 * A 400 naming what is invalid: its first issues (at most {@link MAX_ANSWER_ISSUES}, each path
 * and message cut short) in `error` and in `issues`, and how many `more` there were. The
 * answer is a few KB whatever the request held.
 */
export function invalidAnswer(issues: readonly { path: string; message: string }[]): Response {
  const shown = issues
    .slice(0, MAX_ANSWER_ISSUES)
    .map((i) => ({ path: cut(i.path, 200), message: cut(i.message, 300) }));
  const more = issues.length - shown.length;
  const words = shown
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
  return refusal(400, `Invalid request: ${words}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`, {
    code: 'invalid',
    issues: shown,
    ...(more > 0 ? { more } : {}),
  });
}

/** A store's refusal as its status: `code`, and what the code carries (`revision` and `conflicts`, `issues`, `limit`). */
export function storeErrorAnswer(error: StoreError): Response {
  const { code, details } = error;
  if (code === 'invalid') return invalidAnswer(details.issues ?? [{ path: '', message: error.message }]);
  return refusal(STORE_ERROR_STATUS[code], error.message, {
    code,
    ...(code === 'conflict' ? { revision: details.currentRevision } : {}),
    ...(code === 'conflict' && details.conflicts?.length
      ? {
          conflicts: details.conflicts
            .slice(0, MAX_ANSWER_ISSUES)
            .map((unit) => ({ type: unit.type, id: cut(String(unit.id), 200) })),
        }
      : {}),
    ...(code === 'limit' && details.limit ? { limit: details.limit } : {}),
  });
}
