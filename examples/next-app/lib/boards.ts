// Boards on the example's database: the SQL store (migrated by lib/db.ts), the board API the
// browser calls, the host's directory (who can be found in the Share dialog, and every name a
// board shows), and each user's first board, made on their first visit.
import {
  createBoardApi,
  createSqlBoardStore,
  nameBoards,
  type BoardDefinition,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardRecord,
  type BoardUser,
} from 'react-embedded-analytics/server';
import { currentUser, devUsers, type User } from './backend';
import { db } from './db';
import { FIRST_CHART_QUERY, KPI_MEASURES } from './native-queries';

/** The store on the example's database (which makes its tables before the first query). */
export const boardStore = createSqlBoardStore({ client: db });

/** Who owns and sees boards: the signed-in user; the groups boards can be shared with are their regions. */
export const boardUser = (user: User): BoardUser => ({ id: user.id, groups: user.regions });

/** The regions: the groups a board is shared with (a user is in the regions whose rows they see). */
const REGIONS = ['Europe', 'North America', 'Asia Pacific', 'Latin America'];

/** Everyone of the directory: the development users, then the regions. Use your own directory (LDAP, SCIM, your users table). */
function everyone(): BoardDirectoryEntry[] {
  const users = [...devUsers.values()].map((user): BoardDirectoryEntry => ({
    type: 'user',
    id: user.id,
    name: user.name,
    detail: user.regions.join(', '),
  }));
  const regions = REGIONS.map((region): BoardDirectoryEntry => {
    const members = [...devUsers.values()].filter((user) => user.regions.includes(region)).length;
    return { type: 'group', id: region, name: region, detail: `${members} ${members === 1 ? 'person' : 'people'}` };
  });
  return [...users, ...regions];
}

/**
 * The host's directory, as the board API asks it: `search` for the Share dialog (people and
 * regions whose name or id holds the text), `describe` for the names a board shows. The board
 * API's default share rule lets a user share with their own regions and with the people this
 * directory names for them.
 */
export const boardDirectory: BoardDirectory = {
  search: (_user, query) => {
    const text = query.toLowerCase();
    return everyone().filter((entry) => `${entry.name} ${entry.id}`.toLowerCase().includes(text));
  },
  describe: (_user, principals) =>
    everyone().filter((entry) => principals.some((p) => p.type === entry.type && p.id === entry.id)),
};

/** The board API at /api/boards (app/api/boards/[[...id]]/route.ts). */
export const boardApi = createBoardApi({
  store: boardStore,
  getUser: async (request) => {
    const user = await currentUser(request.headers);
    return user && boardUser(user);
  },
  directory: boardDirectory,
  onError: (error) => console.error('board API:', error),
});

/** A board as the page shows it: with its people's names from the directory. */
export async function namedBoard(user: User, board: BoardRecord): Promise<BoardRecord> {
  const [named] = await nameBoards(boardDirectory, boardUser(user), [board], {
    onError: (error) => console.error('board directory:', error),
  });
  return named!;
}

/** A new user's board: the overview's KPIs and first chart, to arrange and add to. Titled with their name (it may be shared). */
const starterBoard = (user: User): BoardDefinition => ({
  version: 2,
  title: `${user.name.split(' ')[0]}'s board`,
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

/** The user's most recently changed board of their own, made on their first visit. */
export async function myBoard(user: User): Promise<BoardRecord> {
  const who = boardUser(user);
  const [mine] = (await boardStore.list(who, { filter: 'mine', limit: 1 })).boards;
  return mine ? boardStore.get(who, mine.id) : boardStore.create(who, { definition: starterBoard(user) });
}
