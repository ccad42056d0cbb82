// The board store on Postgres (a server's, or PGlite's in WASM) through `query(text, params)`.
// Every value is a parameter; every change is one statement, so `pg.Pool` (one connection per
// call) needs no transaction, and a stale save loses atomically (`WHERE revision = $n`).
import {
  BoardStoreError,
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
import { BOARD_MIGRATIONS } from './migrations';
import { runMigrations, type SqlClient } from './sql-client';

/** Options of {@link createSqlBoardStore}. */
export interface SqlBoardStoreOptions {
  /** A Postgres connection or pool (`pg.Pool`, `PGlite`…): anything with `query(text, params)`. */
  client: SqlClient;
  /**
   * Apply the store's migrations (`BOARD_MIGRATIONS`) before the first call. Default true; set
   * false when your own migration tool runs them.
   */
  migrate?: boolean;
  /** New board ids. Default `crypto.randomUUID()`. */
  newId?: () => string;
}

const SUMMARY = 'id, owner_id, title, revision, shared_with, created_at, updated_at';
const RECORD = `${SUMMARY}, definition`;

interface Row {
  id: string;
  owner_id: string;
  title: string;
  revision: number;
  shared_with: string[];
  created_at: Date | string;
  updated_at: Date | string;
  definition?: unknown;
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

function definitionOf(value: unknown): BoardDefinition {
  const parsed = parseBoardDefinition(value);
  if (!parsed.success)
    throw new BoardStoreError('invalid', parsed.error.message, { issues: parsed.error.issues, cause: parsed.error });
  return parsed.data;
}

/**
 * A {@link BoardStore} in Postgres: per-user ownership (a user reads their own boards and those
 * shared with their groups, and writes only their own), optimistic concurrency (a save names
 * the revision it was made from; a stale one is a `conflict` with the current revision), the
 * definition checked before it is written. A database error is an `unavailable`
 * `BoardStoreError` with the driver's error as its `cause`.
 */
export function createSqlBoardStore(options: SqlBoardStoreOptions): BoardStore {
  const { client } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let ready: Promise<unknown> | undefined;

  async function query(text: string, params: unknown[]): Promise<Row[]> {
    try {
      if (options.migrate !== false) {
        ready ??= runMigrations(client, BOARD_MIGRATIONS).catch((error: unknown) => {
          ready = undefined; // try again on the next call
          throw error;
        });
        await ready;
      }
      return (await client.query(text, params)).rows as Row[];
    } catch (error) {
      if (error instanceof BoardStoreError) throw error;
      throw new BoardStoreError('unavailable', 'The board database could not be used', { cause: error });
    }
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

  /** The id to look up: one no row can have (NUL, a lone surrogate) is not found, never a database error. */
  function boardIdOf(id: unknown): string {
    if (typeof id !== 'string' || !isStorableText(id)) throw new BoardStoreError('not-found', 'Board not found');
    return id;
  }

  return {
    async list(user) {
      const { id, groups } = checkUser(user);
      const rows = await query(
        `SELECT ${SUMMARY} FROM ek_boards WHERE owner_id = $1 OR shared_with && $2::text[] ORDER BY updated_at DESC, id`,
        [id, groups],
      );
      return rows.map(summary);
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
      const sharedWith = checkSharing(board.sharedWith) ?? [];
      const [row] = await query(
        `INSERT INTO ek_boards (id, owner_id, title, definition, shared_with) VALUES ($1, $2, $3, $4::json, $5::text[]) RETURNING ${RECORD}`,
        [newId(), id, storableText(definition.title), JSON.stringify(definition), sharedWith],
      );
      return record(row!);
    },

    async save(user, boardId, save) {
      const { id, groups } = checkUser(user);
      const definition = definitionOf(save.definition);
      const sharedWith = checkSharing(save.sharedWith);
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
      const rows = await query('DELETE FROM ek_boards WHERE id = $1 AND owner_id = $2 RETURNING id', [
        boardIdOf(boardId),
        id,
      ]);
      if (rows.length === 0) {
        const error = await refusal(user, boardIdOf(boardId), groups);
        // Gone already, or not theirs: never a conflict on a delete.
        throw error.code === 'conflict' ? new BoardStoreError('not-found', 'Board not found') : error;
      }
    },
  };
}
