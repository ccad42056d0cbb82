import { describe, expect, it } from 'vitest';
import {
  BOARD_DEFINITION_VERSION,
  BoardDefinitionSchema,
  isKnownWidget,
  MAX_BOARD_WIDGETS,
  migrateBoardDefinition,
  parseBoardDefinition,
  readBoardDefinition,
  type BoardDefinition,
} from '../../../src/protocol/board';

const at = (x: number, y = 0, w = 4, h = 3) => ({ x, y, w, h });

/** A board with one widget of each kind, and one of a kind from a newer version. */
function board(): BoardDefinition {
  return {
    version: 2,
    title: 'Sales',
    filters: { dateDimension: 'orders.createdAt', dateRange: 'last quarter', values: { 'orders.region': ['Europe'] } },
    widgets: [
      { id: 'kpi-1', kind: 'kpi', layout: at(0), measure: 'orders.revenue', sparkline: true },
      {
        id: 'chart-1',
        kind: 'chart',
        layout: at(4),
        query: { measures: ['orders.revenue'], dimensions: ['orders.region'] },
      },
      { id: 'table-1', kind: 'table', layout: at(8), query: { measures: ['orders.count'] } },
      { id: 'note', kind: 'text', layout: at(0, 3, 12, 2), text: '# Notes\nQ4 is **up**.' },
      {
        id: 'pin',
        kind: 'answer',
        layout: at(0, 5, 6, 4),
        title: 'Revenue by country',
        sqlQuery: 'SELECT country, SUM(revenue) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC',
        view: 'chart',
        vegaSpec: '{"mark":"bar"}',
      },
      {
        id: 'map-1',
        kind: 'map',
        layout: at(6, 5, 6, 4),
        geo: { projection: 'mercator', layers: [1, 2, { x: null }] },
      },
    ],
  };
}

