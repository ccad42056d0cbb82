// The board store on Postgres (a server's, or PGlite's in WASM) through `query(text, params)`.
// Every value is a parameter; every change is one statement, so `pg.Pool` (one connection per
// call) needs no transaction, and a stale save loses atomically (`WHERE revision = $n`). Who may
// do what is decided here, in each statement: the owner everything, a grant's `edit` saves,
// `view` reads; a stale save is merged per widget with the revision it was made from.
import {
  BoardStoreError,
  checkGrants,
  checkListQuery,
  checkRevision,
  checkSharing,
  checkUser,
  grantsWithGroups,
  groupsOf,
  isStorableText,
  mergeSave,
  parseBoardDefinition,
  storableText,
  type BoardAccess,
  type BoardDefinition,
  type BoardGrant,
  type BoardGrantInput,
  type BoardRecord,
  type BoardStore,
  type BoardSummary,
  type BoardUser,
} from '../../protocol/board';
import { encodeCursor } from '../../protocol/cursor';
import type { SqlClient } from '../db/sql-client';
import { storeQuery } from '../db/store-query';
import { freeSlot, recount, takeSlot } from '../db/usage';
import { boardLimits, type BoardLimits } from './limits';

/** Options of {@link createSqlBoardStore}. */
export interface SqlBoardStoreOptions {
  /**
   * The database: `createDatabase(pool)` (deadlines, classified errors, migrations under a
   * lock), or a Postgres connection or pool as it is (`pg.Pool`, `PGlite`…): anything with
   * `query(text, params)`, which the store then wraps in `createDatabase` with its defaults.
   */
  client: SqlClient;
  /**
   * Apply the library's migrations (`SERVER_MIGRATIONS`) before the first call. Default true; set
   * false when your own migration tool runs them.
   */
  migrate?: boolean;
  /** New board ids. Default `crypto.randomUUID()`. */
  newId?: () => string;
  /**
   * Boards per user, grants per board, revisions and deleted boards kept, page size and what a
   * definition may hold (pass the API the same).
   */
  limits?: BoardLimits;
  /** Whether a user with the `edit` role may change a board's grants too. Default false: its owner only. */
  editorsMayShare?: boolean;
}

/** Most merges one save tries while other saves keep landing first (each try, one of them wins). */
const MERGE_ATTEMPTS = 20;

/** A user's access as a number (max over their grants): 2 owner, 1 edit, 0 view, null none. */
const LEVELS: BoardAccess[] = ['view', 'edit', 'owner'];

/** `b`'s access level for the user `$u` in the groups `$g` (null: none). */
const level = (u: string, g: string) => `CASE WHEN b.owner_id = ${u} THEN 2 ELSE (
  SELECT max(CASE g.role WHEN 'edit' THEN 1 ELSE 0 END) FROM ek_board_grants g WHERE g.board_id = b.id
    AND ((g.principal_type = 'user' AND g.principal_id = ${u}) OR (g.principal_type = 'group' AND g.principal_id = ANY(${g}::text[])))
) END`;

/** `b`'s grants as JSON, groups then users, each by id. */
const GRANTS = `(SELECT coalesce(json_agg(json_build_object('type', g.principal_type, 'id', g.principal_id, 'role', g.role)
  ORDER BY g.principal_type COLLATE "C", g.principal_id COLLATE "C"), '[]'::json) FROM ek_board_grants g WHERE g.board_id = b.id)`;

const COLUMNS = `b.id, b.owner_id, b.title, b.revision, b.created_at, b.updated_at, b.updated_by,
  to_char(b.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_key`;
const COUNT_BOARDS = 'SELECT count(*) FROM ek_boards WHERE owner_id = $1 AND deleted_at IS NULL';

interface Row {
  id: string;
  owner_id: string;
  title: string;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
  updated_by: string | null;
  /** `updated_at` to the microsecond, as a list's cursor holds it. */
  updated_key: string;
  /** The asking user's access (see {@link LEVELS}). */
  level: number | null;
  grants: BoardGrantInput[] | string;
  definition?: unknown;
}
/** True for a cursor's time as `updated_key` writes it (a real date: Postgres would refuse 02-31). */
function isCursorTime(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(text)) return false;
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === text.slice(0, 19);
}

const instant = (value: Date | string) => new Date(value).toISOString();

