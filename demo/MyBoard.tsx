// The demo's "My board": the user's own board, kept in the browser's store, editable. Its
// widgets ask the semantic layer as the signed-in user: a pinned answer re-runs its SQL with
// that user's data access.
import { useEffect, useState } from 'react';
import { StoredBoard, type BoardStore, type BoardUser } from '../src/react/boards';
import { SemanticProvider } from '../src/react/native';
import { myBoardId } from './my-board';

/** The user's own board in `store` (found or made on first use), editable, over `deploymentId`'s semantic layer. */
export function MyBoard({ deploymentId, store, user }: { deploymentId: number; store: BoardStore; user: BoardUser }) {
  const [found, setFound] = useState<{ id?: string; error?: string }>({});
  useEffect(() => {
    let live = true;
    myBoardId(store, user).then(
      (id) => live && setFound({ id }),
      (error: unknown) => live && setFound({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [store, user]);
  if (found.error)
    return (
      <p role="alert" className="demo-board__error">
        Could not open your board: {found.error.slice(0, 300)}
      </p>
    );
  if (!found.id) return <p role="status">Loading the board…</p>;
  return (
    <SemanticProvider deploymentId={deploymentId}>
      {/* Each demo user has a store of their own in this browser, so there is no one to share
          with: no sharing line or Share… here (the Next example shares between three users). */}
      <StoredBoard store={store} user={user} boardId={found.id} editable sharing={false} />
    </SemanticProvider>
  );
}