describe('board definitions', () => {
  it('accepts every kind, and keeps a kind it does not know with all its fields, unchanged', () => {
    const value = board();
    const text = JSON.stringify(value);
    const parsed = parseBoardDefinition(JSON.parse(text));
    expect(parsed.success).toBe(true);
    // Round trip: nothing added, dropped or reordered.
    expect(JSON.stringify(parsed.success && parsed.data)).toBe(text);
    const widgets = parsed.success ? parsed.data.widgets : [];
    expect(widgets.map((w) => isKnownWidget(w))).toEqual([true, true, true, true, true, false]);
    const read = readBoardDefinition(JSON.parse(text));
    expect(read.success && JSON.stringify(read.data.board)).toBe(text);
    expect(read.success && read.data.rejected).toEqual([]);
  });

  it('keeps fields a newer version added to known widgets and to the board', () => {
    const value = { ...board(), theme: { accent: 'teal' } } as BoardDefinition & { theme: unknown };
    (value.widgets[0] as Record<string, unknown>).newOption = [1, 2];
    const read = readBoardDefinition(JSON.parse(JSON.stringify(value)));
    expect(read.success && read.data.board).toEqual(value);
  });

  it('names the path of each problem and still gives the valid widgets', () => {
    const value = board() as unknown as { widgets: Record<string, unknown>[] };
    value.widgets[1]!.layout = { x: 10, y: 0, w: 4, h: 3 }; // off the grid
    value.widgets[2]!.query = { measures: 'orders.count' }; // not an array
    (value.widgets as unknown[]).push('not a widget');
    value.widgets.push({ id: 'kpi-1', kind: 'text', layout: at(0, 20), text: 'again' }); // duplicate id
    value.widgets.push({ id: 'bad id!', kind: 'future', layout: at(0, 30) }); // unknown kind, bad id
    const read = readBoardDefinition(value);
    expect(read.success).toBe(true);
    if (!read.success) return;
    expect(read.data.board.widgets.map((w) => w.id)).toEqual(['kpi-1', 'note', 'pin', 'map-1']);
    expect(read.data.rejected.map((r) => r.index)).toEqual([1, 2, 6, 7, 8]);
    expect(read.data.rejected[4]!.value).toBe(value.widgets[8]);
    expect(read.data.issues.map((i) => i.path)).toEqual([
      'widgets[1].layout',
      'widgets[2].query.measures',
      'widgets[6]',
      'widgets[7].id',
      'widgets[8].id',
    ]);
    expect(read.data.issues[0]!.message).toMatch(/x \+ w must be at most 12/);
    expect(read.data.issues[3]!.message).toBe('duplicates widgets[0].id');

    // The strict reading refuses the same definition, naming the same places.
    const strict = parseBoardDefinition(value);
    expect(strict.success).toBe(false);
    if (!strict.success) {
      expect(strict.error.name).toBe('ValidationError');
      expect(strict.error.issues.map((i) => i.path)).toEqual(
        expect.arrayContaining(['widgets[1].layout', 'widgets[2].query.measures', 'widgets[6]', 'widgets[8].id']),
      );
    }
  });

  it('refuses what is not a board, naming the path', () => {
    const cases: [unknown, string, RegExp][] = [
      [null, '', /expected a board definition object/],
      [[board()], '', /expected a board definition object/],
      [{ ...board(), version: undefined }, 'version', /expected a board definition version \(1 to 2\), got none/],
      [{ ...board(), version: '2' }, 'version', /got "2"/],
      [{ ...board(), version: 1.5 }, 'version', /got 1.5/],
      [{ ...board(), version: 0 }, 'version', /got 0/],
      [{ ...board(), version: 3 }, 'version', /saved by a newer version \(3\); this library reads versions 1 to 2/],
      [{ ...board(), title: '' }, 'title', /1-200 characters/],
      [{ ...board(), title: 'x'.repeat(201) }, 'title', /1-200 characters/],
      [{ ...board(), widgets: {} }, 'widgets', /expected an array/],
      [{ ...board(), filters: { values: { 'orders.region': 'Europe' } } }, 'filters.values.orders.region', /array/],
    ];
    for (const [value, path, message] of cases) {
      const read = readBoardDefinition(value);
      expect(read.success, JSON.stringify(value)?.slice(0, 80)).toBe(false);
      if (read.success) continue;
      expect(read.error.issues[0]!.path).toBe(path);
      expect(read.error.issues[0]!.message).toMatch(message);
      const strict = parseBoardDefinition(value);
      expect(strict.success).toBe(false);
    }
  });

  it('migrates version 1 (type and x, y, w, h on the widget) to the current version', () => {
    const v1 = {
      version: 1,
      title: 'Old board',
      widgets: [
        { id: 'a', type: 'kpi', x: 0, y: 0, w: 3, h: 2, measure: 'orders.revenue' },
        { id: 'b', type: 'someday', x: 3, y: 0, w: 3, h: 2, extra: { kept: true } },
        { id: 'c', type: 'text', x: 11, y: 0, w: 3, h: 2, text: 'too wide' },
      ],
    };
    const read = readBoardDefinition(v1);
    expect(read.success).toBe(true);
    if (!read.success) return;
    expect(read.data.migratedFrom).toBe(1);
    expect(read.data.board.version).toBe(BOARD_DEFINITION_VERSION);
    expect(read.data.board.widgets).toEqual([
      { id: 'a', kind: 'kpi', layout: { x: 0, y: 0, w: 3, h: 2 }, measure: 'orders.revenue' },
      { id: 'b', kind: 'someday', layout: { x: 3, y: 0, w: 3, h: 2 }, extra: { kept: true } },
    ]);
    expect(read.data.issues.map((i) => i.path)).toEqual(['widgets[2].layout']);
    // The input is not changed; a current definition is returned as it is.
    expect(v1.widgets[0]).toHaveProperty('type', 'kpi');
    const current = board();
    expect(migrateBoardDefinition(current)).toBe(current);
    expect(BoardDefinitionSchema.is(migrateBoardDefinition({ ...v1, widgets: v1.widgets.slice(0, 2) }))).toBe(true);
    expect(readBoardDefinition(current).success && readBoardDefinition(current)).not.toHaveProperty(
      'data.migratedFrom',
    );
  });

  it('holds hostile values: prototype keys stay plain data, limits hold', () => {
    const hostile = JSON.parse(
      '{"version":2,"title":"t","widgets":[{"id":"a","kind":"__proto__","layout":{"x":0,"y":0,"w":1,"h":1},"__proto__":{"polluted":true}},{"id":"b","kind":"constructor","layout":{"x":0,"y":1,"w":1,"h":1}}]}',
    ) as unknown;
    const read = readBoardDefinition(hostile);
    expect(read.success && read.data.board.widgets.map((w) => [w.id, isKnownWidget(w)])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const many = {
      version: 2,
      title: 'Many',
      widgets: Array.from({ length: MAX_BOARD_WIDGETS + 2 }, (_, i) => ({
        id: `w${i}`,
        kind: 'text',
        layout: at(0, i, 1, 1),
        text: '',
      })),
    };
    const manyRead = readBoardDefinition(many);
    expect(manyRead.success && manyRead.data.board.widgets).toHaveLength(MAX_BOARD_WIDGETS);
    expect(manyRead.success && manyRead.data.issues.map((i) => i.path)).toEqual(['widgets[200]', 'widgets[201]']);
    const strict = parseBoardDefinition(many);
    expect(!strict.success && strict.error.issues[0]).toEqual({
      path: 'widgets',
      message: 'must have at most 200 widgets',
    });

    const longText = { ...board(), widgets: [{ id: 't', kind: 'text', layout: at(0), text: 'x'.repeat(20_001) }] };
    expect(!parseBoardDefinition(longText).success && readBoardDefinition(longText)).toMatchObject({
      data: { issues: [{ path: 'widgets[0].text', message: 'must be at most 20000 characters' }] },
    });
    const emptySql = { ...board(), widgets: [{ ...board().widgets[4]!, sqlQuery: '   ' }] };
    expect(readBoardDefinition(emptySql)).toMatchObject({
      data: { issues: [{ path: 'widgets[0].sqlQuery', message: 'must not be empty' }] },
    });
  });
});