/** A title search as an `ILIKE` pattern: its `%`, `_` and `\` taken as themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A {@link BoardStore} in Postgres: per-user ownership and grants (users and groups, `view` or
 * `edit`: a user opens their own boards and those granted to them or their groups, saves their
 * own and those they may edit, and only the owner deletes or, unless `editorsMayShare`,
 * shares), optimistic concurrency with a per-widget merge (a save names the revision it was
 * made from; one made from a kept earlier revision is merged with the saves since, and is a
 * `conflict` only where both changed the same widget or field), the definition checked within
 * `limits` before it is written, at most `boardsPerUser` boards each (exactly, however many
 * creates come at once: a `limit` error past it), deletes that `restore` undoes (the last
 * `deletedKept` boards, for `deletedDays`), lists in pages (`nextCursor`), filtered and searched
 * by title. A database error is an `unavailable` `BoardStoreError` with the database's error as
 * its `cause`.
 */
export function createSqlBoardStore(options: SqlBoardStoreOptions): BoardStore {
  const { client } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const limits = boardLimits(options.limits);
  const editorsMayShare = options.editorsMayShare ?? false;
  const query = storeQuery(
    client,
    options.migrate,
    (cause) => new BoardStoreError('unavailable', 'The board database could not be used', { cause }),
  ) as (text: string, params: unknown[]) => Promise<Row[]>;

  function definitionOf(value: unknown): BoardDefinition {
    const parsed = parseBoardDefinition(value, limits);
    if (!parsed.success)
      throw new BoardStoreError('invalid', parsed.error.message, {
        issues: parsed.error.issues.slice(0, 10),
        cause: parsed.error,
      });
    return parsed.data;
  }

  function summary(row: Row): BoardSummary {
    const access = LEVELS[Number(row.level)] ?? 'view';
    const grants = (typeof row.grants === 'string' ? JSON.parse(row.grants) : row.grants) as BoardGrant[];
    return {
      id: row.id,
      title: row.title,
      ownerId: row.owner_id,
      role: access,
      mayShare: access === 'owner' || (access === 'edit' && editorsMayShare),
      revision: Number(row.revision),
      grants,
      sharedWith: groupsOf(grants),
      createdAt: instant(row.created_at),
      updatedAt: instant(row.updated_at),
      ...(row.updated_by ? { updatedBy: row.updated_by } : {}),
    };
  }

  const record = (row: Row): BoardRecord => ({ ...summary(row), definition: row.definition as BoardDefinition });

  /** The board's access for the user and its revision, or undefined when they may not open it. */
  async function accessTo(user: BoardUser, id: string) {
    const { id: userId, groups } = checkUser(user);
    const [row] = await query(
      `SELECT b.revision, ${level('$2', '$3')} AS level FROM ek_boards b WHERE b.id = $1 AND b.deleted_at IS NULL`,
      [id, userId, groups],
    );
    return row && row.level !== null ? { level: Number(row.level), revision: Number(row.revision) } : undefined;
  }

  /** Why a write matched no row: not there for this user, or their role does not allow it, or it moved on. */
  async function refusal(
    user: BoardUser,
    id: string,
    action: 'save' | 'share' | 'remove',
    needed = action === 'save' ? 1 : 2,
  ): Promise<BoardStoreError> {
    const found = await accessTo(user, id);
    if (!found) return new BoardStoreError('not-found', 'Board not found');
    if (found.level === 0) return new BoardStoreError('read-only', 'This board is shared with you to view only');
    if (found.level < needed)
      return new BoardStoreError(
        'forbidden',
        action === 'remove' ? 'Only its owner can delete this board' : 'Only its owner can share this board',
      );
    return new BoardStoreError('conflict', 'The board was changed since this revision', {
      currentRevision: found.revision,
    });
  }

  /** The id to look up: one no row can have (NUL, a lone surrogate, over 200 characters) is not found, never a database error. */
  function boardIdOf(id: unknown): string {
    if (typeof id !== 'string' || id.length > 200 || !isStorableText(id))
      throw new BoardStoreError('not-found', 'Board not found');
    return id;
  }

  /** Grants without the owner (who has every right already). */
  const othersThan = (ownerId: string, grants: readonly BoardGrantInput[]) =>
    grants.filter((grant) => !(grant.type === 'user' && grant.id === ownerId));

  async function get(user: BoardUser, boardId: string): Promise<BoardRecord> {
    const { id, groups } = checkUser(user);
    const [row] = await query(
      `SELECT ${COLUMNS}, b.definition, ${GRANTS} AS grants, ${level('$2', '$3')} AS level
       FROM ek_boards b WHERE b.id = $1 AND b.deleted_at IS NULL`,
      [boardIdOf(boardId), id, groups],
    );
    if (!row || row.level === null) throw new BoardStoreError('not-found', 'Board not found');
    return record(row);
  }

  /**
   * Writes `definition` if the board is still at `revision` and the user may edit it, keeping the
   * revision it replaces for later merges; undefined when no row matched.
   */
  async function write(user: BoardUser, id: string, definition: BoardDefinition, revision: number) {
    const who = checkUser(user);
    const [row] = await query(
      `WITH old AS (
         SELECT b.definition FROM ek_boards b WHERE b.id = $1 AND b.revision = $3 AND b.deleted_at IS NULL
       ), saved AS (
         UPDATE ek_boards b SET definition = $4::json, title = $5, revision = b.revision + 1, updated_at = now(), updated_by = $2
         WHERE b.id = $1 AND b.revision = $3 AND b.deleted_at IS NULL AND ${level('$2', '$6')} >= 1
         RETURNING b.*
       ), kept AS (
         INSERT INTO ek_board_revisions (board_id, revision, definition)
         SELECT $1, $3, old.definition FROM old, saved ON CONFLICT (board_id, revision) DO NOTHING
       ), pruned AS (
         DELETE FROM ek_board_revisions r WHERE r.board_id = $1 AND r.revision <= $3 - $7::integer
           AND EXISTS (SELECT 1 FROM saved)
       )
       SELECT ${COLUMNS}, b.definition, ${GRANTS} AS grants, ${level('$2', '$6')} AS level FROM saved b`,
      [
        id,
        who.id,
        revision,
        JSON.stringify(definition),
        storableText(definition.title),
        who.groups,
        limits.revisionsKept,
      ],
    );
    return row ? record(row) : undefined;
  }

  async function share(user: BoardUser, boardId: string, given: readonly BoardGrantInput[]): Promise<BoardRecord> {
    const { id, groups } = checkUser(user);
    const grants = checkGrants(given, limits.sharesPerBoard);
    const board = boardIdOf(boardId);
    const [{ shared }] = (await query(
      `WITH target AS (
         SELECT b.id, b.owner_id FROM ek_boards b WHERE b.id = $1 AND b.deleted_at IS NULL
           AND (b.owner_id = $2 OR ($6::boolean AND ${level('$2', '$7')} = 1))
       ), wanted AS (
         SELECT n.t, n.i, n.r FROM target, unnest($3::text[], $4::text[], $5::text[]) AS n(t, i, r)
         WHERE NOT (n.t = 'user' AND n.i = target.owner_id)
       ), gone AS (
         DELETE FROM ek_board_grants g USING target WHERE g.board_id = target.id
           AND (g.principal_type, g.principal_id) NOT IN (SELECT t, i FROM wanted)
       ), put AS (
         INSERT INTO ek_board_grants (board_id, principal_type, principal_id, role)
         SELECT target.id, wanted.t, wanted.i, wanted.r FROM target, wanted
         ON CONFLICT (board_id, principal_type, principal_id) DO UPDATE SET role = excluded.role
       )
       SELECT count(*)::integer AS shared FROM target`,
      [
        board,
        id,
        grants.map((g) => g.type),
        grants.map((g) => g.id),
        grants.map((g) => g.role),
        editorsMayShare,
        groups,
      ],
    )) as unknown as [{ shared: number }];
    if (Number(shared) === 0) throw await refusal(user, board, 'share', editorsMayShare ? 1 : 2);
    return get(user, board);
  }

  return {
    async list(user, listQuery) {
      const { id, groups } = checkUser(user);
      const { limit, after, filter, search } = checkListQuery(listQuery, limits.pageSize);
      if (after && !isCursorTime(after[0]))
        throw new BoardStoreError('invalid', 'Invalid list query: cursor: not a cursor this list gave', {
          issues: [{ path: 'cursor', message: 'not a cursor this list gave' }],
        });
      // The boards the user reaches (their own, and each granted to them or a group of theirs, at
      // the highest role), then keyset pages: those after the previous page's last (its update
      // time, then its id).
      const rows = await query(
        `WITH reach AS (
           SELECT id AS board_id, 2 AS level FROM ek_boards WHERE owner_id = $1 AND deleted_at IS NULL AND $6 <> 'shared'
           UNION ALL
           SELECT board_id, CASE role WHEN 'edit' THEN 1 ELSE 0 END FROM ek_board_grants
           WHERE $6 <> 'mine' AND ((principal_type = 'user' AND principal_id = $1)
             OR (principal_type = 'group' AND principal_id = ANY($2::text[])))
         ), access AS (SELECT board_id, max(level) AS level FROM reach GROUP BY board_id)
         SELECT ${COLUMNS}, ${GRANTS} AS grants, a.level FROM access a JOIN ek_boards b ON b.id = a.board_id
         WHERE b.deleted_at IS NULL AND ($6 <> 'shared' OR a.level < 2) AND ($7 = '' OR b.title ILIKE $7 ESCAPE '\\')
           AND ($3::timestamptz IS NULL OR b.updated_at < $3::timestamptz OR (b.updated_at = $3::timestamptz AND b.id > $4))
         ORDER BY b.updated_at DESC, b.id LIMIT $5`,
        [id, groups, after?.[0] ?? null, after?.[1] ?? '', limit + 1, filter, search ? likePattern(search) : ''],
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        boards: page.map(summary),
        nextCursor: rows.length > limit && last ? encodeCursor([last.updated_key, last.id]) : null,
      };
    },

    get,

    async revision(user, boardId) {
      const found = await accessTo(user, boardIdOf(boardId));
      if (!found) throw new BoardStoreError('not-found', 'Board not found');
      return found.revision;
    },

    async create(user, board) {
      const { id } = checkUser(user);
      const definition = definitionOf(board.definition);
      const legacy = checkSharing(board.sharedWith, limits.sharesPerBoard);
      const grants = othersThan(
        id,
        board.grants !== undefined
          ? checkGrants(board.grants, limits.sharesPerBoard)
          : grantsWithGroups([], legacy ?? []),
      );
      const params = [
        newId(),
        id,
        storableText(definition.title),
        JSON.stringify(definition),
        'boards',
        limits.boardsPerUser,
        grants.map((g) => g.type),
        grants.map((g) => g.id),
        grants.map((g) => g.role),
      ];
      // One statement: the slot is taken with the insert and its grants, or none of them happens.
      const insert = () =>
        query(
          `WITH ${takeSlot(2, 5, 6)}, made AS (
             INSERT INTO ek_boards (id, owner_id, title, definition, updated_by)
             SELECT $1, $2, $3, $4::json, $2 FROM slot RETURNING *
           ), granted AS (
             INSERT INTO ek_board_grants (board_id, principal_type, principal_id, role)
             SELECT made.id, n.t, n.i, n.r FROM made, unnest($7::text[], $8::text[], $9::text[]) AS n(t, i, r)
           )
           SELECT ${COLUMNS}, b.definition, '[]'::json AS grants, 2 AS level FROM made b`,
          params,
        );
      let [row] = await insert();
      if (!row && (await recount(query, id, 'boards', COUNT_BOARDS))) [row] = await insert();
      if (!row)
        throw new BoardStoreError('limit', `A user owns at most ${limits.boardsPerUser} boards`, {
          limit: { name: 'boardsPerUser', max: limits.boardsPerUser },
        });
      const sorted = [...grants].sort((a, b) =>
        a.type === b.type ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.type < b.type ? -1 : 1,
      );
      return { ...record(row), grants: sorted, sharedWith: groupsOf(sorted) };
    },

    async save(user, boardId, save) {
      checkUser(user);
      const id = boardIdOf(boardId);
      const mine = definitionOf(save.definition);
      const sharedWith = checkSharing(save.sharedWith, limits.sharesPerBoard);
      const revision = checkRevision(save.revision);
      if (sharedWith) {
        // Changing the sharing is a share's decision: refused before anything is written.
        const found = await accessTo(user, id);
        if (!found) throw new BoardStoreError('not-found', 'Board not found');
        if (found.level < (editorsMayShare ? 1 : 2)) throw await refusal(user, id, 'share');
      }
      const shared = async (saved: BoardRecord) =>
        sharedWith ? share(user, id, grantsWithGroups(saved.grants, sharedWith)) : saved;
      const saved = await write(user, id, mine, revision);
      if (saved) return shared(saved);
      let refused = await refusal(user, id, 'save');
      if (refused.code !== 'conflict') throw refused;
      // Others saved since: merged with their saves from the revision this one was made from
      // (while it is kept), and saved on top; again if yet another save came in between (each
      // round one of the saves racing wins, so a team saving at once all get through).
      const [base] = (await query('SELECT definition FROM ek_board_revisions WHERE board_id = $1 AND revision = $2', [
        id,
        revision,
      ])) as unknown as [{ definition: BoardDefinition } | undefined];
      for (let attempt = 0; base && attempt < MERGE_ATTEMPTS && refused.code === 'conflict'; attempt++) {
        const current = await get(user, id);
        const { merged, conflicts } = mergeSave(base.definition, mine, current.definition);
        if (!merged || !parseBoardDefinition(merged, limits).success) {
          refused = new BoardStoreError('conflict', 'The board was changed since this revision', {
            currentRevision: current.revision,
            ...(conflicts?.length ? { conflicts: conflicts.slice(0, 10) } : {}),
          });
          break;
        }
        const done = await write(user, id, merged, current.revision);
        if (done) return shared(done);
        // Yet another save came in between: the next try merges onto it, from the same base.
        refused = await refusal(user, id, 'save');
      }
      throw refused;
    },

    share,

    async remove(user, boardId) {
      const { id } = checkUser(user);
      const board = boardIdOf(boardId);
      // The board, its slot in the owner's count and its kept revisions go together; of the owner's
      // deleted boards, those past `deletedKept` or `deletedDays` are purged for good.
      const [{ removed }] = (await query(
        `WITH gone AS (
           UPDATE ek_boards SET deleted_at = now() WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL RETURNING id
         ), ${freeSlot(2, 3)}, history AS (
           DELETE FROM ek_board_revisions WHERE board_id IN (SELECT id FROM gone)
         ), purged AS (
           DELETE FROM ek_boards WHERE owner_id = $2 AND deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM gone) AND (
             deleted_at < now() - make_interval(days => $4::integer)
             OR id IN (SELECT id FROM ek_boards WHERE owner_id = $2 AND deleted_at IS NOT NULL
                       ORDER BY deleted_at DESC, id OFFSET $5::integer - 1))
         )
         SELECT count(*)::integer AS removed FROM gone`,
        [board, id, 'boards', limits.deletedDays, limits.deletedKept],
      )) as unknown as [{ removed: number }];
      if (Number(removed) === 0) {
        const error = await refusal(user, board, 'remove');
        // Gone already, or not theirs: never a conflict on a delete.
        throw error.code === 'conflict' ? new BoardStoreError('not-found', 'Board not found') : error;
      }
    },

    async restore(user, boardId) {
      const { id } = checkUser(user);
      const board = boardIdOf(boardId);
      const params = [board, id, 'boards', limits.boardsPerUser];
      const run = async () =>
        (
          (await query(
            `WITH found AS (
               SELECT id FROM ek_boards WHERE id = $1 AND owner_id = $2 AND deleted_at IS NOT NULL
             ), ${takeSlot(2, 3, 4, 'found')}, back AS (
               UPDATE ek_boards b SET deleted_at = NULL FROM slot WHERE b.id = $1 AND b.owner_id = $2 AND b.deleted_at IS NOT NULL
               RETURNING b.id
             )
             SELECT (SELECT count(*) FROM found)::integer AS found, (SELECT count(*) FROM back)::integer AS restored`,
            params,
          )) as unknown as [{ found: number; restored: number }]
        )[0];
      let done = await run();
      if (Number(done.found) > 0 && Number(done.restored) === 0 && (await recount(query, id, 'boards', COUNT_BOARDS)))
        done = await run();
      if (Number(done.found) === 0) throw new BoardStoreError('not-found', 'Board not found');
      if (Number(done.restored) === 0)
        throw new BoardStoreError('limit', `A user owns at most ${limits.boardsPerUser} boards`, {
          limit: { name: 'boardsPerUser', max: limits.boardsPerUser },
        });
      return get(user, board);
    },
  };
}
