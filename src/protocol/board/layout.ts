// A board's grid as plain data: places in cells, and vertical compaction (as react-grid-layout's
// `compactType: 'vertical'`): every widget rises as far as the widgets above it allow, so no
// move, resize, removal or merge leaves a hole. Framework-free, and without the definition's
// schemas (the board's placeholder compacts with it before they load).
import type { BoardWidget } from './widget';

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

/** Columns of the grid (the definition's `BOARD_COLUMNS`, here without its schemas). */
const COLUMNS = 12;
/** The tallest a widget may be, in rows (the definition's schema allows no more). */
const MAX_ROWS = 100;

/** Options of {@link compactLayout}. */
export interface CompactOptions {
  /** Columns of the grid. Default 12 (`BOARD_COLUMNS`). */
  columns?: number;
  /**
   * Widgets that keep the place they ask for where others are in the way (the one a user just
   * moved, those a merge took from "mine"): the others go below them. Default none.
   */
  keep?: Iterable<string>;
}

/** Whether two places share a column. */
const sideBySide = (a: GridPlace, b: GridPlace) => a.x < b.x + b.w && b.x < a.x + a.w;

/** Whether two places share a cell. */
export function overlaps(a: GridPlace, b: GridPlace): boolean {
  return sideBySide(a, b) && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A place made to fit the grid: whole cells, at least one by one, inside the columns. */
export function fitPlace(place: GridPlace, columns = COLUMNS): GridPlace {
  const whole = (value: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Number.isFinite(value) ? Math.round(value) : min));
  const w = whole(place.w, 1, columns);
  const h = whole(place.h, 1, MAX_ROWS);
  return { x: whole(place.x, 0, columns - w), y: whole(place.y, 0, Number.MAX_SAFE_INTEGER), w, h };
}

/** Whether two places are the same cells. */
export const samePlace = (a: GridPlace, b: GridPlace): boolean =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * The layout compacted vertically: each place fitted to the grid, then, in reading order (top
 * to bottom, left to right, the array's order on ties), moved below any widget placed before it
 * that it covers, and up as far as the widgets above it allow. So no two widgets overlap, and
 * none has empty rows above it in all of its columns. Widgets never change columns or size (only
 * a place off the grid is fitted), and of two that did not overlap, the one above the other in a
 * column stays above it (unless only the lower one is kept). Deterministic; the array comes back in its order, each widget whose place did not change as
 * the same object (a compacted layout comes back as it was). `keep` places some widgets first.
 */
export function compactLayout<T extends PlacedWidget>(layout: readonly T[], options: CompactOptions = {}): T[] {
  const columns = options.columns ?? COLUMNS;
  const keep = new Set(options.keep);
  const places = layout.map((item): GridPlace => fitPlace(item, columns));
  const order = (first: boolean) =>
    places
      .map((_, i) => i)
      .sort(
        (a, b) =>
          (first ? +!keep.has(layout[a]!.id) - +!keep.has(layout[b]!.id) : 0) ||
          places[a]!.y - places[b]!.y ||
          places[a]!.x - places[b]!.x ||
          a - b,
      );
  // First every widget below what it covers (those to keep first), then each as high as it goes.
  for (const rise of [false, true]) {
    const placed: GridPlace[] = [];
    for (const i of order(!rise)) {
      const place = places[i]!;
      // Up to the lowest bottom edge above it in its columns (everything placed is above it now).
      if (rise)
        place.y = placed.reduce(
          (top, other) =>
            sideBySide(other, place) && other.y + other.h <= place.y ? Math.max(top, other.y + other.h) : top,
          0,
        );
      for (let blocker; (blocker = placed.find((other) => overlaps(other, place)));) place.y = blocker.y + blocker.h;
      placed.push(place);
    }
  }
  const out = layout.map((item, i) => (samePlace(item, places[i]!) ? item : { ...item, ...places[i]! }));
  return out.every((item, i) => item === layout[i]) ? (layout as T[]) : out;
}

/** Rows the layout takes (the lowest widget's bottom edge). */
export function layoutRows(layout: readonly GridPlace[]): number {
  return layout.reduce((rows, item) => Math.max(rows, item.y + item.h), 0);
}

/**
 * A board's widgets with their layouts compacted ({@link compactLayout}): each widget whose
 * place did not change is the same object, and the same array comes back when none did.
 */
export function compactWidgets<W extends BoardWidget>(widgets: readonly W[], options: CompactOptions = {}): W[] {
  const layout = compactLayout(
    widgets.map((widget) => ({ id: widget.id, ...widget.layout })),
    options,
  );
  let changed = false;
  const out = widgets.map((widget, i) => {
    const { x, y, w, h } = layout[i]!;
    if (samePlace(widget.layout, layout[i]!)) return widget;
    changed = true;
    return { ...widget, layout: { x, y, w, h } };
  });
  return changed ? out : (widgets as W[]);
}
