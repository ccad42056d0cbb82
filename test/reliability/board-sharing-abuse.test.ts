/**
 * Boards a team shares, as an attacker finds them: over real HTTP on loopback, on a real
 * Postgres server through `createDatabase`, with a host directory and its default share rule.
 * A viewer's save, share, delete and restore; an editor's share, delete and a legacy re-share;
 * grants the rule refuses; a stranger's every route; sizes and counts of grants, searches and
 * directory queries; editors saving at once. Each answer's status and byte size is asserted, and
 * afterwards every row of the boards, their grants and kept revisions is as the owner left it
 * (but for the editors' merged saves, checked).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardDirectory, BoardDirectoryEntry } from '../../src/protocol/board';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { createTestApp } from './app/app';
import { boardDefinition, caller, type Answer } from './app/client';
import { serveHandler } from './app/serve';

const PEOPLE: BoardDirectoryEntry[] = [
  { type: 'user', id: 'erin', name: 'Erin Example' },
  { type: 'user', id: 'elias', name: 'Elias Ek' },
  { type: 'user', id: 'yuki', name: 'Yuki Tanaka' },
  { type: 'user', id: 'mallory', name: 'Mallory Mal' },
  { type: 'group', id: 'sales', name: 'Sales' },
  { type: 'group', id: 'emea', name: 'Europe' },
  { type: 'group', id: 'apac', name: 'Asia Pacific' },
];
const directory: BoardDirectory = {
  search: (_user, query) => PEOPLE.filter((p) => p.name.toLowerCase().includes(query.toLowerCase())),
  describe: (_user, principals) => PEOPLE.filter((p) => principals.some((q) => q.type === p.type && q.id === p.id)),
};

/** Every board row (but Mallory's), with its grants and kept revisions, in a fixed order. */
async function boardRows(pool: pg.Pool): Promise<unknown> {
  const read = async (text: string) => (await pool.query(text, ['mallory'])).rows;
  return {
    boards: await read(
      'SELECT id, owner_id, title, definition::text, revision, updated_at, updated_by, deleted_at FROM ek_boards WHERE owner_id <> $1 ORDER BY id',
    ),
    grants: await read(
      'SELECT g.* FROM ek_board_grants g JOIN ek_boards b ON b.id = g.board_id WHERE b.owner_id <> $1 ORDER BY 1, 2, 3',
    ),
    revisions: await read(
      'SELECT r.board_id, r.revision, r.definition::text FROM ek_board_revisions r JOIN ek_boards b ON b.id = r.board_id WHERE b.owner_id <> $1 ORDER BY 1, 2',
    ),
  };
}

const twoWidgets = (title: string, a = 'a', b = 'b') => ({
  version: 2,
  title,
  widgets: [
    { id: 'a', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: a },
    { id: 'b', kind: 'text', layout: { x: 6, y: 0, w: 6, h: 2 }, text: b },
  ],
});

