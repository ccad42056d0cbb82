// The board API a host mounts for its pages: web-standard `(Request) => Promise<Response>`,
// with the chat proxy's checks (cross-site 403, 415, 413, 401) and the store's answers as
// statuses (404 for a board the user cannot see, never its contents; 409 with the current
// revision on a save that conflicts). Sharing is access control: the store decides each user's
// role, and whom a user may share with is the host's rule (`canShare`); names come from the
// host's directory, never from the browser.
import { v } from '../../protocol';
import {
  BoardStoreError,
  checkGrants,
  checkSharing,
  parseBoardDefinition,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardGrantInput,
  type BoardListFilter,
  type BoardPrincipal,
  type BoardRecord,
  type BoardRole,
  type BoardStore,
  type BoardSummary,
  type BoardUser,
} from '../../protocol/board';
import { answer, cut, invalidAnswer, noContent } from '../http/answers';
import { ApiRefusal, createJsonApi, listQueryOf, type ApiOptions } from '../http/json-api';
import { boardEventsSettings, createRevisionEvents, type BoardEventsOptions } from './events';
import { boardLimits, type BoardLimits } from './limits';
import { directoryEntries, nameBoards, principalKey as keyOf } from './names';

export type { BoardDirectory, BoardPrincipal } from '../../protocol/board';

/** Default of the board API's body limit (`limits.bodyBytes`): 1 MiB (a board of 200 widgets with specs fits). */
export const DEFAULT_BOARD_MAX_BODY_BYTES = 1024 * 1024;

/** Most people and groups a directory search answers. */
export const MAX_DIRECTORY_RESULTS = 20;
/** Longest text a directory search takes. */
export const MAX_DIRECTORY_QUERY_LENGTH = 100;

/** What {@link BoardApiOptions.canShare} is asked about besides the sharer and principal. */
export interface BoardShareContext {
  /** The role the grant gives. */
  role: BoardRole;
  /** The board, as the sharer sees it. */
  board: BoardSummary;
}

/** Options of {@link createBoardApi}. */
export interface BoardApiOptions extends ApiOptions<BoardUser> {
  /** Where boards are kept (`createSqlBoardStore({ client })`). */
  store: BoardStore;
  /** The path the API is mounted at; boards are `{basePath}/{id}`. Default `/api/boards`. */
  basePath?: string;
  /**
   * Largest request body, in bytes; a larger one is 413, read no further. Default 1 MiB.
   * @deprecated Use `limits.bodyBytes`.
   */
  maxBodyBytes?: number;
  /**
   * The bounds of what a request may hold: a definition's size, depth, values, strings and
   * widgets (refused with 400 while parsed, before the store), grants per board, page size,
   * body size. Pass the store the same (it keeps boards per user).
   */
  limits?: BoardLimits;
  /**
   * The host's directory: the Share dialog's search (`GET {basePath}/{id}/principals?q=`) and
   * the names of owners, editors and grants in every answer. Without one, answers carry no names
   * and the search finds nobody.
   */
  directory?: BoardDirectory;
  /** Longest the directory may take to name an answer's people, in ms: past it they go unnamed. Default 3,000. */
  directoryTimeoutMs?: number;
  /**
   * Whether `sharer` may give `principal` a role on a board (each grant a share adds or raises
   * to `edit`; removing one, or lowering it, is always allowed). Default
   * {@link shareWithOwnGroupsAndKnownUsers}: the sharer's own groups, and the users the directory
   * names for them. A refusal is 403 (`code: 'forbidden'`), and the search leaves them out.
   */
  canShare?(sharer: BoardUser, principal: BoardPrincipal, context: BoardShareContext): boolean | Promise<boolean>;
  /**
   * Server-sent events of a board's revision at `GET {basePath}/{id}/events` (`true`, or the
   * stream's interval, length and count per user): an open board hears of others' saves without
   * asking. Default off (the route is 404): pages poll `GET {basePath}/{id}/revision`.
   */
  events?: boolean | BoardEventsOptions;
}

const CreateBodySchema = v.object({
  definition: v.unknown(),
  grants: v.optional(v.unknown()),
  sharedWith: v.optional(v.unknown()),
});
const SaveBodySchema = v.object({
  definition: v.unknown(),
  revision: v.integer(),
  sharedWith: v.optional(v.unknown()),
});
const ShareBodySchema = v.object({ grants: v.unknown() });

