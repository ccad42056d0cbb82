import { describe, expect, it } from 'vitest';
import type { MetaResponse } from '../../../src/protocol';
import { MAX_TRANSLATED_SQL_LENGTH, sqlToSemanticQuery } from '../../../src/protocol/semantic/sql-query';
import { dataModel } from '../../../src/mock/data-api/model';
import { toSql } from '../../../src/mock/dataset';
import { defaultFixture } from '../../../src/mock/fixture';

// The mock's data model: one `orders` cube (revenue and count: sums, two `number` measures;
// region, country, category, customer; createdAt, a time).
const meta: MetaResponse = dataModel(defaultFixture())!.meta;

/** The translation without its selected columns (tested apart, below). */
const translate = (sql: string) => {
  const out = sqlToSemanticQuery(sql, meta);
  return out.ok ? { ok: out.ok, cube: out.cube, query: out.query } : out;
};
const wide = (sql: string) => sqlToSemanticQuery(sql, meta, { sqlApi: true });
const refusal = (sql: string) => {
  const out = translate(sql);
  return out.ok ? 'translated' : out.refusal;
};

describe('sqlToSemanticQuery', () => {
  it('reads the mock agent’s shape, with its WHERE equalities as equals filters', () => {
    const sql = toSql({
      table: 'orders',
      dimension: 'region',
      measure: 'revenue',
      aggregate: 'SUM',
      orderBy: 'measure',
      direction: 'DESC',
      limit: 5,
      where: { column: 'category', value: 'Software' },
      and: [{ column: 'country', value: 'Germany' }],
    });
    expect(sql).toBe(
      "SELECT region, SUM(revenue) AS revenue FROM orders WHERE category = 'Software' AND country = 'Germany' GROUP BY region ORDER BY revenue DESC LIMIT 5",
    );
    expect(translate(sql)).toEqual({
      ok: true,
      cube: 'orders',
      query: {
        measures: ['orders.revenue'],
        dimensions: ['orders.region'],
        filters: [
          { member: 'orders.category', operator: 'equals', values: ['Software'] },
          { member: 'orders.country', operator: 'equals', values: ['Germany'] },
        ],
        order: [['orders.revenue', 'desc']],
        limit: 5,
      },
    });
  });

  it('reads MEASURE(), sums, IN, positions, DATE_TRUNC, quoted names and a trailing semicolon', () => {
    expect(
      translate(
        `select "averageOrderValue", MEASURE(averageOrderValue) avg_value from Orders where region in ('Europe', 'Asia') group by 1 order by 2 asc;`,
      ),
    ).toMatchObject({ ok: false, refusal: 'unknown-member' }); // "averageOrderValue" is a measure, not a dimension
    expect(
      translate(
        `SELECT country, MEASURE(averageOrderValue) AS aov FROM orders WHERE region IN ('Europe', 'Asia') GROUP BY 1 ORDER BY 2`,
      ),
    ).toEqual({
      ok: true,
      cube: 'orders',
      query: {
        measures: ['orders.averageOrderValue'],
        dimensions: ['orders.country'],
        filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe', 'Asia'] }],
        order: [['orders.averageOrderValue', 'asc']],
      },
    });
    expect(
      translate(
        `SELECT DATE_TRUNC('month', orders."createdAt") AS month, SUM(count) FROM orders GROUP BY DATE_TRUNC('month', "createdAt") ORDER BY month`,
      ),
    ).toEqual({
      ok: true,
      cube: 'orders',
      query: {
        measures: ['orders.count'],
        timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month' }],
        order: [['orders.createdAt', 'asc']],
      },
    });
    // COUNT(*) stands for the cube's count measure: this model has none (its orders are a sum).
    expect(refusal('SELECT region, COUNT(*) FROM orders GROUP BY region')).toBe('unknown-member');
    // A total: one aggregate, no GROUP BY.
    expect(translate('SELECT SUM(revenue) FROM orders')).toEqual({
      ok: true,
      cube: 'orders',
      query: { measures: ['orders.revenue'] },
    });
  });

  it('refuses an aggregate that is not how the measure aggregates, and members the model lacks', () => {
    // revenue is a sum: its average is not a member.
    expect(refusal('SELECT region, AVG(revenue) AS revenue FROM orders GROUP BY region')).toBe('unknown-member');
    // The mock agent's orders column is no member of the cube (its count is orders.count).
    expect(refusal('SELECT region, SUM(orders) AS orders FROM orders GROUP BY region')).toBe('unknown-member');
    expect(refusal('SELECT month, SUM(revenue) AS revenue FROM orders GROUP BY month ORDER BY month ASC')).toBe(
      'unknown-member',
    );
    expect(refusal('SELECT region, SUM(revenue) FROM payments GROUP BY region')).toBe('unknown-member');
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE planet = 'Mars' GROUP BY region")).toBe(
      'unknown-member',
    );
    expect(refusal('SELECT region, SUM(region) FROM orders GROUP BY region')).toBe('unknown-member');
  });

  it('refuses joins, subqueries, OR, HAVING, other conditions and ungrouped queries', () => {
    expect(refusal('SELECT o.region, SUM(revenue) FROM orders o JOIN users u ON u.id = o.user GROUP BY 1')).toBe(
      'shape',
    );
    expect(refusal('SELECT region, SUM(revenue) FROM orders, users GROUP BY region')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM (SELECT * FROM orders) GROUP BY region')).toBe('shape');
    expect(
      refusal('SELECT region, SUM(revenue) FROM orders WHERE region IN (SELECT region FROM orders) GROUP BY region'),
    ).toBe('shape');
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE region = 'A' OR region = 'B' GROUP BY region")).toBe(
      'shape',
    );
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE month >= '2024-10' GROUP BY region")).toBe('syntax');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region HAVING SUM(revenue) = 1')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region UNION SELECT 1')).toBe('shape');
    expect(refusal('SELECT * FROM orders')).toBe('shape');
    expect(refusal('SELECT region FROM orders')).toBe('shape');
    expect(refusal('SELECT region, country, SUM(revenue) FROM orders GROUP BY region')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM orders')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM other.orders GROUP BY region')).toBe('shape');
    expect(refusal('SELECT users.region, SUM(revenue) FROM orders GROUP BY 1')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region LIMIT 0')).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region LIMIT 99999999999')).toBe('shape');
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE createdAt = '2024-01-01' GROUP BY region")).toBe(
      'shape',
    );
  });

  it('refuses strings with quotes, comments and characters it does not read, never unescaping', () => {
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE customer = 'O''Brien' GROUP BY region")).toBe(
      'syntax',
    );
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE customer = 'open GROUP BY region")).toBe('syntax');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region -- comment')).toBe('syntax');
    expect(refusal('SELECT region, SUM(revenue) FROM orders /* x */ GROUP BY region')).toBe('syntax');
    expect(refusal('SELECT "reg""ion", SUM(revenue) FROM orders GROUP BY 1')).toBe('syntax');
    expect(refusal('SELECT "reg ion", SUM(revenue) FROM orders GROUP BY 1')).toBe('syntax');
    expect(refusal("SELECT region, SUM(revenue) FROM orders WHERE region = E'\\x27' GROUP BY region")).toBe('shape');
    expect(refusal('SELECT region, SUM(revenue) FROM orders GROUP BY region; DROP TABLE orders')).toBe('shape');
  });

  it('keeps a value with SQL in it as a plain filter value (values never become code)', () => {
    const out = translate("SELECT region, SUM(revenue) FROM orders WHERE region = ') OR 1=1 --' GROUP BY region");
    expect(out).toMatchObject({
      ok: true,
      query: { filters: [{ member: 'orders.region', operator: 'equals', values: [') OR 1=1 --'] }] },
    });
  });

  it('refuses long input before reading it, and hostile input of the cap by its caps', () => {
    expect(refusal('SELECT '.repeat(150_000))).toBe('too-long'); // about 1 MB
    expect(
      refusal(`SELECT region, SUM(revenue) FROM orders WHERE region = '${'x'.repeat(1_000_000)}' GROUP BY 1`),
    ).toBe('too-long');
    // Within the cap: many tokens, many quotes, many parentheses.
    expect(refusal(`SELECT ${'a, '.repeat(3_000)}`)).toBe('too-long');
    expect(refusal("'".repeat(MAX_TRANSLATED_SQL_LENGTH))).toBe('syntax');
    expect(refusal('('.repeat(MAX_TRANSLATED_SQL_LENGTH))).toBe('too-long');
    expect(refusal(`SELECT region, SUM(revenue) FROM orders WHERE region IN (${"'a', ".repeat(1_500)}'b')`)).toBe(
      'too-long',
    );
  });

  it('never throws, whatever the text', () => {
    for (const sql of ['', ' ', ';', 'SELECT', 'SELECT ,', 'SELECT SUM(', 'SELECT SUM(revenue) FROM', '\u0000', '💥'])
      expect(translate(sql).ok).toBe(false);
  });
});

