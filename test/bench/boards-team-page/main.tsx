// The team benchmark's page: one person's view of a stored board over the board API, as the
// URL says: `as=edit` (the person editing, by keyboard), `as=watch` (the other, with
// StoredBoard's polling), `as=live` (the same with the server's revision events) or `as=naive` (the other, re-reading the board at the same interval
// and handing the record's definition to a Board as it came: the re-render-all baseline). It
// records, on `window.teamBench`, each save (editing) and each update shown (watching), and
// counts renders per widget (render-counter.ts, imported before React).
import { renders, startCounting, stopCounting } from '../boards-page/render-counter';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Board, createBoardApiClient, StoredBoard, type BoardRecord, type BoardUser } from '../../../src/react/boards';
import { SemanticProvider, type GetDataToken } from '../../../src/react/native';

/** What the runner reads and calls. */
export interface TeamBenchState {
  /** Saves the store took (the editing page): revision and when, epoch ms. */
  saved: { revision: number; at: number }[];
  /** Revisions shown (a watching page): revision and the frame after, epoch ms. */
  shown: { revision: number; at: number }[];
  /** Starts counting renders per widget. */
  count(): void;
  /** Renders per widget id since `count`, and stops. */
  counted(): Record<string, number>;
}

declare global {
  interface Window {
    teamBench: TeamBenchState;
  }
}

const params = new URLSearchParams(location.search);
const as = params.get('as') ?? 'watch';
const boardId = params.get('id') ?? '';
const interval = Number(params.get('interval') ?? 4000);
// The server knows who is asking (its cookie); the user here only names the request's owner.
const user: BoardUser = { id: params.get('user') ?? 'someone' };
const store = createBoardApiClient({ url: '/api/boards' });
const now = () => performance.timeOrigin + performance.now();
const state: TeamBenchState = {
  saved: [],
  shown: [],
  count: startCounting,
  counted() {
    stopCounting();
    return Object.fromEntries(renders);
  },
};
window.teamBench = state;
/** Recorded on the frame after the update's commit. */
const shown = (revision: number) => requestAnimationFrame(() => state.shown.push({ revision, at: now() }));

const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/host/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

/** The baseline: the board read again at each new revision, its definition passed on as it came. */
function Naive() {
  const [record, setRecord] = useState<BoardRecord | undefined>();
  useEffect(() => {
    let live = true;
    let revision = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        if ((await store.revision(user, boardId)) > revision) {
          const next = await store.get(user, boardId);
          if (!live) return;
          const first = revision === 0;
          revision = next.revision;
          setRecord(next);
          if (!first) shown(next.revision);
        }
      } finally {
        if (live) timer = setTimeout(() => void poll(), interval);
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return record ? <Board definition={record.definition} /> : null;
}

createRoot(document.getElementById('root')!).render(
  <SemanticProvider
    getDataToken={getDataToken}
    apiUrl={`${location.origin}/cubejs-api/v1`}
    scope="bench"
    queryClient={new QueryClient()}
  >
    {as === 'naive' ? (
      <Naive />
    ) : (
      <StoredBoard
        store={store}
        user={user}
        boardId={boardId}
        editable={as === 'edit'}
        saveDelayMs={50}
        // `as=live`: the server's revision events too (polling stays the fallback).
        followRevision={as === 'live' ? (id, onRevision) => store.followRevision(id, onRevision) : undefined}
        // The one editing does not poll: the other's page is what is measured.
        pollIntervalMs={as === 'edit' ? 0 : interval}
        onSaved={(revision) => state.saved.push({ revision, at: now() })}
        onUpdated={shown}
      />
    )}
  </SemanticProvider>,
);
