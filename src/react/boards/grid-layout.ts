// The board's grid, as plain data: what a move or a resize by pointer or keyboard does to the
// widgets, over the protocol's vertically compacted grid (src/protocol/board/layout.ts). No
// library: a CSS grid draws it, and these few functions are all the geometry the board needs.
import {
  compactLayout,
  fitPlace,
  layoutRows,
  overlaps,
  samePlace,
  type GridPlace,
  type PlacedWidget,
} from '../../protocol/board/layout';

export { compactLayout, fitPlace, layoutRows, overlaps } from '../../protocol/board/layout';
export type { GridPlace, PlacedWidget } from '../../protocol/board/layout';

/**
 * Columns of a board on a wide screen: the definition's `BOARD_COLUMNS` (protocol), written
 * here again so the entry does not load the definition's schemas to read one number.
 */
export const BOARD_COLUMNS = 12;

/** The tallest a widget may be, in rows (the definition's schema allows no more). */
export const MAX_WIDGET_ROWS = 100;

/** The layout with `id` at `place` (its other widgets as they are), or undefined for an unknown id. */
function withPlace(layout: readonly PlacedWidget[], id: string, place: GridPlace) {
  return layout.some((item) => item.id === id)
    ? layout.map((item) => (item.id === id ? { ...item, ...place } : item))
    : undefined;
}

/**
 * The layout with widget `id` dragged to `place` (fitted to the grid), on a compacted grid. A
 * widget it lands on takes the place the dragged one left when it fits there (a drag onto a
 * neighbour swaps them); else the dragged one goes under it once it has passed the other's
 * middle going down, and over it otherwise. Then everything is compacted, the dragged widget
 * keeping its place. Unchanged widgets keep their objects (a memoised cell does not re-render);
 * an unknown `id` returns the layout as it was.
 */
export function placeWidget(
  layout: readonly PlacedWidget[],
  id: string,
  place: GridPlace,
  columns = BOARD_COLUMNS,
): readonly PlacedWidget[] {
  const start = layout.find((item) => item.id === id);
  if (!start) return layout;
  let target = fitPlace(place, columns);
  const dx = target.x - start.x;
  const dy = target.y - start.y;
  const next = layout.map((item) => (item.id === id ? { ...item, ...target } : item));
  for (const [i, item] of [...next.entries()].sort(([, a], [, b]) => byReadingOrder(a, b))) {
    if (item.id === id || !overlaps(item, target)) continue;
    const left = fitPlace(
      {
        ...item,
        x: dx > 0 ? start.x : dx < 0 ? start.x + start.w - item.w : item.x,
        y: dy > 0 ? start.y : dy < 0 ? start.y + start.h - item.h : item.y,
      },
      columns,
    );
    if (!next.some((other) => other !== item && overlaps(other, left))) next[i] = { ...item, ...left };
    else if (dy > 0 && target.y + target.h > item.y + item.h / 2) {
      target = { ...target, y: item.y + item.h };
      next[next.findIndex((other) => other.id === id)] = { ...start, ...target };
    }
  }
  return settled(layout, compactLayout(next, { columns, keep: [id] }));
}

/** `next`, or `layout` itself when no place changed (the board then says the widget is at the edge). */
function settled(layout: readonly PlacedWidget[], next: readonly PlacedWidget[]): readonly PlacedWidget[] {
  const places = new Map(layout.map((item) => [item.id, item]));
  const out = next.map((item) => {
    const before = places.get(item.id);
    return before && samePlace(before, item) ? before : item;
  });
  return out.every((item, i) => item === layout[i]) ? layout : out;
}

/** What a keyboard move did: the layout, and the widget the moved one swapped places with. */
export interface KeyMove {
  layout: readonly PlacedWidget[];
  swapped?: string;
}

/**
 * Widget `id` moved one step by the arrow keys, on a compacted grid. Into free cells it moves by
 * one column (and rises if it can). Onto another widget it swaps places with it rather than
 * pushing it down a row: left or right with the nearest widget it lands on, up above the widgets
 * over it, down below those under it. Everything is compacted after. At an edge (or at the
 * bottom of its columns: a widget there cannot sink into empty rows) the layout comes back as it was.
 */
