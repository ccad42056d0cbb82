import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstFreePlace,
  fitPlace,
  keyMove,
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

  it('moves a widget by one column into free cells, and the others stay the same objects', () => {
    const narrow = base.map((item) => (item.id === 'b' ? { ...item, x: 8, w: 4 } : item));
    const moved = moveBy(narrow, 'a', 1, 0);
    expect(moved[0]).toEqual({ id: 'a', x: 1, y: 0, w: 6, h: 2 });
    expect(moved[1]).toBe(narrow[1]);
    expect(moved[2]).toBe(narrow[2]);
  });

  it('swaps two widgets side by side when one moves onto the other (no row pushed down, no hole)', () => {
    const moved = keyMove(base, 'a', 1, 0);
    expect(moved.swapped).toBe('b');
    expect(moved.layout).toEqual([{ id: 'a', x: 6, y: 0, w: 6, h: 2 }, { id: 'b', x: 0, y: 0, w: 6, h: 2 }, base[2]]);
    expect(moved.layout[2]).toBe(base[2]);
    // Of other widths: each keeps its size, the moved one's far edge where the other's was.
    const kpis = [
      { id: 'k', x: 0, y: 0, w: 3, h: 2 },
      { id: 'c', x: 3, y: 0, w: 9, h: 4 },
    ];
    expect(moveBy(kpis, 'k', 1, 0)).toEqual([
      { id: 'k', x: 9, y: 0, w: 3, h: 2 },
      { id: 'c', x: 0, y: 0, w: 9, h: 4 },
    ]);
    expect(moveBy(moveBy(kpis, 'k', 1, 0), 'k', -1, 0)).toEqual(kpis);
  });

  it('moving down past the widgets below puts it under them, and they rise into its place', () => {
    const moved = keyMove(base, 'c', 0, -1);
    expect(moved.swapped).toBe('a');
    noOverlap(moved.layout);
    expect(moved.layout).toEqual([
      { id: 'a', x: 0, y: 4, w: 6, h: 2 },
      { id: 'b', x: 6, y: 4, w: 6, h: 2 },
      { id: 'c', x: 0, y: 0, w: 12, h: 4 },
    ]);
    // And back down: under both KPIs, which rise to the top again.
    expect(moveBy(moved.layout, 'c', 0, 1)).toEqual(base);
    // A column of three: the middle one goes down one place, no further.
    const column = ['p', 'q', 'r'].map((id, i) => ({ id, x: 0, y: i * 2, w: 12, h: 2 }));
    expect(moveBy(column, 'p', 0, 1).map((item) => `${item.id}${item.y}`)).toEqual(['p2', 'q0', 'r4']);
    expect(moveBy(column, 'r', 0, -1).map((item) => `${item.id}${item.y}`)).toEqual(['p0', 'q4', 'r2']);
  });

  it('stops at the edges: the same layout comes back', () => {
    expect(moveBy(base, 'a', -1, 0)).toBe(base);
    expect(moveBy(base, 'a', 0, -1)).toBe(base);
    expect(moveBy(base, 'b', 1, 0)).toBe(base);
    expect(moveBy(base, 'nope', 1, 0)).toBe(base);
    // At the bottom of its columns: it cannot sink into empty rows (it would rise again).
    expect(moveBy(base, 'c', 0, 1)).toBe(base);
  });

  it('resizes by whole cells, never below one cell, growing left at the right edge', () => {
    expect(resizeBy(base, 'a', -10, -10).find((item) => item.id === 'a')).toMatchObject({ w: 1, h: 1 });
    const wider = resizeBy(base, 'b', 1, 0);
    expect(wider.find((item) => item.id === 'b')).toMatchObject({ x: 5, y: 0, w: 7 });
    // Growing left covered `a`: it went below `b`, and `c` below it.
    noOverlap(wider);
    expect(wider.find((item) => item.id === 'a')).toMatchObject({ y: 2 });
    expect(wider.find((item) => item.id === 'c')).toMatchObject({ y: 4 });
    const taller = resizeBy(base, 'a', 0, 1);
    expect(taller.find((item) => item.id === 'c')).toMatchObject({ y: 3 });
    // Shorter again: `c` rises into the row it freed.
    expect(resizeBy(taller, 'a', 0, -1)).toEqual(base);
  });

  it('settles a layout from a definition: overlaps pushed down, holes closed, out-of-range places fitted', () => {
    const settled = settleLayout([
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      { id: 'b', x: 3, y: 1, w: 6, h: 2 },
      { id: 'c', x: 20, y: -1, w: 99, h: 2 },
      { id: 'd', x: 9, y: 30, w: 3, h: 1 },
    ]);
    expect(settled).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      // `c` asked for row -1 (fitted to 0): after `a`, before `b` in reading order.
      { id: 'b', x: 3, y: 4, w: 6, h: 2 },
      { id: 'c', x: 0, y: 2, w: 12, h: 2 },
      { id: 'd', x: 9, y: 4, w: 3, h: 1 },
    ]);
    expect(settleLayout(base)).toEqual(base);
    expect(settleLayout(base)[0]).toBe(base[0]);
    expect(layoutRows(settled)).toBe(6);
  });

  it('a drag onto a neighbour swaps them; down past the middle of a widget puts it under that one', () => {
    // `a` dropped on `b`'s place: `b` takes the place `a` left.
    expect(placeWidget(base, 'a', { x: 6, y: 0, w: 6, h: 2 })).toEqual([
      { id: 'a', x: 6, y: 0, w: 6, h: 2 },
      { id: 'b', x: 0, y: 0, w: 6, h: 2 },
      base[2],
    ]);
    // `a` dragged down by its height, onto the top half of `c`: still over it, so nothing changes.
    expect(placeWidget(base, 'a', { x: 0, y: 2, w: 6, h: 2 })).toBe(base);
    // A row more, past `c`'s middle: under it (`c` cannot rise, `b` is beside where `a` was).
    const under = placeWidget(base, 'a', { x: 0, y: 3, w: 6, h: 2 });
    expect(under).toEqual([{ id: 'a', x: 0, y: 6, w: 6, h: 2 }, base[1], base[2]]);
    noOverlap(under);
    // Dragged up onto the KPIs: they take the rows it left, under it.
    const up = placeWidget(base, 'c', { x: 0, y: 0, w: 12, h: 4 });
    expect(up.map((item) => item.y)).toEqual([4, 4, 0]);
    // A row up is enough: they fit in the rows it leaves.
    expect(placeWidget(base, 'c', { x: 0, y: 1, w: 12, h: 4 })).toEqual(up);
  });

  it('a long chain of pushes ends with no overlap', () => {
    const column = Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, x: 0, y: i * 2, w: 4, h: 2 }));
    const moved = placeWidget(column, 'w29', { x: 0, y: 0, w: 4, h: 2 });
    noOverlap(moved);
    expect(moved.find((item) => item.id === 'w29')).toMatchObject({ y: 0 });
  });
});

