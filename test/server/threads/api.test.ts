/**
 * The conversation store and API on PGlite: each user's list apart, pages, the per-user limit
 * (the least recent go), what does not fit refused by field (never a database error), and the
 * board API's checks.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createSqlThreadStore,
  createThreadApi,
  StoreError,
  type ThreadApiOptions,
  type ThreadListStore,
} from '../../../src/server';
import { usePGlite } from '../db/pglite';
import { sessionUser } from '../../reliability/app/app';
import { call, read } from '../http/request';

const thread = (chatId: string, updatedAt: number, title = `Thread ${chatId}`) => ({
  chatId,
  title,
  createdAt: updatedAt - 1,
  updatedAt,
});

async function refusal(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  }
  throw new Error('expected a StoreError');
}

describe('the conversation store and API', () => {
  const db = usePGlite();
  let store: ThreadListStore;
  const erin = { id: 'erin' };
  const elias = { id: 'elias' };
  const api = (options: Partial<ThreadApiOptions> = {}) => createThreadApi({ store, getUser: sessionUser, ...options });
  const send = async (request: Request, options?: Partial<ThreadApiOptions>) => read(await api(options)(request));

  it("keeps each user's list apart, most recent first, in pages", async () => {
    store = createSqlThreadStore({ client: db(), limits: { threadsPerUser: 5 } });
    for (let i = 1; i <= 4; i++) await store.save(erin, thread(`t${i}`, 1_700_000_000_000 + i));
    await store.save(elias, thread('t1', 5, 'Elias own'));
    // Saving again replaces (title and times).
    await store.save(erin, thread('t2', 1_700_000_000_100, 'Renamed'));
    const first = await store.list(erin, { limit: 3 });
    expect(first.threads.map((t) => t.chatId)).toEqual(['t2', 't4', 't3']);
    expect(first.threads[0]).toEqual({
      chatId: 't2',
      title: 'Renamed',
      createdAt: 1_700_000_000_099,
      updatedAt: 1_700_000_000_100,
    });
    const second = await store.list(erin, { limit: 3, cursor: first.nextCursor! });
    expect(second).toEqual({ threads: [thread('t1', 1_700_000_000_001)], nextCursor: null });
    expect((await store.list(elias)).threads.map((t) => t.title)).toEqual(['Elias own']);
    await store.remove(elias, 't2'); // not Elias's: nothing happens to Erin's
    expect((await store.list(erin)).threads).toHaveLength(4);
    await store.remove(erin, 't3');
    expect((await store.list(erin)).threads.map((t) => t.chatId)).toEqual(['t2', 't4', 't1']);
  });

  it('keeps at most threadsPerUser, the least recently asked going first', async () => {
    for (let i = 10; i < 20; i++) await store.save(erin, thread(`cap-${i}`, 1_800_000_000_000 + i));
    const kept = (await store.list(erin)).threads.map((t) => t.chatId);
    expect(kept).toEqual(['cap-19', 'cap-18', 'cap-17', 'cap-16', 'cap-15']);
    expect((await store.list(elias)).threads).toHaveLength(1); // another user's list untouched
  });

  it('refuses what does not fit as invalid, never as a database error', async () => {
    const cases: [unknown, string][] = [
      [{ ...thread('x', 1), title: 'x'.repeat(201) }, 'title'],
      [{ ...thread('x', 1), title: 'nul \u0000 here' }, 'title'],
      [{ ...thread('x', 1), title: 'lone \udc00' }, 'title'],
      [{ ...thread('x', 1), createdAt: -1 }, 'createdAt'],
      [{ ...thread('x', 1), updatedAt: '1700000000500' }, 'updatedAt'],
      [{ ...thread('x', 1), updatedAt: 1e15 }, 'updatedAt'],
      [thread('a chat', 1), 'chatId'],
      [thread('', 1), 'chatId'],
      [thread('x'.repeat(201), 1), 'chatId'],
    ];
    for (const [value, path] of cases) {
      const error = await refusal(store.save(erin, value as never));
      expect([error.code, error.details.issues?.[0]?.path], path).toEqual(['invalid', path]);
    }
    // A fractional time is kept to the millisecond.
    await store.save(erin, thread('frac', 1_900_000_000_000.6));
    expect((await store.list(erin, { limit: 1 })).threads[0]!.updatedAt).toBe(1_900_000_000_001);
    for (const query of [{ limit: 0 }, { limit: 201 }, { cursor: 'nope' }, { cursor: btoa('["x","y"]') }])
      expect((await refusal(store.list(erin, query))).code, JSON.stringify(query)).toBe('invalid');
    await expect(store.list({ id: '' })).rejects.toThrow(TypeError);
  });

  it('answers the routes with their statuses, the body checked field by field', async () => {
    const put = (chatId: string, body: unknown, options: Parameters<typeof call>[2] = {}) =>
      call('PUT', `/api/threads/${encodeURIComponent(chatId)}`, { user: 'erin', body, ...options });
    expect((await send(put('api-1', thread('api-1', 2_000_000_000_000)))).status).toBe(204);
    const list = await send(call('GET', '/api/threads', { user: 'erin' }));
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('no-store');
    expect((list.body!.threads as { chatId: string }[])[0]!.chatId).toBe('api-1');
    expect(list.body!.nextCursor).toBeNull();
    const paged = await send(call('GET', '/api/threads?limit=1', { user: 'erin' }));
    expect(paged.body!.nextCursor).toEqual(expect.any(String));

    const refusals: [Request, number, string?][] = [
      [call('GET', '/api/threads'), 401],
      [put('api-1', thread('api-1', 1), { headers: { 'Sec-Fetch-Site': 'cross-site' } }), 403],
      [put('api-1', 'title=x', { headers: { 'Content-Type': 'text/plain' } }), 415],
      [put('api-1', { ...thread('api-1', 1), title: 'x'.repeat(10_000) }), 413],
      [put('api-1', { ...thread('api-1', 1), title: 'x'.repeat(201) }), 400, 'title'],
      [put('api-1', { ...thread('other', 1) }), 400, 'chatId'],
      [put('a chat', thread('a chat', 1)), 400, 'chatId'],
      [put('api-1', [thread('api-1', 1)]), 400, ''],
      [put('api-1', '{"title":'), 400, ''],
      [call('GET', '/api/threads?limit=x', { user: 'erin' }), 400, 'limit'],
      [call('GET', '/api/threads?cursor=nope', { user: 'erin' }), 400, 'cursor'],
      [call('GET', '/api/threads/api-1', { user: 'erin' }), 405],
      [call('POST', '/api/threads', { user: 'erin', body: {} }), 405],
      [call('GET', '/api/threads/a/b', { user: 'erin' }), 404],
    ];
    for (const [request, status, path] of refusals) {
      const answer = await send(request);
      expect(answer.status, `${request.method} ${request.url}`).toBe(status);
      expect(answer.bytes).toBeLessThan(2_000);
      if (path !== undefined) expect((answer.body!.issues as { path: string }[])[0]!.path).toBe(path);
    }
    expect((await send(call('DELETE', '/api/threads/api-1', { user: 'erin' }))).status).toBe(204);
    expect((await store.list(erin)).threads.map((t) => t.chatId)).not.toContain('api-1');
  });

  it('answers 503 while its database is down (heard once by onError), and works again after', async () => {
    let down = true;
    const flaky = {
      query: (text: string, params?: unknown[]) =>
        down
          ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
          : db().query(text, params),
    };
    const onError = vi.fn();
    const handler = createThreadApi({ store: createSqlThreadStore({ client: flaky }), getUser: sessionUser, onError });
    const failed = await read(await handler(call('GET', '/api/threads', { user: 'erin' })));
    expect([failed.status, failed.body!.code, failed.headers.get('Retry-After')]).toEqual([503, 'unavailable', '2']);
    expect(failed.text).not.toMatch(/ECONNREFUSED/);
    expect(onError).toHaveBeenCalledTimes(1);
    down = false;
    expect((await handler(call('GET', '/api/threads', { user: 'erin' }))).status).toBe(200);
  });
});
