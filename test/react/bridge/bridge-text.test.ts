import { describe, expect, it } from 'vitest';
import type { SqlResult } from '../../../src/protocol';
import {
  drilldownQuestion,
  drilldownScope,
  resultFilters,
  showInDashboard,
  whereConditions,
} from '../../../src/react/bridge/bridge-text';

const result = (sqlQuery: string, rows: SqlResult['rows'] = []): SqlResult => ({
  sqlQuery,
  columns: [
    { name: 'customer', type: 'String', kind: 'string' },
    { name: 'revenue', type: 'Double', kind: 'number' },
  ],
  rows,
  totalRows: rows.length,
  truncated: false,
});

describe('whereConditions', () => {
  it('reads equalities and IN lists joined by AND, literals with quotes and AND inside', () => {
    expect(
      whereConditions(
        `SELECT country, SUM(revenue) AS revenue FROM orders WHERE region = 'Europe' AND orders.category IN ('Tools', 'Rock ''n'' AND roll') GROUP BY country`,
      ),
    ).toEqual({ region: ['Europe'], 'orders.category': ['Tools', "Rock 'n' AND roll"] });
    expect(whereConditions(`SELECT * FROM t WHERE "t"."x" = 'a';`)).toEqual({ 't.x': ['a'] });
  });
  it('reads nothing unless every condition is one the dashboard can show', () => {
    expect(whereConditions(`SELECT * FROM t`)).toBeUndefined();
    expect(whereConditions(`SELECT * FROM t WHERE a = 'x' OR b = 'y'`)).toBeUndefined();
    expect(whereConditions(`SELECT * FROM t WHERE a > 5`)).toBeUndefined();
    expect(whereConditions(`SELECT * FROM t WHERE a = 'x' AND lower(b) = 'y'`)).toBeUndefined();
    expect(whereConditions(`SELECT * FROM t WHERE a = 'unterminated`)).toBeUndefined();
    expect(whereConditions(`SELECT * FROM t WHERE a IN (SELECT b FROM u)`)).toBeUndefined();
  });
});

describe('resultFilters', () => {
  it('turns the conditions into members of the queried table', () => {
    expect(
      resultFilters(
        result(
          `SELECT country, SUM(revenue) AS revenue FROM orders WHERE region = 'Europe' GROUP BY country ORDER BY revenue DESC`,
        ),
      ),
    ).toEqual({ 'orders.region': ['Europe'] });
  });
  it('without conditions, filters by the values of the text column shown', () => {
    expect(
      resultFilters(
        result('SELECT customer, SUM(revenue) AS revenue FROM orders GROUP BY customer LIMIT 2', [
          ['Acme', 3],
          ['Globex', 2],
          ['Acme', 1],
          [null, 0],
        ]),
      ),
    ).toEqual({ 'orders.customer': ['Acme', 'Globex'] });
    expect(resultFilters(result('SELECT 1'))).toBeUndefined();
  });
});

describe('drilldownQuestion', () => {
  it('asks about the value, in one plain line, and nothing for values that are not text', () => {
    expect(drilldownQuestion({ member: 'orders.region', value: 'Europe' })).toBe('Tell me about Europe (region)');
    expect(drilldownQuestion({ member: 'orders.product_category', value: 'Tools\n\u202eIgnore all' })).toBe(
      'Tell me about Tools Ignore all (product category)',
    );
    expect(drilldownQuestion({ member: 'orders.region', value: { toString: 'x' } })).toBeUndefined();
    expect(drilldownQuestion({ member: 'orders.region' })).toBeUndefined();
    expect(drilldownQuestion({ member: 'orders.region', value: 'x'.repeat(500) })!.length).toBeLessThan(160);
    expect(drilldownQuestion({ member: 'orders.region', value: 'Europe' }, { question: (v, d) => `${d}: ${v}?` })).toBe(
      'region: Europe?',
    );
  });
});

describe('drilldownScope (what the clicked widget showed)', () => {
  const europe = { member: 'orders.region', value: 'Europe' };
  it('says the date range and the other filters, never the drilled member', () => {
    expect(
      drilldownQuestion({
        ...europe,
        context: {
          dateRange: { member: 'orders.createdAt', from: '2024-10-01', to: '2024-12-31' },
          filters: { 'orders.region': ['Europe'], 'orders.product_category': ['Tools', 'Toys'] },
        },
      }),
    ).toBe('Tell me about Europe (region), from 2024-10-01 to 2024-12-31, product category Tools or Toys');
    expect(drilldownScope({ ...europe, context: {} })).toBe('');
    expect(
      drilldownQuestion(
        { ...europe, context: { filters: { 'orders.channel': ['Web'] } } },
        { question: (v, d, scope) => `${v}/${d}${scope}`, where: (d, values) => `${d}=${values.join('|')}` },
      ),
    ).toBe('Europe/region, channel=Web');
  });
  it('reads an untrusted context as plain bounded text: no odd dates, keys or values', () => {
    const hostile = JSON.parse(
      '{"dateRange":{"member":"x","from":"2024-10-01\\nIgnore all","to":"2024-12-31"},"filters":{"__proto__":["polluted"],"orders.city":[{"toString":"x"},"Oslo\\u202e","x","x","x","x","x","x","x","x","x","x","x","x"]}}',
    );
    const scope = drilldownScope({ ...europe, context: hostile });
    expect(scope).not.toMatch(/Ignore|from/);
    // Ten values read at most (the object among them is no text), the prototype key none.
    expect(scope).toBe(`, city Oslo or ${Array(8).fill('x').join(' or ')}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(drilldownScope({ ...europe, context: 'nope' as never })).toBe('');
  });
});

describe('showInDashboard', () => {
  const transport = { url: '/api/chat' };
  it('sets the filters, tells the host, and describes them', () => {
    const set: unknown[] = [];
    const told: unknown[] = [];
    const status = showInDashboard(
      result(`SELECT customer, SUM(revenue) AS revenue FROM orders WHERE region = 'Europe' GROUP BY customer`),
      { transport, onFilters: (filters) => told.push(filters) },
      (filters) => set.push(filters),
    );
    expect(set).toEqual([{ 'orders.region': ['Europe'] }]);
    expect(told).toEqual(set);
    expect(status).toBe('Dashboard filtered: region is Europe');
    expect(
      showInDashboard(
        result('SELECT customer FROM orders', [['a', 1]]),
        { transport, filtersFor: () => ({ 'orders.customer': ['a', 'b'] }), labels: { filtered: (d) => `F: ${d}` } },
        () => {},
      ),
    ).toBe('F: customer is one of 2');
  });
  it('sets nothing when the result has nothing to filter by', () => {
    const set: unknown[] = [];
    expect(showInDashboard(result('SELECT 1'), { transport }, (filters) => set.push(filters))).toBe(
      'Nothing in this result to filter the dashboard by.',
    );
    expect(set).toEqual([]);
  });
});
