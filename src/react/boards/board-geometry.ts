import type { CSSProperties } from 'react';
import type { GridPlace } from './grid-layout';

// The board's sizes in pixels, shared by the placeholder that holds the board's place while
// its code loads and by the board itself, so nothing moves when it arrives.

/** Height of one grid row. */
export const BOARD_ROW_HEIGHT = 72;
/** Space between cells. */
export const BOARD_GAP = 12;
/** The strip over a widget in edit mode (its move handle and Remove). */
export const EDIT_BAR_HEIGHT = 32;

/** Height of a widget `h` rows tall, gaps included. */
export const cellHeight = (h: number) => h * BOARD_ROW_HEIGHT + (h - 1) * BOARD_GAP;

/** Height left for the widget itself inside its cell. */
export const contentHeight = (h: number, editable: boolean) => cellHeight(h) - (editable ? EDIT_BAR_HEIGHT : 0);

/**
 * A cell's place as CSS variables (the stylesheet turns them into grid lines; on a narrow
 * board it stacks the cells in reading order and keeps only the height).
 */
export const cellStyle = ({ x, y, w, h }: GridPlace) =>
  ({ '--ek-board-x': x + 1, '--ek-board-y': y + 1, '--ek-board-w': w, '--ek-board-h': h }) as CSSProperties;
