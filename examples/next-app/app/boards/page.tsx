// The boards the signed-in user may open: their own and those shared with them (or their
// region), each with its owner's name and last change, searched and in pages, with New board,
// Rename, Duplicate and Delete with Undo for their own, all through the board API.
import { headers } from 'next/headers';
import { currentUser } from '../../lib/backend';
import { boardStore, boardUser } from '../../lib/boards';
import { Boards } from './boards';

// Per user and per request: never prerendered.
export const dynamic = 'force-dynamic';

export default async function BoardsPage() {
  const user = await currentUser(await headers());
  // Someone with no board of their own (yet) sees first what others shared with them.
  const owns = user && (await boardStore.list(boardUser(user), { filter: 'mine', limit: 1 })).boards.length > 0;
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <p style={{ margin: '0 0 12px' }}>
        {user ? user.name : 'Not signed in'} · <a href="/">Overview</a>
      </p>
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Boards</h1>
      {user ? <Boards userId={user.id} first={owns ? 'mine' : 'shared'} /> : <p>Sign in to see your boards.</p>}
    </main>
  );
}
