// The chat's conversation list, kept per user in the example's database (the service keeps the
// threads but has no list of them): the `example_threads` table (lib/migrations/002_threads.sql)
// and the routes the browser's `ThreadStore` calls (app/thread-store.ts):
// GET /api/threads, PUT /api/threads/{chatId}, DELETE /api/threads/{chatId}.
import { checkBrowserRequest, type SqlClient } from 'react-embedded-analytics/server';
import { currentUser } from './backend';
import { db } from './db';

/** One conversation in a user's list, as the chat's `ThreadRecord` has it (times in ms). */
export interface ThreadRow {
  chatId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

/** The most threads kept per user, as the library's own list keeps (the least recent go first). */
export const MAX_THREADS = 200;
/** The longest title taken, as the chat's list keeps. */
const MAX_TITLE = 200;
/** The largest body taken: a title and two times. */
const MAX_BODY = 4 * 1024;
/** A chat id as the chat stores it: 1 to 200 printable characters, no spaces. */
const CHAT_ID = /^[^\p{Cc}\p{Cf}\s]{1,200}$/u;
/** A time in ms since the epoch, within reason. */
const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Where the lists live. Every call names the user, decided by the server, never by the browser. */
export interface ThreadListStore {
  list(userId: string): Promise<ThreadRow[]>;
  save(userId: string, thread: ThreadRow): Promise<void>;
  remove(userId: string, chatId: string): Promise<void>;
}

/** A row of `example_threads`: pg hands back `bigint` as text, PGlite as a number. */
interface Row {
  chat_id: string;
  title: string;
  created_at: string | number | bigint;
  updated_at: string | number | bigint;
}

/** The store on `example_threads`. Values travel as parameters only. */
export function sqlThreadStore(client: SqlClient): ThreadListStore {
  return {
    async list(userId) {
      const { rows } = await client.query(
        `SELECT chat_id, title, created_at, updated_at FROM example_threads
         WHERE user_id = $1 ORDER BY updated_at DESC, chat_id LIMIT $2`,
        [userId, MAX_THREADS],
      );
      return (rows as Row[]).map((row) => ({
        chatId: row.chat_id,
        title: row.title,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      }));
    },
    async save(userId, t) {
      await client.query(
        `INSERT INTO example_threads (user_id, chat_id, title, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, chat_id) DO UPDATE SET title = $3, created_at = $4, updated_at = $5`,
        [userId, t.chatId, t.title, t.createdAt, t.updatedAt],
      );
      // One user cannot grow the table without bound: past the cap, the least recent go.
      await client.query(
        `DELETE FROM example_threads WHERE user_id = $1 AND chat_id IN (
           SELECT chat_id FROM example_threads WHERE user_id = $1 ORDER BY updated_at DESC, chat_id OFFSET $2)`,
        [userId, MAX_THREADS],
      );
    },
    async remove(userId, chatId) {
      await client.query('DELETE FROM example_threads WHERE user_id = $1 AND chat_id = $2', [userId, chatId]);
    },
  };
}

const store = sqlThreadStore(db);

const refuse = (status: number, error: string) => Response.json({ error }, { status });

/** The body as text, read chunk by chunk and abandoned past `max` bytes (then undefined). */
async function readBody(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The thread's id from `/api/threads/{chatId}`, or a string naming what is wrong. */
function chatIdOf(request: Request): { chatId: string } | string {
  const rest = /^\/api\/threads\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
  if (rest === undefined) return 'chatId: expected /api/threads/{chatId}';
  let chatId: string;
  try {
    chatId = decodeURIComponent(rest);
  } catch {
    return 'chatId: not a valid URL component';
  }
  return CHAT_ID.test(chatId) ? { chatId } : 'chatId: expected 1 to 200 printable characters, no spaces';
}

/** The body's fields, checked one by one; a string naming the first that does not fit. */
function readThread(body: unknown, chatId: string): ThreadRow | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body: expected an object';
  const b = body as Record<string, unknown>;
  if (b.chatId !== undefined && b.chatId !== chatId) return 'chatId: differs from the one in the path';
  if (typeof b.title !== 'string' || b.title.length > MAX_TITLE)
    return `title: expected at most ${MAX_TITLE} characters`;
  if (!isTime(b.createdAt)) return 'createdAt: expected a time in ms since the epoch';
  if (!isTime(b.updatedAt)) return 'updatedAt: expected a time in ms since the epoch';
  return { chatId, title: b.title, createdAt: b.createdAt, updatedAt: b.updatedAt };
}

/**
 * The routes of the conversation list, as the signed-in user: `GET /api/threads` (theirs, most
 * recent first), `PUT /api/threads/{chatId}` (add or replace one: `{ title, createdAt,
 * updatedAt }`), `DELETE /api/threads/{chatId}`. 401 signed out, 403 cross-site, 415 a PUT not
 * JSON, 413 over 4 KiB, 400 naming the field that does not fit; 204 when stored or removed.
 */
export async function threadsRoute(request: Request): Promise<Response> {
  const method = request.method;
  const refused = checkBrowserRequest(request, { requireJson: method === 'PUT', maxBodyBytes: MAX_BODY });
  if (refused) return refused;
  const user = await currentUser(request.headers);
  if (!user) return refuse(401, 'sign in first');
  if (method === 'GET') {
    if (new URL(request.url).pathname !== '/api/threads') return refuse(404, 'not found');
    return Response.json({ threads: await store.list(user.id) }, { headers: { 'Cache-Control': 'no-store' } });
  }
  const id = chatIdOf(request);
  if (typeof id === 'string') return refuse(400, id);
  if (method === 'DELETE') {
    await store.remove(user.id, id.chatId);
    return new Response(null, { status: 204 });
  }
  const raw = await readBody(request, MAX_BODY);
  if (raw === undefined) return refuse(413, 'body too large');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse(400, 'body: not JSON');
  }
  const thread = readThread(body, id.chatId);
  if (typeof thread === 'string') return refuse(400, thread);
  await store.save(user.id, thread);
  return new Response(null, { status: 204 });
}
