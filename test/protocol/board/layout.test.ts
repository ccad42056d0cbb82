import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  compactLayout,
  compactWidgets,
  fitPlace,
  layoutRows,
  overlaps,
  type BoardWidget,
  type PlacedWidget,
} from '../../../src/protocol/board';

const show = (layout: readonly PlacedWidget[]) => layout.map(({ id, x, y, w, h }) => `${id}:${x},${y},${w},${h}`);

/** Places on the grid, possibly overlapping, off the grid, with holes: what a definition may hold. */
const anyLayout = fc
  .array(
    fc.record({
      x: fc.integer({ min: -2, max: 14 }),
      y: fc.integer({ min: -2, max: 40 }),
      w: fc.integer({ min: 0, max: 14 }),
      h: fc.integer({ min: 0, max: 8 }),
    }),
    { maxLength: 24 },
  )
  .map((places) => places.map((place, i): PlacedWidget => ({ id: `w${i}`, ...place })));

/** No two overlap, every one on the grid, and none could rise by a row (nothing but the board's top above it). */
function expectCompacted(layout: readonly PlacedWidget[], columns = BOARD_COLUMNS) {
  for (const [i, a] of layout.entries()) {
    expect(a.x >= 0 && a.y >= 0 && a.w >= 1 && a.h >= 1 && a.x + a.w <= columns, `${a.id} on the grid`).toBe(true);
    for (const b of layout.slice(i + 1)) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
    if (a.y > 0) {
      const up = { ...a, y: a.y - 1 };
      expect(
        layout.some((b) => b !== a && overlaps(b, up)),
        `${a.id} at row ${a.y} could rise`,
      ).toBe(true);
    }
  }
}

