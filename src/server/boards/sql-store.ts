// The board store on Postgres (a server's, or PGlite's in WASM) through `query(text, params)`.
// Every value is a parameter; every change is one statement, so `pg.Pool` (one connection per
// call) needs no transaction, and a stale save loses atomically (`WHERE revision = $n`).
import {
  BoardStoreError,
  checkListQuery,
  checkRevision,
  checkSharing,
  checkUser,
  isStorableText,
  parseBoardDefinition,
  storableText,
  type BoardDefinition,
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
  /** Boards per user, groups per board, page size and what a definition may hold (pass the API the same). */
  limits?: BoardLimits;
}

const SUMMARY = `id, owner_id, title, revision, shared_with, created_at, updated_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_key`;
const RECORD = `${SUMMARY}, definition`;
const COUNT_BOARDS = 'SELECT count(*) FROM ek_boards WHERE owner_id = $1';

interface Row {
  id: string;
  owner_id: string;
  title: string;
  revision: number;
  shared_with: string[];
  created_at: Date | string;
  updated_at: Date | string;
  /** `updated_at` to the microsecond, as a list's cursor holds it. */
  updated_key: string;
  definition?: unknown;
}
/** True for a cursor's time as `updated_key` writes it (a real date: Postgres would refuse 02-31). */
function isCursorTime(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(text)) return false;
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === text.slice(0, 19);
}

const instant = (value: Date | string) => new Date(value).toISOString();

function summary(row: Row): BoardSummary {
  return {
    id: row.id,
    title: row.title,
    ownerId: row.owner_id,
    revision: Number(row.revision),
    sharedWith: row.shared_with,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
  };
}

const record = (row: Row): BoardRecord => ({ ...summary(row), definition: row.definition as BoardDefinition });

/**
 * A {@link BoardStore} in Postgres: per-user ownership (a user reads their own boards and those
 * shared with their groups, and writes only their own), optimistic concurrency (a save names
 * the revision it was made from; a stale one is a `conflict` with the current revision), the
 * definition checked within `limits` before it is written, at most `boardsPerUser` boards
 * each (exactly, however many creates come at once: a `limit` error past it), lists in pages
 * (`nextCursor`). A database error is an `unavailable` `BoardStoreError` with the database's
 * error as its `cause`.
 */
export function createSqlBoardStore(options: SqlBoardStoreOptions): BoardStore {
  const { client } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const limits = boardLimits(options.limits);
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

  /** Why a write matched no row: the board is not there for this user, or shared read-only, or moved on. */
  async function refusal(user: BoardUser, id: string, groups: string[]): Promise<BoardStoreError> {
    const [row] = await query(
      'SELECT owner_id, revision, shared_with && $2::text[] AS shared FROM ek_boards WHERE id = $1',
      [id, groups],
    );
    const found = row as unknown as { owner_id: string; revision: number; shared: boolean } | undefined;
    if (!found || (found.owner_id !== user.id && !found.shared))
      return new BoardStoreError('not-found', 'Board not found');
    if (found.owner_id !== user.id)
      return new BoardStoreError('read-only', 'This board is shared with you to read only');
    return new BoardStoreError('conflict', 'The board was changed since this revision', {
      currentRevision: Number(found.revision),
    });
  }

  /** The id to look up: one no row can have (NUL, a lone surrogate, over 200 characters) is not found, never a database error. */
  function boardIdOf(id: unknown): string {
    if (typeof id !== 'string' || id.length > 200 || !isStorableText(id))
      throw new BoardStoreError('not-found', 'Board not found');
    return id;
  }

  return {
    async list(user, listQuery) {
      const { id, groups } = checkUser(user);
      const { limit, after } = checkListQuery(listQuery, limits.pageSize);
      if (after && !isCursorTime(after[0]))
        throw new BoardStoreError('invalid', 'Invalid list query: cursor: not a cursor this list gave', {
          issues: [{ path: 'cursor', message: 'not a cursor this list gave' }],
        });
      // Keyset pages: the boards after the previous page's last (its update time, then its id).
      const rows = await query(
        `SELECT ${SUMMARY} FROM ek_boards WHERE (owner_id = $1 OR shared_with && $2::text[])
           AND ($3::timestamptz IS NULL OR updated_at < $3::timestamptz OR (updated_at = $3::timestamptz AND id > $4))
         ORDER BY updated_at DESC, id LIMIT $5`,
        [id, groups, after?.[0] ?? null, after?.[1] ?? '', limit + 1],
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        boards: page.map(summary),
        nextCursor: rows.length > limit && last ? encodeCursor([last.updated_key, last.id]) : null,
      };
    },

    async get(user, boardId) {
      const { id, groups } = checkUser(user);
      const [row] = await query(
        `SELECT ${RECORD} FROM ek_boards WHERE id = $1 AND (owner_id = $2 OR shared_with && $3::text[])`,
        [boardIdOf(boardId), id, groups],
      );
      if (!row) throw new BoardStoreError('not-found', 'Board not found');
      return record(row);
    },

    async create(user, board) {
      const { id } = checkUser(user);
      const definition = definitionOf(board.definition);
      const sharedWith = checkSharing(board.sharedWith, limits.sharesPerBoard) ?? [];
      const params = [
        newId(),
        id,
        storableText(definition.title),
        JSON.stringify(definition),
        sharedWith,
        'boards',
        limits.boardsPerUser,
      ];
      // One statement: the slot is taken with the insert, or neither happens.
      const insert = () =>
        query(
          `WITH ${takeSlot(2, 6, 7)}
           INSERT INTO ek_boards (id, owner_id, title, definition, shared_with)
           SELECT $1, $2, $3, $4::json, $5::text[] FROM slot RETURNING ${RECORD}`,
          params,
        );
      let [row] = await insert();
      if (!row && (await recount(query, id, 'boards', COUNT_BOARDS))) [row] = await insert();
      if (!row)
        throw new BoardStoreError('limit', `A user owns at most ${limits.boardsPerUser} boards`, {
          limit: { name: 'boardsPerUser', max: limits.boardsPerUser },
        });
      return record(row);
    },

    async save(user, boardId, save) {
      const { id, groups } = checkUser(user);
      const definition = definitionOf(save.definition);
      const sharedWith = checkSharing(save.sharedWith, limits.sharesPerBoard);
      const revision = checkRevision(save.revision);
      const [row] = await query(
        `UPDATE ek_boards SET definition = $4::json, title = $5, shared_with = COALESCE($6::text[], shared_with),
           revision = revision + 1, updated_at = now()
         WHERE id = $1 AND owner_id = $2 AND revision = $3 RETURNING ${RECORD}`,
        [
          boardIdOf(boardId),
          id,
          revision,
          JSON.stringify(definition),
          storableText(definition.title),
          sharedWith ?? null,
        ],
      );
      if (!row) throw await refusal(user, boardIdOf(boardId), groups);
      return record(row);
    },

    async remove(user, boardId) {
      const { id, groups } = checkUser(user);
      // The board and its slot in the owner's count go together.
      const [{ removed }] = (await query(
        `WITH gone AS (DELETE FROM ek_boards WHERE id = $1 AND owner_id = $2 RETURNING id), ${freeSlot(2, 3)}
         SELECT count(*)::integer AS removed FROM gone`,
        [boardIdOf(boardId), id, 'boards'],
      )) as unknown as [{ removed: number }];
      if (Number(removed) === 0) {
        const error = await refusal(user, boardIdOf(boardId), groups);
        // Gone already, or not theirs: never a conflict on a delete.
        throw error.code === 'conflict' ? new BoardStoreError('not-found', 'Board not found') : error;
      }
    },
  };
}
