import { describe, expect, it } from 'vitest';
import type { LoadRow, MetaResponse, SemanticQuery } from '../../../src/protocol';
import type { SemanticResult } from '../../../src/react/native/data/semantic-result';
import {
  chartResult,
  columnNames,
  drawnRows,
  fillMissingDates,
  isAdditive,
  MAX_NAME,
  MAX_VALUE,
} from '../../../src/react/native/query-chart-data';
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

describe('hostile answers (issue 30)', () => {
  it('finds the ends of 200,000 daily rows without overflowing the stack', () => {
    const query: SemanticQuery = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
    };
    const start = Date.UTC(1500, 0, 1);
    const data: LoadRow[] = Array.from({ length: 200_000 }, (_, i) => ({
      'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
      'orders.count': '1',
    }));
    const plan = planChart(query);
    // Past the fill's cap: drawn as it came (Math.min(...days) threw a RangeError here).
    expect(fillMissingDates(answer(query, data), plan, () => true).data).toHaveLength(200_000);
  });

  it('fills no more rows than its cap, however many series values came', () => {
    const query: SemanticQuery = {
      measures: ['orders.count'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day', dateRange: ['2024-01-01', '2024-12-31'] }],
    };
    const data: LoadRow[] = Array.from({ length: 5_000 }, (_, i) => ({
      'orders.createdAt.day': '2024-01-01T00:00:00.000',
      'orders.region': `R${i}`,
      'orders.count': '1',
    }));
    // 366 days × 5,000 regions would be 1.8 million rows.
    expect(fillMissingDates(answer(query, data), planChart(query), () => true).data).toHaveLength(5_000);
  });

  it('names columns the charts can draw: no quotes, backslashes or line breaks; capped', () => {
    const columns = [
      { key: 'a.region', member: 'a.region', role: 'dimension' as const },
      { key: 'a.quoted', member: 'a.quoted', role: 'dimension' as const },
      { key: 'a.odd', member: 'a.odd', role: 'dimension' as const },
      { key: 'a.long', member: 'a.long', role: 'measure' as const },
    ];
    const titles: Record<string, string> = {
      'a.region': "Client's region",
      'a.quoted': 'Region "quoted"',
      'a.odd': 'back\\slash\nline',
      'a.long': 'T'.repeat(1024 * 1024),
    };
    const names = [...columnNames(columns, (column) => ({ title: titles[column.key]!, type: 'string' })).values()];
    expect(names.slice(0, 3)).toEqual(['Client\u2019s region', 'Region \u201dquoted\u201d', 'back\u2216slash line']);
    expect(names[3]).toHaveLength(MAX_NAME);
    expect(names[3]!.endsWith('…')).toBe(true);
    for (const name of names) expect(name).not.toMatch(/['"\\\n]/);
  });

  it('draws at most `max` rows and caps long texts, keeping each whole value for a drilldown', () => {
    const huge = 'v'.repeat(2 * 1024 * 1024);
    const result = chartResult(
      answer({ measures: ['orders.count'], dimensions: ['orders.region'] }, [
        { 'orders.region': huge, 'orders.count': '1' },
        { 'orders.region': 'Europe', 'orders.count': '2' },
        { 'orders.region': 'Asia', 'orders.count': '3' },
      ]),
      new Map([
        ['orders.region', 'Region'],
        ['orders.count', 'Orders'],
      ]),
      'Orders by Region',
    );
    const drawn = drawnRows(result, 2);
    expect(drawn.undrawn).toBe(1);
    expect(drawn.result.rows).toHaveLength(2);
    const short = drawn.result.rows[0]![0] as string;
    expect(short).toHaveLength(MAX_VALUE);
    expect(drawn.whole.get(short)).toBe(huge);
    // The answer itself is left as it came.
    expect(result.rows[0]![0]).toBe(huge);
  });
});
