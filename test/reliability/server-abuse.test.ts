/**
 * The board, conversation and feedback APIs as an attacker finds them: over real HTTP on
 * loopback, on a real Postgres server through `createDatabase`, signed in as Mallory (or not
 * at all). Sizes, depths, counts, odd ids and paths, cross-site requests, roles and per-user
 * limits hit all at once; each answer's status and byte size is asserted, and afterwards the
 * database holds every row of every other user exactly as before.
 */
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { createTestApp } from './app/app';
import { boardDefinition, caller, type Answer } from './app/client';
import { serveHandler } from './app/serve';

const LIMITS = {
  boards: { boardsPerUser: 20 },
  threads: { threadsPerUser: 50 },
  feedback: { ratingsPerUser: 30 },
};

/** `[[…"x"…]]`, `depth` deep, as JSON text. */
const deep = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

/** Every row of every user but `except`, in a fixed order: compared before and after. */
async function othersRows(pool: pg.Pool, except: string): Promise<unknown> {
  const read = async (text: string) => (await pool.query(text, [except])).rows;
  return {
    boards: await read(
      'SELECT id, owner_id, title, definition::text, revision, shared_with, updated_at FROM ek_boards WHERE owner_id <> $1 ORDER BY id',
    ),
    threads: await read('SELECT * FROM ek_threads WHERE user_id <> $1 ORDER BY user_id, chat_id'),
    feedback: await read(
      'SELECT user_id, chat_id, message_id, rating, reason, comment, question, answer, sql::text, updated_at FROM ek_feedback WHERE user_id <> $1 ORDER BY user_id, chat_id, message_id',
    ),
    usage: await read('SELECT * FROM ek_usage WHERE user_id <> $1 ORDER BY user_id, kind'),
  };
}

