import { describe, expect, expectTypeOf, it } from 'vitest';
import { BoardStoreError, type BoardDefinition, type BoardStore, type BoardUser } from '../../../src/protocol/board';
import type { Client, Pool } from 'pg';
import {
  createSqlBoardStore,
  migrationStatements,
  runMigrations,
  SERVER_MIGRATIONS,
  type SqlClient,
} from '../../../src/server';
import { usePGlite } from '../db/pglite';

const MIGRATIONS = ['001_boards', '002_threads', '003_feedback', '004_usage', '005_board_sharing'];

/** Every board of the user's list, page after page. */
async function all(store: BoardStore, user: BoardUser, limit = 200) {
  const boards = [];
  for (let cursor: string | null | undefined; cursor !== null;) {
    const page = await store.list(user, { cursor, limit });
    boards.push(...page.boards);
    cursor = page.nextCursor;
  }
  return boards;
}

const definition = (title = 'Sales', extra: object = {}): BoardDefinition => ({
  version: 2,
  title,
  widgets: [
    { id: 'kpi', kind: 'kpi', layout: { x: 0, y: 0, w: 3, h: 2 }, measure: 'orders.revenue' },
    // A kind from a newer version, with fields this one cannot read: kept exactly.
    { id: 'later', kind: 'heatmap', layout: { x: 3, y: 0, w: 9, h: 4 }, bins: [1.5, null, { deep: 'x' }] },
  ],
  ...extra,
});

