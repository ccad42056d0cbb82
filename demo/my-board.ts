// "My board": one board per demo user, kept in the browser with the library's local store.
// In an app the store would be the host's board API (`createBoardApiClient`), the same calls.
import {
  BOARD_COLUMNS,
  BoardStoreError,
  createLocalBoardStore,
  type BoardDefinition,
  type BoardStore,
  type BoardStorage,
  type BoardUser,
  type BoardWidget,
} from '../src/react/boards';
import { exploreQuery, type ExploreState } from '../src/react/explore';
import type { DemoUser } from './users';

/** The title the demo's own board has (it is found again by it). */
export const MY_BOARD_TITLE = 'My board';

/** The board's user: the demo user's id and groups (in an app, decided by the server). */
export const boardUserOf = (user: DemoUser): BoardUser => ({
  id: user.id,
  ...(user.groups ? { groups: user.groups } : {}),
});

/** A storage in memory (stories and tests that must start afresh). */
export function memoryStorage(): BoardStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/**
 * The user's board store: `localStorage` under `key:userId` (each user their own entry, as
 * conversations are), or a storage in memory when `key` is null.
 */
export function demoBoardStore(key: string | null, user: DemoUser): BoardStore {
  return key === null
    ? createLocalBoardStore({ storage: memoryStorage() })
    : createLocalBoardStore({ key: `${key}:${user.id}` });
}

/** A new user's board: a KPI and a chart, so it does not open empty. */
export function seedBoard(): BoardDefinition {
  return {
    version: 2,
    title: MY_BOARD_TITLE,
    widgets: [
      { id: 'revenue', kind: 'kpi', measure: 'orders.revenue', sparkline: true, layout: { x: 0, y: 0, w: 4, h: 2 } },
      { id: 'orders', kind: 'kpi', measure: 'orders.count', layout: { x: 4, y: 0, w: 4, h: 2 } },
      {
        id: 'weekly',
        kind: 'chart',
        title: 'Revenue by week',
        query: {
          measures: ['orders.revenue'],
          timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'week' }],
        },
        layout: { x: 0, y: 2, w: 8, h: 4 },
      },
    ],
  };
}

// One lookup per store: the page, a pin and a save share it (and StrictMode's second effect
// does not make a second board).
const boardIds = new WeakMap<BoardStore, Promise<string>>();

/** The id of the user's own board in `store`, made (seeded) on first use. */
export function myBoardId(store: BoardStore, user: BoardUser): Promise<string> {
  let found = boardIds.get(store);
  if (!found) {
    found = (async () => {
      // Page by page: the list is paged (a cursor per page).
      for (let cursor: string | null | undefined; cursor !== null;) {
        const page = await store.list(user, { cursor, limit: 200 });
        const own = page.boards.find((board) => board.ownerId === user.id && board.title === MY_BOARD_TITLE);
        if (own) return own.id;
        cursor = page.nextCursor;
      }
      return (await store.create(user, { definition: seedBoard() })).id;
    })();
    // A failure is not remembered: the next call tries again.
    found.catch(() => boardIds.delete(store));
    boardIds.set(store, found);
  }
  return found;
}

/** An id of the form `explore-N` that `widgets` does not use. */
function freeId(widgets: readonly BoardWidget[]): string {
  const used = new Set(widgets.map((widget) => widget.id));
  let n = widgets.length + 1;
  while (used.has(`explore-${n}`)) n++;
  return `explore-${n}`;
}

/**
 * `definition` with the explored question added under the other widgets, full width: a table
 * widget for the table view, otherwise a chart widget in the chosen chart (auto: the chart's own
 * pick), titled as the explorer showed it (so the board names it "Revenue by Region" too).
 */
export function withExploredWidget(definition: BoardDefinition, state: ExploreState, title?: string): BoardDefinition {
  const y = definition.widgets.reduce((bottom, widget) => Math.max(bottom, widget.layout.y + widget.layout.h), 0);
  const common = {
    id: freeId(definition.widgets),
    layout: { x: 0, y, w: BOARD_COLUMNS, h: 4 },
    query: exploreQuery(state),
    ...(title?.trim() ? { title: title.trim().slice(0, 200) } : {}),
  };
  const widget: BoardWidget =
    state.view === 'table'
      ? { ...common, kind: 'table' }
      : { ...common, kind: 'chart', ...(state.view === 'auto' ? {} : { chart: state.view }) };
  return { ...definition, widgets: [...definition.widgets, widget] };
}

/**
 * Applies `edit` to the user's board and saves it on the revision read; when another save came
 * first (another tab, the board's own save) it reads again and edits the newer board (three
 * times at most), so nothing saved elsewhere is lost. The store checks what is saved.
 */
export async function editMyBoard(
  store: BoardStore,
  user: BoardUser,
  edit: (definition: BoardDefinition) => BoardDefinition,
): Promise<void> {
  const id = await myBoardId(store, user);
  for (let attempt = 0; ; attempt++) {
    const board = await store.get(user, id);
    try {
      await store.save(user, id, { definition: edit(board.definition), revision: board.revision });
      return;
    } catch (error) {
      if (!(error instanceof BoardStoreError) || error.code !== 'conflict' || attempt >= 3) throw error;
    }
  }
}
