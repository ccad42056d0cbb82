// The chat's conversation lists on Postgres (a server's, or PGlite's), one per user: what the
// browser's `ThreadStore` reads and writes through the conversation API. Every value is a
// parameter; each change is one statement (and the trim that keeps a list within its limit).
import { encodeCursor, readPageQuery, type PageQuery } from '../../protocol/cursor';
import { StoreError } from '../../protocol/store-error';
import { ChatIdSchema, ThreadRecordSchema, type ThreadRecord } from '../../protocol/threads';
import type { SqlClient } from '../db/sql-client';
import { storeQuery } from '../db/store-query';
import { unstorable, userIdOf, type StoreUser } from '../store-user';
import { threadLimits, type ThreadLimits } from './limits';

/** One page of a user's conversations, most recently asked first. */
export interface ThreadPage {
  threads: ThreadRecord[];
  /** Where the next page starts (pass it as `cursor`), or null on the last page. */
  nextCursor: string | null;
}

/** Where conversation lists live. Every call names the user, decided by the host, never by the browser. */
export interface ThreadListStore {
  /** A page of the user's conversations, most recently asked first. */
  list(user: StoreUser, query?: PageQuery): Promise<ThreadPage>;
  /** Adds or replaces the user's conversation with this `chatId` (`invalid` when it does not fit). */
  save(user: StoreUser, thread: ThreadRecord): Promise<void>;
  /** Removes the user's conversation (none: nothing happens). */
  remove(user: StoreUser, chatId: string): Promise<void>;
}

/** Options of {@link createSqlThreadStore}. */
export interface SqlThreadStoreOptions {
  /** The database: `createDatabase(pool)`, or any client with `query(text, params)` (then wrapped in `createDatabase` with its defaults). */
  client: SqlClient;
  /** Apply the library's migrations before the first call. Default true. */
  migrate?: boolean;
  /** Conversations per user and page size. */
  limits?: ThreadLimits;
}

/** A row of `ek_threads`: pg hands `bigint` back as text, PGlite as a number. */
interface Row {
  chat_id: string;
  title: string;
  created_at: string | number;
  updated_at: string | number;
}

const invalid = (path: string, message: string) =>
  new StoreError('invalid', `Invalid conversation: ${path}: ${message}`, { issues: [{ path, message }] });

/**
 * A {@link ThreadListStore} in Postgres (`ek_threads`): each user's list apart, at most
 * `threadsPerUser` conversations (the least recently asked removed past it, however many saves
 * come at once), read in pages. A database error is an `unavailable` `StoreError`.
 */
export function createSqlThreadStore(options: SqlThreadStoreOptions): ThreadListStore {
  const limits = threadLimits(options.limits);
  const query = storeQuery(
    options.client,
    options.migrate,
    (cause) => new StoreError('unavailable', 'The conversation database could not be used', { cause }),
  ) as (text: string, params: unknown[]) => Promise<Row[]>;

  return {
    async list(user, pageQuery) {
      const userId = userIdOf(user);
      const read = readPageQuery(pageQuery, limits.pageSize, limits.pageSize, 2);
      if ('path' in read) throw invalid(read.path, read.message);
      if (read.after && !/^\d{1,15}$/.test(read.after[0]!)) throw invalid('cursor', 'not a cursor this list gave');
      const { limit, after } = read;
      const rows = await query(
        `SELECT chat_id, title, created_at, updated_at FROM ek_threads
         WHERE user_id = $1 AND ($2::bigint IS NULL OR updated_at < $2::bigint OR (updated_at = $2::bigint AND chat_id > $3))
         ORDER BY updated_at DESC, chat_id LIMIT $4`,
        [userId, after?.[0] ?? null, after?.[1] ?? '', limit + 1],
      );
      const threads = rows.slice(0, limit).map((row) => ({
        chatId: row.chat_id,
        title: row.title,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      }));
      const last = threads[threads.length - 1];
      return {
        threads,
        nextCursor: rows.length > limit && last ? encodeCursor([String(last.updatedAt), last.chatId]) : null,
      };
    },

    async save(user, thread) {
      const userId = userIdOf(user);
      const checked = ThreadRecordSchema.safeParse(thread, 'conversation');
      if (!checked.success)
        throw new StoreError('invalid', checked.error.message, { issues: checked.error.issues.slice(0, 10) });
      const refused = unstorable(checked.data, ['title']);
      if (refused) throw refused;
      const { chatId, title, createdAt, updatedAt } = checked.data;
      // Whole milliseconds: the columns are bigint.
      await query(
        `INSERT INTO ek_threads (user_id, chat_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, chat_id) DO UPDATE SET title = $3, created_at = $4, updated_at = $5`,
        [userId, chatId, title, Math.round(createdAt), Math.round(updatedAt)],
      );
      // One user cannot grow the table without bound: past the limit, the least recent go. The
      // trim that starts last sees every save before it, so the list ends within the limit.
      await query(
        `DELETE FROM ek_threads WHERE user_id = $1 AND chat_id IN (
           SELECT chat_id FROM ek_threads WHERE user_id = $1 ORDER BY updated_at DESC, chat_id OFFSET $2)`,
        [userId, limits.threadsPerUser],
      );
    },

    async remove(user, chatId) {
      const userId = userIdOf(user);
      if (!ChatIdSchema.is(chatId)) throw invalid('chatId', 'not a chat id');
      await query('DELETE FROM ek_threads WHERE user_id = $1 AND chat_id = $2', [userId, chatId]);
    },
  };
}
