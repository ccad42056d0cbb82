import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
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

  it('is idempotent and order-free for any permutation (property)', () => {
    const member = fc.constantFrom('o.a', 'o.b', 'o.c', 'o.d', 'p.e');
    fc.assert(
      fc.property(fc.uniqueArray(member, { minLength: 1 }), fc.array(member), fc.nat(1000), (measures, dims, seed) => {
        const filters: QueryFilter[] = dims.map((d, i) => ({
          member: d,
          operator: 'equals',
          values: [`v${i}`, `w${i}`],
        }));
        const q = { measures, dimensions: dims, filters };
        const p = {
          measures: shuffle(measures, seed),
          dimensions: shuffle(dims, seed + 1),
          filters: shuffle(filters, seed + 2),
        };
        expect(canonicalQuery(p)).toEqual(canonicalQuery(q));
        expect(canonicalQuery(canonicalQuery(q))).toEqual(canonicalQuery(q));
      }),
    );
  });

  it('separates scopes and meta from loads', () => {
    const q = { measures: ['o.a'] };
    expect(semanticQueryKey(q, 'erin')).not.toEqual(semanticQueryKey(q, 'elias'));
    expect(semanticMetaKey('erin')).not.toEqual(semanticMetaKey('elias'));
  });
});