/** The share rule of issue 37, for groups only: the sharer's own groups; any user refused. */
export const shareWithOwnGroups = (sharer: BoardUser, principal: BoardPrincipal): boolean =>
  principal.type === 'group' && (sharer.groups ?? []).includes(principal.id);

/**
 * The default share rule: the sharer's own groups (so no one pushes boards into the lists of
 * groups they are not in), and the users `directory` names for the sharer (none without one).
 */
export function shareWithOwnGroupsAndKnownUsers(directory: BoardDirectory | undefined) {
  return async (sharer: BoardUser, principal: BoardPrincipal): Promise<boolean> => {
    if (principal.type === 'group') return shareWithOwnGroups(sharer, principal);
    if (!directory) return false;
    const found = await directory.describe(sharer, [principal]);
    return found.some((entry) => entry.type === 'user' && entry.id === principal.id);
  };
}

const FILTERS: readonly BoardListFilter[] = ['all', 'mine', 'shared'];
/**
 * A fetch handler for the board API, mounted at `basePath` (a Next.js catch-all route
 * `app/api/boards/[[...id]]/route.ts` exports it as GET, POST, PUT and DELETE):
 *
 * - `GET {basePath}?limit=&cursor=&filter=all|mine|shared&q=`: 200 `{ boards, nextCursor }`, a
 *   page of the boards the user may open (their own, and those shared with them or their
 *   groups), titles searched for `q`, each with the user's `role` and the owner's name
 * - `POST {basePath}` `{ definition, grants? }`: 201 `{ board }`
 * - `GET {basePath}/{id}`: 200 `{ board }`, with the names of its owner, last editor and grants
 * - `GET {basePath}/{id}/revision`: 200 `{ revision }` (what an open board polls)
 * - `GET {basePath}/{id}/events` (with `events`): 200, server-sent `revision` events
 * - `PUT {basePath}/{id}` `{ definition, revision }`: 200 `{ board }` at the next revision, as
 *   its owner or an editor; saves since `revision` are merged per widget (the board answered
 *   holds the merge); 409 `{ error, code, revision }` when both changed the same widget
 * - `PUT {basePath}/{id}/grants` `{ grants: [{ type, id, role }] }`: 200 `{ board }`, the board's
 *   grants replaced (its owner, or an editor the store lets share; each grant added or raised
 *   is the host's `canShare` decision)
 * - `GET {basePath}/{id}/principals?q=`: 200 `{ principals }`, the host directory's people and
 *   groups the user may share this board with
 * - `DELETE {basePath}/{id}`: 204, deleted (its owner only); `POST {basePath}/{id}/restore`:
 *   200 `{ board }`, back
 *
 * Refusals are `{ error, code? }`, a few KB at most whatever the request: 403 cross-site, a
 * viewer's save, share or delete (`read-only`), an editor's share or delete and a principal the
 * share rule refuses (`forbidden`), or one board more than `boardsPerUser` (`limit`); 415 a body
 * that is not JSON's type, 413 over `limits.bodyBytes`, 408 a body that stalled, 401 signed
 * out, 400 naming the first invalid paths (`issues`, and how many `more`), 404 a board the user
 * cannot see (someone else's reads as absent), 405, 503 when the store fails or the request
 * passes `requestTimeoutMs`.
 */
