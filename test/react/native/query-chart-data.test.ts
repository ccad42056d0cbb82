import { describe, expect, it } from 'vitest';
import type { LoadRow, MetaResponse, SemanticQuery } from '../../../src/protocol';
import type { SemanticResult } from '../../../src/react/native/data/semantic-result';
import { chartResult, columnNames, fillMissingDates, isAdditive } from '../../../src/react/native/query-chart-data';
import { planChart } from '../../../src/react/native/query-chart-spec';

const answer = (query: SemanticQuery, data: LoadRow[]): SemanticResult => ({
  query,
  data,
  annotation: {
    measures: {
      'orders.count': { title: 'Orders Count', shortTitle: 'Orders', type: 'number' },
      'orders.aov': { title: 'Orders AOV', shortTitle: 'AOV', type: 'number' },
    },
    dimensions: { 'orders.region': { title: 'Orders Region', shortTitle: 'Region', type: 'string' } },
    timeDimensions: {
      'orders.createdAt.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    },
  },
});
const meta: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [
        { name: 'orders.count', title: 'Orders Count', shortTitle: 'Orders', type: 'number', aggType: 'count' },
        { name: 'orders.aov', title: 'Orders AOV', shortTitle: 'AOV', type: 'number', aggType: 'avg' },
      ],
      dimensions: [],
    },
  ] as MetaResponse['cubes'],
};
const month = (m: string) => `2024-${m}-01T00:00:00.000`;

describe('fillMissingDates', () => {
  const query: SemanticQuery = {
    measures: ['orders.count', 'orders.aov'],
    timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-04-30'] }],
  };
  const additive = (column: { member: string }) =>
    isAdditive(meta, { key: column.member, member: column.member, role: 'measure' });

  it('adds the periods of the date range that have no row: counts 0, averages empty', () => {
    const rows = [
      {
        'orders.createdAt.month': month('02'),
        'orders.createdAt': month('02'),
        'orders.count': '5',
        'orders.aov': '10',
      },
    ];
    const filled = fillMissingDates(answer(query, rows), planChart(query), additive);
    expect(filled.data.map((row) => [row['orders.createdAt.month'], row['orders.count'], row['orders.aov']])).toEqual([
      [month('01'), '0', null],
      [month('02'), '5', '10'],
      [month('03'), '0', null],
      [month('04'), '0', null],
    ]);
  });

  it('reads a relative range against today, and fills per series value', () => {
    const byRegion: SemanticQuery = {
      measures: ['orders.count'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: 'this quarter' }],
    };
    const rows = [
      { 'orders.createdAt.month': month('10'), 'orders.region': 'Europe', 'orders.count': '1' },
      { 'orders.createdAt.month': month('12'), 'orders.region': 'Asia', 'orders.count': '2' },
    ];
    const filled = fillMissingDates(
      answer(byRegion, rows),
      planChart(byRegion),
      additive,
      new Date(Date.UTC(2024, 11, 15)),
    );
    expect(filled.data).toHaveLength(6);
    expect(filled.data.filter((row) => row['orders.region'] === 'Europe').map((row) => row['orders.count'])).toEqual([
      '1',
      '0',
      '0',
    ]);
  });

  it('leaves answers alone that are not a time series, and never fills past its cap', () => {
    const bars: SemanticQuery = { measures: ['orders.count'], dimensions: ['orders.region'] };
    const result = answer(bars, [{ 'orders.region': 'Europe', 'orders.count': '1' }]);
    expect(fillMissingDates(result, planChart(bars), additive)).toBe(result);
    const days: SemanticQuery = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day', dateRange: ['1990-01-01', '2024-01-01'] }],
    };
    const long = answer(days, []);
    expect(fillMissingDates(long, planChart(days), additive)).toBe(long);
  });

  it('a member named like a prototype key stays an own key', () => {
    const odd: SemanticQuery = {
      measures: ['__proto__'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-02-29'] },
      ],
    };
    const filled = fillMissingDates(answer(odd, []), planChart(odd), () => true);
    expect(filled.data).toHaveLength(2);
    expect(Object.getPrototypeOf(filled.data[0])).toBe(Object.prototype);
    expect(Object.hasOwn(filled.data[0]!, '__proto__')).toBe(true);
  });
});

describe('columnNames and chartResult', () => {
  it('names columns by short title, the full title where two would share one', () => {
    const columns = [
      { key: 'a.count', member: 'a.count', role: 'measure' as const },
      { key: 'b.count', member: 'b.count', role: 'measure' as const },
      { key: 'a.region', member: 'a.region', role: 'dimension' as const },
    ];
    const info = (column: { key: string }) =>
      column.key === 'a.region'
        ? { title: 'A Region', shortTitle: 'Region', type: 'string' }
        : { title: column.key === 'a.count' ? 'A Count' : 'B Count', shortTitle: 'Count', type: 'number' };
    expect([...columnNames(columns, info).values()]).toEqual(['A Count', 'B Count', 'Region']);
  });

  it('is the chat’s SqlResult: numbers parsed, columns by those names', () => {
    const query: SemanticQuery = { measures: ['orders.count'], dimensions: ['orders.region'] };
    const result = chartResult(
      answer(query, [{ 'orders.region': 'Europe', 'orders.count': '12' }]),
      new Map([
        ['orders.region', 'Region'],
        ['orders.count', 'Orders'],
      ]),
      'Orders by Region',
    );
    expect(result.columns.map((column) => column.name)).toEqual(['Region', 'Orders']);
    expect(result.rows).toEqual([['Europe', 12]]);
    expect(result.queryTitle).toBe('Orders by Region');
  });
});
