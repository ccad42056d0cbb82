// The conversation API a host mounts for the chat's thread list: the board API's checks
// (cross-site 403, 415, 413, 408, 401, deadlines) over a `ThreadListStore`.
import { ChatIdSchema, ThreadRecordSchema } from '../../protocol/threads';
import { answer, invalidAnswer, noContent } from '../http/answers';
import { ApiRefusal, createJsonApi, listQueryOf, type ApiOptions } from '../http/json-api';
import type { StoreUser } from '../store-user';
import { threadLimits, type ThreadLimits } from './limits';
import type { ThreadListStore } from './sql-store';

/** Options of {@link createThreadApi}. */
export interface ThreadApiOptions extends ApiOptions<StoreUser> {
  /** Where the lists are kept (`createSqlThreadStore({ client })`). */
  store: ThreadListStore;
  /** The path the API is mounted at; conversations are `{basePath}/{chatId}`. Default `/api/threads`. */
  basePath?: string;
  /** Page size and body size (pass the store the same). */
  limits?: ThreadLimits;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A fetch handler for the chat's conversation list, as the signed-in user (a Next.js catch-all
 * route `app/api/threads/[[...chatId]]/route.ts` exports it as GET, PUT and DELETE):
 *
 * - `GET {basePath}?limit=&cursor=`: 200 `{ threads, nextCursor }`, most recently asked first
 *   (the whole list, at most 200, when it names no limit)
 * - `PUT {basePath}/{chatId}` `{ title, createdAt, updatedAt }`: 204, added or replaced
 * - `DELETE {basePath}/{chatId}`: 204
 *
 * Refusals as the board API's (`{ error, code? }`, bounded): 401, 403 cross-site, 415, 413
 * over `limits.bodyBytes` (4 KiB), 408, 400 naming the field (`issues`), 405, 503.
 */
export function createThreadApi(options: ThreadApiOptions): (request: Request) => Promise<Response> {
  const { store } = options;
  const limits = threadLimits(options.limits);
  return createJsonApi<StoreUser>({
    ...options,
    noun: 'conversation list',
    basePath: options.basePath ?? '/api/threads',
    methods: { collection: ['GET'], item: ['PUT', 'DELETE'] },
    withBody: ['PUT'],
    maxBodyBytes: limits.bodyBytes,
    // A title and two times; room for fields of a newer client, not for a structure.
    bodyLimits: { depth: 16, values: 1_000, stringLength: limits.bodyBytes },
    notFound: 'Conversation not found',
    async handle({ method, id, user, url, json }) {
      if (id === undefined) return answer(200, await store.list(user, listQueryOf(url)));
      if (!ChatIdSchema.is(id)) throw new ApiRefusal(invalidAnswer([{ path: 'chatId', message: 'not a chat id' }]));
      if (method === 'DELETE') {
        await store.remove(user, id);
        return noContent();
      }
      const body = await json();
      if (!isObject(body)) throw new ApiRefusal(invalidAnswer([{ path: '', message: 'expected an object' }]));
      if (body.chatId !== undefined && body.chatId !== id)
        throw new ApiRefusal(invalidAnswer([{ path: 'chatId', message: 'differs from the one in the path' }]));
      const { title, createdAt, updatedAt } = body;
      const thread = ThreadRecordSchema.safeParse({ chatId: id, title, createdAt, updatedAt }, 'conversation');
      if (!thread.success) throw new ApiRefusal(invalidAnswer(thread.error.issues));
      await store.save(user, thread.data);
      return noContent();
    },
  });
}
