// Ratings of the chat's answers on Postgres (a server's, or PGlite's): one per user and
// answer, the latest replacing the one before, at most `ratingsPerUser` answers rated per user
// (exactly, however many come at once). Every value is a parameter.
import { encodeCursor, readPageQuery, type PageQuery } from '../../protocol/cursor';
import { FeedbackRatingSchema, type FeedbackRating, type StoredFeedback } from '../../protocol/feedback';
import { StoreError } from '../../protocol/store-error';
import { ChatIdSchema } from '../../protocol/threads';
import type { SqlClient } from '../db/sql-client';
import { storeQuery } from '../db/store-query';
import { recount, takeSlot } from '../db/usage';
import { unstorable, userIdOf, type StoreUser } from '../store-user';
import { feedbackLimits, type FeedbackLimits } from './limits';

/** One page of a user's ratings in a thread, by their answer's id. */
export interface FeedbackPage {
  ratings: StoredFeedback[];
  /** Where the next page starts (pass it as `cursor`), or null on the last page. */
  nextCursor: string | null;
}

/** Where ratings live. Every call names the user, decided by the host, never by the browser. */
export interface FeedbackStore {
  /** Keeps the user's rating of an answer, replacing their earlier one (`limit` past `ratingsPerUser`). */
  save(user: StoreUser, rating: FeedbackRating): Promise<StoredFeedback>;
  /** A page of the user's ratings in one thread (never another user's), by their answer's id. */
  list(user: StoreUser, chatId: string, query?: PageQuery): Promise<FeedbackPage>;
}

/** Options of {@link createSqlFeedbackStore}. */
export interface SqlFeedbackStoreOptions {
  /** The database: `createDatabase(pool)`, or any client with `query(text, params)` (then wrapped in `createDatabase` with its defaults). */
  client: SqlClient;
  /** Apply the library's migrations before the first call. Default true. */
  migrate?: boolean;
  /** Ratings per user and page size. */
  limits?: FeedbackLimits;
}

/** A row of `ek_feedback`. */
interface Row {
  chat_id: string;
  message_id: string;
  rating: 'up' | 'down';
  reason: StoredFeedback['reason'];
  comment: string | null;
  question: string;
  answer: string;
  sql: string[] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'chat_id, message_id, rating, reason, comment, question, answer, sql, created_at, updated_at';
const COUNT_RATINGS = 'SELECT count(*) FROM ek_feedback WHERE user_id = $1';

function stored(row: Row): StoredFeedback {
  return {
    chatId: row.chat_id,
    messageId: row.message_id,
    rating: row.rating,
    reason: row.reason,
    comment: row.comment,
    question: row.question,
    answer: row.answer,
    // pg and PGlite parse json; a driver that hands back text is read here.
    sql: typeof row.sql === 'string' ? (JSON.parse(row.sql) as string[]) : row.sql,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const invalid = (path: string, message: string) =>
  new StoreError('invalid', `Invalid rating: ${path}: ${message}`, { issues: [{ path, message }] });

/**
 * A {@link FeedbackStore} in Postgres (`ek_feedback`). A database error is an `unavailable`
 * `StoreError`; a rating that does not fit is `invalid`.
 */
export function createSqlFeedbackStore(options: SqlFeedbackStoreOptions): FeedbackStore {
  const limits = feedbackLimits(options.limits);
  const query = storeQuery(
    options.client,
    options.migrate,
    (cause) => new StoreError('unavailable', 'The feedback database could not be used', { cause }),
  ) as (text: string, params: unknown[]) => Promise<Row[]>;

  return {
    async save(user, rating) {
      const userId = userIdOf(user);
      const checked = FeedbackRatingSchema.safeParse(rating, 'rating');
      if (!checked.success)
        throw new StoreError('invalid', checked.error.message, { issues: checked.error.issues.slice(0, 10) });
      const refused = unstorable(checked.data, ['comment', 'question', 'answer', 'sql']);
      if (refused) throw refused;
      const r = checked.data;
      const params = [
        userId,
        r.chatId,
        r.messageId,
        r.rating,
        r.reason ?? null,
        r.comment ?? null,
        r.question ?? '',
        r.answer ?? '',
        JSON.stringify(r.sql ?? []),
      ];
      // A rating given again replaces the one before, and takes no new slot.
      const [updated] = await query(
        `UPDATE ek_feedback SET rating = $4, reason = $5, comment = $6, question = $7, answer = $8, sql = $9::json,
           updated_at = now() WHERE user_id = $1 AND chat_id = $2 AND message_id = $3 RETURNING ${COLUMNS}`,
        params,
      );
      if (updated) return stored(updated);
      const insert = () =>
        query(
          `WITH ${takeSlot(1, 10, 11)}
           INSERT INTO ek_feedback (user_id, chat_id, message_id, rating, reason, comment, question, answer, sql)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9::json FROM slot
           ON CONFLICT (user_id, chat_id, message_id) DO UPDATE SET rating = $4, reason = $5, comment = $6,
             question = $7, answer = $8, sql = $9::json, updated_at = now()
           RETURNING ${COLUMNS}`,
          [...params, 'ratings', limits.ratingsPerUser],
        );
      let [row] = await insert();
      if (!row && (await recount(query, userId, 'ratings', COUNT_RATINGS))) [row] = await insert();
      if (!row)
        throw new StoreError('limit', `A user rates at most ${limits.ratingsPerUser} answers`, {
          limit: { name: 'ratingsPerUser', max: limits.ratingsPerUser },
        });
      return stored(row);
    },

    async list(user, chatId, pageQuery) {
      const userId = userIdOf(user);
      if (!ChatIdSchema.is(chatId)) throw invalid('chatId', 'not a chat id');
      const read = readPageQuery(pageQuery, limits.pageSize, limits.pageSize, 1);
      if ('path' in read) throw invalid(read.path, read.message);
      const { limit, after } = read;
      const rows = await query(
        `SELECT ${COLUMNS} FROM ek_feedback WHERE user_id = $1 AND chat_id = $2 AND message_id > $3
         ORDER BY message_id LIMIT $4`,
        [userId, chatId, after?.[0] ?? '', limit + 1],
      );
      const ratings = rows.slice(0, limit).map(stored);
      const last = ratings[ratings.length - 1];
      return { ratings, nextCursor: rows.length > limit && last ? encodeCursor([last.messageId]) : null };
    },
  };
}
