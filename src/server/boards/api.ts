// The board API a host mounts for its pages: web-standard `(Request) => Promise<Response>`,
// with the chat proxy's checks (cross-site 403, 415, 413, 401) and the store's answers as
// statuses (404 for a board the user cannot see, never its contents; 409 with the current
// revision on a stale save).
import { v } from '../../protocol';
import {
  BoardStoreError,
  checkSharing,
  parseBoardDefinition,
  type BoardStore,
  type BoardUser,
} from '../../protocol/board';
import { answer, invalidAnswer, noContent } from '../http/answers';
import { ApiRefusal, createJsonApi, listQueryOf, type ApiOptions } from '../http/json-api';
import { boardLimits, type BoardLimits } from './limits';

/** Default of the board API's body limit (`limits.bodyBytes`): 1 MiB (a board of 200 widgets with specs fits). */
export const DEFAULT_BOARD_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Whom a board is shared with: a group of the host's (today's `sharedWith` entries) or, for a
 * host that shares with people, a user.
 */
export interface BoardPrincipal {
  type: 'group' | 'user';
  /** The host's id of the group or user. */
  id: string;
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
   * widgets (refused with 400 while parsed, before the store), groups per board, page size,
   * body size. Pass the store the same (it keeps boards per user).
   */
  limits?: BoardLimits;
  /**
   * Whether `sharer` may share a board with `principal` (each one a save adds; removing is
   * always allowed). Default: a user shares only with groups they belong to
   * (`sharer.groups`), so no one pushes boards into the lists of groups they are not in. A
   * refusal is 403 (`code: 'forbidden'`).
   */
  canShare?(sharer: BoardUser, principal: BoardPrincipal): boolean | Promise<boolean>;
}

const CreateBodySchema = v.object({ definition: v.unknown(), sharedWith: v.optional(v.unknown()) });
const SaveBodySchema = v.object({
  definition: v.unknown(),
  revision: v.integer(),
  sharedWith: v.optional(v.unknown()),
});

/** The default rule of {@link BoardApiOptions.canShare}: the sharer's own groups only. */
export const shareWithOwnGroups = (sharer: BoardUser, principal: BoardPrincipal): boolean =>
  principal.type === 'group' && (sharer.groups ?? []).includes(principal.id);

/**
 * A fetch handler for the board API, mounted at `basePath` (a Next.js catch-all route
 * `app/api/boards/[[...id]]/route.ts` exports it as GET, POST, PUT and DELETE):
 *
 * - `GET {basePath}?limit=&cursor=`: 200 `{ boards, nextCursor }`, a page of the user's own
 *   boards and those shared with their groups (`nextCursor` asks for the next; null: the last)
 * - `POST {basePath}` `{ definition, sharedWith? }`: 201 `{ board }`
 * - `GET {basePath}/{id}`: 200 `{ board }`
 * - `PUT {basePath}/{id}` `{ definition, revision, sharedWith? }`: 200 `{ board }` at the next
 *   revision; 409 `{ error, code, revision }` (the current one) when another save came first
 * - `DELETE {basePath}/{id}`: 204
 *
 * Refusals are `{ error, code? }`, a few KB at most whatever the request: 403 cross-site, a
 * board shared read-only (`read-only`), a group the user may not share with (`forbidden`), or
 * one board more than `boardsPerUser` (`limit`); 415 a body that is not JSON's type, 413 over
 * `limits.bodyBytes`, 408 a body that stalled, 401 signed out, 400 naming the first invalid
 * paths (`issues`, and how many `more`), 404 a board the user cannot see (someone else's reads
 * as absent), 405, 503 when the store fails or the request passes `requestTimeoutMs`.
 */
export function createBoardApi(options: BoardApiOptions): (request: Request) => Promise<Response> {
  const { store } = options;
  const limits = boardLimits({ bodyBytes: options.maxBodyBytes, ...options.limits });
  const canShare = options.canShare ?? shareWithOwnGroups;

  /** Refuses (403) the first group `user` may not share with among those `sharedWith` adds to `before`. */
  async function checkShares(user: BoardUser, sharedWith: readonly string[], before: readonly string[] = []) {
    for (const group of sharedWith) {
      if (before.includes(group)) continue;
      if (!(await canShare(user, { type: 'group', id: group })))
        throw new BoardStoreError('forbidden', `You may not share boards with the group ${JSON.stringify(group)}`);
    }
  }

  return createJsonApi<BoardUser>({
    ...options,
    noun: 'board',
    basePath: options.basePath ?? '/api/boards',
    methods: { collection: ['GET', 'POST'], item: ['GET', 'PUT', 'DELETE'] },
    withBody: ['POST', 'PUT'],
    maxBodyBytes: limits.bodyBytes,
    // A definition's own bounds (sharedWith and revision are far within them).
    bodyLimits: { depth: limits.depth, values: limits.values, stringLength: limits.stringLength },
    notFound: 'Board not found',
    async handle({ method, id, user, url, json }) {
      if (id === undefined && method === 'GET') return answer(200, await store.list(user, listQueryOf(url)));
      if (id !== undefined && method === 'GET') return answer(200, { board: await store.get(user, id) });
      if (method === 'DELETE') {
        await store.remove(user, id!);
        return noContent();
      }
      const raw = await json();
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
      if (method === 'POST') {
        if (sharedWith) await checkShares(user, sharedWith);
        return answer(201, { board: await store.create(user, { definition: definition.data, sharedWith }) });
      }
      if (sharedWith) {
        // Only the groups this save adds are the sharer's to answer for (an owner keeps sharing
        // a host set up); a board that is not theirs is refused by the save itself.
        const current = await store.get(user, id!);
        if (current.ownerId === user.id) await checkShares(user, sharedWith, current.sharedWith);
      }
      const revision = (body.data as unknown as { revision: number }).revision;
      return answer(200, {
        board: await store.save(user, id!, { definition: definition.data, revision, sharedWith }),
      });
    },
  });
}
