import { describe, expect, it } from 'vitest';
import { exploreQuery, exploreStateFromQuery, MAX_EXPLORE_MEMBERS } from '../../../src/protocol/explore';
import type { SemanticQuery } from '../../../src/protocol';

describe('exploreStateFromQuery', () => {
  it('opens a drilled query as the explorer state that asks the same question', () => {
    const query: SemanticQuery = {
      measures: ['orders.revenue'],
      dimensions: ['orders.country'],
      timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: 'last year' }],
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
        { and: [{ member: 'orders.revenue', operator: 'gte', values: [100] }] },
      ],
      order: { 'orders.revenue': 'desc' },
      limit: 500,
    };
    const state = exploreStateFromQuery(query, 'bar');
    expect(state).toEqual({
      measures: ['orders.revenue'],
      dimensions: ['orders.country'],
      time: { dimension: 'orders.createdAt', granularity: 'month', dateRange: 'last year' },
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
        { member: 'orders.revenue', operator: 'gte', values: ['100'] },
      ],
      order: [['orders.revenue', 'desc']],
      limit: 500,
      view: 'bar',
    });
    expect(exploreQuery(state)).toEqual({
      ...query,
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
        { member: 'orders.revenue', operator: 'gte', values: ['100'] },
      ],
      order: [['orders.revenue', 'desc']],
    });
  });

  it('leaves out what the explorer cannot show instead of changing the question', () => {
    const state = exploreStateFromQuery({
      measures: ['orders.count'],
      segments: ['orders.big'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'day' },
        { dimension: 'orders.shippedAt', dateRange: ['2024-01-01', '2024-01-31'] },
      ],
      filters: [
        { or: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }] },
        { member: 'orders.region', operator: 'equals', values: [{} as unknown as string] },
      ],
      order: [['orders.region', 'asc']],
      offset: 20,
    });
    expect(state).toEqual({
      measures: ['orders.count'],
      dimensions: [],
      time: { dimension: 'orders.createdAt', granularity: 'day' },
      filters: [{ member: 'orders.shippedAt', operator: 'inDateRange', values: ['2024-01-01', '2024-01-31'] }],
      order: [],
      view: 'auto',
    });
  });

  it('survives hostile input: wrong shapes, huge lists, bad limits and views', () => {
    const hostile = {
      measures: 'orders.count',
      dimensions: Array.from({ length: 500 }, (_, i) => `orders.d${i}`),
      timeDimensions: [null, { dimension: 7 }],
      filters: [{ member: 'orders.x', operator: 'drop table', values: ['1'] }, 'x', null],
      order: 'orders.d0',
      limit: 1e9,
    } as unknown as SemanticQuery;
    const state = exploreStateFromQuery(hostile, 'pie' as never);
    expect(state.measures).toEqual([]);
    expect(state.dimensions).toHaveLength(MAX_EXPLORE_MEMBERS);
    expect(state.time).toBeUndefined();
    expect(state.filters).toEqual([]);
    expect(state.order).toEqual([]);
    expect(state.limit).toBeUndefined();
    expect(state.view).toBe('auto');
    expect(exploreStateFromQuery(null as unknown as SemanticQuery).measures).toEqual([]);
  });
});
