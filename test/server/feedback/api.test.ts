/**
 * The feedback store and API on PGlite: one rating per user and answer (the latest replaces
 * the one before), a thread's ratings for their user only, the per-user limit exact (and
 * healed when the count drifted), what does not fit refused by field.
 */
import { describe, expect, it } from 'vitest';
import {
  createFeedbackApi,
  createSqlFeedbackStore,
  StoreError,
  type FeedbackApiOptions,
  type FeedbackRating,
  type FeedbackStore,
} from '../../../src/server';
import { usePGlite } from '../db/pglite';
import { sessionUser } from '../../reliability/app/app';
import { call, read } from '../http/request';

const rating = (messageId: string, extra: Partial<FeedbackRating> = {}): FeedbackRating => ({
  chatId: 'chat-1',
  messageId,
  rating: 'down',
  reason: 'incorrect',
  comment: 'Wrong quarter',
  question: 'Revenue by region?',
  answer: 'Europe leads.',
  sql: ['SELECT region, SUM(revenue) FROM orders GROUP BY 1'],
  ...extra,
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

describe('the feedback store and API', () => {
  const db = usePGlite();
  let store: FeedbackStore;
  const erin = { id: 'erin' };
  const elias = { id: 'elias' };
  const send = async (request: Request, options: Partial<FeedbackApiOptions> = {}) =>
    read(await createFeedbackApi({ store, getUser: sessionUser, ...options })(request));

  it('keeps one rating per user and answer, the latest replacing the one before', async () => {
    store = createSqlFeedbackStore({ client: db(), limits: { ratingsPerUser: 3 } });
    const first = await store.save(erin, rating('m-1'));
    expect(first).toMatchObject({ chatId: 'chat-1', messageId: 'm-1', rating: 'down', sql: rating('m-1').sql });
    const again = await store.save(erin, rating('m-1', { rating: 'up', reason: null, comment: null }));
    expect(again).toMatchObject({ rating: 'up', reason: null, comment: null, createdAt: first.createdAt });
    await store.save(erin, { chatId: 'chat-1', messageId: 'm-2', rating: 'up' });
    await store.save(elias, rating('m-1', { comment: "Elias's" }));
    const page = await store.list(erin, 'chat-1', { limit: 1 });
    expect(page.ratings.map((r) => [r.messageId, r.rating])).toEqual([['m-1', 'up']]);
    const next = await store.list(erin, 'chat-1', { cursor: page.nextCursor! });
    expect(next).toEqual({
      ratings: [expect.objectContaining({ messageId: 'm-2', question: '', answer: '', sql: [], reason: null })],
      nextCursor: null,
    });
    expect((await store.list(elias, 'chat-1')).ratings.map((r) => r.comment)).toEqual(["Elias's"]);
    expect((await store.list(erin, 'chat-2')).ratings).toEqual([]);
  });

  it('holds each user to ratingsPerUser answers (a rating given again takes no new one), and heals a drifted count', async () => {
    await store.save(erin, rating('m-3'));
    const over = await refusal(store.save(erin, rating('m-4')));
    expect([over.code, over.details.limit]).toEqual(['limit', { name: 'ratingsPerUser', max: 3 }]);
    // Changing one already given is fine at the limit.
    await store.save(erin, rating('m-3', { rating: 'up' }));
    expect((await store.save(elias, rating('m-4'))).messageId).toBe('m-4'); // Elias has his own count
    // A count that drifted (rows removed by hand): set again from the rows, and the save taken.
    await db().query("DELETE FROM ek_feedback WHERE user_id = 'erin' AND message_id = 'm-3'");
    expect((await store.save(erin, rating('m-4'))).messageId).toBe('m-4');
    const { rows } = await db().query<{ used: number }>(
      "SELECT used FROM ek_usage WHERE user_id = 'erin' AND kind = 'ratings'",
    );
    expect(rows[0]!.used).toBe(3);
  });

  it('refuses what does not fit as invalid, never as a database error', async () => {
    const cases: [unknown, string][] = [
      [{ ...rating('x'), rating: 'meh' }, 'rating'],
      [{ ...rating('x'), reason: '<script>' }, 'reason'],
      [{ ...rating('x'), comment: 'x'.repeat(1001) }, 'comment'],
      [{ ...rating('x'), comment: 'nul \u0000' }, 'comment'],
      [{ ...rating('x'), answer: 'x'.repeat(40_001) }, 'answer'],
      [{ ...rating('x'), sql: Array.from({ length: 21 }, () => 'SELECT 1') }, 'sql'],
      [{ ...rating('x'), sql: ['SELECT 1', 'lone \ud800'] }, 'sql[1]'],
      [{ ...rating('x'), sql: 'SELECT 1' }, 'sql'],
      [{ ...rating('x'), chatId: 'a chat' }, 'chatId'],
      [{ ...rating('x'), messageId: '' }, 'messageId'],
    ];
    for (const [value, path] of cases) {
      const error = await refusal(store.save(elias, value as never));
      expect([error.code, error.details.issues?.[0]?.path], path).toEqual(['invalid', path]);
    }
    expect((await refusal(store.list(erin, 'a chat'))).code).toBe('invalid');
  });

  it('answers the routes with their statuses, bounded', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}, user = 'elias') =>
      call('POST', '/api/feedback', { user, body, headers });
    expect((await send(post(rating('m-9')))).status).toBe(204);
    const listed = await send(call('GET', '/api/feedback?chatId=chat-1', { user: 'elias' }));
    expect(listed.status).toBe(200);
    expect((listed.body!.ratings as { messageId: string }[]).map((r) => r.messageId)).toEqual(['m-1', 'm-4', 'm-9']);
    const refusals: [Request, number, string?][] = [
      [call('POST', '/api/feedback', { body: rating('m') }), 401],
      [post(rating('m'), { 'Sec-Fetch-Site': 'cross-site' }), 403],
      [post(rating('m'), { 'Content-Type': 'text/plain' }), 415],
      [post({ ...rating('m'), answer: 'x'.repeat(600_000) }), 413],
      [post({ ...rating('m'), rating: 'meh' }), 400, 'rating'],
      [post('{"chatId":'), 400, ''],
      [call('GET', '/api/feedback', { user: 'elias' }), 400, 'chatId'],
      [call('GET', '/api/feedback?chatId=chat-1&limit=0', { user: 'elias' }), 400, 'limit'],
      [call('DELETE', '/api/feedback', { user: 'elias' }), 405],
      [call('GET', '/api/feedback/x', { user: 'elias' }), 404],
      [post(rating('m-new'), {}, 'erin'), 403], // Erin is at her limit
    ];
    for (const [request, status, path] of refusals) {
      const answer = await send(request);
      expect(answer.status, `${request.method} ${request.url}`).toBe(status);
      expect(answer.bytes).toBeLessThan(2_000);
      if (path !== undefined) expect((answer.body!.issues as { path: string }[])[0]!.path).toBe(path);
    }
  });
});