export function createBoardApi(options: BoardApiOptions): (request: Request) => Promise<Response> {
  const { store, directory } = options;
  const limits = boardLimits({ bodyBytes: options.maxBodyBytes, ...options.limits });
  const canShare = options.canShare ?? shareWithOwnGroupsAndKnownUsers(directory);
  const events = options.events ? createRevisionEvents(store, boardEventsSettings(options.events)) : undefined;
  const directoryTimeoutMs =
    typeof options.directoryTimeoutMs === 'number' && options.directoryTimeoutMs > 0
      ? options.directoryTimeoutMs
      : 3_000;

  function report(error: unknown, request: Request) {
    try {
      options.onError?.(error, request);
    } catch {
      // a logger that throws must not change the answer
    }
  }

  /** `boards` named from the directory (owner and last editor; with `grants`, each grant's too). */
  const named = <T extends BoardSummary>(user: BoardUser, boards: T[], request: Request, grants: boolean) =>
    nameBoards(directory, user, boards, {
      grants,
      timeoutMs: directoryTimeoutMs,
      onError: (error) => report(error, request),
    });

  const one = async (user: BoardUser, board: BoardRecord, request: Request) =>
    (await named(user, [board], request, true))[0]!;

  /** The directory's answer; its failure is the store's kind of outage (503, heard by `onError`), never a 500. */
  async function ask<T>(call: () => T | Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (cause) {
      throw new BoardStoreError('unavailable', 'The directory of people and groups could not be asked', { cause });
    }
  }

  /** Refuses (403) the first grant `user` may not give among those `grants` adds or raises on `board`. */
  async function checkShares(user: BoardUser, board: BoardSummary, grants: readonly BoardGrantInput[]) {
    const before = new Map(board.grants.map((grant) => [keyOf(grant), grant.role]));
    const asked = grants.filter((grant) => {
      const had = before.get(keyOf(grant));
      return had !== grant.role && had !== 'edit';
    });
    const refuse = (grant: BoardGrantInput) =>
      new BoardStoreError(
        'forbidden',
        `You may not share this board with the ${grant.type} ${JSON.stringify(cut(grant.id, 100))}`,
      );
    if (!options.canShare) {
      // The default rule, with one directory call for all the users (up to 100 grants).
      const users = asked.filter((grant) => grant.type === 'user');
      const known = new Set<string>();
      if (users.length && directory)
        for (const entry of directoryEntries(
          await ask(() =>
            directory.describe(
              user,
              users.map(({ type, id }) => ({ type, id })),
            ),
          ),
          1_000,
        ))
          if (entry.type === 'user') known.add(entry.id);
      const refused = asked.find((grant) =>
        grant.type === 'group' ? !shareWithOwnGroups(user, grant) : !known.has(grant.id),
      );
      if (refused) throw refuse(refused);
      return;
    }
    for (const grant of asked)
      if (!(await canShare(user, { type: grant.type, id: grant.id }, { role: grant.role, board }))) throw refuse(grant);
  }

  /** The board as the user sees it, refused as the store would refuse a share when they may not share it. */
  async function sharable(user: BoardUser, id: string): Promise<BoardRecord> {
    const board = await store.get(user, id);
    if (!board.mayShare)
      throw board.role === 'view'
        ? new BoardStoreError('read-only', 'This board is shared with you to view only')
        : new BoardStoreError('forbidden', 'Only its owner can share this board');
    return board;
  }

  /** The directory's people and groups for the Share dialog: checked, at most 20, each one `user` may share with. */
  async function principals(user: BoardUser, board: BoardSummary, q: string | null): Promise<BoardDirectoryEntry[]> {
    const query = (q ?? '').trim();
    if (!query || query.length > MAX_DIRECTORY_QUERY_LENGTH)
      throw new ApiRefusal(
        invalidAnswer([{ path: 'q', message: `expected 1-${MAX_DIRECTORY_QUERY_LENGTH} characters to search for` }]),
      );
    if (!directory) return [];
    const found = directoryEntries(await ask(() => directory.search(user, query)), MAX_DIRECTORY_RESULTS * 5).filter(
      (entry) => !(entry.type === 'user' && entry.id === board.ownerId),
    );
    // The default rule allows the users the directory names for this user, as its search just did
    // (not asked again, one by one); a host's own rule is asked about each.
    const allowed = await Promise.all(
      found.map((entry) =>
        !options.canShare && entry.type === 'user'
          ? true
          : canShare(user, { type: entry.type, id: entry.id }, { role: 'view', board }),
      ),
    );
    return found.filter((_, i) => allowed[i]).slice(0, MAX_DIRECTORY_RESULTS);
  }

  return createJsonApi<BoardUser>({
    ...options,
    noun: 'board',
    basePath: options.basePath ?? '/api/boards',
    methods: {
      collection: ['GET', 'POST'],
      item: ['GET', 'PUT', 'DELETE'],
      actions: {
        revision: ['GET'],
        grants: ['PUT'],
        principals: ['GET'],
        restore: ['POST'],
        ...(events ? { events: ['GET'] } : {}),
      },
    },
    withBody: ['POST', 'PUT'],
    maxBodyBytes: limits.bodyBytes,
    // A definition's own bounds (grants and revision are far within them).
    bodyLimits: { depth: limits.depth, values: limits.values, stringLength: limits.stringLength },
    notFound: 'Board not found',
    async handle({ request, method, id, action, user, url, json }) {
      if (id === undefined && method === 'GET') {
        const filter = url.searchParams.get('filter') ?? 'all';
        if (!FILTERS.includes(filter as BoardListFilter))
          throw new ApiRefusal(invalidAnswer([{ path: 'filter', message: 'expected "all", "mine" or "shared"' }]));
        const search = url.searchParams.get('q') ?? undefined;
        const page = await store.list(user, { ...listQueryOf(url), filter: filter as BoardListFilter, search });
        return answer(200, { ...page, boards: await named(user, page.boards, request, false) });
      }
      if (action === 'revision') return answer(200, { revision: await store.revision(user, id!) });
      if (action === 'events') return events!.open(user, id!, request);
      if (action === 'principals')
        return answer(200, {
          principals: await principals(user, await sharable(user, id!), url.searchParams.get('q')),
        });
      if (action === 'restore') return answer(200, { board: await one(user, await store.restore(user, id!), request) });
      if (id !== undefined && method === 'GET')
        return answer(200, { board: await one(user, await store.get(user, id), request) });
      if (method === 'DELETE') {
        await store.remove(user, id!);
        return noContent();
      }
      const raw = await json();
      if (action === 'grants') {
        const body = ShareBodySchema.safeParse(raw, 'share request');
        if (!body.success) throw new ApiRefusal(invalidAnswer(body.error.issues));
        const grants = checkGrants(body.data.grants, limits.sharesPerBoard);
        const board = await sharable(user, id!);
        await checkShares(user, board, grants);
        return answer(200, { board: await one(user, await store.share(user, id!, grants), request) });
      }
      const body = (method === 'POST' ? CreateBodySchema : SaveBodySchema).safeParse(raw, 'board request');
      if (!body.success) throw new ApiRefusal(invalidAnswer(body.error.issues));
      // Held to the limits while parsed: an oversized definition is one issue, before the store.
      const definition = parseBoardDefinition(body.data.definition, limits);
      if (!definition.success)
        throw new ApiRefusal(
          invalidAnswer(
            definition.error.issues.map((i) => ({ ...i, path: i.path ? `definition.${i.path}` : 'definition' })),
          ),
        );
      const sharedWith = checkSharing(body.data.sharedWith, limits.sharesPerBoard);
      // A legacy `sharedWith` is groups to view: checked as grants.
      const asGrants = (groups: readonly string[]) =>
        groups.map((group) => ({ type: 'group' as const, id: group, role: 'view' as const }));
      if (method === 'POST') {
        const given = (body.data as { grants?: unknown }).grants;
        const grants =
          given !== undefined ? checkGrants(given, limits.sharesPerBoard) : sharedWith ? asGrants(sharedWith) : [];
        if (grants.length) await checkShares(user, newBoard(user), grants);
        const board = await store.create(user, { definition: definition.data, grants });
        return answer(201, { board: await one(user, board, request) });
      }
      if (sharedWith) {
        // Only the groups this save adds are the sharer's to answer for (an owner keeps sharing
        // a host set up); a board they may not share is refused by the save itself.
        const current = await store.get(user, id!);
        if (current.mayShare) await checkShares(user, current, asGrants(sharedWith));
      }
      const revision = (body.data as unknown as { revision: number }).revision;
      const saved = await store.save(user, id!, { definition: definition.data, revision, sharedWith });
      return answer(200, { board: await one(user, saved, request) });
    },
  });
}

/** A board not made yet, as `canShare` sees it when a create shares it at once. */
function newBoard(user: BoardUser): BoardSummary {
  const now = new Date().toISOString();
  return {
    id: '',
    title: '',
    ownerId: user.id,
    role: 'owner',
    mayShare: true,
    revision: 0,
    grants: [],
    sharedWith: [],
    createdAt: now,
    updatedAt: now,
  };
}
