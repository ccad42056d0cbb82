import { beforeEach, describe, expect, it } from 'vitest';
import { BoardStoreError, type BoardDefinition, type BoardUser } from '../../../src/protocol/board';
import { createLocalBoardStore, type BoardStorage } from '../../../src/react/boards/local-store';
import { describeTeamBoardStore } from '../../protocol/board/store-contract';

const definition = (title = 'Mine'): BoardDefinition => ({
  version: 2,
  title,
  widgets: [{ id: 'later', kind: 'sankey', layout: { x: 0, y: 0, w: 12, h: 4 }, flows: [[1, 2]] }],
});
const erin: BoardUser = { id: 'erin', groups: ['sales'] };
const elias: BoardUser = { id: 'elias', groups: ['sales'] };
const mallory: BoardUser = { id: 'mallory' };

async function refusal(call: Promise<unknown>): Promise<BoardStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BoardStoreError);
  return error as BoardStoreError;
}

describe('the browser-local board store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps boards in localStorage across store instances, with revisions and ownership', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const store = createLocalBoardStore({ now: () => (clock += 1000) });
    const board = await store.create(erin, { definition: definition(), sharedWith: ['sales'] });
    expect(board).toMatchObject({ ownerId: 'erin', revision: 1, title: 'Mine', createdAt: '2026-01-01T00:00:01.000Z' });
    // Kept without the asking user's role (worked out on each read).
    const { role: _role, mayShare: _mayShare, ...kept } = board;
    expect(JSON.parse(localStorage.getItem('ek-boards')!)).toEqual({ boards: [kept] });

    const other = createLocalBoardStore(); // another tab
    expect(await other.get(erin, board.id)).toEqual(board);
    const saved = await store.save(erin, board.id, { definition: definition('Renamed'), revision: 1 });
    expect(saved).toMatchObject({ revision: 2, title: 'Renamed', sharedWith: ['sales'] });
    // The other tab saves from revision 1: conflict, current revision 2, its change not written.
    const stale = await refusal(other.save(erin, board.id, { definition: definition('Other tab'), revision: 1 }));
    expect([stale.code, stale.details.currentRevision]).toEqual(['conflict', 2]);
    expect((await other.get(erin, board.id)).title).toBe('Renamed');

    expect((await store.list(elias)).boards.map((b) => b.id)).toEqual([board.id]);
    expect((await store.list(elias)).boards).not.toHaveProperty('0.definition');
    expect((await refusal(store.save(elias, board.id, { definition: definition(), revision: 2 }))).code).toBe(
      'read-only',
    );
    expect((await refusal(store.remove(elias, board.id))).code).toBe('read-only');
    expect((await refusal(store.get(mallory, board.id))).code).toBe('not-found');
    expect((await refusal(store.save(mallory, board.id, { definition: definition(), revision: 2 }))).code).toBe(
      'not-found',
    );
    expect(await store.list(mallory)).toEqual({ boards: [], nextCursor: null });

    await store.remove(erin, board.id);
    expect(await store.list(erin)).toEqual({ boards: [], nextCursor: null });
    expect((await refusal(store.get(erin, board.id))).code).toBe('not-found');
  });

  it('lists the most recently updated first', async () => {
    let clock = 0;
    const store = createLocalBoardStore({ now: () => (clock += 1000) });
    const a = await store.create(erin, { definition: definition('A') });
    const b = await store.create(erin, { definition: definition('B') });
    expect((await store.list(erin)).boards.map((x) => x.title)).toEqual(['B', 'A']);
    await store.save(erin, a.id, { definition: definition('A2'), revision: 1 });
    expect((await store.list(erin)).boards.map((x) => x.id)).toEqual([a.id, b.id]);
    // In pages: a cursor to the next; a cursor it did not give is invalid.
    const first = await store.list(erin, { limit: 1 });
    expect(first.boards.map((x) => x.id)).toEqual([a.id]);
    const second = await store.list(erin, { limit: 1, cursor: first.nextCursor! });
    expect(second).toEqual({ boards: [expect.objectContaining({ id: b.id })], nextCursor: null });
    expect((await refusal(store.list(erin, { cursor: 'not-ours' }))).code).toBe('invalid');
    expect((await refusal(store.list(erin, { limit: 0 }))).code).toBe('invalid');
  });

  it('refuses invalid definitions with paths, and keeps entries it cannot read untouched', async () => {
    const store = createLocalBoardStore();
    const bad = await refusal(
      store.create(erin, { definition: { ...definition(), widgets: [{ id: 'x', kind: 'text' }] } as never }),
    );
    expect(bad.code).toBe('invalid');
    expect(bad.details.issues?.map((i) => i.path)).toEqual(['widgets[0].layout', 'widgets[0].text']);

    const foreign = { id: 'from-a-newer-version', shape: 'unknown' };
    localStorage.setItem('ek-boards', JSON.stringify({ boards: [foreign] }));
    const board = await store.create(erin, { definition: definition() });
    expect((await store.list(erin)).boards).toHaveLength(1);
    const { role: _role, mayShare: _mayShare, ...kept } = board;
    expect((JSON.parse(localStorage.getItem('ek-boards')!) as { boards: unknown[] }).boards).toEqual([foreign, kept]);

    localStorage.setItem('ek-boards', '{"boards": [tru');
    const corrupt = await refusal(store.list(erin));
    expect(corrupt.code).toBe('unavailable');
    expect((await refusal(store.create(erin, { definition: definition() }))).code).toBe('unavailable');
    expect(localStorage.getItem('ek-boards')).toBe('{"boards": [tru'); // never overwritten
  });

  it('says unavailable when the storage is full or missing', async () => {
    const full: BoardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    const error = await refusal(createLocalBoardStore({ storage: full }).create(erin, { definition: definition() }));
    expect(error.code).toBe('unavailable');
    expect((error.cause as DOMException).name).toBe('QuotaExceededError');
    const blocked: BoardStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
    };
    expect((await refusal(createLocalBoardStore({ storage: blocked }).list(erin))).code).toBe('unavailable');
  });
});

describeTeamBoardStore('the browser-local store', (options = {}) => {
  localStorage.clear();
  return createLocalBoardStore(options);
});
