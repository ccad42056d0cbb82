// Boards on the example's database: the SQL store (migrated by lib/db.ts), the board API the
// browser calls, and each user's "My board", made on their first visit.
import {
  createBoardApi,
  createSqlBoardStore,
  type BoardDefinition,
  type BoardRecord,
  type BoardUser,
} from 'react-embedded-analytics/server';
import { currentUser, type User } from './backend';
import { db } from './db';
import { FIRST_CHART_QUERY, KPI_MEASURES } from './native-queries';

/** The store on the example's database (which makes its tables before the first query). */
export const boardStore = createSqlBoardStore({ client: db });

/** Who owns and sees boards: the signed-in user; the groups boards can be shared with are their regions. */
export const boardUser = (user: User): BoardUser => ({ id: user.id, groups: user.regions });

/** The board API at /api/boards (app/api/boards/[[...id]]/route.ts). */
export const boardApi = createBoardApi({
  store: boardStore,
  getUser: async (request) => {
    const user = await currentUser(request.headers);
    return user && boardUser(user);
  },
  onError: (error) => console.error('board API:', error),
});

/** A new user's board: the overview's KPIs and first chart, to arrange and add to. */
const starterBoard = (): BoardDefinition => ({
  version: 2,
  title: 'My board',
  widgets: [
    ...KPI_MEASURES.map((measure, i) => ({
      id: `kpi-${i + 1}`,
      kind: 'kpi' as const,
      layout: { x: i * 4, y: 0, w: 4, h: 2 },
      measure,
    })),
    { id: 'chart-1', kind: 'chart' as const, layout: { x: 0, y: 2, w: 12, h: 4 }, query: FIRST_CHART_QUERY },
  ],
});

/** The user's own board titled "My board" (the most recently updated they own), made on their first visit. */
export async function myBoard(user: User): Promise<BoardRecord> {
  const who = boardUser(user);
  // The list comes in pages: look through them until it is found.
  for (let cursor: string | null | undefined; cursor !== null;) {
    const page = await boardStore.list(who, { cursor, limit: 200 });
    const mine = page.boards.find((board) => board.ownerId === user.id && board.title === 'My board');
    if (mine) return boardStore.get(who, mine.id);
    cursor = page.nextCursor;
  }
  return boardStore.create(who, { definition: starterBoard() });
}
