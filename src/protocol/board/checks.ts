// What every store call checks before it touches the database: who asks, and with whom a
// board is shared. The host supplies the user; the sharing comes from a browser.
import { BoardStoreError, type BoardUser } from './store';

/** Most groups a board is shared with. */
export const MAX_BOARD_SHARES = 100;

// Text a database column can hold: Postgres refuses NUL and unpaired surrogates in `text`.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a string any store can keep as it is in a text column (no NUL, no lone surrogate). */
export const isStorableText = (x: string): boolean => !UNSTORABLE.test(x);

/** `text` with NUL and lone surrogates replaced by U+FFFD (for copies like a listing's title). */
export const storableText = (text: string): string =>
  isStorableText(text) ? text : text.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');

const isName = (x: unknown): x is string =>
  typeof x === 'string' && x.length > 0 && x.length <= 200 && isStorableText(x);

/** The user's id and groups, or a TypeError: a host bug, not a user's mistake. */
export function checkUser(user: BoardUser): { id: string; groups: string[] } {
  if (!user || !isName(user.id))
    throw new TypeError('A board store needs a user with an id (1-200 characters, no NUL)');
  const groups = user.groups ?? [];
  if (!Array.isArray(groups) || !groups.every(isName))
    throw new TypeError("A board store user's groups must be names (1-200 characters)");
  return { id: user.id, groups: [...groups] };
}

/** The groups to share with (undefined: unchanged), or an `invalid` error naming the entry. */
export function checkSharing(sharedWith: unknown): string[] | undefined {
  if (sharedWith === undefined) return undefined;
  const fail = (path: string, message: string) =>
    new BoardStoreError('invalid', `Invalid sharing: ${path}: ${message}`, { issues: [{ path, message }] });
  if (!Array.isArray(sharedWith)) throw fail('sharedWith', 'expected an array of group names');
  if (sharedWith.length > MAX_BOARD_SHARES) throw fail('sharedWith', `at most ${MAX_BOARD_SHARES} groups`);
  const bad = sharedWith.findIndex((group) => !isName(group));
  if (bad !== -1) throw fail(`sharedWith[${bad}]`, 'expected a group name (1-200 characters)');
  return [...new Set(sharedWith as string[])];
}

/** The largest revision a store keeps (Postgres `integer`). */
export const MAX_BOARD_REVISION = 2 ** 31 - 1;

/** The revision a save is based on, or an `invalid` error. */
export function checkRevision(revision: unknown): number {
  if (typeof revision === 'number' && Number.isInteger(revision) && revision >= 1 && revision <= MAX_BOARD_REVISION)
    return revision;
  throw new BoardStoreError('invalid', 'Invalid save: revision: expected a positive integer', {
    issues: [{ path: 'revision', message: 'expected a positive integer' }],
  });
}
