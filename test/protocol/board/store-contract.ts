/**
 * What every board store does for a team, run against each (the SQL store on PGlite and on a real
 * Postgres server, the browser-local one): roles decided by the store (owner, edit, view), grants
 * per user and group, an editor's save, a viewer's and an editor's refusals (nothing changed by
 * them), per-widget merges of saves from one revision and a conflict naming the widget, the
 * revision a page polls, soft delete and restore, lists filtered and searched.
 */
import { describe, expect, it } from 'vitest';
import {
  BoardStoreError,
  type BoardDefinition,
  type BoardStore,
  type BoardUser,
  type BoardWidget,
} from '../../../src/protocol/board';

/** How a contract's store is made: a fresh store on a fresh database (or storage) each call. */
export interface TeamStoreOptions {
  editorsMayShare?: boolean;
  revisionsKept?: number;
}

export const erin: BoardUser = { id: 'erin', groups: ['sales', 'americas'] };
export const elias: BoardUser = { id: 'elias', groups: ['sales', 'emea'] };
export const yuki: BoardUser = { id: 'yuki', groups: ['sales', 'apac'] };
export const mallory: BoardUser = { id: 'mallory', groups: ['support'] };

const widget = (id: string, x: number, y: number, text = id): BoardWidget =>
  ({ id, kind: 'text', layout: { x, y, w: 4, h: 2 }, text }) as BoardWidget;

/** A board of three text widgets in a row. */
export const teamBoard = (title = 'Team board', widgets = [widget('a', 0, 0), widget('b', 4, 0), widget('c', 8, 0)]) =>
  ({ version: 2, title, widgets }) as BoardDefinition;

/** `definition` with widget `id` changed by `change`. */
const edit = (definition: BoardDefinition, id: string, change: (w: BoardWidget) => BoardWidget): BoardDefinition => ({
  ...definition,
  widgets: definition.widgets.map((w) => (w.id === id ? change(w) : w)),
});

/** The store's refusal, or a failure when the call succeeded. */
export async function refusal(call: Promise<unknown>): Promise<BoardStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BoardStoreError);
  return error as BoardStoreError;
}

