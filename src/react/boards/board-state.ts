import type { BoardDefinition, RejectedWidget } from '../../protocol/board/definition';
import type { BoardWidget } from '../../protocol/board/widget';
import { settleLayout, type PlacedWidget } from './grid-layout';

// A board's widgets as its grid sees them, and back: edits change places only, so every
// other field of a widget, a kind this version does not know included, is saved as it came.

/** One step of the board's history: its widgets and the change that led there. */
export interface BoardSnapshot {
  readonly widgets: readonly BoardWidget[];
  /** The widget changed and what was said about it (for undo's announcement and focus). */
  readonly change?: { readonly id: string; readonly text: string };
}

/** The widgets' places on the grid. */
export const layoutOf = (widgets: readonly BoardWidget[]): PlacedWidget[] =>
  widgets.map((widget) => ({ id: widget.id, ...widget.layout }));

/** The widgets at the places of `layout`; a widget whose place did not change stays the same object. */
export function withLayout(widgets: readonly BoardWidget[], layout: readonly PlacedWidget[]): readonly BoardWidget[] {
  const places = new Map(layout.map((item) => [item.id, item]));
  let changed = false;
  const next = widgets.map((widget) => {
    const place = places.get(widget.id);
    const { x, y, w, h } = widget.layout;
    if (!place || (place.x === x && place.y === y && place.w === w && place.h === h)) return widget;
    changed = true;
    return { ...widget, layout: { x: place.x, y: place.y, w: place.w, h: place.h } };
  });
  return changed ? next : widgets;
}

/** The widgets as a board draws them: overlapping places (a hand-written definition) pushed apart. */
export const settledWidgets = (widgets: readonly BoardWidget[]) => withLayout(widgets, settleLayout(layoutOf(widgets)));

/**
 * The definition to hand back: the board's fields as they came, its widgets as edited, and
 * each widget the board could not show put back where it was, unchanged, so a save loses
 * nothing (a store refuses it, naming the path, until it is fixed or removed).
 */
export function definitionOf(
  board: BoardDefinition,
  widgets: readonly BoardWidget[],
  rejected: readonly RejectedWidget[],
): BoardDefinition {
  const out: unknown[] = [...widgets];
  for (const { index, value } of rejected) out.splice(Math.min(index, out.length), 0, value);
  return { ...board, widgets: out as BoardWidget[] };
}

/** Whether two widgets differ in anything but their place (a memoised widget redraws only then). */
export function sameExceptPlace(a: BoardWidget, b: BoardWidget): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const other = b as Record<string, unknown>;
  return keys.every((key) => key === 'layout' || (a as Record<string, unknown>)[key] === other[key]);
}
