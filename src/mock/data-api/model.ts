// The semantic model the mock's data API serves: one `orders` cube over the fixture's
// orders table, the same rows the agent's SQL and the embed pages read.
import type { DimensionMeta, MeasureMeta, MetaResponse } from '../../protocol';
import type { FixtureTable, MockFixture } from '../fixture';

/** One row of the orders table as the data API computes with it. */
export interface ModelRow {
  /** The table row it comes from (row-level security selects these). */
  source: readonly (string | number)[];
  /** String dimensions by member name. */
  strings: Map<string, string>;
  /** Wall-clock time of the order, ms of a UTC Date. */
  time: number;
  revenue: number;
  orders: number;
}

/** How a measure's value comes from its rows. */
export interface ModelMeasure {
  meta: MeasureMeta;
  /** The value over a group of rows (`undefined` for none: answered as `null`). */
  value(rows: readonly ModelRow[]): number | undefined;
  /** Whole numbers are answered as integers, the rest with {@link ModelMeasure.decimals} decimals. */
  integer: boolean;
  /** Decimals a value is answered with when not an integer. Default 2 (cents). */
  decimals?: number;
}

/** The data API's model: members by name, and the rows. */
export interface DataModel {
  meta: MetaResponse;
  measures: Map<string, ModelMeasure>;
  dimensions: Map<string, DimensionMeta>;
  /** The time dimension's name. */
  time: string;
  /** Rows in table order. */
  rows: ModelRow[];
  table: FixtureTable;
}

/** Orders in a line from which it counts as large (`orders.largeOrderShare`). */
const LARGE = 30;

/** The cube's name in member names (`orders.revenue`). */
export const CUBE = 'orders';

const sum = (rows: readonly ModelRow[], pick: (row: ModelRow) => number) => {
  let total = 0;
  for (const row of rows) total += pick(row);
  return total;
};

const STRING_DIMENSIONS = [
  { column: 'region', title: 'Region' },
  { column: 'country', title: 'Country' },
  { column: 'category', title: 'Product category' },
  { column: 'customer', title: 'Customer' },
] as const;

const cache = new WeakMap<MockFixture, DataModel | null>();

/**
 * The model of a fixture: built once per fixture, or `null` when the fixture has no orders
 * table with the columns the model needs (a custom fixture: `/meta` then lists no cube).
 */
export function dataModel(fixture: MockFixture): DataModel | null {
  if (cache.has(fixture)) return cache.get(fixture)!;
  const table = fixture.dataset.tables.find((t) => t.name === CUBE);
  const index = (name: string) => table?.columns.findIndex((c) => c.name === name) ?? -1;
  const needed = ['month', 'revenue', 'orders', ...STRING_DIMENSIONS.map((d) => d.column)];
  if (!table || needed.some((name) => index(name) === -1)) {
    cache.set(fixture, null);
    return null;
  }
  const [month, revenue, orders] = [index('month'), index('revenue'), index('orders')];
  const rows = table.rows.map((row, i): ModelRow => {
    // The table has months; the model spreads each month's orders over its days, the same
    // way everywhere, so day and week granularities have something to show.
    const [y, m] = String(row[month]).split('-').map(Number) as [number, number];
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const strings = new Map<string, string>();
    for (const { column } of STRING_DIMENSIONS) strings.set(`${CUBE}.${column}`, String(row[index(column)]));
    return {
      source: row,
      strings,
      time: Date.UTC(y, m - 1, 1 + ((i * 7) % days)),
      revenue: Number(row[revenue]),
      orders: Number(row[orders]),
    };
  });
  const measureList: ModelMeasure[] = [
    {
      meta: {
        name: `${CUBE}.revenue`,
        title: 'Orders Revenue',
        shortTitle: 'Revenue',
        type: 'number',
        aggType: 'sum',
        format: 'currency',
        currency: 'USD',
      },
      value: (group) => (group.length ? sum(group, (r) => r.revenue) : undefined),
      integer: false,
    },
    {
      meta: {
        name: `${CUBE}.count`,
        title: 'Orders Count',
        shortTitle: 'Orders',
        type: 'number',
        aggType: 'count',
        format: 'number',
      },
      value: (group) => sum(group, (r) => r.orders),
      integer: true,
    },
    {
      meta: {
        name: `${CUBE}.averageOrderValue`,
        title: 'Orders Average Order Value',
        shortTitle: 'Average order value',
        type: 'number',
        aggType: 'number',
        format: 'currency',
        currency: 'USD',
      },
      value: (group) => {
        const count = sum(group, (r) => r.orders);
        return count ? sum(group, (r) => r.revenue) / count : undefined;
      },
      integer: false,
    },
    {
      // A percent measure: a fraction (0.25 reads "25%"), as the platform's `percent` format
      // means it (its docs define such measures as `1.0 * part / whole`).
      meta: {
        name: `${CUBE}.largeOrderShare`,
        title: 'Orders Large Order Share',
        shortTitle: 'Large order share',
        description: 'Orders in lines of 30 or more, as a share of all orders',
        type: 'number',
        aggType: 'number',
        format: 'percent',
      },
      value: (group) => {
        const count = sum(group, (r) => r.orders);
        return count ? sum(group, (r) => (r.orders >= LARGE ? r.orders : 0)) / count : undefined;
      },
      integer: false,
      // A share to a hundredth of a percent.
      decimals: 4,
    },
  ];
  const time = `${CUBE}.createdAt`;
  const dimensionList: DimensionMeta[] = [
    ...STRING_DIMENSIONS.map(({ column, title }) => ({
      name: `${CUBE}.${column}`,
      title: `Orders ${title}`,
      shortTitle: title,
      type: 'string',
      suggestFilterValues: true,
    })),
    { name: time, title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
  ];
  const model: DataModel = {
    meta: {
      cubes: [
        {
          name: CUBE,
          title: table.title ?? 'Orders',
          type: 'cube',
          measures: measureList.map((m) => m.meta),
          dimensions: dimensionList,
          segments: [],
        },
      ],
    },
    measures: new Map(measureList.map((m) => [m.meta.name, m])),
    dimensions: new Map(dimensionList.map((d) => [d.name, d])),
    time,
    rows,
    table,
  };
  cache.set(fixture, model);
  return model;
}