/** No two overlap, all on the grid, none with room to rise: what every edit leaves. */
function expectCompacted(layout: readonly PlacedWidget[]) {
  noOverlap(layout);
  for (const item of layout) {
    expect(item.x >= 0 && item.x + item.w <= 12 && item.y >= 0).toBe(true);
    if (item.y > 0)
      expect(
        layout.some((other) => other !== item && overlaps(other, { ...item, y: item.y - 1 })),
        `${item.id} could rise`,
      ).toBe(true);
  }
}

describe('edits by keyboard and pointer (property)', () => {
  const edit = fc.oneof(
    fc.record({
      type: fc.constant('key' as const),
      dx: fc.integer({ min: -1, max: 1 }),
      dy: fc.integer({ min: -1, max: 1 }),
    }),
    fc.record({
      type: fc.constant('size' as const),
      dx: fc.integer({ min: -2, max: 2 }),
      dy: fc.integer({ min: -2, max: 2 }),
    }),
    fc.record({
      type: fc.constant('drag' as const),
      dx: fc.integer({ min: -13, max: 13 }),
      dy: fc.integer({ min: -9, max: 9 }),
    }),
  );
  const board = fc
    .array(
      fc.record({
        x: fc.nat(11),
        y: fc.nat(20),
        w: fc.integer({ min: 1, max: 12 }),
        h: fc.integer({ min: 1, max: 5 }),
      }),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .map((places) => settleLayout(places.map((place, i) => ({ id: `w${i}`, ...place }))));

  // Seconds on a busy machine (it runs in the jsdom project): a generous timeout, not a limit.
  it('never leave an overlap or a hole a widget could rise into, and lose no widget', () => {
    fc.assert(
      fc.property(board, fc.array(fc.tuple(fc.nat(), edit), { maxLength: 12 }), (start, edits) => {
        let layout = start;
        expectCompacted(layout);
        for (const [pick, { type, dx, dy }] of edits) {
          const item = layout[pick % layout.length]!;
          const before = layout;
          layout =
            type === 'key'
              ? moveBy(layout, item.id, dx, dy)
              : type === 'size'
                ? resizeBy(layout, item.id, dx, dy)
                : placeWidget(layout, item.id, { ...item, x: item.x + dx, y: item.y + dy });
          expectCompacted(layout);
          expect(layout.map((place) => place.id)).toEqual(before.map((place) => place.id));
          // A move keeps every size; nothing but the widget resized changes size.
          for (const [i, place] of layout.entries())
            if (type !== 'size' || place.id !== item.id)
              expect([place.w, place.h]).toEqual([before[i]!.w, before[i]!.h]);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('a key move onto a widget of the same size beside it trades places with it, and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), (w, h) => {
        const pair = [
          { id: 'a', x: 0, y: 0, w, h },
          { id: 'b', x: w, y: 0, w, h },
        ];
        const there = moveBy(pair, 'a', 1, 0);
        expect(there).toEqual([
          { id: 'a', x: w, y: 0, w, h },
          { id: 'b', x: 0, y: 0, w, h },
        ]);
        expect(moveBy(there, 'a', -1, 0)).toEqual(pair);
      }),
    );
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