describe('sqlToSemanticQuery, reading the SQL API wide (the mock SQL route)', () => {
  it('names each selected column and its row key', () => {
    const out = wide(
      `SELECT orders.region, MEASURE(orders.revenue), DATE_TRUNC('quarter', createdAt) AS q FROM orders GROUP BY 1, 3`,
    );
    expect(out.ok && out.columns).toEqual([
      { name: 'region', kind: 'dimension', member: 'orders.region', key: 'orders.region' },
      { name: 'measure(revenue)', kind: 'measure', member: 'orders.revenue', key: 'orders.revenue' },
      {
        name: 'q',
        kind: 'time',
        member: 'orders.createdAt',
        granularity: 'quarter',
        key: 'orders.createdAt.quarter',
      },
    ]);
  });

  it('reads comparisons by the member’s type, IS [NOT] NULL, NOT IN, OFFSET, doubled quotes and dimensions alone', () => {
    const out = wide(
      "SELECT customer FROM orders WHERE region != 'Europe' AND country NOT IN ('O''Hara', 'Chile') AND category IS NULL AND createdAt < '2024-06-01' AND createdAt >= '2024-01-01' GROUP BY customer OFFSET 10 LIMIT 5",
    );
    expect(out.ok && out.query).toEqual({
      dimensions: ['orders.customer'],
      filters: [
        { member: 'orders.region', operator: 'notEquals', values: ['Europe'] },
        { member: 'orders.country', operator: 'notEquals', values: ["O'Hara", 'Chile'] },
        { member: 'orders.category', operator: 'notSet' },
        { member: 'orders.createdAt', operator: 'beforeDate', values: ['2024-06-01'] },
        { member: 'orders.createdAt', operator: 'afterOrOnDate', values: ['2024-01-01'] },
      ],
      limit: 5,
      offset: 10,
    });
    // The strict reading (a pinned answer on a board) refuses every one of these as before.
    for (const sql of [
      "SELECT region, SUM(revenue) FROM orders WHERE region <> 'Europe' GROUP BY 1",
      'SELECT region, SUM(revenue) FROM orders WHERE region IS NULL GROUP BY 1',
      'SELECT region, SUM(revenue) FROM orders GROUP BY 1 LIMIT 5 OFFSET 5',
      'SELECT region FROM orders GROUP BY 1',
    ])
      expect(refusal(sql), sql).not.toBe('translated');
  });

  it("reads a view as it reads a cube: its members are the view's", () => {
    const view: MetaResponse = {
      cubes: [
        {
          name: 'sales',
          title: 'Sales',
          type: 'view',
          measures: [{ name: 'sales.total', title: 'Sales Total', type: 'number', aggType: 'sum' }],
          dimensions: [{ name: 'sales.region', title: 'Sales Region', type: 'string' }],
        },
      ],
    };
    const out = sqlToSemanticQuery(
      "SELECT region, MEASURE(total) FROM sales WHERE region <> 'Europe' GROUP BY 1 ORDER BY 2 DESC LIMIT 3",
      view,
      { sqlApi: true },
    );
    expect(out.ok && out.query).toEqual({
      measures: ['sales.total'],
      dimensions: ['sales.region'],
      filters: [{ member: 'sales.region', operator: 'notEquals', values: ['Europe'] }],
      order: [['sales.total', 'desc']],
      limit: 3,
    });
    expect(out.ok && out.cube).toBe('sales');
  });

  it('refuses what it does not read, saying what', () => {
    const message = (sql: string) => {
      const out = wide(sql);
      return out.ok ? 'translated' : `${out.refusal}: ${out.message}`;
    };
    expect(message("SELECT region, SUM(revenue) FROM orders WHERE region < 'E' GROUP BY 1")).toBe(
      'shape: < on orders.region (a text) is not read',
    );
    expect(message("SELECT region, SUM(revenue) FROM orders WHERE createdAt = '2024-01-01' GROUP BY 1")).toBe(
      'shape: = on orders.createdAt (a time) is not read',
    );
    expect(message("SELECT region, SUM(revenue) FROM orders WHERE region LIKE 'E%' GROUP BY 1")).toMatch(
      /found "LIKE"/,
    );
    expect(message('SELECT region, country FROM orders')).toMatch(/not a grouped query/);
  });
});
