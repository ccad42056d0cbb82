import { describe, expect, it } from 'vitest';
import { classifyColumn, deriveFormats, formatterFor } from '../../../src';
import type { SqlResult } from '../../../src/protocol';
import { applyFormats } from '../../../src/react/charts/chart-spec';
import { formatForVega, registerChartFormats } from '../../../src/react/charts/vega-formats';

const result = (columns: [string, 'number' | 'string' | 'time', string][], rows: SqlResult['rows']): SqlResult => ({
  sqlQuery: 'SELECT 1',
  columns: columns.map(([name, kind, type]) => ({ name, kind, type })),
  rows,
  totalRows: rows.length,
  truncated: false,
});

describe('classifyColumn', () => {
  const kind = (name: string, values: (number | string)[], k: 'number' | 'string' | 'time' = 'number', type = '') =>
    classifyColumn({ name, kind: k, type }, values);
  it('reads money, percent, counts and codes from names and values', () => {
    expect(kind('total_revenue', [5492929.28])).toBe('currency');
    expect(kind('unit_price', [3])).toBe('currency');
    expect(kind('conversion_rate', [0.12])).toBe('percent');
    expect(kind('share', [45, 20])).toBe('percent');
    expect(kind('ratio_like', [0.2, 0.75])).toBe('percent');
    expect(kind('orders', [1548, 20])).toBe('integer');
    expect(kind('avg_basket', [12.5, 3.25])).toBe('decimal');
    expect(kind('year', [2024])).toBe('text');
    expect(kind('region', ['North'], 'string')).toBe('text');
  });
  it('reads date granularity', () => {
    expect(kind('month', ['2024-01', '2024-02'], 'string')).toBe('month');
    expect(kind('month', ['2024-01-01T00:00:00', '2024-02-01T00:00:00'], 'time')).toBe('month');
    expect(kind('day', ['2024-01-05', '2024-01-06'], 'time')).toBe('day');
    expect(kind('at', ['2024-01-05T10:30:00Z'], 'time')).toBe('datetime');
  });
});

describe('formatterFor', () => {
  it('prints integers past 2^53 digit for digit (they arrive as strings)', () => {
    expect(formatterFor('integer')('9007199254740993', 'full')).toBe('9,007,199,254,740,993');
    expect(formatterFor('decimal')('-12345678901234567890', 'full')).toBe('-12,345,678,901,234,567,890');
    expect(formatterFor('currency')('9007199254740993', 'full')).toBe('$9,007,199,254,740,993.00');
    expect(formatterFor('integer')('9007199254740993', 'axis')).toBe('9007.2T'); // compact rounds anyway
  });

  it('is compact on axes and exact in tooltips', () => {
    const money = formatterFor('currency');
    expect(money(5492929.28, 'full')).toBe('$5,492,929.28');
    expect(money(5500000, 'axis')).toBe('$5.5M');
    expect(money(200, 'axis')).toBe('$200');
    const count = formatterFor('integer');
    expect(count(1548, 'full')).toBe('1,548');
    expect(count(25000, 'axis')).toBe('25K');
    expect(formatterFor('percent')(0.123, 'full')).toBe('12.3%');
    expect(formatterFor('percent', 'en-US', 'USD', true)(45, 'axis')).toBe('45%');
    expect(formatterFor('integer')(null, 'full')).toBe('—');
  });
  it('formats dates by granularity in UTC', () => {
    expect(formatterFor('month')('2024-01', 'axis')).toBe('Jan 2024');
    expect(formatterFor('month')('2024-01-01', 'full')).toBe('January 2024');
    expect(formatterFor('day')('2024-03-05', 'full')).toBe('Mar 5, 2024');
    expect(formatterFor('month')(Date.UTC(2024, 5, 1), 'axis')).toBe('Jun 2024');
  });
  it('follows the locale', () => {
    expect(formatterFor('currency', 'de-DE', 'EUR')(1234.5, 'full')).toBe('1.234,50\u00a0€');
    expect(formatterFor('month', 'fr-FR')('2024-02', 'full')).toBe('février 2024');
    // An unknown locale falls back rather than throwing.
    expect(formatterFor('integer', 'not a locale')(1000, 'full')).toBe('1,000');
  });
});

describe('deriveFormats', () => {
  const sales = result(
    [
      ['month', 'string', 'String'],
      ['revenue', 'number', 'Double'],
      ['orders', 'number', 'Int64'],
    ],
    [
      ['2024-01', 5492929.28, 1548],
      ['2024-02', 10.5, null],
    ],
  );
  it('derives a format per column, overridden by host formatters', () => {
    const formats = deriveFormats(sales, { formatters: { orders: (v) => `${String(v)} orders` } });
    expect(formats.month!.format('2024-01', 'full')).toBe('January 2024');
    expect(formats.revenue!.format(5492929.28, 'full')).toBe('$5,492,929.28');
    expect(formats.orders!.format(1548, 'full')).toBe('1548 orders');
    expect(formats.orders!.format(null, 'full')).toBe('—');
  });
  it('reaches vega through the registered expression function', () => {
    const formats = deriveFormats(sales);
    const unregister = registerChartFormats('c1', formats);
    expect(formatForVega(5500000, { chart: 'c1', column: 'revenue', style: 'axis' })).toBe('$5.5M');
    expect(formatForVega(5492929.28, { chart: 'c1', column: 'revenue', style: 'full' })).toBe('$5,492,929.28');
    unregister();
    expect(formatForVega(5, { chart: 'c1', column: 'revenue', style: 'full' })).toBe('5');
  });
  it('puts axis formats on positional channels and full ones in a built tooltip', () => {
    const formats = deriveFormats(sales);
    const spec = applyFormats(
      {
        mark: 'bar',
        encoding: {
          x: { field: 'month', type: 'temporal' },
          y: { field: 'revenue', type: 'quantitative', axis: { title: 'Revenue' } },
        },
      },
      formats,
      'c2',
    );
    const encoding = spec.encoding as Record<string, Record<string, unknown>>;
    expect(encoding.y!.axis).toEqual({
      title: 'Revenue',
      format: { chart: 'c2', column: 'revenue', style: 'axis' },
      formatType: 'ekFormat',
    });
    expect(encoding.tooltip).toEqual([
      // Time scales keep Vega-Lite's own time formats (a custom format type breaks them).
      // Titles: the column's, in sentence case, where the spec gives none.
      { field: 'month', type: 'temporal', title: 'Month' },
      {
        field: 'revenue',
        type: 'quantitative',
        title: 'Revenue',
        format: { chart: 'c2', column: 'revenue', style: 'full' },
        formatType: 'ekFormat',
      },
    ]);
  });
});
