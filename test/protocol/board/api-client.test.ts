import { describe, expect, it } from 'vitest';
import {
  BoardStoreError,
  createBoardApiClient,
  type BoardDefinition,
  type BoardStore,
} from '../../../src/protocol/board';
import { createBoardApi, createSqlBoardStore, runMigrations, SERVER_MIGRATIONS } from '../../../src/server';
import { usePGlite } from '../../server/db/pglite';
import { describeTeamBoardStore, elias, erin, mallory, yuki, type TeamStoreOptions } from './store-contract';

const definition = (title: string): BoardDefinition => ({
  version: 2,
  title,
  widgets: [{ id: 'x', kind: 'gauge', layout: { x: 0, y: 0, w: 4, h: 2 }, needle: 0.7 }],
});

async function refusal(call: Promise<unknown>): Promise<BoardStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BoardStoreError);
  return error as BoardStoreError;
}

/** A browser tab of `user`: the client's fetch goes straight to the API handler with their cookie. */
function tab(api: (request: Request) => Promise<Response>, user: string | undefined): BoardStore {
  return createBoardApiClient({
    url: 'https://host.example/api/boards/',
    fetch: async (input, init) => {
      const request = new Request(input as string, init);
      if (user) request.headers.set('Cookie', `user=${user}`);
      request.headers.set('Sec-Fetch-Site', 'same-origin');
      return api(request);
    },
  });
}

describe('the board API client over the board API and the SQL store', () => {
  const db = usePGlite();
  const users = { erin: { id: 'erin', groups: ['sales'] }, elias: { id: 'elias', groups: ['sales'] } } as const;
  const api = () =>
    createBoardApi({
      store: createSqlBoardStore({ client: db() }),
      getUser: (request) => users[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] as 'erin'] ?? null,
    });
  const nobody = { id: 'ignored' }; // the server decides the user; the client sends none

  it('does what a store does, with the same refusals, end to end', async () => {
    const handler = api();
    const erinA = tab(handler, 'erin');
    const erinB = tab(handler, 'erin');
    const board = await erinA.create(nobody, { definition: definition('Plan'), sharedWith: ['sales'] });
    expect(board).toMatchObject({ ownerId: 'erin', revision: 1, definition: definition('Plan') });
    expect((await erinB.list(nobody)).boards.map((b) => b.id)).toContain(board.id);
    // Pages, through the URL's cursor.
    const more = await erinA.create(nobody, { definition: definition('More') });
    const first = await erinA.list(nobody, { limit: 1 });
    expect(first.boards.map((b) => b.id)).toEqual([more.id]);
    const second = await erinA.list(nobody, { limit: 1, cursor: first.nextCursor! });
    expect(second).toEqual({ boards: [expect.objectContaining({ id: board.id })], nextCursor: null });
    expect((await refusal(erinA.list(nobody, { cursor: 'x' }))).code).toBe('invalid');
    await erinA.remove(nobody, more.id);

    // Two tabs: A saves first, B's save from revision 1 is a conflict naming revision 2.
    await erinA.save(nobody, board.id, { definition: definition('From A'), revision: 1 });
    const conflict = await refusal(erinB.save(nobody, board.id, { definition: definition('From B'), revision: 1 }));
    expect([conflict.code, conflict.details.currentRevision]).toEqual(['conflict', 2]);
    const reloaded = await erinB.get(nobody, board.id);
    expect(reloaded.title).toBe('From A');
    // B overwrites from the current revision: its change is kept.
    expect((await erinB.save(nobody, board.id, { definition: definition('From B'), revision: 2 })).revision).toBe(3);

    const elias = tab(handler, 'elias');
    expect((await elias.get(nobody, board.id)).title).toBe('From B');
    expect((await refusal(elias.save(nobody, board.id, { definition: definition('x'), revision: 3 }))).code).toBe(
      'read-only',
    );
    const invalid = await refusal(
      erinA.save(nobody, board.id, {
        definition: { ...definition('x'), widgets: [{ id: 'bad id', kind: 'text' }] } as never,
        revision: 3,
      }),
    );
    expect(invalid.code).toBe('invalid');
    expect(invalid.details.issues?.map((i) => i.path)).toEqual([
      'definition.widgets[0].id',
      'definition.widgets[0].layout',
      'definition.widgets[0].text',
    ]);
    expect((await refusal(tab(handler, undefined).list(nobody))).code).toBe('signed-out');
    expect((await refusal(erinA.get(nobody, "../x' OR 1=1"))).code).toBe('not-found');
    await erinA.remove(nobody, board.id);
    expect((await refusal(elias.get(nobody, board.id))).code).toBe('not-found');
  });

  it('says unavailable for a network failure, a server error and an answer of the wrong shape', async () => {
    const answering = (response: () => Response) =>
      createBoardApiClient({ url: '/api/boards', fetch: () => Promise.resolve(response()) });
    const cases: [BoardStore, RegExp][] = [
      [
        createBoardApiClient({ url: '/api/boards', fetch: () => Promise.reject(new TypeError('Failed to fetch')) }),
        /could not be reached/,
      ],
      [answering(() => new Response('<html>Bad gateway</html>', { status: 502 })), /answered 502/],
      [answering(() => Response.json({ boards: [{ id: 1 }], nextCursor: null })), /boards\[0\]\.id/],
      [answering(() => new Response('{"boards": [', { status: 200 })), /expected an object/],
    ];
    for (const [client, message] of cases) {
      const error = await refusal(client.list(nobody));
      expect(error.code).toBe('unavailable');
      expect(error.message).toMatch(message);
    }
  });
});

/**
 * The team contract through the whole stack: each user's calls go through their own client to
 * the API (which takes the user from the session, never from the call) and its SQL store. The
 * host's share rule here allows everyone (the rule itself is tested with the API).
 */
const teamDb = usePGlite();
describeTeamBoardStore('the API client over the board API', async (options: TeamStoreOptions = {}) => {
  await runMigrations(teamDb(), SERVER_MIGRATIONS);
  await teamDb().query('TRUNCATE ek_boards, ek_board_grants, ek_board_revisions, ek_usage');
  const team = Object.fromEntries([erin, elias, yuki, mallory].map((user) => [user.id, user]));
  const handler = createBoardApi({
    store: createSqlBoardStore({
      client: teamDb(),
      editorsMayShare: options.editorsMayShare,
      limits: options.revisionsKept ? { revisionsKept: options.revisionsKept } : undefined,
    }),
    getUser: (request) => team[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? ''] ?? null,
    canShare: () => true,
  });
  const tabs = new Map(Object.keys(team).map((id) => [id, tab(handler, id)]));
  const of = (user: { id: string }) => tabs.get(user.id)!;
  return {
    list: (user, query) => of(user).list(user, query),
    get: (user, id) => of(user).get(user, id),
    revision: (user, id) => of(user).revision(user, id),
    create: (user, board) => of(user).create(user, board),
    save: (user, id, save) => of(user).save(user, id, save),
    share: (user, id, grants) => of(user).share(user, id, grants),
    remove: (user, id) => of(user).remove(user, id),
    restore: (user, id) => of(user).restore(user, id),
  } satisfies BoardStore;
});
