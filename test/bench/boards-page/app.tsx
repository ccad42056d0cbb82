// The benchmark's app: the 24-widget board as a `Board` (to view, to edit, kept in a store
// that counts its saves) or as the same native widgets placed by hand in a CSS grid.
import { type QueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import {
  Board,
  createLocalBoardStore,
  StoredBoard,
  type BoardDefinition,
  type BoardStore,
} from '../../../src/react/boards';
import { KpiCard, QueryChart, QueryTable, SemanticProvider, type GetDataToken } from '../../../src/react/native';
import { contentHeight } from '../../../src/react/boards/board-geometry';
import { isKnownWidget } from '../../../src/protocol/board/widget';
import { QUERY_CHART_CHROME } from '../../../src/react/native/query-chart-types';
import { benchBoard } from './board';

/** What the page shows: the board, the hand-placed grid, the board in edit mode, or the board kept in a store. */
export type Mode = 'board' | 'grid' | 'edit' | 'stored';

/** The host's data-token route (the bench server signs with `createDataToken`). */
const getDataToken: GetDataToken = async ({ signal }) => {
  const response = await fetch('/host/data-token', { method: 'POST', signal });
  if (!response.ok) throw new Error(`data token route: ${response.status}`);
  return (await response.json()) as { token: string; expiresAt: number };
};

/** The same widgets a competent team would place by hand: a 12-column CSS grid, each box at its size. */
function HandPlaced({ definition, drill }: { definition: BoardDefinition; drill: boolean }) {
  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
    gridAutoRows: 72,
    gap: 12,
  };
  return (
    <div style={grid} className="bench-grid">
      {definition.widgets.map((widget) => {
        const { x, y, w, h } = widget.layout;
        const height = contentHeight(h, false);
        const box: CSSProperties = {
          gridColumn: `${x + 1} / span ${w}`,
          gridRow: `${y + 1} / span ${h}`,
          minWidth: 0,
          overflow: 'hidden',
        };
        if (!isKnownWidget(widget)) return null;
        const title = widget.title;
        return (
          <div key={widget.id} style={box}>
            {widget.kind === 'kpi' ? (
              <KpiCard measure={widget.measure} drill={drill} />
            ) : widget.kind === 'chart' ? (
              <QueryChart
                query={widget.query}
                title={title}
                height={Math.max(40, height - QUERY_CHART_CHROME)}
                drill={drill}
              />
            ) : widget.kind === 'table' ? (
              // The board's own sizing of a table's page (WidgetContent's TABLE_CHROME and TABLE_ROW).
              <QueryTable
                query={widget.query}
                title={title}
                pageSize={Math.max(1, Math.floor((height - 84) / 33) - 1)}
                drill={drill}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** A store in memory that counts its saves (the runner reads them). */
export function countingStore(counts: { saves: number; saved: BoardDefinition[] }): BoardStore {
  const memory = new Map<string, string>();
  const inner = createLocalBoardStore({
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    },
  });
  return {
    ...inner,
    save: async (user, id, save) => {
      counts.saves++;
      counts.saved.push(save.definition);
      return inner.save(user, id, save);
    },
  };
}

const USER = { id: 'bench-erin' };

/** The stored board: created in the counting store first, then shown by `StoredBoard`. */
function Stored({ store }: { store: BoardStore }) {
  const [id, setId] = useState<string | undefined>();
  if (id === undefined) {
    void store.create(USER, { definition: benchBoard() }).then((record) => setId(record.id));
    return null;
  }
  return <StoredBoard store={store} user={USER} boardId={id} editable />;
}

/**
 * The app in `mode`. `drill`: the widgets' drill menus (a board's are on by default, so the
 * hand-placed widgets, the same widgets, have them on too unless the URL says `drill=0`).
 */
export function BoardsApp({
  mode,
  client,
  store,
  drill = true,
}: {
  mode: Mode;
  client: QueryClient;
  store: BoardStore;
  drill?: boolean;
}) {
  const [definition, setDefinition] = useState(benchBoard);
  return (
    <SemanticProvider
      getDataToken={getDataToken}
      apiUrl={`${location.origin}/cubejs-api/v1`}
      scope="bench"
      queryClient={client}
    >
      <div data-bench-root="">
        {mode === 'grid' ? (
          <HandPlaced definition={definition} drill={drill} />
        ) : mode === 'stored' ? (
          <Stored store={store} />
        ) : (
          <Board definition={definition} editable={mode === 'edit'} onChange={setDefinition} drill={drill} />
        )}
      </div>
    </SemanticProvider>
  );
}
