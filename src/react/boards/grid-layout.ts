// The board's grid, as plain data: where each widget sits (column, row, width, height in
// cells) and what a move or a resize does to the others. No library: a CSS grid draws it,
// and these few functions are all the geometry a keyboard or a pointer needs.

/** A widget's place on the grid, in cells from the top left (0-based). */
export interface GridPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A place with the widget it belongs to. */
export interface PlacedWidget extends GridPlace {
  id: string;
}

/**
 * Columns of a board on a wide screen: the definition's `BOARD_COLUMNS` (protocol), written
 * here again so the entry does not load the definition's schemas to read one number.
 */
export const BOARD_COLUMNS = 12;

/** The tallest a widget may be, in rows (the definition's schema allows no more). */
export const MAX_WIDGET_ROWS = 100;

/** Whether two places share a cell. */
export function overlaps(a: GridPlace, b: GridPlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A place made to fit the grid: whole cells, at least one by one, inside the columns. */
export function fitPlace(place: GridPlace, columns = BOARD_COLUMNS): GridPlace {
  const whole = (value: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Number.isFinite(value) ? Math.round(value) : min));
  const w = whole(place.w, 1, columns);
  const h = whole(place.h, 1, MAX_WIDGET_ROWS);
  return { x: whole(place.x, 0, columns - w), y: whole(place.y, 0, Number.MAX_SAFE_INTEGER), w, h };
}

const samePlace = (a: GridPlace, b: GridPlace) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * The layout with widget `id` at `place` (fitted to the grid): every widget it now covers is
 * pushed down below it, and what those cover below them, so no two widgets overlap. Widgets
 * only ever move down, and only when they must. Unchanged widgets keep their objects (a
 * memoised cell does not re-render); an unknown `id` returns the layout as it was.
 */
export function placeWidget(
  layout: readonly PlacedWidget[],
  id: string,
  place: GridPlace,
  columns = BOARD_COLUMNS,
): readonly PlacedWidget[] {
  const index = layout.findIndex((item) => item.id === id);
  const current = layout[index];
  if (!current) return layout;
  const fitted = fitPlace(place, columns);
  if (samePlace(current, fitted)) return layout;
  const next = layout.map((item) => ({ ...item }));
  const moved = next[index]!;
  Object.assign(moved, fitted);
  // Breadth first from the moved widget: each widget it covers goes just below it, then
  // whatever that one covers, and so on. y only grows, so this ends; the cap is a guard.
  const queue: PlacedWidget[] = [moved];
  let steps = 0;
  while (queue.length && steps++ < 10_000) {
    const pusher = queue.shift()!;
    const covered = next
      .filter((item) => item !== pusher && item !== moved && overlaps(item, pusher))
      .sort((a, b) => a.y - b.y || a.x - b.x);
    for (const item of covered) {
      item.y = pusher.y + pusher.h;
      queue.push(item);
    }
  }
  return next.map((item, i) => (samePlace(item, layout[i]!) ? layout[i]! : item));
}

/** The layout with widget `id` moved by whole cells (it stays inside the columns). */
export function moveBy(layout: readonly PlacedWidget[], id: string, dx: number, dy: number, columns = BOARD_COLUMNS) {
  const item = layout.find((widget) => widget.id === id);
  return item ? placeWidget(layout, id, { ...item, x: item.x + dx, y: item.y + dy }, columns) : layout;
}

/** The layout with widget `id` made wider or taller by whole cells (at least one cell). */
export function resizeBy(layout: readonly PlacedWidget[], id: string, dw: number, dh: number, columns = BOARD_COLUMNS) {
  const item = layout.find((widget) => widget.id === id);
  if (!item) return layout;
  // Wider at the right edge: grow into the columns on the left rather than not at all.
  const w = Math.min(columns, Math.max(1, item.w + dw));
  const x = Math.min(item.x, columns - w);
  return placeWidget(layout, id, { ...item, x, w, h: item.h + dh }, columns);
}

/**
 * A layout where no two widgets overlap, from places a definition gave (which may overlap
 * or stick out): each widget, in reading order, is fitted and then pushed down below the
 * ones already placed that it covers. A valid layout comes back unchanged.
 */
export function settleLayout(layout: readonly PlacedWidget[], columns = BOARD_COLUMNS): readonly PlacedWidget[] {
  const placed: PlacedWidget[] = [];
  const fittedAll = layout.map((item): PlacedWidget => ({ id: item.id, ...fitPlace(item, columns) }));
  for (const fitted of fittedAll.sort(byReadingOrder)) {
    // Below each placed widget it covers, until it covers none (y only grows, so this ends).
    for (;;) {
      const blocker = placed.find((other) => overlaps(other, fitted));
      if (!blocker) break;
      fitted.y = blocker.y + blocker.h;
    }
    placed.push(fitted);
  }
  const byId = new Map(placed.map((item) => [item.id, item]));
  return layout.map((item) => {
    const settled = byId.get(item.id)!;
    return samePlace(item, settled) ? item : settled;
  });
}

/** Top to bottom, then left to right: the order a page is read in (and tabbed through). */
export function byReadingOrder(a: GridPlace, b: GridPlace): number {
  return a.y - b.y || a.x - b.x;
}

/** Rows the layout takes (the lowest widget's bottom edge). */
export function layoutRows(layout: readonly GridPlace[]): number {
  return layout.reduce((rows, item) => Math.max(rows, item.y + item.h), 0);
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
