import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, readPageQuery } from '../../../src/protocol/cursor';
import {
  boardDefinitionLimits,
  DEFAULT_BOARD_DEFINITION_LIMITS,
  jsonShapeIssue,
  MAX_BOARD_WIDGETS,
  parseBoardDefinition,
  readBoardDefinition,
  type BoardDefinition,
} from '../../../src/protocol/board';

const board = (extra: object = {}): BoardDefinition => ({
  version: 2,
  title: 'Limits',
  widgets: [{ id: 'note', kind: 'text', layout: { x: 0, y: 0, w: 4, h: 2 }, text: 'hi' }],
  ...extra,
});

/** `{ a: { a: … 1 } }`, `depth` objects deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The single issue of a refused definition. */
function refused(value: unknown, limits?: Parameters<typeof parseBoardDefinition>[1]) {
  const parsed = parseBoardDefinition(value, limits);
  expect(parsed.success).toBe(false);
  return parsed.success ? undefined : parsed.error.issues;
}

describe('board definition limits', () => {
  it('has defaults, and takes positive numbers only (widgets at most 200)', () => {
    expect(DEFAULT_BOARD_DEFINITION_LIMITS).toEqual({
      widgets: 200,
      depth: 64,
      values: 50_000,
      stringLength: 200_000,
      size: 1_048_576,
    });
    expect(boardDefinitionLimits({ widgets: 500, depth: 0, values: -1, stringLength: 10.7, size: Number.NaN })).toEqual(
      { widgets: MAX_BOARD_WIDGETS, depth: 64, values: 50_000, stringLength: 10, size: 1_048_576 },
    );
  });

  it('refuses a field nested thousands deep, kept or unknown, with one issue and without recursion', () => {
    for (const depth of [100, 5_000, 200_000]) {
      // An extra field of the board, and a field of a widget of a kind this version does not know.
      const extra = board({ notes: nested(depth) });
      const unknown = board({
        widgets: [{ id: 'later', kind: 'heatmap', layout: { x: 0, y: 0, w: 4, h: 2 }, bins: nested(depth) }],
      });
      expect(refused(extra)).toEqual([
        { path: expect.stringMatching(/^notes(\.a)+/) as string, message: 'is nested deeper than 64 levels' },
      ]);
      expect(refused(unknown)![0]!.path).toMatch(/^widgets\[0\]\.bins(\.a)+/);
      // The path is cut short: a few hundred characters, not one per level.
      expect(refused(extra)![0]!.path.length).toBeLessThanOrEqual(200);
    }
    // A board with a query's filters nested as deep as they may be (20) is within the default.
    let filter: unknown = { member: 'orders.region', operator: 'equals', values: ['Europe'] };
    for (let i = 0; i < 19; i++) filter = { and: [filter] };
    const deepFilters = board({
      widgets: [
        {
          id: 'c',
          kind: 'chart',
          layout: { x: 0, y: 0, w: 4, h: 2 },
          query: { measures: ['orders.count'], filters: [filter] },
        },
      ],
    });
    expect(parseBoardDefinition(deepFilters).success).toBe(true);
    expect(refused(deepFilters, { depth: 20 })![0]!.message).toBe('is nested deeper than 20 levels');
  });

  it('refuses a million empty widgets by their count of values, before reading any', () => {
    const widgets = Array.from({ length: 350_000 }, () => ({}));
    const started = performance.now();
    const issues = refused(board({ widgets }));
    expect(issues).toEqual([{ path: '', message: 'has more than 50000 values in all' }]);
    // One issue; the widgets were never checked one by one (that took seconds and hundreds of MB).
    expect(performance.now() - started).toBeLessThan(5_000);
    // Within the values, over the widget count: one issue naming the limit.
    const many = board({
      widgets: Array.from({ length: 250 }, (_, i) => ({
        id: `w${i}`,
        kind: 'text',
        layout: { x: 0, y: i, w: 1, h: 1 },
        text: '',
      })),
    });
    expect(refused(many)).toEqual([{ path: 'widgets', message: 'must have at most 200 widgets' }]);
    // A limit below 1 takes the default.
    expect(parseBoardDefinition(board(), { widgets: 0.5 }).success).toBe(true);
  });

  it('refuses a long string anywhere, a long key, and a definition over its size', () => {
    expect(refused(board({ extra: { note: 'x'.repeat(200_001) } }))).toEqual([
      { path: 'extra.note', message: 'must be at most 200000 characters' },
    ]);
    expect(refused(board({ ['k'.repeat(300)]: 1 }), { stringLength: 256 })![0]!.message).toBe(
      'has a key over 256 characters',
    );
    const big = board({ parts: Array.from({ length: 10 }, () => 'y'.repeat(150_000)) });
    expect(refused(big)).toEqual([{ path: '', message: 'is over 1048576 characters as JSON' }]);
    expect(parseBoardDefinition(big, { size: 2_000_000 }).success).toBe(true);
  });

  it('walks a cycle no further than the depth, and leaves undefined fields out', () => {
    const cyclic: Record<string, unknown> = { version: 2, title: 'Cycle', widgets: [] };
    cyclic.self = cyclic;
    expect(refused(cyclic)![0]!.message).toBe('is nested deeper than 64 levels');
    expect(jsonShapeIssue({ a: undefined, b: [undefined] }, boardDefinitionLimits())).toBeUndefined();
  });

  it('reads a stored board leniently: a widget past the limits is set aside, the others shown', () => {
    const stored = {
      ...board(),
      widgets: [
        ...board().widgets,
        { id: 'deep', kind: 'heatmap', layout: { x: 4, y: 0, w: 4, h: 2 }, bins: nested(1_000) },
      ],
    };
    const read = readBoardDefinition(stored);
    expect(read.success && read.data.board.widgets.map((w) => w.id)).toEqual(['note']);
    expect(read.success && read.data.issues).toEqual([
      { path: expect.stringMatching(/^widgets\[1\]\.bins/) as string, message: 'is nested deeper than 62 levels' },
    ]);
    // A deep field of the board itself: no board to show.
    expect(readBoardDefinition(board({ notes: nested(1_000) })).success).toBe(false);
    // Widgets far past the limit: 100 set aside one by one, the rest as one issue.
    const flood = readBoardDefinition(board({ widgets: Array.from({ length: 100_000 }, () => ({})) }));
    expect(flood.success && flood.data.rejected).toHaveLength(300);
    expect(flood.success && flood.data.issues.at(-1)).toEqual({
      path: 'widgets',
      message: '99700 more widgets over the limit, not read',
    });
  });
});

describe('list cursors', () => {
  it('round-trip any text, and refuse what they did not make', () => {
    const parts = ['2026-11-28T10:00:00.123456Z', 'board "é" \u{1F4C8} / ? & #'];
    const cursor = encodeCursor(parts);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(parts);
    for (const bad of ['', 'x', '%%%', 'a'.repeat(2000), encodeCursor(['one']), btoa('[1,2]'), 42, null])
      expect(decodeCursor(bad, 2), String(bad)).toBeUndefined();
    expect(readPageQuery({ limit: 500 }, 200, 50, 2)).toEqual({
      path: 'limit',
      message: 'expected an integer from 1 to 200',
    });
    expect(readPageQuery({ cursor: encodeCursor(['a\u0000', 'b']) }, 200, 50, 2)).toEqual({
      path: 'cursor',
      message: 'not a cursor this list gave',
    });
    expect(readPageQuery(undefined, 200, 50, 2)).toEqual({ limit: 50 });
  });
});
