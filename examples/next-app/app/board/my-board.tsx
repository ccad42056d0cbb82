'use client';
// The board in the browser: the server's definition and prefetched answers, editable; each
// edit is saved through the board API (PUT /api/boards/{id}) with the revision it was made
// from, one save at a time, the latest edit last.
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Board, createBoardApiClient, type BoardDefinition } from 'react-embedded-analytics/boards';
import { SemanticProvider, type GetDataToken } from 'react-embedded-analytics/native';
import { NATIVE_SCOPE } from '../../lib/native-queries';

const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/api/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

// The API knows the user from the cookie; the client's `user` argument is not sent.
const boards = createBoardApiClient({ url: '/api/boards' });
const ME = { id: 'me' };

export interface MyBoardProps {
  apiUrl: string;
  dehydrated: DehydratedState;
  boardId: string;
  revision: number;
  definition: BoardDefinition;
}

export function MyBoard({ apiUrl, dehydrated, boardId, revision, definition }: MyBoardProps) {
  const [client] = useState(() => new QueryClient());
  const [status, setStatus] = useState('');
  const saving = useRef({ revision, running: false, next: null as BoardDefinition | null });

  async function save(next: BoardDefinition) {
    const state = saving.current;
    state.next = next;
    if (state.running) return; // the running save picks up the latest edit when it ends
    state.running = true;
    try {
      while (state.next) {
        const definition = state.next;
        state.next = null;
        setStatus('Saving…');
        state.revision = (await boards.save(ME, boardId, { definition, revision: state.revision })).revision;
      }
      setStatus('Saved');
    } catch (error) {
      // A conflict (another tab saved first) or a refusal: say so; a reload shows the stored board.
      setStatus(`Not saved: ${(error as Error).message}. Reload to see the stored board.`);
    } finally {
      state.running = false;
    }
  }

  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={dehydrated}>
        <SemanticProvider queryClient={client} apiUrl={apiUrl} getDataToken={getDataToken} scope={NATIVE_SCOPE}>
          <Board definition={definition} editable onChange={(next) => void save(next)} />
          <p role="status" style={{ minHeight: '1.5em' }}>
            {status}
          </p>
        </SemanticProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
