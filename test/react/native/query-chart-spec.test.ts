import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../src/protocol';
import { prepareChartSpec } from '../../../src/react/charts/agent-spec/allow-list';
import { chartSpec, fieldRef, planChart } from '../../../src/react/native/query-chart-spec';

const time = (granularity: 'day' | 'month' = 'month') => ({ dimension: 'orders.createdAt', granularity });

describe('planChart: the chart from the query’s shape', () => {
  const cases: [string, SemanticQuery, string][] = [
    ['a time dimension → line', { measures: ['orders.revenue'], timeDimensions: [time()] }, 'line'],
    [
      'time and a dimension → a line per value',
      { measures: ['orders.revenue'], dimensions: ['orders.region'], timeDimensions: [time()] },
      'line',
    ],
    ['one dimension → bars', { measures: ['orders.revenue'], dimensions: ['orders.region'] }, 'bar'],
    [
      'one dimension, two measures → grouped bars',
      { measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.region'] },
      'grouped-bar',
    ],
    [
      'two dimensions → stacked bars',
      { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] },
      'stacked-bar',
    ],
    ['one measure and nothing else → the number', { measures: ['orders.revenue'] }, 'number'],
    ['no measure → the table', { dimensions: ['orders.region'] }, 'table'],
    [
      'three dimensions → the table',
      { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category', 'orders.country'] },
      'table',
    ],
    [
      'a date range without granularity is a filter, not an axis',
      { measures: ['orders.revenue'], timeDimensions: [{ dimension: 'orders.createdAt', dateRange: 'this year' }] },
      'number',
    ],
  ];
  it.each(cases)('%s', (_name, query, kind) => expect(planChart(query).kind).toBe(kind));

  it('keeps the host’s order of dimensions: the first runs along the axis', () => {
    const plan = planChart({ measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] });
    expect(plan.along?.member).toBe('orders.region');
    expect(plan.series?.member).toBe('orders.category');
  });

  it('takes a forced kind only when the columns can draw it', () => {
    const bars = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
    expect(planChart(bars, { kind: 'line' }).kind).toBe('line');
    expect(planChart(bars, { kind: 'stacked-bar' }).kind).toBe('bar');
    expect(planChart({ measures: ['orders.revenue'] }, { kind: 'bar' }).kind).toBe('number');
    expect(planChart(bars, { kind: 'table' }).kind).toBe('table');
    const two = { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] };
    expect(planChart(two, { stack: false }).kind).toBe('grouped-bar');
  });
});

describe('chartSpec', () => {
  const fold = { measure: 'Measure', value: 'Value' };
  const names = new Map([
    ['orders.revenue', 'Revenue'],
    ['orders.count', 'Orders'],
    ['orders.region', 'Region'],
    ['orders.category', 'Avg. category [x]'],
    ['orders.createdAt.month', 'Created at'],
  ]);
  const queries: SemanticQuery[] = [
    { measures: ['orders.revenue'], timeDimensions: [time()] },
    { measures: ['orders.revenue'], dimensions: ['orders.region'] },
    { measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.region'] },
    { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] },
    { measures: ['orders.revenue'], dimensions: ['orders.region', 'orders.category'] },
  ];

  it('every spec it builds passes the agent-spec allow-list unchanged in meaning', () => {
    for (const [i, query] of queries.entries()) {
      const plan = planChart(query, { stack: i !== 4 });
      const spec = chartSpec(plan, names, query, { height: 260, fold })!;
      const checked = prepareChartSpec(spec);
      expect(checked.ok, JSON.stringify(checked)).toBe(true);
    }
  });

  it('escapes dots and brackets in field names (a title is no path into the row)', () => {
    expect(fieldRef('Avg. category [x]')).toBe('Avg\\. category \\[x\\]');
    const query = queries[3]!;
    const spec = chartSpec(planChart(query), names, query, { height: 260, fold }) as {
      encoding: { color: { field: string } };
    };
    expect(spec.encoding.color.field).toBe('Avg\\. category \\[x\\]');
  });

  it('sorts bars by the measure unless the query has an order; time keeps its order', () => {
    const bars = (query: SemanticQuery) =>
      (chartSpec(planChart(query), names, query, { height: 200, fold }) as { encoding: { x: { sort: unknown } } })
        .encoding.x.sort;
    expect(bars(queries[1]!)).toBe('-y');
    expect(bars({ ...queries[1]!, order: { 'orders.region': 'asc' } })).toBeNull();
    const monthly = { measures: ['orders.revenue'], timeDimensions: [time()] };
    expect(
      (
        chartSpec(planChart(monthly, { kind: 'bar' }), names, monthly, { height: 200, fold }) as {
          encoding: { x: { sort: unknown; type: string } };
        }
      ).encoding.x,
    ).toMatchObject({ sort: null, type: 'ordinal' });
  });

  it('folds several measures into series', () => {
    const query = queries[2]!;
    const spec = chartSpec(planChart(query), names, query, { height: 200, fold }) as {
      transform: unknown[];
      encoding: Record<string, { field: string }>;
    };
    expect(spec.transform).toEqual([{ fold: ['Revenue', 'Orders'], as: ['Measure', 'Value'] }]);
    expect(spec.encoding.y!.field).toBe('Value');
    expect(spec.encoding.xOffset!.field).toBe('Measure');
  });
});
