import { useMemo } from 'react';
import { lazyView } from '../internal/lazy-view';
import { ThemedRoot } from '../theme/ThemedRoot';
import { cellStyle } from './board-geometry';
import { BoardHeader } from './BoardHeader';
import type { BoardProps } from './board-props';
import { layoutRows, settleLayout, type PlacedWidget } from './grid-layout';
import { DEFAULT_BOARD_ENTRY_LABELS, type BoardEntryLabels } from './labels';
import type { LazyBoardLabels } from './lazy-labels';

// The board's code loads on first use (and is waited for by a server render).
const BoardView = lazyView(() => import('./BoardView').then((module) => module.BoardView));

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
  const view = useMemo(() => ({ ...props, labels }), [props, labels]);
  return <BoardView props={view} fallback={<BoardPlaceholder {...props} labels={labels} />} />;
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
