// A board: the signed-in user's own (`/board`, their most recently changed, made on a first
// visit) or `/board?id=…`, one they may open (their own, or shared with them or their region),
// rendered on the server with its KPIs' and charts' numbers (lib/data.ts prefetches them, under
// the viewer's own data access) and its people's names from the directory, then kept by
// StoredBoard through the board API: an owner or editor edits, a viewer reads (and may save a
// copy), the owner shares; another person's save shows up within a few seconds.
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { BoardStoreError, type BoardRecord } from 'react-embedded-analytics/server';
import { currentUser, type User } from '../../lib/backend';
import { boardStore, boardUser, myBoard, namedBoard } from '../../lib/boards';
import { prefetchBoard } from '../../lib/data';
import { MyBoard } from './my-board';

// Per user and per request: never prerendered.
export const dynamic = 'force-dynamic';

/** The board asked for: `id` if the user may open it (another's is not found, as an absent one), else their own. */
async function boardFor(user: User, id: string | string[] | undefined): Promise<BoardRecord> {
  if (id === undefined) return myBoard(user);
  try {
    return await boardStore.get(boardUser(user), String(id));
  } catch (error) {
    if (error instanceof BoardStoreError && (error.code === 'not-found' || error.code === 'invalid')) notFound();
    throw error;
  }
}

export default async function BoardPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const user = await currentUser(await headers());
  if (!user) {
    return (
      <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
        <p>
          Sign in to see your board. <a href="/">Back</a>
        </p>
      </main>
    );
  }
  const board = await namedBoard(user, await boardFor(user, (await searchParams).id));
  const data = await prefetchBoard(user, board.definition);
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <p style={{ margin: '0 0 12px' }}>
        {user.name} · <a href="/">Overview</a> · <a href="/boards">Boards</a>
      </p>
      {data ? (
        <MyBoard apiUrl={data.apiUrl} dehydrated={data.dehydrated} userId={user.id} board={board} />
      ) : (
        <p role="alert">Set DATA_API_URL and DATA_API_SECRET on the server to see the board.</p>
      )}
    </main>
  );
}
