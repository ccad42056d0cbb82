// The semantic model the mock's data API serves: one `orders` cube over the fixture's
// orders table, the same rows the agent's SQL and the embed pages read. It is the model of
// test/mock/differential/server/model/orders.yml, and `/meta` describes it as the current
// server does (see docs/mock-and-testing.md, "Against the real service").
import type { DimensionMeta, MeasureMeta, MetaResponse } from '../../protocol';
import type { FixtureTable, MockFixture } from '../fixture';

/** One row of the orders table as the data API computes with it. */
export interface ModelRow {
  /** The table row it comes from (row-level security selects these). */
  source: readonly (string | number)[];
  /** The primary key (`orders.id`): the row's place in the table, from 1. */
  id: number;
  /** String dimensions by member name. */
  strings: Map<string, string>;
  /** When the order was placed, ms since the epoch (UTC, as a `timestamp` column holds it). */
  time: number;
  /** Revenue in whole cents: sums of it are exact, as a database's decimal sums are. */
  cents: number;
  orders: number;
}

/**
 * How a measure's values are written in an answer, as the server's database gives them: a
 * sum of integers as integer text (`"1279"`), a sum of a two-decimal column as text with two
 * decimals (`"62125.50"`), a ratio computed in double precision as a JSON number at full
 * precision (`1361.4597477477478`).
 */
export type AnswerKind = 'integer' | 'cents' | 'float';

/** How a measure's value comes from its rows. */
export interface ModelMeasure {
  meta: MeasureMeta;
  /**
   * The value over a group of rows, as a number (for cents: the whole cents), or `undefined`
   * for SQL's NULL (a sum over no rows, a ratio over no orders): answered as `null`.
   */
  value(rows: readonly ModelRow[]): number | undefined;
  answer: AnswerKind;
}

/** A dimension: its `/meta` entry and how a row's value is read. */
export interface ModelDimension {
  meta: DimensionMeta;
  /** The row's value (a time: ms of its instant). */
  value(row: ModelRow): string | number | undefined;
  /** Hidden (`public: false`): left out of `/meta` and of answers' annotations. */
  hidden?: boolean;
}

/** The data API's model: members by name, and the rows. */
export interface DataModel {
  /** `/meta`: what the model shows (hidden members left out). */
  meta: MetaResponse;
  measures: Map<string, ModelMeasure>;
  /** Every dimension, hidden ones (the primary key) included. */
  dimensions: Map<string, ModelDimension>;
  /** The cube's primary key members. */
  primaryKeys: string[];
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

/** What every member of the current server's `/meta` carries about its visibility. */
const visible = { isVisible: true, public: true } as const;
/** A measure's drill members, in `/meta` and in annotations: this model names none. */
export const NO_DRILL_MEMBERS = {
  drillMembers: [] as string[],
  drillMembersGrouped: { measures: [] as string[], dimensions: [] as string[] },
};
/** A measure's parts that this model leaves at the server's defaults. */
const measureDefaults = { cumulativeTotal: false, cumulative: false, ...NO_DRILL_MEMBERS, ...visible };

const cache = new WeakMap<MockFixture, DataModel | null>();

/**
 * The model of a fixture: built once per fixture, or `null` when the fixture has no orders
 * table with the columns the model needs (a custom fixture: `/meta` then lists no cube).
 * Titles follow the server's rule: a member's title is the cube's title then its short title.
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
  const cubeTitle = table.title ?? 'Orders';
  const titled = (shortTitle: string) => ({ title: `${cubeTitle} ${shortTitle}`, shortTitle });
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
      id: i + 1,
      strings,
      time: Date.UTC(y, m - 1, 1 + ((i * 7) % days)),
      cents: Math.round(Number(row[revenue]) * 100),
      orders: Number(row[orders]),
    };
  });
  // SUM over no rows is NULL; a ratio over no orders is NULL too (NULLIF in the model's SQL).
  const total = (group: readonly ModelRow[], pick: (row: ModelRow) => number) =>
    group.length ? sum(group, pick) : undefined;
  const measureList: ModelMeasure[] = [
    {
      meta: {
        name: `${CUBE}.revenue`,
        ...titled('Revenue'),
        format: 'currency',
        currency: 'USD',
        type: 'number',
        aggType: 'sum',
        ...measureDefaults,
      },
      value: (group) => total(group, (r) => r.cents),
      answer: 'cents',
    },
    {
      // Orders, summed over lines (each line of the table holds several): a `sum`.
      meta: { name: `${CUBE}.count`, ...titled('Orders'), type: 'number', aggType: 'sum', ...measureDefaults },
      value: (group) => total(group, (r) => r.orders),
      answer: 'integer',
    },
    {
      meta: {
        name: `${CUBE}.averageOrderValue`,
        ...titled('Average order value'),
        format: 'currency',
        currency: 'USD',
        type: 'number',
        aggType: 'number',
        ...measureDefaults,
      },
      // In double precision from the exact sums, as the model's SQL does: the same number.
      value: (group) => {
        const count = sum(group, (r) => r.orders);
        return count ? sum(group, (r) => r.cents) / 100 / count : undefined;
      },
      answer: 'float',
    },
    {
      // A percent measure: a fraction (0.25 reads "25%"), as the platform's `percent` format
      // means it (its docs define such measures as `1.0 * part / whole`).
      meta: {
        name: `${CUBE}.largeOrderShare`,
        ...titled('Large order share'),
        description: 'Orders in lines of 30 or more, as a share of all orders',
        format: 'percent',
        type: 'number',
        aggType: 'number',
        ...measureDefaults,
      },
      value: (group) => {
        const count = sum(group, (r) => r.orders);
        return count ? sum(group, (r) => (r.orders >= LARGE ? r.orders : 0)) / count : undefined;
      },
      answer: 'float',
    },
  ];
  const time = `${CUBE}.createdAt`;
  const dimension = (meta: Omit<DimensionMeta, 'suggestFilterValues' | 'primaryKey'>): DimensionMeta => ({
    ...meta,
    suggestFilterValues: true,
    ...visible,
    primaryKey: false,
  });
  const dimensionList: ModelDimension[] = [
    {
      // The primary key, hidden as a primary key is unless the model shows it.
      meta: {
        name: `${CUBE}.id`,
        ...titled('ID'),
        type: 'number',
        suggestFilterValues: true,
        isVisible: false,
        public: false,
        primaryKey: true,
      },
      value: (row) => row.id,
      hidden: true,
    },
    ...STRING_DIMENSIONS.map(({ column, title }) => ({
      meta: dimension({ name: `${CUBE}.${column}`, ...titled(title), type: 'string' }),
      value: (row: ModelRow) => row.strings.get(`${CUBE}.${column}`),
    })),
    { meta: dimension({ name: time, ...titled('Created at'), type: 'time' }), value: (row) => row.time },
  ];
  const model: DataModel = {
    meta: {
      cubes: [
        {
          name: CUBE,
          title: cubeTitle,
          type: 'cube',
          ...visible,
          measures: measureList.map((m) => m.meta),
          dimensions: dimensionList.filter((d) => !d.hidden).map((d) => d.meta),
          segments: [],
        },
      ],
    },
    measures: new Map(measureList.map((m) => [m.meta.name, m])),
    dimensions: new Map(dimensionList.map((d) => [d.meta.name, d])),
    primaryKeys: dimensionList.filter((d) => d.meta.primaryKey).map((d) => d.meta.name),
    time,
    rows,
    table,
  };
  cache.set(fixture, model);
  return model;
}
