// "My board": the signed-in user's board from the example's database, rendered on the server
// with its KPIs' and charts' numbers (lib/data.ts prefetches them), editable in the browser,
// kept by StoredBoard through the board API.
import { headers } from 'next/headers';
import { currentUser } from '../../lib/backend';
import { myBoard } from '../../lib/boards';
import { prefetchBoard } from '../../lib/data';
import { MyBoard } from './my-board';

// Per user and per request: never prerendered.
export const dynamic = 'force-dynamic';

export default async function BoardPage() {
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
  const board = await myBoard(user);
  const data = await prefetchBoard(user, board.definition);
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <p style={{ margin: '0 0 12px' }}>
        {user.name} · <a href="/">Overview</a>
      </p>
      {data ? (
        <MyBoard
          apiUrl={data.apiUrl}
          dehydrated={data.dehydrated}
          userId={user.id}
          board={{ id: board.id, definition: board.definition, revision: board.revision, ownerId: board.ownerId }}
        />
      ) : (
        <p role="alert">Set DATA_API_URL and DATA_API_SECRET on the server to see the board.</p>
      )}
    </main>
  );
}