describe('compactLayout', () => {
  it('lets every widget rise as far as the widgets above it allow, in reading order', () => {
    const layout: PlacedWidget[] = [
      { id: 'a', x: 0, y: 3, w: 6, h: 2 },
      { id: 'b', x: 6, y: 0, w: 6, h: 2 },
      { id: 'c', x: 0, y: 9, w: 12, h: 4 },
      { id: 'd', x: 8, y: 5, w: 4, h: 1 },
    ];
    expect(show(compactLayout(layout))).toEqual(['a:0,0,6,2', 'b:6,0,6,2', 'c:0,3,12,4', 'd:8,2,4,1']);
  });

  it('puts a widget that covers one placed before it below that one, then lets it rise', () => {
    const layout: PlacedWidget[] = [
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      { id: 'b', x: 3, y: 1, w: 6, h: 2 },
      { id: 'c', x: 20, y: -1, w: 99, h: 2 },
    ];
    // `c` asked for row -1, fitted to row 0 and the whole width: it reads after `a`, before `b`.
    expect(show(compactLayout(layout))).toEqual(['a:0,0,6,2', 'b:3,4,6,2', 'c:0,2,12,2']);
  });

  it('returns a compacted layout as the same array, and each unmoved widget as the same object', () => {
    const layout: PlacedWidget[] = [
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      { id: 'b', x: 6, y: 0, w: 6, h: 2 },
      { id: 'c', x: 0, y: 4, w: 12, h: 4 },
    ];
    const compacted = compactLayout(layout);
    expect(compacted).not.toBe(layout);
    expect(compacted[0]).toBe(layout[0]);
    expect(compacted[1]).toBe(layout[1]);
    expect(compacted[2]).toEqual({ id: 'c', x: 0, y: 2, w: 12, h: 4 });
    expect(compactLayout(compacted)).toBe(compacted);
  });

  it('keeps the places of the widgets to keep, and puts what they cover below them', () => {
    const layout: PlacedWidget[] = [
      { id: 'a', x: 0, y: 0, w: 6, h: 2 },
      { id: 'b', x: 0, y: 1, w: 6, h: 2 },
    ];
    expect(show(compactLayout(layout))).toEqual(['a:0,0,6,2', 'b:0,2,6,2']);
    expect(show(compactLayout(layout, { keep: ['b'] }))).toEqual(['a:0,2,6,2', 'b:0,0,6,2']);
  });

  it('fits places off the grid, whatever numbers came (NaN, infinities, fractions)', () => {
    const layout = [
      { id: 'a', x: Number.NaN, y: Number.POSITIVE_INFINITY, w: Number.NEGATIVE_INFINITY, h: 2.6 },
      { id: 'b', x: 11.5, y: -4, w: 3, h: 1e9 },
    ];
    expect(show(compactLayout(layout))).toEqual(['a:0,0,1,3', 'b:9,0,3,100']);
    expect(fitPlace({ x: 11, y: -3, w: 4, h: 0 })).toEqual({ x: 8, y: 0, w: 4, h: 1 });
    expect(compactLayout(layout, { columns: 4 }).map((place) => place.x + place.w)).toEqual([1, 4]);
  });

  it('leaves no widget with room to rise, never overlaps, and keeps sizes and columns (any layout)', () => {
    fc.assert(
      fc.property(anyLayout, (layout) => {
        const compacted = compactLayout(layout);
        expectCompacted(compacted);
        expect(compacted.map((place) => place.id)).toEqual(layout.map((place) => place.id));
        for (const [i, place] of compacted.entries()) {
          const fitted = fitPlace(layout[i]!);
          expect([place.x, place.w, place.h]).toEqual([fitted.x, fitted.w, fitted.h]);
        }
        // Once compacted, it stays as it is; and it is the same for the same input.
        expect(compactLayout(compacted)).toBe(compacted);
        expect(compactLayout(layout)).toEqual(compacted);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('keeps the order of a layout without overlaps: the higher of two in a column stays higher', () => {
    // Any layout, less each widget that overlaps one before it.
    const clear = anyLayout.map((layout) =>
      layout
        .map((place) => ({ ...place, ...fitPlace(place) }))
        .filter((place, i, all) => all.slice(0, i).every((other) => !overlaps(place, other))),
    );
    fc.assert(
      fc.property(clear, (layout) => {
        const compacted = compactLayout(layout);
        expectCompacted(compacted);
        expect(layoutRows(compacted)).toBeLessThanOrEqual(layoutRows(layout));
        for (const [i, a] of layout.entries())
          for (const [j, b] of layout.entries())
            if (a.x < b.x + b.w && b.x < a.x + a.w && a.y + a.h <= b.y)
              expect(compacted[i]!.y + compacted[i]!.h).toBeLessThanOrEqual(compacted[j]!.y);
      }),
      { numRuns: 300 },
    );
  });

  it('a kept widget is never below a widget whose place it covered', () => {
    fc.assert(
      fc.property(anyLayout, fc.nat(), (layout, pick) => {
        fc.pre(layout.length > 0);
        const kept = layout[pick % layout.length]!;
        const compacted = compactLayout(layout, { keep: [kept.id] });
        expectCompacted(compacted);
        const at = compacted.find((place) => place.id === kept.id)!;
        // It rises (never sinks), and whatever it covered went under it.
        expect(at.y).toBeLessThanOrEqual(fitPlace(kept).y);
        for (const [i, place] of layout.entries())
          if (place.id !== kept.id && overlaps(fitPlace(place), fitPlace(kept)))
            expect(compacted[i]!.y).toBeGreaterThanOrEqual(at.y + at.h);
      }),
      { numRuns: 200 },
    );
  });

  it('compacts a board of 200 widgets stacked in reverse', () => {
    const tall = Array.from({ length: 200 }, (_, i): PlacedWidget => ({
      id: `w${i}`,
      x: 0,
      y: (200 - i) * 3,
      w: 12,
      h: 2,
    }));
    const compacted = compactLayout(tall);
    expect(compacted[199]).toMatchObject({ y: 0 });
    expect(compacted[0]).toMatchObject({ y: 398 });
    expectCompacted(compacted);
  });
});

describe('compactWidgets', () => {
  const widgets: BoardWidget[] = [
    { id: 'a', kind: 'text', text: 'A', layout: { x: 0, y: 0, w: 6, h: 2 } },
    { id: 'b', kind: 'text', text: 'B', layout: { x: 0, y: 5, w: 6, h: 2 }, extra: { kept: true } },
  ];

  it('moves the widgets up in their definitions, everything else of them as it was', () => {
    const compacted = compactWidgets(widgets);
    expect(compacted[0]).toBe(widgets[0]);
    expect(compacted[1]).toEqual({ ...widgets[1], layout: { x: 0, y: 2, w: 6, h: 2 } });
    expect(compactWidgets(compacted)).toBe(compacted);
  });
});
