// "My board": the signed-in user's board from the example's database, rendered on the server
// with its KPIs' and charts' numbers (lib/data.ts prefetches them), editable in the browser,
// kept by StoredBoard through the board API. `/board?id=…` opens another board the user may
// read (one shared with their region), read-only unless it is theirs; its numbers are the viewer's.
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { BoardStoreError, type BoardRecord } from 'react-embedded-analytics/server';
import { currentUser, type User } from '../../lib/backend';
import { boardStore, boardUser, myBoard } from '../../lib/boards';
import { prefetchBoard } from '../../lib/data';
import { MyBoard } from './my-board';

// Per user and per request: never prerendered.
export const dynamic = 'force-dynamic';

/** The board asked for: `id` if the user may read it (another's is not found, as an absent one), else their own. */
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
  const board = await boardFor(user, (await searchParams).id);
  const data = await prefetchBoard(user, board.definition);
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <p style={{ margin: '0 0 12px' }}>
        {user.name} · <a href="/">Overview</a>
        {board.ownerId !== user.id && ` · Shared with you by ${board.ownerId}: read-only, with your data access`}
      </p>
      {data ? (
        <MyBoard
          apiUrl={data.apiUrl}
          dehydrated={data.dehydrated}
          userId={user.id}
          editable={board.ownerId === user.id}
          board={{ id: board.id, definition: board.definition, revision: board.revision, ownerId: board.ownerId }}
        />
      ) : (
        <p role="alert">Set DATA_API_URL and DATA_API_SECRET on the server to see the board.</p>
      )}
    </main>
  );
}
