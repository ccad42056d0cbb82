import { describe, expect, it } from 'vitest';
import type { MetaResponse, SemanticQuery } from '../../../../src/protocol';
import {
  breakDownDimensions,
  breakDownQuery,
  bucketRange,
  datumQuery,
  groupedRowsQuery,
  primaryKeysOf,
  refusedForKeys,
  refusedHidden,
  ROW_DIMENSIONS_MAX,
  rowsQuery,
  zoomInQuery,
} from '../../../../src/react/native/drill/drill-queries';
import { nextRowsQuery } from '../../../../src/react/native/drill/use-rows-query';
import type { DrillDatum } from '../../../../src/react/native/drill/drill-types';

const BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const BY_MONTH: SemanticQuery = {
  measures: ['orders.revenue'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: 'this year' }],
};
const META: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [{ name: 'orders.revenue', title: 'Revenue', type: 'number' }],
      dimensions: [
        { name: 'orders.id', title: 'Id', type: 'number', primaryKey: true },
        { name: 'orders.region', title: 'Orders Region', shortTitle: 'Region', type: 'string' },
        { name: 'orders.country', title: 'Orders Country', shortTitle: 'Country', type: 'string' },
        { name: 'orders.createdAt', title: 'Created', type: 'time' },
      ],
    },
    {
      name: 'users',
      title: 'Users',
      measures: [],
      dimensions: [{ name: 'users.city', title: 'City', type: 'string' }],
    },
  ],
} as MetaResponse;

const region = (value: string | null): DrillDatum => ({
  query: BY_REGION,
  label: String(value),
  values: [{ member: 'orders.region', value }],
});

describe('bucketRange', () => {
  it('spans each granularity, both ends in', () => {
    expect(bucketRange('2024-01-01T00:00:00.000', 'year')).toEqual(['2024-01-01', '2024-12-31']);
    expect(bucketRange('2024-04-01T00:00:00.000', 'quarter')).toEqual(['2024-04-01', '2024-06-30']);
    expect(bucketRange('2024-02-01', 'month')).toEqual(['2024-02-01', '2024-02-29']);
    expect(bucketRange('2024-12-30', 'week')).toEqual(['2024-12-30', '2025-01-05']);
    expect(bucketRange('2024-03-05', 'day')).toEqual(['2024-03-05', '2024-03-05']);
  });
  it('refuses what is not a bucket start', () => {
    expect(bucketRange('2024-02-31', 'month')).toBeUndefined();
    expect(bucketRange("'; DROP TABLE orders; --", 'month')).toBeUndefined();
    expect(bucketRange(20240101, 'month')).toBeUndefined();
    expect(bucketRange('2024-01-01', 'hour')).toBeUndefined();
  });
});

describe('drilled queries', () => {
  it('a datum becomes equals filters on its member, added to the query’s own', () => {
    const query = datumQuery(
      { ...BY_REGION, filters: [{ member: 'orders.status', operator: 'equals', values: ['paid'] }] },
      region('Europe'),
    );
    expect(query.filters).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['paid'] },
      { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    ]);
    expect(datumQuery(BY_REGION, region(null)).filters).toEqual([{ member: 'orders.region', operator: 'notSet' }]);
  });

  it('hostile values stay filter values, never members or keys', () => {
    for (const value of ["'; DROP TABLE orders; --", '__proto__', 'constructor']) {
      const query = breakDownQuery(BY_REGION, region(value), 'orders.country');
      expect(query.dimensions).toEqual(['orders.country']);
      expect(query.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: [value] }]);
      expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    }
  });

  it('break down drops the time grouping but keeps the bucket as a range', () => {
    const datum: DrillDatum = {
      query: BY_MONTH,
      label: 'Mar 2024',
      values: [{ member: 'orders.createdAt', value: '2024-03-01T00:00:00.000', granularity: 'month' }],
    };
    expect(breakDownQuery(BY_MONTH, datum, 'orders.region')).toEqual({
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.createdAt', dateRange: ['2024-03-01', '2024-03-31'] }],
    });
  });

  it('zoom in goes one granularity finer over the bucket; nothing to zoom without a bucket', () => {
    const datum: DrillDatum = {
      query: BY_MONTH,
      label: 'Mar 2024',
      values: [{ member: 'orders.createdAt', value: '2024-03-01T00:00:00.000', granularity: 'month' }],
    };
    expect(zoomInQuery(BY_MONTH, datum)?.timeDimensions).toEqual([
      { dimension: 'orders.createdAt', granularity: 'week', dateRange: ['2024-03-01', '2024-03-31'] },
    ]);
    expect(zoomInQuery(BY_REGION, region('Europe'))).toBeUndefined();
    const day = { ...datum, values: [{ ...datum.values[0]!, granularity: 'day' as const }] };
    expect(zoomInQuery(BY_MONTH, day)).toBeUndefined();
  });

  it('see the rows is ungrouped, without measures, with the datum as a filter', () => {
    const query = rowsQuery({ ...BY_REGION, limit: 10, order: [['orders.revenue', 'desc']] }, region('Europe'), META);
    expect(query).toEqual({
      dimensions: ['orders.region', 'orders.id', 'orders.country'],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
      ungrouped: true,
    });
  });

  it('breaks down by the query’s cubes’ other dimensions (no keys, no time, no other cube)', () => {
    expect(breakDownDimensions(META, BY_REGION)).toEqual([{ name: 'orders.country', title: 'Country' }]);
    expect(breakDownDimensions(undefined, BY_REGION)).toEqual([]);
  });
});

