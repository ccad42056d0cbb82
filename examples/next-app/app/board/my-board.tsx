'use client';
// The board in the browser: the server's record (with the user's role and the directory's
// names) and prefetched answers, kept by the library's StoredBoard over the board API: one save
// per burst of edits (PUT /api/boards/{id} with the revision it was made from, merged per widget
// with others' saves on the server), others' saves picked up by polling the revision, a
// conflict on the same widget offered with both versions, Share… for its owner.
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { createBoardApiClient, StoredBoard, type BoardRecord } from 'react-embedded-analytics/boards';
import { SemanticProvider, type GetDataToken } from 'react-embedded-analytics/native';
import { NATIVE_SCOPE } from '../../lib/native-queries';

const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/api/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

// The API knows the user from the cookie; the store's `user` only says who is looking.
const boards = createBoardApiClient({ url: '/api/boards' });
const boardHref = (id: string) => `/board?id=${encodeURIComponent(id)}`;

export interface MyBoardProps {
  apiUrl: string;
  dehydrated: DehydratedState;
  userId: string;
  /** The board as the server read it: its `role` says whether the user may edit it (the server decided). */
  board: BoardRecord;
}

export function MyBoard({ apiUrl, dehydrated, userId, board }: MyBoardProps) {
  const [client] = useState(() => new QueryClient());
  const router = useRouter();
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={dehydrated}>
        <SemanticProvider queryClient={client} apiUrl={apiUrl} getDataToken={getDataToken} scope={NATIVE_SCOPE}>
          <StoredBoard
            store={boards}
            user={{ id: userId }}
            boardId={board.id}
            initial={board}
            editable={board.role !== 'view'}
            boardHref={boardHref}
            onCopied={(copy) => router.push(boardHref(copy.id))}
          />
        </SemanticProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
