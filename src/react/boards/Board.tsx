import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { ThemedRoot } from '../theme/ThemedRoot';
import { cellStyle } from './board-geometry';
import { BoardHeader } from './BoardHeader';
import type { BoardProps } from './board-props';
import type { BoardView as BoardViewComponent } from './BoardView';
import { layoutRows, settleLayout, type PlacedWidget } from './grid-layout';
import { DEFAULT_BOARD_ENTRY_LABELS, type BoardEntryLabels } from './labels';
import type { LazyBoardLabels } from './lazy-labels';

interface BoardViewModule {
  BoardView: typeof BoardViewComponent;
}
type LoadedView = { default: ComponentType<Parameters<typeof BoardViewComponent>[0]> };

let loaded: BoardViewModule | undefined;
let loading: Promise<BoardViewModule> | undefined;
/** The board's code, fetched once (again after a failure, by a later board). */
const loadBoardView = () =>
  (loading ??= import('./BoardView').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/**
 * The board's code for a server render and for hydrating its HTML, where React waits for it.
 * Once loaded, its thenable calls back at once, so React renders it without suspending.
 */
const BoardView = lazy(() => {
  const view = loaded?.BoardView;
  return view
    ? ({
        then: (resolve: (module: LoadedView) => void) => resolve({ default: view }),
      } as unknown as Promise<LoadedView>)
    : loadBoardView().then((module) => ({ default: module.BoardView }));
});

const subscribeToNothing = () => () => {};
/** True on the server and while hydrating its HTML; false in a render in the browser. */
const useServerSnapshot = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/**
 * A board: a grid of widgets (KPIs, charts and tables from the semantic layer, text notes,
 * pinned answers) from a board definition, inside a `SemanticProvider` (and the page's
 * `SemanticFilters`, which reach every widget, with the board's own filters on top). In edit
 * mode (`editable`, the host's decision) widgets move, resize and go by pointer and by
 * keyboard (arrow keys move the focused widget, Shift with arrows resizes it, Delete removes
 * it; each change is announced and focus stays on the widget), with undo and redo (the
 * buttons, Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z); every edit calls `onChange` with the whole
 * definition. On a narrow board (under 600 px) the widgets stack in reading order. A widget
 * of a kind this version does not know shows "Not supported here" and is saved back as it
 * came; a bad widget is named by its path while the others show. Several boards can share a
 * page. Its code loads on first use; meanwhile its place is held at its final size.
 *
 * ```tsx
 * <Board definition={saved} editable={canEdit} onChange={save} />
 * ```
 */
export function Board(props: BoardProps) {
  // The same object while the host's labels are: every cell takes it, and a new one would
  // redraw all of them on each edit the host stores (the bench counts them).
  const own = props.labels;
  // The lazy parts' words (and the host's for them) are merged in by the lazy board.
  const labels = useMemo(() => ({ ...DEFAULT_BOARD_ENTRY_LABELS, ...own }), [own]);
  // In the browser the placeholder shows until the code is in, then the board, in an ordinary
  // update. Through Suspense, React holds a revealed boundary back until 300 ms after its
  // fallback showed, and the widgets' requests with it (a quarter of the load, in the bench).
  // A server render, and the hydration of its HTML, keep Suspense (decided once, at mount).
  const onServer = useServerSnapshot();
  const [ready, setReady] = useState(() => onServer || loaded !== undefined);
  if (!ready) void loadBoardView().catch(() => undefined); // started as it first renders
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A failed load shows too: the lazy board then throws it to the host's error boundary.
    const done = () => live && setReady(true);
    loadBoardView().then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  // The same element while nothing it shows changed: after hydration `useServerSnapshot` turns
  // false and this renders again, and new props would make React drop the server's HTML of a
  // board whose code is still loading and render it afresh.
  return useMemo(() => {
    const placeholder = <BoardPlaceholder {...props} labels={labels} />;
    return ready ? (
      <Suspense fallback={placeholder}>
        <BoardView {...props} labels={labels} />
      </Suspense>
    ) : (
      placeholder
    );
  }, [ready, props, labels]);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The places a definition asks for, read loosely (the board itself checks it whole): enough
 * to hold each widget's box while the board's code loads, so nothing moves when it comes.
 */
function placesOf(definition: unknown): readonly PlacedWidget[] {
  if (!isObject(definition) || !Array.isArray(definition.widgets)) return [];
  const places: PlacedWidget[] = [];
  for (const [index, widget] of definition.widgets.slice(0, 200).entries()) {
    if (!isObject(widget)) continue;
    // Version 1 kept the place on the widget itself.
    const layout = isObject(widget.layout) ? widget.layout : widget;
    const [x, y, w, h] = [layout.x, layout.y, layout.w, layout.h].map(Number);
    if ([x, y, w, h].every(Number.isFinite)) places.push({ id: String(index), x: x!, y: y!, w: w!, h: h! });
  }
  return settleLayout(places);
}

/** The board's box with its title and an empty cell per widget, while its code loads. */
function BoardPlaceholder({
  definition,
  editable = false,
  labels,
  className,
}: BoardProps & { labels: BoardEntryLabels & Partial<LazyBoardLabels> }) {
  const places = placesOf(definition);
  const title = isObject(definition) && typeof definition.title === 'string' ? definition.title : '';
  return (
    <ThemedRoot
      as="section"
      className={['ek-board', className].filter(Boolean).join(' ')}
      aria-label={title || undefined}
      aria-busy="true"
    >
      <BoardHeader title={title} editable={editable} labels={labels} canUndo={false} canRedo={false} />
      <div className="ek-board__grid" style={{ ['--ek-board-rows' as string]: layoutRows(places) }}>
        {places.map((place) => (
          <div key={place.id} className="ek-board__cell" data-placeholder="" style={cellStyle(place)} />
        ))}
      </div>
    </ThemedRoot>
  );
}