describe('see the rows on any server', () => {
  const REFUSED =
    "Ungrouped query requires primary keys to be present in dimensions: 'orders.id'. Pass allowUngroupedWithoutPrimaryKey option to disable this check.";
  const rows = rowsQuery(BY_REGION, region('Europe'), META);

  it('asks with the primary keys the meta names, a hidden one too, always within the columns', () => {
    const hidden: MetaResponse = {
      cubes: [
        {
          ...META.cubes[0]!,
          dimensions: [
            ...META.cubes[0]!.dimensions.slice(1),
            ...Array.from({ length: 10 }, (_, i) => ({ name: `orders.d${i}`, title: `D${i}`, type: 'string' })),
            { name: 'orders.secret', title: 'Secret', type: 'string', isVisible: false },
            { name: 'orders.key', title: 'Key', type: 'number', primaryKey: true, isVisible: false },
          ],
        },
      ],
    };
    const query = rowsQuery(BY_REGION, region('Europe'), hidden);
    expect(query.dimensions!.slice(0, 2)).toEqual(['orders.region', 'orders.key']);
    expect(query.dimensions).toHaveLength(ROW_DIMENSIONS_MAX);
    expect(query.dimensions).not.toContain('orders.secret');
    expect(primaryKeysOf(hidden, BY_REGION)).toEqual(['orders.key']);
    expect(rowsQuery(BY_REGION, region('Europe'), undefined, ['orders.id']).dimensions).toEqual([
      'orders.region',
      'orders.id',
    ]);
  });

  it('reads the keys a refusal names, of the query’s cubes only', () => {
    expect(refusedForKeys(REFUSED, rows)).toEqual(['orders.id']);
    expect(refusedForKeys("Ungrouped query requires primary keys: 'users.id', 'orders.id', 'orders.id'", rows)).toEqual(
      ['orders.id'],
    );
    expect(refusedForKeys("'nope' not found for path 'orders.nope'", rows)).toBeUndefined();
    expect(refusedHidden("Error: You requested hidden member: 'orders__id'. Please make it visible")).toBe(true);
  });

  it('asks again with a named key the meta shows; grouped otherwise (a hidden key, none named, asked already)', () => {
    // The meta shows orders.country (as a server before 1.0 sends no primaryKey flag): named, it is asked.
    const bare = rowsQuery(BY_REGION, region('Europe'), undefined);
    const again = nextRowsQuery(
      bare,
      "Ungrouped query requires primary keys to be present in dimensions: 'orders.country'.",
      META,
    );
    expect(again).toEqual({ query: { ...bare, dimensions: ['orders.region', 'orders.country'] }, grouped: false });
    // orders.id is not in this meta as a visible member: grouped, without the keys.
    const grouped = nextRowsQuery(rows, REFUSED, {
      cubes: [{ ...META.cubes[0]!, dimensions: META.cubes[0]!.dimensions.slice(1) }],
    });
    expect(grouped).toEqual({ query: groupedRowsQuery(rows, ['orders.id']), grouped: true });
    expect(grouped!.query.ungrouped).toBeUndefined();
    expect(grouped!.query.dimensions).not.toContain('orders.id');
    expect(nextRowsQuery(rows, "Error: You requested hidden member: 'orders__id'.", META)?.grouped).toBe(true);
    expect(
      nextRowsQuery(
        { ...rows, dimensions: [...rows.dimensions!, 'orders.country'] },
        "requires primary keys for ungrouped: 'orders.country'",
        META,
      )?.grouped,
    ).toBe(true);
    expect(nextRowsQuery(rows, 'The data source is unavailable', META)).toBeUndefined();
  });
});