describe('the three APIs under abuse', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  let origin: string;
  let close: () => Promise<void>;
  const failures: string[] = [];
  let before: unknown;
  let erinPrivate: string;
  let erinShared: string;

  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: await server.database('abuse'), max: 10 });
    const app = createTestApp(pool, {
      ...LIMITS,
      onError: (source, error) => failures.push(`${source}: ${String(error)}`),
    });
    const listening = await serveHandler((request) => app.handle(request));
    origin = listening.origin;
    close = listening.close;
    // What other users have, before Mallory starts.
    const erin = caller(origin, 'erin', ['sales']);
    erinPrivate = (
      (await erin.post('/api/boards', { definition: boardDefinition('Secret plans') })).body!.board as {
        id: string;
      }
    ).id;
    erinShared = (
      (await erin.post('/api/boards', { definition: boardDefinition('Sales team'), sharedWith: ['sales'] })).body!
        .board as { id: string }
    ).id;
    expect((await erin.put('/api/threads/erin-1', { title: 'Margins', createdAt: 1, updatedAt: 2 })).status).toBe(204);
    expect((await erin.post('/api/feedback', { chatId: 'erin-1', messageId: 'm1', rating: 'down' })).status).toBe(204);
    const elias = caller(origin, 'elias', ['sales']);
    expect((await elias.put('/api/threads/elias-1', { title: 'Orders', createdAt: 1, updatedAt: 2 })).status).toBe(204);
    before = await othersRows(pool, 'mallory');
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await pool?.end();
    await server?.close();
  });

  /** Sends each case and checks its status and that its answer is at most `maxBytes`. */
  async function expectAnswers(cases: [Promise<Answer>, number, number?][]) {
    const answers = await Promise.all(cases.map(([answer]) => answer));
    answers.forEach((answer, i) => {
      const [, status, maxBytes = 2_000] = cases[i]!;
      expect([answer.status, answer.text.slice(0, 200)], `case ${i}`).toEqual([status, expect.any(String)]);
      expect(answer.bytes, `case ${i}`).toBeLessThanOrEqual(maxBytes);
    });
  }

  it('refuses sizes, depths and counts with small answers, before the database', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const flood = `{"definition":{"version":2,"title":"Flood","widgets":[${'{},'.repeat(349_000)}{}]}}`;
    const huge = `{"definition":{"version":2,"title":"Huge","widgets":[],"x":"${'x'.repeat(2 * 1024 * 1024)}"}}`;
    const streamed = Readable.from(
      (function* () {
        for (let i = 0; i < 64; i++) yield Buffer.alloc(64 * 1024, 0x20);
      })(),
    );
    const widgets = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `w${i}`,
        kind: 'text',
        layout: { x: 0, y: i, w: 1, h: 1 },
        text: '',
      }));
    const unknownWidget = (field: string) =>
      `{"definition":{"version":2,"title":"D","widgets":[{"id":"a","kind":"new","layout":{"x":0,"y":0,"w":1,"h":1},"f":${field}}]}}`;
    await expectAnswers([
      [mallory.post('/api/boards', flood), 400, 1_000],
      [mallory.post('/api/boards', huge), 413, 300],
      // 4 MiB streamed with no Content-Length: read up to the limit, then refused.
      [mallory.send('POST', '/api/boards', streamed), 413, 300],
      [
        mallory.post('/api/boards', `{"definition":{"version":2,"title":"D","widgets":[],"x":${deep(5_000)}}}`),
        400,
        1_000,
      ],
      [mallory.post('/api/boards', unknownWidget(deep(100_000))), 400, 1_000],
      [mallory.post('/api/boards', `{"definition":${deep(200_000)}}`), 400, 1_000],
      [mallory.post('/api/boards', { definition: boardDefinition('x'), sharedWith: [['support']] }), 400],
      [mallory.post('/api/boards', { definition: { ...boardDefinition('x'), title: 't'.repeat(10_000) } }), 400],
      [mallory.post('/api/boards', { definition: { ...boardDefinition('x'), extra: 'e'.repeat(300_000) } }), 400],
      [mallory.post('/api/boards', { definition: { ...boardDefinition('x'), widgets: widgets(201) } }), 400],
      [mallory.post('/api/boards', { definition: boardDefinition('x'), sharedWith: Array(101).fill('support') }), 400],
      [
        mallory.post('/api/boards', {
          definition: { ...boardDefinition('x'), widgets: widgets(200).map((w) => ({ ...w, id: 'same' })) },
        }),
        400,
      ],
      [mallory.put('/api/threads/t', { title: 'x'.repeat(5_000), createdAt: 1, updatedAt: 1 }), 413, 300],
      // Fields the conversation and feedback APIs do not keep: a little room, no structure.
      [mallory.put('/api/threads/t', `{"title":"t","createdAt":1,"updatedAt":1,"x":${deep(10)}}`), 204, 0],
      [mallory.put('/api/threads/t', `{"title":"t","createdAt":1,"updatedAt":1,"x":${deep(1_000)}}`), 400, 1_000],
      [
        mallory.post('/api/feedback', { chatId: 'c', messageId: 'm', rating: 'up', answer: 'a'.repeat(600_000) }),
        413,
        300,
      ],
      [
        mallory.post('/api/feedback', { chatId: 'c', messageId: 'm', rating: 'up', sql: Array(21).fill('SELECT 1') }),
        400,
      ],
      [mallory.post('/api/feedback', `{"chatId":"c","messageId":"m","rating":"up","x":${deep(100_000)}}`), 400, 1_000],
      [
        mallory.post('/api/feedback', `{"chatId":"c","messageId":"m","rating":"up","x":[${'1,'.repeat(20_000)}1]}`),
        400,
        1_000,
      ],
    ]);
  }, 120_000);

  it('takes odd ids, paths and page queries as values: 404 or 400, never a database error', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const long = 'i'.repeat(8_000);
    const cases: [Promise<Answer>, number][] = [];
    for (const path of [
      '/api/boards/%00',
      "/api/boards/'%20OR%20'1'='1",
      '/api/boards/..%2F..%2Fetc%2Fpasswd',
      '/api/boards/%E0%A4%A',
      '/api/boards/%ED%A0%80',
      `/api/boards/${long}`,
      '/api/boards/a/b',
      '/api/boardsx',
      `/api/boards/${erinPrivate}`,
      `/api/boards/${erinShared}`,
      '/api/feedback/x',
      '/api/threads/a/b',
      '/api/threads/%ZZ',
    ])
      cases.push([mallory.get(path), 404]);
    for (const path of [`/api/boards/${erinPrivate}`, `/api/boards/${erinShared}`]) {
      cases.push([mallory.put(path, { definition: boardDefinition('Mine'), revision: 1 }), 404]);
      cases.push([mallory.del(path), 404]);
    }
    for (const query of ['limit=-1', 'limit=99999999', 'limit=1.5', `cursor=${long}`, 'cursor=%00', 'limit=0&cursor=x'])
      cases.push([mallory.get(`/api/boards?${query}`), 400], [mallory.get(`/api/threads?${query}`), 400]);
    cases.push(
      [mallory.get(`/api/feedback?chatId=${encodeURIComponent('a b')}`), 400],
      [mallory.get(`/api/feedback?chatId=${long}`), 400],
      [mallory.put('/api/threads/%01', { title: 't', createdAt: 1, updatedAt: 1 }), 400],
      [mallory.put(`/api/threads/${'c'.repeat(201)}`, { title: 't', createdAt: 1, updatedAt: 1 }), 400],
      [mallory.put('/api/threads/t', { title: 'nul \u0000', createdAt: 1, updatedAt: 1 }), 400],
      [mallory.put('/api/threads/t', { title: 't', createdAt: 1e300, updatedAt: 1 }), 400],
      [mallory.put('/api/threads/t', '[]'), 400],
      [mallory.put('/api/threads/t', 'null'), 400],
      [mallory.post('/api/feedback', { chatId: 'c', messageId: 'm', rating: 'up', comment: '\ud800' }), 400],
      [mallory.post('/api/boards', 'null'), 400],
      [mallory.post('/api/boards', '"board"'), 400],
      [mallory.post('/api/boards', '{"definition":'), 400],
      [mallory.put(`/api/boards/${erinPrivate}`, { definition: boardDefinition('x'), revision: 2 ** 53 }), 400],
      [mallory.put(`/api/boards/${erinPrivate}`, { definition: boardDefinition('x'), revision: '1' }), 400],
      [mallory.send('PATCH', '/api/boards'), 405],
      [mallory.send('HEAD', '/api/threads'), 405],
      [mallory.send('OPTIONS', '/api/feedback'), 405],
    );
    await expectAnswers(cases);
  }, 120_000);

  it('refuses cross-site requests and users without a session, whatever they send', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const nobody = caller(origin);
    const https = origin.replace('http:', 'https:');
    const otherPort = origin.replace(/:\d+$/, ':1');
    const body = { definition: boardDefinition('CSRF') };
    const cases: [Promise<Answer>, number][] = [];
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': undefined, Origin: 'https://evil.example' },
    ]) {
      cases.push(
        [mallory.post('/api/boards', body, headers), 403],
        [mallory.get('/api/boards', headers), 403],
        [mallory.put('/api/threads/t', { title: 't', createdAt: 1, updatedAt: 1 }, headers), 403],
        [mallory.post('/api/feedback', { chatId: 'c', messageId: 'm', rating: 'up' }, headers), 403],
      );
    }
    // Origin without Sec-Fetch-Site (older browsers): compared by scheme, host and port.
    const noFetchSite = (headers: Record<string, string>) =>
      mallory.get('/api/boards', { 'Sec-Fetch-Site': undefined, ...headers });
    cases.push(
      [noFetchSite({ Origin: https }), 403],
      [noFetchSite({ Origin: otherPort }), 403],
      [noFetchSite({ Origin: 'null' }), 403],
      [noFetchSite({ Origin: origin }), 200],
      [mallory.post('/api/boards', 'definition=x', { 'Content-Type': 'text/plain' }), 415],
      [mallory.post('/api/boards', 'definition=x', { 'Content-Type': 'application/x-www-form-urlencoded' }), 415],
      [mallory.post('/api/feedback', '{}', { 'Content-Type': 'multipart/form-data; boundary=x' }), 415],
      [nobody.get('/api/boards'), 401],
      [nobody.post('/api/boards', body), 401],
      [nobody.get('/api/threads'), 401],
      [nobody.post('/api/feedback', { chatId: 'c', messageId: 'm', rating: 'up' }), 401],
    );
    await expectAnswers(cases);
  }, 120_000);

  it('holds roles: no share into groups one is not in, readers do not write, others see nothing', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const elias = caller(origin, 'elias', ['sales']);
    const pushed = await mallory.post('/api/boards', { definition: boardDefinition('Ad'), sharedWith: ['sales'] });
    expect([pushed.status, pushed.body!.code]).toEqual([403, 'forbidden']);
    expect(pushed.bytes).toBeLessThan(300);
    const own = await mallory.post('/api/boards', { definition: boardDefinition('Mine'), sharedWith: ['support'] });
    expect(own.status).toBe(201);
    const id = (own.body!.board as { id: string }).id;
    const resharing = await mallory.put(`/api/boards/${id}`, {
      definition: boardDefinition('Mine'),
      revision: 1,
      sharedWith: ['support', 'sales', 'finance'],
    });
    expect([resharing.status, resharing.body!.code]).toEqual([403, 'forbidden']);
    // Elias reads Erin's shared board, and may not write, delete or re-share it.
    expect((await elias.get(`/api/boards/${erinShared}`)).status).toBe(200);
    for (const answer of [
      await elias.put(`/api/boards/${erinShared}`, { definition: boardDefinition('Taken'), revision: 1 }),
      await elias.put(`/api/boards/${erinShared}`, {
        definition: boardDefinition('Sales team'),
        revision: 1,
        sharedWith: ['sales'],
      }),
      await elias.del(`/api/boards/${erinShared}`),
    ])
      expect([answer.status, answer.body!.code]).toEqual([403, 'read-only']);
    // Mallory sees nothing of anyone else's.
    const listed = await mallory.get('/api/boards?limit=200');
    expect((listed.body!.boards as { ownerId: string }[]).every((b) => b.ownerId === 'mallory')).toBe(true);
    const threads = await mallory.get('/api/threads');
    expect((threads.body!.threads as { chatId: string }[]).map((t) => t.chatId)).not.toContain('erin-1');
    const ratings = await mallory.get('/api/feedback?chatId=erin-1');
    expect(ratings.body!.ratings).toEqual([]);
    // Deleting Erin's conversation by its id removes only Mallory's (none).
    expect((await mallory.del('/api/threads/erin-1')).status).toBe(204);
  }, 120_000);

  it('holds per-user limits under requests all at once, with no 500', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const boards = await Promise.all(
      Array.from({ length: 50 }, (_, i) => mallory.post('/api/boards', { definition: boardDefinition(`B${i}`) })),
    );
    const threads = await Promise.all(
      Array.from({ length: 240 }, (_, i) =>
        mallory.put(`/api/threads/m${i}`, { title: `T${i}`, createdAt: i, updatedAt: i }),
      ),
    );
    const ratings = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        mallory.post('/api/feedback', { chatId: 'c', messageId: `r${i}`, rating: 'up' }),
      ),
    );
    for (const answer of [...boards, ...threads, ...ratings]) {
      expect([201, 204, 403]).toContain(answer.status);
      expect(answer.bytes).toBeLessThan(2_000);
    }
    const count = async (text: string) => (await pool.query<{ n: number }>(text)).rows[0]!.n;
    expect(await count("SELECT count(*)::int AS n FROM ek_boards WHERE owner_id = 'mallory'")).toBe(20);
    expect(await count("SELECT count(*)::int AS n FROM ek_threads WHERE user_id = 'mallory'")).toBeLessThanOrEqual(50);
    expect(await count("SELECT count(*)::int AS n FROM ek_feedback WHERE user_id = 'mallory'")).toBe(30);
    // A page is bounded however many there are.
    const page = await mallory.get('/api/boards?limit=200');
    expect((page.body!.boards as unknown[]).length).toBeLessThanOrEqual(200);
  }, 120_000);

  it("leaves every other user's rows exactly as they were, and heard no unexpected failure", async () => {
    expect(await othersRows(pool, 'mallory')).toEqual(before);
    // Refusals are not failures: the database and the APIs reported nothing.
    expect(failures).toEqual([]);
  });
});