/** The store's refusal, or a failure when the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<BoardStoreError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(BoardStoreError);
    return error as BoardStoreError;
  }
  throw new Error('expected a BoardStoreError');
}

describe('the SQL board store on PGlite', () => {
  const db = usePGlite();
  let store: BoardStore;
  const erin: BoardUser = { id: 'erin', groups: ['sales'] };
  const elias: BoardUser = { id: 'elias', groups: ['sales', 'emea'] };
  const mallory: BoardUser = { id: 'mallory', groups: ['support'] };

  it('migrates once, idempotently, from the .sql file', async () => {
    expect(migrationStatements(SERVER_MIGRATIONS[0]!.sql)).toHaveLength(3);
    expect(await runMigrations(db(), SERVER_MIGRATIONS)).toEqual(MIGRATIONS);
    expect(await runMigrations(db(), SERVER_MIGRATIONS)).toEqual([]);
    // A run cut off after its statements (not recorded) runs again without harm.
    await db().query('DELETE FROM ek_migrations');
    expect(await runMigrations(db(), SERVER_MIGRATIONS)).toEqual(MIGRATIONS);
    const { rows } = await db().query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'ek_boards' ORDER BY ordinal_position",
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      'id',
      'owner_id',
      'title',
      'definition',
      'revision',
      'shared_with',
      'created_at',
      'updated_at',
      'updated_by',
      'deleted_at',
    ]);
    store = createSqlBoardStore({ client: db() });
  });

  it('creates, reads, lists, saves and removes a board of its owner, keeping the definition exactly', async () => {
    const weird = definition('Q4 "board" \u{1F4C8} \u0000 \udc00', { notes: { keep: ['me', 1e21, -0.5] } });
    const created = await store.create(erin, { definition: weird });
    // The listing's copy of the title holds what a text column can (NUL and a lone surrogate
    // replaced); the definition keeps the title exactly.
    const listed = 'Q4 "board" \u{1F4C8} \uFFFD \uFFFD';
    expect(created).toMatchObject({ ownerId: 'erin', revision: 1, sharedWith: [], title: listed });
    expect(created.id).toMatch(/^[\da-f-]{36}$/);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    const read = await store.get(erin, created.id);
    expect(JSON.stringify(read.definition)).toBe(JSON.stringify(weird));
    expect(await store.list(erin)).toEqual({
      nextCursor: null,
      boards: [
        {
          id: created.id,
          title: listed,
          ownerId: 'erin',
          role: 'owner',
          mayShare: true,
          revision: 1,
          grants: [],
          sharedWith: [],
          createdAt: created.createdAt,
          updatedAt: created.updatedAt,
          updatedBy: 'erin',
        },
      ],
    });

    const changed = definition('Sales, renamed');
    const saved = await store.save(erin, created.id, { definition: changed, revision: 1 });
    expect(saved).toMatchObject({
      revision: 2,
      title: 'Sales, renamed',
      definition: changed,
      createdAt: created.createdAt,
    });
    expect((await store.get(erin, created.id)).revision).toBe(2);

    await store.remove(erin, created.id);
    expect((await refusal(store.get(erin, created.id))).code).toBe('not-found');
    expect((await refusal(store.remove(erin, created.id))).code).toBe('not-found');
    expect(await all(store, erin)).toEqual([]);
  });

  it("never shows or changes someone else's board; a group it is shared with reads it only", async () => {
    const own = await store.create(erin, { definition: definition('Private') });
    const shared = await store.create(erin, { definition: definition('For sales'), sharedWith: ['sales', 'sales'] });
    expect(shared.sharedWith).toEqual(['sales']);

    for (const id of [own.id, shared.id]) {
      const error = await refusal(store.get(mallory, id));
      expect(error.code).toBe('not-found');
      expect(error.message).not.toMatch(/Private|For sales|erin/);
      expect((await refusal(store.save(mallory, id, { definition: definition('Mine'), revision: 1 }))).code).toBe(
        'not-found',
      );
      expect((await refusal(store.remove(mallory, id))).code).toBe('not-found');
    }
    expect(await all(store, mallory)).toEqual([]);

    expect((await store.get(elias, shared.id)).title).toBe('For sales');
    expect((await refusal(store.get(elias, own.id))).code).toBe('not-found');
    expect((await all(store, elias)).map((b) => b.title)).toEqual(['For sales']);
    expect((await refusal(store.save(elias, shared.id, { definition: definition('Mine'), revision: 1 }))).code).toBe(
      'read-only',
    );
    expect((await refusal(store.remove(elias, shared.id))).code).toBe('read-only');
    // Unchanged by all of that.
    expect(await store.get(erin, shared.id)).toMatchObject({ revision: 1, title: 'For sales' });
    expect((await all(store, erin)).map((b) => b.title).sort()).toEqual(['For sales', 'Private']);

    // The owner stops sharing: the group loses it.
    await store.save(erin, shared.id, { definition: definition('For sales'), revision: 1, sharedWith: [] });
    expect(await all(store, elias)).toEqual([]);
    // Saving without sharedWith keeps the sharing as it was.
    const again = await store.save(erin, own.id, {
      definition: definition('Private'),
      revision: 1,
      sharedWith: ['emea'],
    });
    const kept = await store.save(erin, own.id, { definition: definition('Private 2'), revision: again.revision });
    expect(kept.sharedWith).toEqual(['emea']);
  });

  it('refuses a stale save with the current revision; of two saves from one revision exactly one wins', async () => {
    const board = await store.create(erin, { definition: definition('Two tabs') });
    await store.save(erin, board.id, { definition: definition('Tab A'), revision: 1 });
    const stale = await refusal(store.save(erin, board.id, { definition: definition('Tab B'), revision: 1 }));
    expect(stale.code).toBe('conflict');
    expect(stale.details.currentRevision).toBe(2);
    expect((await store.get(erin, board.id)).title).toBe('Tab A');

    const results = await Promise.allSettled(
      ['C', 'D', 'E', 'F'].map((tab) =>
        store.save(erin, board.id, { definition: definition(`Tab ${tab}`), revision: 2 }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(
      lost.map((r) => [(r.reason as BoardStoreError).code, (r.reason as BoardStoreError).details.currentRevision]),
    ).toEqual([
      ['conflict', 3],
      ['conflict', 3],
      ['conflict', 3],
    ]);
    const now = await store.get(erin, board.id);
    expect(now.revision).toBe(3);
    expect(now.title).toBe((won[0] as PromiseFulfilledResult<{ title: string }>).value.title);
  });

  it('keeps injection attempts as plain values (parameters only)', async () => {
    const evil = "x'); DROP TABLE ek_boards; --";
    const user: BoardUser = { id: `${evil} $1`, groups: [`${evil}}`, '{"a","b"}', "' OR '1'='1"] };
    const board = await store.create(user, { definition: definition(evil), sharedWith: [`${evil}}`, 'a,b'] });
    // Grants come sorted by type, then id.
    expect(board).toMatchObject({ ownerId: `${evil} $1`, title: evil, sharedWith: ['a,b', `${evil}}`] });
    expect((await all(store, user)).map((b) => b.id)).toEqual([board.id]);
    for (const id of [
      "' OR '1'='1",
      `${board.id}' OR 'x'='x`,
      '%',
      '*',
      '../../etc/passwd',
      '',
      'a\u0000b',
      '\udc00',
    ]) {
      expect((await refusal(store.get(user, id))).code).toBe('not-found');
      expect((await refusal(store.get(erin, id))).code).toBe('not-found');
    }
    // A group named like an array literal shares nothing it should not.
    expect((await all(store, { id: 'someone', groups: ['a', 'b'] })).map((b) => b.id)).not.toContain(board.id);
    expect((await all(store, { id: 'someone', groups: ['a,b'] })).map((b) => b.id)).toEqual([board.id]);
    const { rows } = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM ek_boards');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('refuses invalid definitions, sharing and revisions, naming the path', async () => {
    const bad = { ...definition(), widgets: [{ id: 'k', kind: 'kpi', layout: { x: 0, y: 0, w: 13, h: 1 } }] };
    const error = await refusal(store.create(erin, { definition: bad as unknown as BoardDefinition }));
    expect(error.code).toBe('invalid');
    expect(error.details.issues?.map((i) => i.path)).toEqual(['widgets[0].layout.w', 'widgets[0].measure']);
    const newer = await refusal(store.create(erin, { definition: { ...definition(), version: 9 } as never }));
    expect(newer.details.issues).toEqual([
      { path: 'version', message: expect.stringMatching(/newer version \(9\)/) as string },
    ]);
    const sharing = await refusal(store.create(erin, { definition: definition(), sharedWith: ['ok', ''] }));
    expect(sharing.details.issues).toEqual([{ path: 'sharedWith[1]', message: expect.any(String) as string }]);
    const board = await store.create(erin, { definition: definition() });
    for (const revision of [0, -1, 1.5, 2 ** 31, Number.NaN, '1' as unknown as number]) {
      const refused = await refusal(store.save(erin, board.id, { definition: definition(), revision }));
      expect(refused.code).toBe('invalid');
      expect(refused.details.issues![0]!.path).toBe('revision');
    }
    // A version 1 definition is migrated before it is stored.
    const v1 = { version: 1, title: 'Old', widgets: [{ id: 'a', type: 'text', x: 0, y: 0, w: 2, h: 1, text: 'hi' }] };
    const migrated = await store.create(erin, { definition: v1 as never });
    expect(migrated.definition.version).toBe(2);
    expect(migrated.definition.widgets[0]).toEqual({
      id: 'a',
      kind: 'text',
      layout: { x: 0, y: 0, w: 2, h: 1 },
      text: 'hi',
    });
    await expect(store.list({ id: '' })).rejects.toThrow(TypeError);
    await expect(store.list({ id: 'a\u0000' })).rejects.toThrow(TypeError);
    const nul = await refusal(store.create(erin, { definition: definition(), sharedWith: ['a\u0000'] }));
    expect(nul.details.issues![0]!.path).toBe('sharedWith[0]');
  });

  it('reports a database it cannot use as unavailable, with the cause', async () => {
    const down: SqlClient = { query: () => Promise.reject(new Error('connection refused')) };
    const error = await refusal(createSqlBoardStore({ client: down }).list(erin));
    expect(error.code).toBe('unavailable');
    // Given as it is, the client got the adapter: the cause is its classified error.
    expect(error.cause).toMatchObject({
      name: 'DatabaseError',
      message: expect.stringContaining('connection refused'),
    });
    // Without migrations on a database that has none: unavailable, not a crash.
    const unmigrated = createSqlBoardStore({
      client: { query: (text, params) => db().query(text.replace(/ek_boards/g, 'ek_missing'), params) },
      migrate: false,
    });
    expect((await refusal(unmigrated.list(erin))).code).toBe('unavailable');
  });

  it('takes pg.Pool, pg.Client and PGlite as they are (types)', () => {
    expectTypeOf<Pool>().toExtend<SqlClient>();
    expectTypeOf<Client>().toExtend<SqlClient>();
    expectTypeOf(db()).toExtend<SqlClient>();
  });
});
