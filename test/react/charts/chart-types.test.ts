import { describe, expect, it } from 'vitest';
import { deriveFormats } from '../../../src';
import type { SqlResult } from '../../../src/protocol';
import { chartTypeOf, fittingChartTypes, specForType } from '../../../src/react/charts/chart-types';

type Kind = 'number' | 'string' | 'time' | 'boolean';
const make = (columns: [string, Kind][], rows: SqlResult['rows']): SqlResult => ({
  sqlQuery: 'SELECT 1',
  columns: columns.map(([name, kind]) => ({ name, kind, type: '' })),
  rows,
  totalRows: rows.length,
  truncated: false,
});
const regions = make(
  [
    ['region', 'string'],
    ['revenue', 'number'],
  ],
  [
    ['North America', 40],
    ['Asia Pacific', 30],
  ],
);
const months = make(
  [
    ['month', 'string'],
    ['orders', 'number'],
  ],
  [
    ['2024-01', 4],
    ['2024-02', 5],
  ],
);
const fits = (result: SqlResult) => fittingChartTypes(result, deriveFormats(result));
const build = (type: Parameters<typeof specForType>[0], base: Record<string, unknown> | undefined, result: SqlResult) =>
  specForType(type, base, result, deriveFormats(result)) as
    { mark: Record<string, unknown>; encoding: Record<string, Record<string, unknown>>; title?: unknown } | undefined;

describe('fittingChartTypes', () => {
  it('offers bars and points for a category, line and area for dates, points for two measures, the table always', () => {
    expect(fits(regions)).toEqual(['bar', 'horizontal-bar', 'point', 'table']);
    expect(fits(months)).toEqual(['bar', 'line', 'area', 'point', 'table']);
    const scatter = make(
      [
        ['orders', 'number'],
        ['revenue', 'number'],
      ],
      [[1, 2]],
    );
    expect(fits(scatter)).toEqual(['point', 'table']);
    // Years and ids are codes, not measures: a category.
    const years = make(
      [
        ['year', 'number'],
        ['revenue', 'number'],
      ],
      [[2024, 2]],
    );
    expect(fits(years)).toEqual(['bar', 'horizontal-bar', 'point', 'table']);
    expect(fits({ ...regions, rows: [] })).toEqual(['table']);
    expect(
      fits(
        make(
          [
            ['a', 'string'],
            ['b', 'string'],
          ],
          [['x', 'y']],
        ),
      ),
    ).toEqual(['table']);
  });
});

describe('chartTypeOf', () => {
  it('names what a spec draws, by its layout for bars', () => {
    const bar = { mark: 'bar', encoding: { x: { type: 'nominal' }, y: { type: 'quantitative' } } };
    expect(chartTypeOf(bar)).toBe('bar');
    expect(chartTypeOf(bar, 'horizontal')).toBe('horizontal-bar');
    expect(chartTypeOf({ mark: { type: 'circle' } })).toBe('point');
    expect(chartTypeOf({ mark: 'arc' })).toBeUndefined();
    expect(chartTypeOf({ layer: [] })).toBeUndefined();
  });
});

describe('specForType: a sort follows its channel through every switch', () => {
  const agent = {
    title: 'Revenue by region',
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: { field: 'region', type: 'nominal', sort: '-y', title: 'Region' },
      y: { field: 'revenue', type: 'quantitative', title: 'Revenue' },
    },
  };
  it('moves "-y" to "-x" for horizontal bars and back, keeping fields, titles and the title', () => {
    const horizontal = build('horizontal-bar', agent, regions)!;
    expect(horizontal.mark).toEqual({ type: 'bar' });
    expect(horizontal.encoding.y).toEqual({ field: 'region', type: 'nominal', sort: '-x', title: 'Region' });
    expect(horizontal.encoding.x).toEqual({ field: 'revenue', type: 'quantitative', title: 'Revenue' });
    expect(horizontal.title).toBe('Revenue by region');
    const back = build('bar', horizontal, regions)!;
    expect(back.encoding.x!.sort).toBe('-y');
    expect(build('point', horizontal, regions)!.encoding.x!.sort).toBe('-y');
  });
  it('moves `{ encoding }` sorts too; keeps field and list sorts; drops a sort by a channel that is gone', () => {
    const withSort = (sort: unknown) => ({
      ...agent,
      encoding: { ...agent.encoding, x: { ...agent.encoding.x, sort } },
    });
    expect(build('horizontal-bar', withSort({ encoding: 'y', order: 'ascending' }), regions)!.encoding.y!.sort).toEqual(
      {
        encoding: 'x',
        order: 'ascending',
      },
    );
    expect(build('horizontal-bar', withSort(['Asia Pacific']), regions)!.encoding.y!.sort).toEqual(['Asia Pacific']);
    expect(build('horizontal-bar', withSort('-color'), regions)!.encoding.y!.sort).toBeUndefined();
  });
  it('sorts largest first when built from the columns, and never sorts dates', () => {
    expect(build('horizontal-bar', undefined, regions)!.encoding.y!.sort).toBe('-x');
    const line = build('line', undefined, months)!;
    expect(line.mark).toEqual({ type: 'line', point: true });
    expect(line.encoding.x).toEqual({ field: 'month', type: 'temporal' });
    // Bars over dates: one band per date.
    expect(build('bar', undefined, months)!.encoding.x).toEqual({ field: 'month', type: 'ordinal' });
  });
  it('turns a pie into bars of the same fields; a scatter stays a scatter; nothing for the table', () => {
    const pie = {
      mark: 'arc',
      encoding: { theta: { field: 'revenue', type: 'quantitative' }, color: { field: 'region', type: 'nominal' } },
    };
    const bars = build('bar', pie, regions)!;
    expect(bars.encoding.x).toEqual({ field: 'region', type: 'nominal' });
    expect(bars.encoding.y).toEqual({ field: 'revenue', type: 'quantitative' });
    expect(bars.encoding.color).toBeUndefined();
    const scatter = {
      mark: 'point',
      encoding: { x: { field: 'orders', type: 'quantitative' }, y: { field: 'revenue', type: 'quantitative' } },
    };
    const both = make(
      [
        ['customer', 'string'],
        ['revenue', 'number'],
        ['orders', 'number'],
      ],
      [['a', 1, 2]],
    );
    expect(build('point', scatter, both)!.encoding).toEqual(scatter.encoding);
    expect(build('table', agent, regions)).toBeUndefined();
  });
  it('colours a time series by a small category, sums over a large one', () => {
    const series = (count: number) =>
      make(
        [
          ['month', 'string'],
          ['region', 'string'],
          ['revenue', 'number'],
        ],
        Array.from({ length: count }, (_, i) => ['2024-01', `R${i}`, i]),
      );
    expect(build('line', undefined, series(3))!.encoding.color).toEqual({ field: 'region', type: 'nominal' });
    const many = build('line', undefined, series(30))!;
    expect(many.encoding.color).toBeUndefined();
    expect(many.encoding.y).toEqual({ field: 'revenue', type: 'quantitative', aggregate: 'sum' });
  });
});
