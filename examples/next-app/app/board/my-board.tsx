'use client';
// The board in the browser: the server's record and prefetched answers, editable, kept by the
// library's StoredBoard over the board API (PUT /api/boards/{id} with the revision each edit was
// made from): one save per burst of edits, and a save another tab beat is kept on screen with
// the choice to reload or keep it.
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { createBoardApiClient, StoredBoard, type BoardRecord } from 'react-embedded-analytics/boards';
import { SemanticProvider, type GetDataToken } from 'react-embedded-analytics/native';
import { NATIVE_SCOPE } from '../../lib/native-queries';

const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/api/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

// The API knows the user from the cookie; the store's `user` only says whose the board is.
const boards = createBoardApiClient({ url: '/api/boards' });

export interface MyBoardProps {
  apiUrl: string;
  dehydrated: DehydratedState;
  userId: string;
  /** The owner's board is editable; one shared with the user's group is read-only. */
  editable: boolean;
  board: Pick<BoardRecord, 'id' | 'definition' | 'revision' | 'ownerId'>;
}

export function MyBoard({ apiUrl, dehydrated, userId, editable, board }: MyBoardProps) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={dehydrated}>
        <SemanticProvider queryClient={client} apiUrl={apiUrl} getDataToken={getDataToken} scope={NATIVE_SCOPE}>
          <StoredBoard store={boards} user={{ id: userId }} boardId={board.id} initial={board} editable={editable} />
        </SemanticProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
