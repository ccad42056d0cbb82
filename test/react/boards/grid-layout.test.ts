import { describe, expect, it } from 'vitest';
import {
  firstFreePlace,
  fitPlace,
  layoutRows,
  moveBy,
  overlaps,
  placeWidget,
  resizeBy,
  settleLayout,
  type PlacedWidget,
} from '../../../src/react/boards/grid-layout';

const noOverlap = (layout: readonly PlacedWidget[]) => {
  for (const a of layout) for (const b of layout) if (a !== b) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
};

// Two KPIs side by side on the first rows, a chart under them.
const base: PlacedWidget[] = [
  { id: 'a', x: 0, y: 0, w: 6, h: 2 },
  { id: 'b', x: 6, y: 0, w: 6, h: 2 },
  { id: 'c', x: 0, y: 2, w: 12, h: 4 },
];

describe('the board grid', () => {
  it('fits a place to the grid: whole cells, inside the columns, at least one cell', () => {
    expect(fitPlace({ x: 11, y: -3, w: 4, h: 0 })).toEqual({ x: 8, y: 0, w: 4, h: 1 });
    expect(fitPlace({ x: 2.6, y: 1.2, w: 40, h: Number.NaN })).toEqual({ x: 0, y: 1, w: 12, h: 1 });
  });

  it('moves a widget by one cell, and the others stay the same objects', () => {
    const moved = moveBy(base, 'c', 0, 1);
    expect(moved[2]).toEqual({ id: 'c', x: 0, y: 3, w: 12, h: 4 });
    expect(moved[0]).toBe(base[0]);
    expect(moved[1]).toBe(base[1]);
  });

  it('pushes what a moved widget covers down below it, and what that covers', () => {
    // `a` goes one row down: it covers `c`, which goes below `a`.
    const moved = moveBy(base, 'a', 0, 1);
    expect(moved.find((item) => item.id === 'a')).toMatchObject({ x: 0, y: 1 });
    expect(moved.find((item) => item.id === 'c')).toMatchObject({ y: 3 });
    expect(moved[1]).toBe(base[1]);
    noOverlap(moved);
  });

  it('moving up into a widget puts that widget below (a swap)', () => {
    const moved = moveBy(base, 'c', 0, -1);
    expect(moved.find((item) => item.id === 'c')).toMatchObject({ y: 1 });
    expect(moved.find((item) => item.id === 'a')).toMatchObject({ y: 5 });
    expect(moved.find((item) => item.id === 'b')).toMatchObject({ y: 5 });
    noOverlap(moved);
  });

  it('stops at the edges: the same layout comes back', () => {
    expect(moveBy(base, 'a', -1, 0)).toBe(base);
    expect(moveBy(base, 'a', 0, -1)).toBe(base);
    expect(moveBy(base, 'b', 1, 0)).toBe(base);
    expect(moveBy(base, 'nope', 1, 0)).toBe(base);
  });

  it('resizes by whole cells, never below one cell, growing left at the right edge', () => {
    expect(resizeBy(base, 'a', -10, -10).find((item) => item.id === 'a')).toMatchObject({ w: 1, h: 1 });
    const wider = resizeBy(base, 'b', 1, 0);
    expect(wider.find((item) => item.id === 'b')).toMatchObject({ x: 5, w: 7 });
    // Growing left covered `a`: pushed below `b`, and `c` below it.
    noOverlap(wider);
    const taller = resizeBy(base, 'a', 0, 1);
    expect(taller.find((item) => item.id === 'c')).toMatchObject({ y: 3 });
    noOverlap(taller);
  });

  it('settles a layout from a definition: overlaps pushed down, out-of-range places fitted', () => {
    const settled = settleLayout([
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      { id: 'b', x: 3, y: 1, w: 6, h: 2 },
      { id: 'c', x: 20, y: -1, w: 99, h: 2 },
    ]);
    expect(settled).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      // `c` asked for row -1 (fitted to 0): after `a`, before `b` in reading order.
      { id: 'b', x: 3, y: 4, w: 6, h: 2 },
      { id: 'c', x: 0, y: 2, w: 12, h: 2 },
    ]);
    expect(settleLayout(base)).toEqual(base);
    expect(settleLayout(base)[0]).toBe(base[0]);
    expect(layoutRows(settled)).toBe(6);
  });

  it('a long chain of pushes ends with no overlap', () => {
    const column = Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, x: 0, y: i * 2, w: 4, h: 2 }));
    const moved = placeWidget(column, 'w29', { x: 0, y: 0, w: 4, h: 2 });
    noOverlap(moved);
    expect(moved.find((item) => item.id === 'w29')).toMatchObject({ y: 0 });
  });
});

describe('the grid and the definition', () => {
  it('have the same number of columns', async () => {
    const protocol = await import('../../../src/protocol/board/widget');
    const grid = await import('../../../src/react/boards/grid-layout');
    expect(grid.BOARD_COLUMNS).toBe(protocol.BOARD_COLUMNS);
  });

  it('finds the first free place in reading order for a new widget: a gap, else under everything', () => {
    // No gap on the full board: under the chart, at the left.
    expect(firstFreePlace(base, 3, 2)).toEqual({ x: 0, y: 6, w: 3, h: 2 });
    // A gap at the top right once `b` is gone; too small a gap is passed over.
    const gap = base.filter((item) => item.id !== 'b');
    expect(firstFreePlace(gap, 3, 2)).toEqual({ x: 6, y: 0, w: 3, h: 2 });
    expect(firstFreePlace(gap, 7, 2)).toEqual({ x: 0, y: 6, w: 7, h: 2 });
    // A gap beside the lowest widget, reaching below it.
    const low = [...base, { id: 'd', x: 0, y: 6, w: 4, h: 2 }];
    expect(firstFreePlace(low, 6, 4)).toEqual({ x: 4, y: 6, w: 6, h: 4 });
    expect(firstFreePlace([], 20, 0)).toEqual({ x: 0, y: 0, w: 12, h: 1 });
  });

  it('finds a free place on a tall board of 200 widgets (only the edges of widgets are tried)', () => {
    const tall = Array.from({ length: 200 }, (_, i): PlacedWidget => ({ id: `w${i}`, x: 0, y: i * 50, w: 12, h: 50 }));
    expect(firstFreePlace(tall, 6, 4)).toEqual({ x: 0, y: 10_000, w: 6, h: 4 });
    // A gap halfway down is found.
    const holed = tall.map((item) => (item.id === 'w100' ? { ...item, w: 4 } : item));
    expect(firstFreePlace(holed, 6, 4)).toEqual({ x: 4, y: 5_000, w: 6, h: 4 });
  });
});
