// What every store call checks before it touches the database: who asks, and with whom a
// board is shared. The host supplies the user; the sharing comes from a browser.
import { encodeCursor, readPageQuery } from '../cursor';
import {
  BoardStoreError,
  type BoardAccess,
  type BoardGrant,
  type BoardGrantInput,
  type BoardListFilter,
  type BoardListQuery,
  type BoardPage,
  type BoardSummary,
  type BoardUser,
} from './store';

/** Most grants (users and groups) a board has (the default of a store's `sharesPerBoard` limit). */
export const MAX_BOARD_SHARES = 100;
/** Longest text a board list searches titles for. */
export const MAX_BOARD_SEARCH_LENGTH = 200;
/** Boards on a list's page when the query names no `limit`. */
export const DEFAULT_BOARD_PAGE_SIZE = 50;
/** The most boards on one page of a list. */
export const MAX_BOARD_PAGE_SIZE = 200;

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

/**
 * The groups to share with (undefined: unchanged), at most `max` of them, or an `invalid`
 * error naming the entry.
 */
export function checkSharing(sharedWith: unknown, max = MAX_BOARD_SHARES): string[] | undefined {
  if (sharedWith === undefined) return undefined;
  const fail = (path: string, message: string) =>
    new BoardStoreError('invalid', `Invalid sharing: ${path}: ${message}`, { issues: [{ path, message }] });
  if (!Array.isArray(sharedWith)) throw fail('sharedWith', 'expected an array of group names');
  if (sharedWith.length > max) throw fail('sharedWith', `at most ${max} groups`);
  const bad = sharedWith.findIndex((group) => !isName(group));
  if (bad !== -1) throw fail(`sharedWith[${bad}]`, 'expected a group name (1-200 characters)');
  return [...new Set(sharedWith as string[])];
}

const invalid = (path: string, message: string, subject: string) =>
  new BoardStoreError('invalid', `Invalid ${subject}: ${path}: ${message}`, { issues: [{ path, message }] });

/**
 * Grants as a share sends them, checked: at most `max`, each `{ type: 'user' | 'group', id, role:
 * 'view' | 'edit' }` with an id a store can keep, one per principal (the last one's role wins),
 * or an `invalid` error naming the entry. Other fields (a `name`) are dropped.
 */
export function checkGrants(grants: unknown, max = MAX_BOARD_SHARES): BoardGrantInput[] {
  if (!Array.isArray(grants)) throw invalid('grants', 'expected an array of grants', 'sharing');
  if (grants.length > max) throw invalid('grants', `at most ${max} users and groups`, 'sharing');
  const byKey = new Map<string, BoardGrantInput>();
  grants.forEach((grant: unknown, i) => {
    const entry = grant as Partial<BoardGrantInput> | null;
    if (typeof entry !== 'object' || entry === null) throw invalid(`grants[${i}]`, 'expected a grant', 'sharing');
    if (entry.type !== 'user' && entry.type !== 'group')
      throw invalid(`grants[${i}].type`, 'expected "user" or "group"', 'sharing');
    if (!isName(entry.id)) throw invalid(`grants[${i}].id`, 'expected an id (1-200 characters)', 'sharing');
    if (entry.role !== 'view' && entry.role !== 'edit')
      throw invalid(`grants[${i}].role`, 'expected "view" or "edit"', 'sharing');
    const key = `${entry.type}\u0000${entry.id}`;
    byKey.delete(key);
    byKey.set(key, { type: entry.type, id: entry.id, role: entry.role });
  });
  return [...byKey.values()];
}

/**
 * The grants a legacy `sharedWith` (groups) asks for: the user grants kept, each group listed
 * kept with its role or added to view, the other groups dropped.
 */
export function grantsWithGroups(current: readonly BoardGrantInput[], groups: readonly string[]): BoardGrantInput[] {
  const users = current.filter((grant) => grant.type === 'user');
  const roles = new Map(current.filter((grant) => grant.type === 'group').map((grant) => [grant.id, grant.role]));
  return [...users, ...groups.map((id) => ({ type: 'group' as const, id, role: roles.get(id) ?? ('view' as const) }))];
}

/** The groups among `grants` (what the deprecated `sharedWith` lists). */
export const groupsOf = (grants: readonly Pick<BoardGrant, 'type' | 'id'>[]): string[] =>
  grants.filter((grant) => grant.type === 'group').map((grant) => grant.id);

/** What `user` may do with a board of `ownerId` shared by `grants`: undefined when they may not open it. */
export function accessOf(
  board: { ownerId: string; grants: readonly Pick<BoardGrant, 'type' | 'id' | 'role'>[] },
  user: { id: string; groups: readonly string[] },
): BoardAccess | undefined {
  if (board.ownerId === user.id) return 'owner';
  let access: BoardAccess | undefined;
  for (const grant of board.grants) {
    const mine = grant.type === 'user' ? grant.id === user.id : user.groups.includes(grant.id);
    if (mine && (access === undefined || grant.role === 'edit')) access = grant.role;
  }
  return access;
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

/**
 * A list query checked: the page size (default {@link DEFAULT_BOARD_PAGE_SIZE}, at most
 * `maxLimit`) and the cursor's parts (the sort key of the previous page's last board: its
 * `updatedAt` as the store wrote it, and its id), or an `invalid` error.
 */
export function checkListQuery(
  query: BoardListQuery | undefined,
  maxLimit = MAX_BOARD_PAGE_SIZE,
): { limit: number; after?: [updatedAt: string, id: string]; filter: BoardListFilter; search: string } {
  const read = readPageQuery(query, maxLimit, DEFAULT_BOARD_PAGE_SIZE, 2);
  if ('path' in read) throw invalid(read.path, read.message, 'list query');
  const filter = query?.filter ?? 'all';
  if (filter !== 'all' && filter !== 'mine' && filter !== 'shared')
    throw invalid('filter', 'expected "all", "mine" or "shared"', 'list query');
  const search = query?.search ?? '';
  if (typeof search !== 'string' || search.length > MAX_BOARD_SEARCH_LENGTH || !isStorableText(search))
    throw invalid('search', `expected text of at most ${MAX_BOARD_SEARCH_LENGTH} characters`, 'list query');
  return { ...(read as { limit: number; after?: [string, string] }), filter, search: search.trim() };
}

/** Whether a board's title holds `search` (case aside, as the SQL store's `ILIKE`). */
export const titleMatches = (title: string, search: string): boolean =>
  !search || title.toLowerCase().includes(search.toLowerCase());

/**
 * The page of `boards` a query asks for, in a list's order (most recently updated first, then
 * by id), for a store that holds its boards in memory (the browser-local one). The cursor is
 * the last board's `updatedAt` and id, as the SQL store's.
 */
export function pageOfBoards(boards: readonly BoardSummary[], query?: BoardListQuery): BoardPage {
  const { limit, after, filter, search } = checkListQuery(query);
  const sorted = boards
    .filter(
      (board) =>
        (filter === 'all' || (filter === 'mine') === (board.role === 'owner')) && titleMatches(board.title, search),
    )
    .sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt > b.updatedAt ? -1 : 1));
  const from = after
    ? sorted.findIndex((b) => b.updatedAt < after[0] || (b.updatedAt === after[0] && b.id > after[1]))
    : 0;
  const start = from === -1 ? sorted.length : from;
  const page = sorted.slice(start, start + limit);
  const last = page[page.length - 1];
  return {
    boards: page,
    nextCursor: last && start + limit < sorted.length ? encodeCursor([last.updatedAt, last.id]) : null,
  };
}