/** Registers the contract's tests for the stores `make` gives. */
export function describeTeamBoardStore(
  name: string,
  make: (options?: TeamStoreOptions) => BoardStore | Promise<BoardStore>,
): void {
  describe(`${name}: boards a team shares`, () => {
    it('decides each role itself: owner, an edit grant to a user, view to a group; others see nothing', async () => {
      const store = await make();
      const board = await store.create(erin, {
        definition: teamBoard('Quarterly'),
        grants: [
          { type: 'user', id: 'elias', role: 'edit' },
          { type: 'group', id: 'apac', role: 'view' },
          // The owner's own grant is dropped: they have every right already.
          { type: 'user', id: 'erin', role: 'view' },
        ],
      });
      expect(board).toMatchObject({ role: 'owner', mayShare: true, sharedWith: ['apac'] });
      expect(board.grants).toEqual([
        { type: 'group', id: 'apac', role: 'view' },
        { type: 'user', id: 'elias', role: 'edit' },
      ]);
      expect(await store.get(elias, board.id)).toMatchObject({ role: 'edit', mayShare: false, title: 'Quarterly' });
      expect(await store.get(yuki, board.id)).toMatchObject({ role: 'view', mayShare: false });
      expect((await refusal(store.get(mallory, board.id))).code).toBe('not-found');
      // A user granted view whose group has edit gets the higher role.
      await store.share(erin, board.id, [
        { type: 'user', id: 'yuki', role: 'view' },
        { type: 'group', id: 'apac', role: 'edit' },
      ]);
      expect((await store.get(yuki, board.id)).role).toBe('edit');
      // Elias's grant is gone with that share: he loses the board.
      expect((await refusal(store.get(elias, board.id))).code).toBe('not-found');
      expect((await refusal(store.revision(elias, board.id))).code).toBe('not-found');
      expect(await store.revision(yuki, board.id)).toBe(1);
    });

    it("refuses a viewer's save, share and delete, an editor's share and delete; nothing of the owner's changes", async () => {
      const store = await make();
      const board = await store.create(erin, {
        definition: teamBoard(),
        grants: [
          { type: 'user', id: 'elias', role: 'edit' },
          { type: 'group', id: 'apac', role: 'view' },
        ],
      });
      const grants = [{ type: 'group' as const, id: 'support', role: 'edit' as const }];
      // Each call made when it is checked (a refusal nobody awaits yet would be unhandled).
      const viewer = [
        () => store.save(yuki, board.id, { definition: teamBoard('Taken'), revision: 1 }),
        () => store.share(yuki, board.id, grants),
        () => store.remove(yuki, board.id),
      ];
      for (const call of viewer) expect((await refusal(call())).code).toBe('read-only');
      for (const call of [() => store.share(elias, board.id, grants), () => store.remove(elias, board.id)])
        expect((await refusal(call())).code).toBe('forbidden');
      for (const call of [
        () => store.save(mallory, board.id, { definition: teamBoard('Taken'), revision: 1 }),
        () => store.share(mallory, board.id, grants),
        () => store.remove(mallory, board.id),
        () => store.restore(elias, board.id),
      ])
        expect((await refusal(call())).code).toBe('not-found');
      expect(await store.get(erin, board.id)).toMatchObject({ revision: 1, title: 'Team board', grants: board.grants });

      // The editor saves: the next revision, saved by them.
      const saved = await store.save(elias, board.id, {
        definition: edit(teamBoard('Edited by Elias'), 'a', (w) => ({ ...w, text: 'Elias' }) as BoardWidget),
        revision: 1,
      });
      expect(saved).toMatchObject({ revision: 2, role: 'edit', updatedBy: 'elias', title: 'Edited by Elias' });
      expect((await store.get(erin, board.id)).updatedBy).toBe('elias');
    });

    it('lets an editor share only where the store allows it', async () => {
      const store = await make({ editorsMayShare: true });
      const board = await store.create(erin, {
        definition: teamBoard(),
        grants: [{ type: 'user', id: 'elias', role: 'edit' }],
      });
      expect((await store.get(elias, board.id)).mayShare).toBe(true);
      const shared = await store.share(elias, board.id, [
        { type: 'user', id: 'elias', role: 'edit' },
        { type: 'group', id: 'emea', role: 'view' },
      ]);
      expect(shared.grants.map((g) => g.id)).toEqual(['emea', 'elias']);
      // Deleting stays the owner's.
      expect((await refusal(store.remove(elias, board.id))).code).toBe('forbidden');
    });

    it('merges two editors saving from one revision per widget; the same widget is a conflict naming it', async () => {
      const store = await make();
      const board = await store.create(erin, {
        definition: teamBoard(),
        grants: [{ type: 'user', id: 'elias', role: 'edit' }],
      });
      // Both from revision 1: Erin moves widget a below c, Elias changes widget c's text.
      const erinMove = edit(board.definition, 'a', (w) => ({ ...w, layout: { x: 8, y: 2, w: 4, h: 2 } }));
      const eliasText = edit(board.definition, 'c', (w) => ({ ...w, text: 'from Elias' }) as BoardWidget);
      const first = await store.save(erin, board.id, { definition: erinMove, revision: 1 });
      expect(first.revision).toBe(2);
      const second = await store.save(elias, board.id, { definition: eliasText, revision: 1 });
      expect(second.revision).toBe(3);
      const byId = new Map(second.definition.widgets.map((w) => [w.id, w]));
      expect(byId.get('a')!.layout).toEqual({ x: 8, y: 2, w: 4, h: 2 });
      expect((byId.get('c') as { text?: string }).text).toBe('from Elias');
      expect((await store.get(erin, board.id)).definition).toEqual(second.definition);

      // Both change widget b from revision 3: the second is a conflict naming b, nothing written.
      const base = second.definition;
      await store.save(erin, board.id, {
        definition: edit(base, 'b', (w) => ({ ...w, text: 'Erin says' }) as BoardWidget),
        revision: 3,
      });
      const conflict = await refusal(
        store.save(elias, board.id, {
          definition: edit(base, 'b', (w) => ({ ...w, text: 'Elias says' }) as BoardWidget),
          revision: 3,
        }),
      );
      expect(conflict.code).toBe('conflict');
      expect(conflict.details.currentRevision).toBe(4);
      expect(conflict.details.conflicts).toEqual([{ type: 'widget', id: 'b' }]);
      const now = await store.get(erin, board.id);
      expect(now.revision).toBe(4);
      expect((now.definition.widgets.find((w) => w.id === 'b') as { text?: string }).text).toBe('Erin says');
    });

    it('keeps every change of editors saving different widgets from one revision at once', async () => {
      const store = await make();
      const board = await store.create(erin, {
        definition: teamBoard(),
        grants: [{ type: 'group', id: 'sales', role: 'edit' }],
      });
      const changes: [BoardUser, string][] = [
        [erin, 'a'],
        [elias, 'b'],
        [yuki, 'c'],
      ];
      const saves = await Promise.allSettled(
        changes.map(([user, id]) =>
          store.save(user, board.id, {
            definition: edit(board.definition, id, (w) => ({ ...w, text: user.id }) as BoardWidget),
            revision: 1,
          }),
        ),
      );
      expect(saves.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const now = await store.get(erin, board.id);
      expect(now.revision).toBe(4);
      expect(now.definition.widgets.map((w) => [w.id, (w as { text?: string }).text])).toEqual([
        ['a', 'erin'],
        ['b', 'elias'],
        ['c', 'yuki'],
      ]);
    });

    it('is a conflict without a merge once the base revision is no longer kept', async () => {
      const store = await make({ revisionsKept: 2 });
      const board = await store.create(erin, { definition: teamBoard() });
      let revision = board.revision;
      for (const title of ['Two', 'Three', 'Four', 'Five'])
        revision = (await store.save(erin, board.id, { definition: teamBoard(title), revision })).revision;
      expect(revision).toBe(5);
      // Revision 1 is gone: even a change of another widget cannot be merged.
      const old = edit(board.definition, 'c', (w) => ({ ...w, text: 'late' }) as BoardWidget);
      const refused = await refusal(store.save(erin, board.id, { definition: old, revision: 1 }));
      expect([refused.code, refused.details.currentRevision, refused.details.conflicts]).toEqual([
        'conflict',
        5,
        undefined,
      ]);
      // Revision 4 is kept: merged.
      const kept = await store.save(erin, board.id, {
        definition: edit(teamBoard('Four'), 'c', (w) => ({ ...w, text: 'late' }) as BoardWidget),
        revision: 4,
      });
      expect(kept).toMatchObject({ revision: 6, title: 'Five' });
    });

    it('deletes so that its owner can restore, with its grants; lists filter mine and shared and search titles', async () => {
      const store = await make();
      const mine = await store.create(erin, { definition: teamBoard('Pipeline 50% review') });
      const shared = await store.create(elias, {
        definition: teamBoard('EMEA pipeline'),
        grants: [{ type: 'group', id: 'sales', role: 'view' }],
      });
      const titles = async (user: BoardUser, query: Parameters<BoardStore['list']>[1] = {}) =>
        (await store.list(user, query)).boards.map((b) => b.title);
      expect(await titles(erin, { filter: 'mine' })).toEqual(['Pipeline 50% review']);
      expect(await titles(erin, { filter: 'shared' })).toEqual(['EMEA pipeline']);
      expect((await titles(erin)).sort()).toEqual(['EMEA pipeline', 'Pipeline 50% review']);
      expect((await titles(erin, { search: 'PIPELINE' })).sort()).toEqual(['EMEA pipeline', 'Pipeline 50% review']);
      // What a title search takes literally: % and _ are characters, not patterns.
      expect(await titles(erin, { search: '50%' })).toEqual(['Pipeline 50% review']);
      expect(await titles(erin, { search: '5_%' })).toEqual([]);
      expect(await titles(mallory, { search: 'pipeline' })).toEqual([]);
      const listed = (await store.list(erin, { filter: 'shared' })).boards[0]!;
      expect(listed).toMatchObject({ role: 'view', ownerId: 'elias', mayShare: false });
      expect(listed).not.toHaveProperty('definition');
      expect((await refusal(store.list(erin, { filter: 'everyone' as never }))).code).toBe('invalid');
      expect((await refusal(store.list(erin, { search: 's'.repeat(201) }))).code).toBe('invalid');

      await store.remove(elias, shared.id);
      expect(await titles(erin)).toEqual(['Pipeline 50% review']);
      expect((await refusal(store.get(erin, shared.id))).code).toBe('not-found');
      expect((await refusal(store.restore(erin, shared.id))).code).toBe('not-found');
      const back = await store.restore(elias, shared.id);
      expect(back).toMatchObject({ id: shared.id, title: 'EMEA pipeline', grants: shared.grants, revision: 1 });
      expect((await store.get(erin, shared.id)).role).toBe('view');
      expect((await refusal(store.restore(elias, shared.id))).code).toBe('not-found');
      expect((await refusal(store.restore(erin, mine.id))).code).toBe('not-found');
    });

    it('refuses grants it cannot keep, naming the entry', async () => {
      const store = await make();
      const board = await store.create(erin, { definition: teamBoard() });
      const cases: [unknown, string][] = [
        ['everyone', 'grants'],
        [[{ type: 'robot', id: 'x', role: 'view' }], 'grants[0].type'],
        [[{ type: 'user', id: '', role: 'view' }], 'grants[0].id'],
        [[{ type: 'user', id: 'a\u0000', role: 'view' }], 'grants[0].id'],
        [[{ type: 'group', id: 'sales', role: 'admin' }], 'grants[0].role'],
        [Array.from({ length: 101 }, (_, i) => ({ type: 'user', id: `u${i}`, role: 'view' })), 'grants'],
      ];
      for (const [grants, path] of cases) {
        const error = await refusal(store.share(erin, board.id, grants as never));
        expect([error.code, error.details.issues?.[0]?.path]).toEqual(['invalid', path]);
      }
      expect((await store.get(erin, board.id)).grants).toEqual([]);
    });
  });
}
