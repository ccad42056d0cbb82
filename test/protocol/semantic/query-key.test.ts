import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  effectiveOrder,
  semanticMetaKey,
  semanticQueryKey,
  type QueryFilter,
  type SemanticQuery,
} from '../../../src/protocol';

const shuffle = <T>(items: readonly T[], seed: number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = (seed * (i + 7)) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe('canonicalQuery', () => {
  it('makes member, filter, value and time-dimension order irrelevant', () => {
    const a: SemanticQuery = {
      measures: ['orders.revenue', 'orders.count'],
      dimensions: ['orders.region', 'orders.country'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-03-31'] },
        { dimension: 'orders.shippedAt' },
      ],
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe', 'Asia'] },
        {
          or: [
            { member: 'orders.country', operator: 'set' },
            { member: 'orders.revenue', operator: 'gt', values: ['10'] },
          ],
        },
      ],
    };
    const b: SemanticQuery = {
      filters: [
        {
          or: [
            { member: 'orders.revenue', operator: 'gt', values: [10] },
            { member: 'orders.country', operator: 'set' },
          ],
        },
        { values: ['Asia', 'Europe'], operator: 'equals', member: 'orders.region' } as QueryFilter,
      ],
      timeDimensions: [
        { dimension: 'orders.shippedAt' },
        { dateRange: ['2024-01-01', '2024-03-31'], granularity: 'month', dimension: 'orders.createdAt' },
      ],
      dimensions: ['orders.country', 'orders.region', 'orders.country'],
      measures: ['orders.count', 'orders.revenue'],
    };
    expect(canonicalQuery(a)).toEqual(canonicalQuery(b));
    expect(JSON.stringify(semanticQueryKey(a))).toBe(JSON.stringify(semanticQueryKey(b)));
  });

  it('keeps what carries meaning: the order sequence, the ends of a date range, limits', () => {
    const base: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
    const byRevenue = canonicalQuery({
      ...base,
      order: [
        ['orders.revenue', 'desc'],
        ['orders.region', 'asc'],
      ],
    });
    const byRegion = canonicalQuery({
      ...base,
      order: [
        ['orders.region', 'asc'],
        ['orders.revenue', 'desc'],
      ],
    });
    expect(byRevenue).not.toEqual(byRegion);
    // Both order forms are one.
    expect(canonicalQuery({ ...base, order: { 'orders.revenue': 'desc', 'orders.region': 'asc' } })).toEqual(byRevenue);
    const range = (from: string, to: string): SemanticQuery => ({
      ...base,
      filters: [{ member: 'orders.createdAt', operator: 'inDateRange', values: [from, to] }],
    });
    expect(canonicalQuery(range('2024-01-01', '2024-02-01'))).not.toEqual(
      canonicalQuery(range('2024-02-01', '2024-01-01')),
    );
    expect(canonicalQuery({ ...base, limit: 10, offset: 10 })).not.toEqual(canonicalQuery({ ...base, limit: 10 }));
    expect(canonicalQuery({ ...base, total: true })).not.toEqual(canonicalQuery(base));
  });

  it('drops empty and undefined parts', () => {
    expect(canonicalQuery({ measures: ['a.b'], dimensions: [], filters: [], offset: 0, total: false })).toEqual({
      measures: ['a.b'],
    });
  });

  it('is idempotent and order-free for any permutation of a query with its own order (property)', () => {
    const member = fc.constantFrom('o.a', 'o.b', 'o.c', 'o.d', 'p.e');
    fc.assert(
      fc.property(fc.uniqueArray(member, { minLength: 1 }), fc.array(member), fc.nat(1000), (measures, dims, seed) => {
        const filters: QueryFilter[] = dims.map((d, i) => ({
          member: d,
          operator: 'equals',
          values: [`v${i}`, `w${i}`],
        }));
        const order: [string, 'desc'][] = [[measures[0]!, 'desc']];
        const q = { measures, dimensions: dims, filters, order };
        const p = {
          measures: shuffle(measures, seed),
          dimensions: shuffle(dims, seed + 1),
          filters: shuffle(filters, seed + 2),
          order,
        };
        expect(canonicalQuery(p)).toEqual(canonicalQuery(q));
        expect(canonicalQuery(canonicalQuery(q))).toEqual(canonicalQuery(q));
        // Without an order, the members' order still does not matter wherever the rows come
        // in the same order: the filters always, the dimensions after the first one.
        const own = { measures, dimensions: dims, filters };
        const same = {
          measures,
          dimensions: [...dims.slice(0, 1), ...shuffle(dims.slice(1), seed)],
          filters: shuffle(filters, seed),
        };
        expect(canonicalQuery(same)).toEqual(canonicalQuery(own));
        expect(canonicalQuery(canonicalQuery(own))).toEqual(canonicalQuery(own));
      }),
    );
  });

  it("writes out the data API's default order, which depends on which member came first", () => {
    // The data API sorts by the first time dimension with a granularity, else by the first
    // measure (with dimensions), else by the first dimension: sorting the members must not
    // change which that is.
    const byRevenue = { measures: ['o.revenue', 'o.count'], dimensions: ['o.country'] };
    const byCount = { measures: ['o.count', 'o.revenue'], dimensions: ['o.country'] };
    expect(canonicalQuery(byRevenue).order).toEqual([['o.revenue', 'desc']]);
    expect(canonicalQuery(byCount).order).toEqual([['o.count', 'desc']]);
    expect(semanticQueryKey(byRevenue)).not.toEqual(semanticQueryKey(byCount));
    expect(canonicalQuery({ ...byCount, order: { 'o.revenue': 'desc' } })).toEqual(canonicalQuery(byRevenue));
    expect(
      canonicalQuery({
        measures: ['o.count'],
        dimensions: ['o.country'],
        timeDimensions: [{ dimension: 'o.createdAt', granularity: 'month' }],
      }).order,
    ).toEqual([['o.createdAt', 'asc']]);
    expect(canonicalQuery({ dimensions: ['o.country', 'o.region'] }).order).toEqual([['o.country', 'asc']]);
    // One row (measures alone): no default to write. Ungrouped rows get the default, as the
    // server sorts them (test/mock/differential checks the mock does too).
    expect(canonicalQuery({ measures: ['o.count', 'o.revenue'] }).order).toBeUndefined();
    expect(canonicalQuery({ dimensions: ['o.country'], ungrouped: true }).order).toEqual([['o.country', 'asc']]);
    expect(effectiveOrder({ measures: ['o.count'], dimensions: ['o.country'], order: [['o.country', 'asc']] })).toEqual(
      [['o.country', 'asc']],
    );
  });

  it('separates scopes and meta from loads', () => {
    const q = { measures: ['o.a'] };
    expect(semanticQueryKey(q, 'erin')).not.toEqual(semanticQueryKey(q, 'elias'));
    expect(semanticMetaKey('erin')).not.toEqual(semanticMetaKey('elias'));
  });
});
