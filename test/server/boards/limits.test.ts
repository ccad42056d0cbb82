/**
 * The board API's limits on PGlite: what a request may hold refused while it is parsed (a
 * 1 MiB body of empty widgets, a definition thousands deep) with a small 400 and nothing
 * stored, boards per user exact, groups a user may share with, lists in pages.
 */
import { describe, expect, it } from 'vitest';
import type { BoardDefinition, BoardRecord } from '../../../src/protocol/board';
import {
  createBoardApi,
  createSqlBoardStore,
  type BoardApiOptions,
  type BoardLimits,
  type BoardStore,
} from '../../../src/server';
import { sessionUser } from '../../reliability/app/app';
import { usePGlite } from '../db/pglite';
import { call, read } from '../http/request';

const definition = (title = 'Board', extra: object = {}): BoardDefinition => ({
  version: 2,
  title,
  widgets: [{ id: 'note', kind: 'text', layout: { x: 0, y: 0, w: 4, h: 2 }, text: 'hi' }],
  ...extra,
});

/** `[[[…"leaf"…]]]`, `depth` arrays deep, as JSON text (JSON.stringify of it would overflow). */
const nested = (depth: number) => `${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`;

describe('the board API within its limits', () => {
  const db = usePGlite();
  const limits: BoardLimits = { boardsPerUser: 3 };
  let store: BoardStore;
  const api = (options: Partial<BoardApiOptions> = {}) =>
    createBoardApi({ store, getUser: sessionUser, limits, ...options });
  const send = async (request: Request, options?: Partial<BoardApiOptions>) => read(await api(options)(request));
  const count = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM ek_boards')).rows[0]!.n;

  it('answers a 1 MiB body of empty widgets with a small 400, at once', async () => {
    store = createSqlBoardStore({ client: db(), limits });
    await store.list({ id: 'erin' }); // migrated
    const widgets = '{},'.repeat(349_000) + '{}';
    const body = `{"definition":{"version":2,"title":"Flood","widgets":[${widgets}]}}`;
    expect(body.length).toBeGreaterThan(1_040_000);
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    const answer = await send(call('POST', '/api/boards', { user: 'erin', body }));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThan(1_000); // was 67 MB, every widget's every issue
    expect(answer.body!.issues).toEqual([{ path: 'definition', message: 'has more than 50000 values in all' }]);
    expect(await count()).toBe(0);
  });

  it('refuses a definition nested thousands deep while parsing it: 400, nothing stored, nothing to crash a read', async () => {
    for (const depth of [70, 3_000, 10_000, 100_000]) {
      // An extra field of the board, and a field of a widget of a kind this version does not know.
      const widget = '{"id":"later","kind":"heatmap","layout":{"x":0,"y":0,"w":4,"h":2},"bins":DEEP}';
      for (const text of [
        '{"version":2,"title":"Deep","widgets":[],"extra":DEEP}',
        `{"version":2,"title":"Deep","widgets":[${widget}]}`,
      ]) {
        const body = `{"definition":${text.replace('DEEP', nested(depth))}}`;
        const answer = await send(call('POST', '/api/boards', { user: 'erin', body }));
        expect(answer.status, String(depth)).toBe(400);
        expect(answer.bytes).toBeLessThan(1_000);
        expect((answer.body!.issues as { message: string }[])[0]!.message).toBe('is nested deeper than 64 levels');
      }
    }
    expect(await count()).toBe(0);
  });

  it('reads a board stored deeper than JSON.stringify goes (before the limit existed): 200, whole', async () => {
    // 6,000 deep: the database keeps it, JSON.stringify overflows on it (it was a 500 on every read).
    const deep = nested(6_000);
    expect(() => JSON.stringify(JSON.parse(deep))).toThrow(RangeError);
    await db().query(
      `INSERT INTO ek_boards (id, owner_id, title, definition) VALUES ('legacy', 'erin', 'Legacy', $1::json)`,
      [`{"version":2,"title":"Legacy","widgets":[],"extra":${deep}}`],
    );
    const answer = await send(call('GET', '/api/boards/legacy', { user: 'erin' }));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(deep);
    expect((await send(call('DELETE', '/api/boards/legacy', { user: 'erin' }))).status).toBe(204);
  });

  it('holds each user to boardsPerUser, exactly, and gives a slot back on delete', async () => {
    const create = (user: string) =>
      send(call('POST', '/api/boards', { user, body: { definition: definition(`${user}'s`) } }));
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => create('erin')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const over = answers.find((a) => a.status === 403)!;
    expect(over.body).toEqual({
      error: 'A user owns at most 3 boards',
      code: 'limit',
      limit: { name: 'boardsPerUser', max: 3 },
    });
    expect((await create('elias')).status).toBe(201); // his own count
    const id = (answers.find((a) => a.status === 201)!.body!.board as BoardRecord).id;
    expect((await send(call('DELETE', `/api/boards/${id}`, { user: 'erin' }))).status).toBe(204);
    expect((await create('erin')).status).toBe(201);
    expect((await create('erin')).status).toBe(403);
    // A count that drifted high (boards removed by hand) is set again from the rows.
    await db().query("DELETE FROM ek_boards WHERE owner_id = 'erin'");
    expect((await create('erin')).status).toBe(201);
  });

  it('shares only with groups the host allows: by default, the sharer’s own', async () => {
    const post = (sharedWith: unknown, groups = ['sales']) =>
      send(
        call('POST', '/api/boards', { user: 'mia', groups, body: { definition: definition('Shared'), sharedWith } }),
      );
    const pushed = await post(['sales', 'finance']);
    expect([pushed.status, pushed.body!.code]).toEqual([403, 'forbidden']);
    expect(pushed.body!.error).toMatch(/"finance"/);
    const ok = await post(['sales']);
    expect(ok.status).toBe(201);
    const board = ok.body!.board as BoardRecord;
    expect((await send(call('GET', '/api/boards', { user: 'finn', groups: ['finance'] }))).body!.boards).toEqual([]);
    const tooMany = await post(Array.from({ length: 101 }, (_, i) => `g${i}`));
    expect([tooMany.status, (tooMany.body!.issues as { path: string }[])[0]!.path]).toEqual([400, 'sharedWith']);

    // A host's rule: here, anyone in "admins" shares with any group.
    const admins = { canShare: (sharer: { groups?: readonly string[] }) => !!sharer.groups?.includes('admins') };
    const byAdmin = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'mia',
        groups: ['sales', 'admins'],
        body: { definition: definition('Shared'), revision: 1, sharedWith: ['sales', 'finance'] },
      }),
      admins,
    );
    expect(byAdmin.status).toBe(200);
    // Mia, no longer an admin, saves again: the groups already there stay hers to keep.
    const kept = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'mia',
        groups: ['sales'],
        body: { definition: definition('Shared 2'), revision: 2, sharedWith: ['sales', 'finance'] },
      }),
    );
    expect([kept.status, (kept.body!.board as BoardRecord).sharedWith]).toEqual([200, ['finance', 'sales']]); // grants come sorted
    // Adding one she is not in is refused; removing one is always allowed.
    const added = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'mia',
        groups: ['sales'],
        body: { definition: definition('Shared 3'), revision: 3, sharedWith: ['sales', 'finance', 'hr'] },
      }),
    );
    expect(added.status).toBe(403);
    const removed = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'mia',
        groups: ['sales'],
        body: { definition: definition('Shared 3'), revision: 3, sharedWith: ['sales'] },
      }),
    );
    expect(removed.status).toBe(200);
    // A reader of the shared board trying to share it is refused as read-only, not asked about groups.
    const reader = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'sam',
        groups: ['sales'],
        body: { definition: definition('Mine'), revision: 4, sharedWith: ['sales'] },
      }),
    );
    expect([reader.status, reader.body!.code]).toEqual([403, 'read-only']);
  });

  it('lists in pages through an opaque cursor; a bad page query is a 400', async () => {
    store = createSqlBoardStore({ client: db(), limits: { boardsPerUser: 100 } });
    const own: string[] = [];
    for (let i = 0; i < 7; i++)
      own.push(
        (
          (await send(call('POST', '/api/boards', { user: 'pat', body: { definition: definition(`P${i}`) } }))).body!
            .board as BoardRecord
        ).id,
      );
    const seen: string[] = [];
    let path = '/api/boards?limit=3';
    for (let pages = 0; pages < 10; pages++) {
      const page = await send(call('GET', path, { user: 'pat' }));
      expect(page.status).toBe(200);
      seen.push(...(page.body!.boards as BoardRecord[]).map((b) => b.id));
      if (page.body!.nextCursor === null) break;
      path = `/api/boards?limit=3&cursor=${encodeURIComponent(page.body!.nextCursor as string)}`;
    }
    expect(seen).toEqual([...own].reverse());
    const first = await send(call('GET', '/api/boards', { user: 'pat' }));
    expect((first.body!.boards as unknown[]).length).toBe(7); // 50 by default
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1e3',
      'cursor=abc',
      `cursor=${btoa('["a","b"]')}`,
    ]) {
      const answer = await send(call('GET', `/api/boards?${query}`, { user: 'pat' }));
      expect(answer.status, query).toBe(400);
    }
  });
});