describe('boards a team shares, under abuse', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  let origin: string;
  let close: () => Promise<void>;
  const failures: string[] = [];
  let team: string;
  let before: unknown;

  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: await server.database('sharing_abuse'), max: 10 });
    const app = createTestApp(pool, {
      boards: { boardsPerUser: 20, sharesPerBoard: 10 },
      boardApi: { directory },
      onError: (source, error) => failures.push(`${source}: ${String(error)}`),
    });
    const listening = await serveHandler((request) => app.handle(request));
    origin = listening.origin;
    close = listening.close;
    const erin = caller(origin, 'erin', ['sales']);
    const created = await erin.post('/api/boards', {
      definition: twoWidgets('Pipeline'),
      grants: [
        { type: 'user', id: 'elias', role: 'edit' },
        { type: 'user', id: 'yuki', role: 'view' },
      ],
    });
    expect(created.status).toBe(201);
    team = (created.body!.board as { id: string }).id;
    await erin.post('/api/boards', { definition: boardDefinition('Private') });
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await pool?.end();
    await server?.close();
  });

  async function expectAnswers(cases: [() => Promise<Answer>, number, string?][], maxBytes = 1_000) {
    for (const [i, [send, status, code]] of cases.entries()) {
      const answer = await send();
      expect([answer.status, answer.body?.code], `case ${i}: ${answer.text.slice(0, 200)}`).toEqual([
        status,
        code ?? answer.body?.code,
      ]);
      expect(answer.bytes, `case ${i}`).toBeLessThanOrEqual(maxBytes);
    }
  }

  it('merges editors saving different widgets at once; the same widget is a 409 naming it', async () => {
    const erin = caller(origin, 'erin', ['sales']);
    const elias = caller(origin, 'elias', ['sales', 'emea']);
    const [first, second] = await Promise.all([
      erin.put(`/api/boards/${team}`, { definition: twoWidgets('Pipeline', 'Erin'), revision: 1 }),
      elias.put(`/api/boards/${team}`, { definition: twoWidgets('Pipeline', 'a', 'Elias'), revision: 1 }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const conflict = await elias.put(`/api/boards/${team}`, {
      definition: twoWidgets('Pipeline', 'Elias', 'Elias'),
      revision: 1,
    });
    expect([conflict.status, conflict.body!.conflicts]).toEqual([409, [{ type: 'widget', id: 'a' }]]);
    expect(conflict.bytes).toBeLessThan(300);
    const board = (await caller(origin, 'yuki', ['apac']).get(`/api/boards/${team}`)).body!.board as {
      revision: number;
      ownerName: string;
      definition: ReturnType<typeof twoWidgets>;
    };
    expect(board.revision).toBe(3);
    expect(board.ownerName).toBe('Erin Example');
    expect(board.definition.widgets.map((w) => w.text)).toEqual(['Erin', 'Elias']);
    before = await boardRows(pool);
  }, 120_000);

  it("refuses a viewer's and an editor's writes beyond their role, and a stranger's every route", async () => {
    const yuki = caller(origin, 'yuki', ['apac']);
    const elias = caller(origin, 'elias', ['sales', 'emea']);
    const mallory = caller(origin, 'mallory', ['support']);
    const grants = { grants: [{ type: 'group', id: 'support', role: 'edit' }] };
    const save = { definition: twoWidgets('Taken'), revision: 3 };
    await expectAnswers([
      // The viewer.
      [() => yuki.put(`/api/boards/${team}`, save), 403, 'read-only'],
      [() => yuki.put(`/api/boards/${team}/grants`, grants), 403, 'read-only'],
      [() => yuki.put(`/api/boards/${team}/grants`, { grants: [] }), 403, 'read-only'],
      [() => yuki.del(`/api/boards/${team}`), 403, 'read-only'],
      [() => yuki.post(`/api/boards/${team}/restore`, {}), 404, 'not-found'],
      [() => yuki.get(`/api/boards/${team}/principals?q=e`), 403, 'read-only'],
      [() => yuki.get(`/api/boards/${team}/revision`), 200],
      // The editor: no re-sharing, by the grants route or the legacy field, and no delete.
      [() => elias.put(`/api/boards/${team}/grants`, grants), 403, 'forbidden'],
      [
        () =>
          elias.put(`/api/boards/${team}/grants`, {
            grants: [{ type: 'user', id: 'elias', role: 'edit' }],
          }),
        403,
        'forbidden',
      ],
      [() => elias.put(`/api/boards/${team}`, { ...save, sharedWith: ['emea'] }), 403, 'forbidden'],
      [() => elias.del(`/api/boards/${team}`), 403, 'forbidden'],
      [() => elias.get(`/api/boards/${team}/principals?q=e`), 403, 'forbidden'],
      // A stranger: every route of the board is not found, never its contents.
      [() => mallory.get(`/api/boards/${team}`), 404, 'not-found'],
      [() => mallory.get(`/api/boards/${team}/revision`), 404, 'not-found'],
      [() => mallory.get(`/api/boards/${team}/principals?q=e`), 404, 'not-found'],
      [() => mallory.put(`/api/boards/${team}`, save), 404, 'not-found'],
      [() => mallory.put(`/api/boards/${team}/grants`, grants), 404, 'not-found'],
      [() => mallory.del(`/api/boards/${team}`), 404, 'not-found'],
      [() => mallory.post(`/api/boards/${team}/restore`, {}), 404, 'not-found'],
      [() => mallory.send('PATCH', `/api/boards/${team}/grants`), 405],
      [() => mallory.get(`/api/boards/${team}/owner`), 404],
    ]);
    const listed = await mallory.get('/api/boards?filter=shared&q=Pipeline');
    expect(listed.body).toEqual({ boards: [], nextCursor: null });
  }, 120_000);

  it('refuses grants the share rule does not allow, and sizes and counts, with small answers', async () => {
    const mallory = caller(origin, 'mallory', ['support']);
    const own = await mallory.post('/api/boards', { definition: boardDefinition('Mine') });
    const id = (own.body!.board as { id: string }).id;
    const share = (grants: unknown) => () => mallory.put(`/api/boards/${id}/grants`, { grants });
    const grant = (type: string, who: string, role = 'view') => ({ type, id: who, role });
    await expectAnswers([
      // Into groups she is not in, to people the directory does not know: the rule's 403.
      [share([grant('group', 'sales')]), 403, 'forbidden'],
      [share([grant('group', 'support'), grant('group', 'emea', 'edit')]), 403, 'forbidden'],
      [share([grant('user', 'ceo')]), 403, 'forbidden'],
      [
        () => mallory.post('/api/boards', { definition: boardDefinition('Ad'), grants: [grant('group', 'sales')] }),
        403,
        'forbidden',
      ],
      // Shapes and sizes: 400 naming the first, before the database.
      [share('everyone'), 400, 'invalid'],
      [share([grant('group', 'support', 'owner')]), 400, 'invalid'],
      [share([grant('robot', 'r2')]), 400, 'invalid'],
      [share([grant('user', 'u'.repeat(10_000))]), 400, 'invalid'],
      [share([grant('user', 'nul\u0000')]), 400, 'invalid'],
      [share(Array.from({ length: 11 }, (_, i) => grant('user', `u${i}`))), 400, 'invalid'],
      [share(Array.from({ length: 10_000 }, (_, i) => grant('user', `u${i}`))), 400, 'invalid'],
      // Past the body limit (1 MiB): refused while it is read.
      [share(Array.from({ length: 100_000 }, (_, i) => grant('user', `u${i}`))), 413],
      [() => mallory.put(`/api/boards/${id}/grants`, `{"grants":${'['.repeat(50_000)}${']'.repeat(50_000)}}`), 400],
      [() => mallory.put(`/api/boards/${id}/grants`, {}), 400, 'invalid'],
      [() => mallory.get(`/api/boards?q=${'q'.repeat(10_000)}`), 400, 'invalid'],
      [() => mallory.get('/api/boards?filter=everyone'), 400, 'invalid'],
      [() => mallory.get(`/api/boards/${id}/principals?q=${'q'.repeat(10_000)}`), 400, 'invalid'],
      [() => mallory.get(`/api/boards/${id}/principals`), 400, 'invalid'],
      // Her own group, her own board: fine, and the directory finds no one she may not share with.
      [share([grant('group', 'support', 'edit')]), 200],
    ]);
    const found = await mallory.get(`/api/boards/${id}/principals?q=a`);
    expect(found.status).toBe(200);
    expect((found.body!.principals as { id: string }[]).map((p) => p.id).sort()).toEqual(['elias', 'erin', 'yuki']);
    // Fifty shares at once of her own board: each answered, the grants one of the sets sent.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        mallory.put(`/api/boards/${id}/grants`, { grants: i % 2 ? [grant('group', 'support')] : [] }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.bytes < 2_000)).toBe(true);
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ek_board_grants WHERE board_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(1);
  }, 120_000);

  it('leaves every board, grant and kept revision of the others as they were, and heard no failure', async () => {
    expect(await boardRows(pool)).toEqual(before);
    expect(failures).toEqual([]);
  });
});
