import { describe, expect, it } from 'vitest';
import { BoardStoreError, type BoardDefinition } from '../../../../src/protocol/board';
import { createLocalBoardStore, type BoardStorage } from '../../../../src/react/boards/local-store';
import { pinAnswer, withPinnedAnswer } from '../../../../src/react/boards/pinned/pin-answer';

const ERIN = { id: 'erin', groups: ['sales'] };
const ANSWER = {
  title: 'Revenue by country',
  question: 'What was revenue by country last quarter?',
  sqlQuery: 'SELECT country, SUM(revenue) FROM orders GROUP BY 1',
  view: 'chart' as const,
  vegaSpec: '{"mark":"bar"}',
};
const BOARD: BoardDefinition = {
  version: 2,
  title: 'Mine',
  widgets: [
    { id: 'answer-2', kind: 'text', text: 'hello', layout: { x: 0, y: 0, w: 6, h: 2 } },
    { id: 'k', kind: 'kpi', measure: 'orders.count', layout: { x: 6, y: 1, w: 6, h: 3 } },
  ],
};

function memoryStorage(): BoardStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('withPinnedAnswer', () => {
  it('adds the answer full width under every widget, with a free id and only its own fields', () => {
    const next = withPinnedAnswer(BOARD, { ...ANSWER, extra: 'dropped' } as typeof ANSWER);
    expect(next.widgets).toHaveLength(3);
    expect(next.widgets[2]).toEqual({ ...ANSWER, id: 'answer-3', kind: 'answer', layout: { x: 0, y: 4, w: 12, h: 5 } });
    expect(BOARD.widgets).toHaveLength(2);
  });

  it('refuses an answer the board would not read, naming the problem', () => {
    const error = (() => {
      try {
        withPinnedAnswer(BOARD, { ...ANSWER, sqlQuery: '  ' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(BoardStoreError);
    expect(error).toMatchObject({ code: 'invalid', details: { issues: [{ path: 'sqlQuery' }] } });
    expect(() => withPinnedAnswer(BOARD, { ...ANSWER, title: 'x'.repeat(201) })).toThrow(/title/);
  });
});

describe('pinAnswer', () => {
  it('saves the board with the answer, and pins on the newer board when another save came first', async () => {
    const store = createLocalBoardStore({ storage: memoryStorage() });
    const created = await store.create(ERIN, { definition: BOARD });
    // Another tab saves between this pin's read and its save: the first save is a conflict.
    const save = store.save.bind(store);
    let raced = false;
    store.save = async (user, id, next) => {
      if (!raced) {
        raced = true;
        await save(user, id, { definition: { ...BOARD, title: 'Renamed elsewhere' }, revision: created.revision });
      }
      return save(user, id, next);
    };
    const saved = await pinAnswer(store, ERIN, created.id, ANSWER);
    expect(saved.definition.title).toBe('Renamed elsewhere');
    expect(saved.definition.widgets.map((widget) => widget.kind)).toEqual(['text', 'kpi', 'answer']);
    expect((await store.get(ERIN, created.id)).definition.widgets).toHaveLength(3);
  });

  it("passes on the store's refusal: someone else's board is not found", async () => {
    const store = createLocalBoardStore({ storage: memoryStorage() });
    const created = await store.create(ERIN, { definition: BOARD });
    await expect(pinAnswer(store, { id: 'elias' }, created.id, ANSWER)).rejects.toMatchObject({ code: 'not-found' });
  });
});
