import { describe, expect, it } from 'vitest';
import {
  EMPTY_EXPLORE,
  exploreQuery,
  MAX_EXPLORE_FILTERS,
  parseExplore,
  serializeExplore,
  type ExploreState,
} from '../../../src/protocol/explore';
import type { MetaResponse } from '../../../src/protocol/semantic/meta';

const meta: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [
        { name: 'orders.revenue', title: 'Revenue', type: 'number' },
        { name: 'orders.secret', title: 'Secret', type: 'number', isVisible: false },
      ],
      dimensions: [
        { name: 'orders.region', title: 'Region', type: 'string' },
        { name: 'orders.amount', title: 'Amount', type: 'number' },
        { name: 'orders.paid', title: 'Paid', type: 'boolean' },
        { name: 'orders.createdAt', title: 'Created at', type: 'time' },
      ],
    },
  ],
};

/** What a hostile link carries: any JSON, base64url'd as `serializeExplore` does. */
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const full: ExploreState = {
  measures: ['orders.revenue'],
  dimensions: ['orders.region'],
  time: { dimension: 'orders.createdAt', granularity: 'month', dateRange: 'last year' },
  filters: [
    { member: 'orders.region', operator: 'equals', values: ['Europe', 'Zürich "quoted" \'; DROP TABLE'] },
    { member: 'orders.amount', operator: 'gte', values: ['10'] },
    { member: 'orders.paid', operator: 'equals', values: ['true'] },
    { member: 'orders.createdAt', operator: 'inDateRange', values: ['2024-01-01', '2024-03-31'] },
  ],
  order: [['orders.revenue', 'desc']],
  limit: 500,
  view: 'bar',
};

describe('serializeExplore / parseExplore', () => {
  it('round-trips a whole state through a URL-safe string', () => {
    const text = serializeExplore(full);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseExplore(text, meta)).toEqual({ state: full });
  });

  it('round-trips the empty state', () => {
    expect(parseExplore(serializeExplore(EMPTY_EXPLORE), meta)).toEqual({ state: EMPTY_EXPLORE });
  });

  it('keeps values as the query JSON values, never code', () => {
    const query = exploreQuery(full);
    expect(query.filters?.[0]).toEqual({
      member: 'orders.region',
      operator: 'equals',
      values: ['Europe', 'Zürich "quoted" \'; DROP TABLE'],
    });
    expect(query.timeDimensions).toEqual([
      { dimension: 'orders.createdAt', granularity: 'month', dateRange: 'last year' },
    ]);
    expect(query.order).toEqual([['orders.revenue', 'desc']]);
  });

  it('names an unknown member and keeps the valid rest', () => {
    const { state, error } = parseExplore(encode({ m: ['orders.revenue', 'orders.nope'], d: ['orders.region'] }), meta);
    expect(state.measures).toEqual(['orders.revenue']);
    expect(state.dimensions).toEqual(['orders.region']);
    expect(error?.name).toBe('ExploreParseError');
    expect(error?.problems).toEqual([expect.objectContaining({ code: 'unknown-member', member: 'orders.nope' })]);
    expect(error?.message).toContain('orders.nope');
  });

  it('drops members the user cannot see, and members of the wrong kind', () => {
    const { state, error } = parseExplore(
      encode({ m: ['orders.secret', 'orders.region'], d: ['orders.revenue'], t: { d: 'orders.region' } }),
      meta,
    );
    expect(state).toEqual(EMPTY_EXPLORE);
    expect(error?.problems.map((p) => p.code)).toEqual(['hidden-member', 'wrong-kind', 'wrong-kind', 'wrong-kind']);
  });

  it('refuses operators a member type does not take, and bad values', () => {
    const { state, error } = parseExplore(
      encode({
        f: [
          ['orders.amount', 'contains', ['1']],
          ['orders.region', 'gt', ['a']],
          ['orders.amount', 'gt', ['1; DROP']],
          ['orders.paid', 'equals', ['yes']],
          ['orders.createdAt', 'inDateRange', ['2024-01-01']],
          ['orders.region', 'equals', ['x'.repeat(201)]],
          ['orders.region', 'equals', [{ toString: 1 }]],
          ['orders.region', 'set', []],
        ],
      }),
      meta,
    );
    expect(state.filters).toEqual([{ member: 'orders.region', operator: 'set', values: [] }]);
    expect(error?.problems.map((p) => p.code)).toEqual([
      'bad-operator',
      'bad-operator',
      'bad-values',
      'bad-values',
      'bad-values',
      'bad-values',
      'bad-values',
    ]);
  });

  it('keeps at most the allowed number of filters, and says so', () => {
    const many = Array.from({ length: 60 }, () => ['orders.region', 'equals', ['Europe']]);
    const { state, error } = parseExplore(encode({ f: many }), meta);
    expect(state.filters).toHaveLength(MAX_EXPLORE_FILTERS);
    expect(error?.problems).toEqual([expect.objectContaining({ code: 'too-many', path: 'f' })]);
  });

  it('leaves __proto__ keys inert', () => {
    const text = encode({ __proto__: { polluted: true }, m: ['__proto__', 'orders.revenue'], constructor: 1 });
    const { state, error } = parseExplore(text, meta);
    expect(state.measures).toEqual(['orders.revenue']);
    expect(error?.problems).toEqual([expect.objectContaining({ code: 'unknown-member', member: '__proto__' })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
  });

  it('refuses unreadable, oversized and non-object text with one typed error', () => {
    for (const text of ['%%%', encode([1, 2]), encode('x'), 'A'.repeat(20_000), encode(null)]) {
      const { state, error } = parseExplore(text, meta);
      expect(state).toEqual(EMPTY_EXPLORE);
      expect(error?.problems).toHaveLength(1);
    }
  });

  it('drops an order by a member not in the query, a bad limit and an unknown view', () => {
    const { state, error } = parseExplore(
      encode({
        m: ['orders.revenue'],
        o: [
          ['orders.region', 'asc'],
          ['orders.revenue', 'up'],
        ],
        l: 1e9,
        v: 'pie',
      }),
      meta,
    );
    expect(state).toEqual({ ...EMPTY_EXPLORE, measures: ['orders.revenue'] });
    expect(error?.problems.map((p) => p.path)).toEqual(['o[0][0]', 'o[1]', 'l', 'v']);
  });
});

describe('parseExplore messages', () => {
  it('never speak in paths ("d[0]", "f[2]"): members by name, parts in words; bad values say why', () => {
    const { error } = parseExplore(
      encode({
        m: ['orders.region', 7],
        d: 'orders.region',
        f: [['orders.amount', 'gte', ['ten']], ['orders.region', 'equals', [1]], 'nope', ['orders.nope', 'equals', []]],
        o: [['orders.paid', 'asc'], 'x'],
        t: 5,
      }),
      meta,
    );
    const messages = error!.problems.map((problem) => problem.message);
    expect(messages).toEqual([
      '"orders.region" is not a measure',
      'a measure is not named',
      'the dimensions could not be read',
      'the time dimension could not be read',
      'the filter on "orders.amount": expected numbers',
      'the filter on "orders.region": its values must be text',
      'a filter could not be read',
      'unknown member "orders.nope"',
      'cannot sort by "orders.paid": not in the query',
      'a sort could not be read',
    ]);
    for (const message of messages) expect(message).not.toMatch(/[mdfot]\[\d|^\w\.?\w?:/);
    // Where each one is stays in `path`, for code.
    expect(error!.problems.map((problem) => problem.path)).toContain('f[0][2]');
    expect(error!.problems.find((problem) => problem.code === 'bad-values')!.reason).toBe('expected numbers');
  });
});