export function keyMove(
  layout: readonly PlacedWidget[],
  id: string,
  dx: number,
  dy: number,
  columns = BOARD_COLUMNS,
): KeyMove {
  const item = layout.find((widget) => widget.id === id);
  if (!item) return { layout };
  const target = fitPlace({ ...item, x: item.x + dx, y: item.y + dy }, columns);
  if (samePlace(target, item)) return { layout };
  const blockers = layout.filter((other) => other.id !== id && overlaps(other, target));
  const compact = (next: readonly PlacedWidget[], keep: string[]) =>
    settled(layout, compactLayout(next, { columns, keep }));
  if (blockers.length === 0) return { layout: compact(withPlace(layout, id, target)!, [id]) };
  // The nearest widget it lands on, in the direction it goes (then in reading order).
  const distance = (other: PlacedWidget) =>
    dx > 0 ? other.x : dx < 0 ? -(other.x + other.w) : dy > 0 ? other.y : -(other.y + other.h);
  const [other] = blockers.sort((a, b) => distance(a) - distance(b) || byReadingOrder(a, b));
  if (dy !== 0) {
    // Up: above the widgets over it (it takes the highest one's row; they go under it). Down:
    // under the widgets below it (kept where they are, then it: they rise into its place, and
    // what was under them goes under it).
    const y = dy < 0 ? Math.min(...blockers.map((b) => b.y)) : Math.max(...blockers.map((b) => b.y + b.h));
    const keep = dy < 0 ? [id] : [...blockers.map((b) => b.id), id];
    return { layout: compact(withPlace(layout, id, { ...item, y })!, keep), swapped: other!.id };
  }
  // Sideways: the two trade places, each keeping its size (the moved one's far edge where the
  // other's was, the other's near edge where the moved one's was).
  const x = dx > 0 ? other!.x + other!.w - item.w : other!.x;
  const otherX = dx > 0 ? item.x : item.x + item.w - other!.w;
  const next = withPlace(withPlace(layout, id, fitPlace({ ...item, x, y: other!.y }, columns))!, other!.id, {
    ...fitPlace({ ...other!, x: otherX, y: item.y }, columns),
  })!;
  return { layout: compact(next, [id, other!.id]), swapped: other!.id };
}

/** The layout with widget `id` moved by the arrow keys (see {@link keyMove}). */
export const moveBy = (layout: readonly PlacedWidget[], id: string, dx: number, dy: number, columns = BOARD_COLUMNS) =>
  keyMove(layout, id, dx, dy, columns).layout;

/**
 * The layout with widget `id` made wider or taller by whole cells (at least one cell): what it
 * now covers goes below it, and what a smaller widget freed is filled from below (compacted).
 */
export function resizeBy(layout: readonly PlacedWidget[], id: string, dw: number, dh: number, columns = BOARD_COLUMNS) {
  const item = layout.find((widget) => widget.id === id);
  if (!item) return layout;
  // Wider at the right edge: grow into the columns on the left rather than not at all.
  const w = Math.min(columns, Math.max(1, item.w + dw));
  const x = Math.min(item.x, columns - w);
  const next = withPlace(layout, id, fitPlace({ ...item, x, w, h: item.h + dh }, columns))!;
  return settled(layout, compactLayout(next, { columns, keep: [id] }));
}

/**
 * The layout a board shows for the places a definition gave (which may overlap, stick out or
 * leave holes): compacted ({@link compactLayout}). A compacted layout comes back unchanged.
 */
export const settleLayout = (layout: readonly PlacedWidget[], columns = BOARD_COLUMNS): readonly PlacedWidget[] =>
  compactLayout(layout, { columns });

/** Top to bottom, then left to right: the order a page is read in (and tabbed through). */
export function byReadingOrder(a: GridPlace, b: GridPlace): number {
  return a.y - b.y || a.x - b.x;
}

/**
 * The first place, in reading order, where a widget `w` by `h` cells fits without covering
 * another: a gap on the board if there is one (it may reach below the lowest widget), else
 * under everything, at the left.
 */
export function firstFreePlace(layout: readonly GridPlace[], w: number, h: number, columns = BOARD_COLUMNS): GridPlace {
  const width = Math.min(Math.max(1, Math.round(w)), columns);
  const height = Math.min(Math.max(1, Math.round(h)), MAX_WIDGET_ROWS);
  // The first free place starts at the top or just under a widget, at the left or just right
  // of one (else it could move up or left): only those are tried, whatever the board's height.
  const ys = [...new Set([0, ...layout.map((item) => item.y + item.h)])].sort((a, b) => a - b);
  const xs = [...new Set([0, ...layout.map((item) => item.x + item.w)])].sort((a, b) => a - b);
  for (const y of ys) {
    for (const x of xs) {
      const place = { x, y, w: width, h: height };
      if (x + width <= columns && !layout.some((item) => overlaps(item, place))) return place;
    }
  }
  return { x: 0, y: layoutRows(layout), w: width, h: height };
}
