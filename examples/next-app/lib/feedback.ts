// The chat's feedback on answers, stored in the example's database by user, thread and answer: the
// routes `POST /api/feedback` (from the chat's `onFeedback`) and `GET /api/feedback?chatId=`.
import { checkBrowserRequest, type SqlClient } from 'react-embedded-analytics/server';
import { currentUser } from './backend';
import { db } from './db';

/** One rating as stored: the row of a `feedback` table keyed by (user_id, chat_id, message_id). */
export interface FeedbackRecord {
  userId: string;
  chatId: string;
  messageId: string;
  rating: 'up' | 'down';
  reason: 'incorrect' | 'misunderstood' | 'presentation' | 'other' | null;
  comment: string | null;
  question: string;
  answer: string;
  sql: string[];
  updatedAt: string;
}

/** Where ratings live: the latest rating of an answer replaces the one before (an upsert). */
export interface FeedbackStore {
  save(record: FeedbackRecord): Promise<void>;
  list(userId: string, chatId: string): Promise<FeedbackRecord[]>;
}

/** A row of `example_feedback` (lib/migrations/001_feedback.sql). */
interface FeedbackRow {
  user_id: string;
  chat_id: string;
  message_id: string;
  rating: 'up' | 'down';
  reason: FeedbackRecord['reason'];
  comment: string | null;
  question: string;
  answer: string;
  sql: string[] | string;
  updated_at: Date | string;
}

/**
 * The example's store: the `example_feedback` table in its database (lib/db.ts), so ratings
 * survive a restart. Values travel as parameters only.
 */
export function sqlFeedbackStore(client: SqlClient): FeedbackStore {
  return {
    async save(r) {
      await client.query(
        `INSERT INTO example_feedback (user_id, chat_id, message_id, rating, reason, comment, question, answer, sql, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
         ON CONFLICT (user_id, chat_id, message_id) DO UPDATE SET rating = $4, reason = $5, comment = $6,
           question = $7, answer = $8, sql = $9::jsonb, updated_at = $10`,
        [
          r.userId,
          r.chatId,
          r.messageId,
          r.rating,
          r.reason,
          r.comment,
          r.question,
          r.answer,
          JSON.stringify(r.sql),
          r.updatedAt,
        ],
      );
    },
    async list(userId, chatId) {
      const { rows } = await client.query(
        'SELECT * FROM example_feedback WHERE user_id = $1 AND chat_id = $2 ORDER BY updated_at, message_id',
        [userId, chatId],
      );
      return (rows as FeedbackRow[]).map((row) => ({
        userId: row.user_id,
        chatId: row.chat_id,
        messageId: row.message_id,
        rating: row.rating,
        reason: row.reason,
        comment: row.comment,
        question: row.question,
        answer: row.answer,
        // pg and PGlite parse jsonb; a driver that hands back text is read here.
        sql: typeof row.sql === 'string' ? (JSON.parse(row.sql) as string[]) : row.sql,
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },
  };
}

const store = sqlFeedbackStore(db);

/** The largest body taken: a rating with its question, answer and SQL. */
const MAX_BODY = 64 * 1024;
const REASONS = new Set(['incorrect', 'misunderstood', 'presentation', 'other']);
/** A chat or message id: short and printable. */
const ID = /^[^\p{Cc}\p{Cf}\s]{1,200}$/u;

const refuse = (status: number, error: string) => Response.json({ error }, { status });

/** The body's fields, checked one by one; a string naming the first that does not fit. */
function readRating(body: unknown): Omit<FeedbackRecord, 'userId' | 'updatedAt'> | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body: expected an object';
  const b = body as Record<string, unknown>;
  const text = (name: string, max: number) => typeof b[name] === 'string' && (b[name] as string).length <= max;
  if (typeof b.chatId !== 'string' || !ID.test(b.chatId)) return 'chatId: expected a chat id';
  if (typeof b.messageId !== 'string' || !ID.test(b.messageId)) return 'messageId: expected a message id';
  if (b.rating !== 'up' && b.rating !== 'down') return 'rating: expected "up" or "down"';
  if (b.reason !== undefined && b.reason !== null && !REASONS.has(b.reason as string))
    return 'reason: expected one of incorrect, misunderstood, presentation, other';
  if (b.comment !== undefined && b.comment !== null && !text('comment', 1000))
    return 'comment: at most 1,000 characters';
  if (b.question !== undefined && b.question !== null && !text('question', 20_000)) return 'question: too long';
  if (b.answer !== undefined && !text('answer', 40_000)) return 'answer: too long';
  const sql = b.sql ?? [];
  if (!Array.isArray(sql) || sql.length > 20 || !sql.every((q) => typeof q === 'string' && q.length <= 20_000))
    return 'sql: expected at most 20 queries';
  return {
    chatId: b.chatId,
    messageId: b.messageId,
    rating: b.rating,
    reason: (b.reason as FeedbackRecord['reason'] | undefined) ?? null,
    comment: (b.comment as string | undefined) ?? null,
    question: (b.question as string | undefined) ?? '',
    answer: (b.answer as string | undefined) ?? '',
    sql: sql as string[],
  };
}

/**
 * POST /api/feedback: the signed-in user's rating of an answer (the chat's `onFeedback`),
 * stored by user, thread and answer. 401 signed out, 403 cross-site, 415 not JSON, 413 over
 * 64 KiB, 400 naming the field that does not fit; 204 when stored.
 */
export async function feedbackRoute(request: Request): Promise<Response> {
  const refused = checkBrowserRequest(request, { maxBodyBytes: MAX_BODY });
  if (refused) return refused;
  const user = await currentUser(request.headers);
  if (!user) return refuse(401, 'sign in first');
  const raw = await request.text();
  if (raw.length > MAX_BODY) return refuse(413, 'body too large');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse(400, 'body: not JSON');
  }
  const rating = readRating(body);
  if (typeof rating === 'string') return refuse(400, rating);
  await store.save({ ...rating, userId: user.id, updatedAt: new Date().toISOString() });
  return new Response(null, { status: 204 });
}

/** GET /api/feedback?chatId=…: the signed-in user's ratings in that thread (never another's). */
export async function feedbackListRoute(request: Request): Promise<Response> {
  const refused = checkBrowserRequest(request, { requireJson: false });
  if (refused) return refused;
  const user = await currentUser(request.headers);
  if (!user) return refuse(401, 'sign in first');
  const chatId = new URL(request.url).searchParams.get('chatId') ?? '';
  if (!ID.test(chatId)) return refuse(400, 'chatId: expected a chat id');
  const ratings = (await store.list(user.id, chatId)).map(({ userId: _, ...rest }) => rest);
  return Response.json({ ratings }, { headers: { 'Cache-Control': 'no-store' } });
}
