import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHART_DATA_NAME, chartSummary, prepareChartSpec } from '../../../src';

describe('prepareChartSpec', () => {
  it('feeds the named data source and sizes to the container', () => {
    const prepared = prepareChartSpec({ mark: 'bar', encoding: { x: { field: 'a' } } });
    expect(prepared).toEqual({
      ok: true,
      removed: [],
      spec: {
        mark: 'bar',
        encoding: { x: { field: 'a' } },
        data: { name: CHART_DATA_NAME },
        width: 'container',
        height: 260,
        autosize: { type: 'fit-x', contains: 'padding' },
      },
    });
  });

  it('strips every way to load or link, and the spec config', () => {
    const prepared = prepareChartSpec({
      mark: 'bar',
      data: { url: 'https://evil.test/data.csv' },
      datasets: { x: [] },
      usermeta: { embedOptions: { loader: { baseURL: 'https://evil.test' } } },
      config: { background: 'red' },
      background: 'red',
      transform: [
        { lookup: 'a', from: { data: { url: 'https://evil.test/l.json' }, key: 'k' } },
        { calculate: '1', as: 'one' },
      ],
      encoding: { href: { field: 'link' }, x: { field: 'a' } },
      layer: [{ mark: 'rule', data: { values: [{ a: 1 }] } }],
    });
    if (!prepared.ok) throw new Error(prepared.reason);
    const text = JSON.stringify(prepared.spec);
    expect(text).not.toMatch(/evil|usermeta|href|datasets|"url"|"values"|"config"|lookup|red/);
    expect(prepared.spec.transform).toEqual([{ calculate: '1', as: 'one' }]);
    expect(prepared.removed.sort()).toEqual(['background', 'config', 'data', 'datasets', 'href', 'lookup', 'usermeta']);
  });

  it('refuses non-objects, full Vega, image marks, no mark and huge specs', () => {
    expect(prepareChartSpec('bar')).toMatchObject({ ok: false });
    expect(prepareChartSpec(null)).toMatchObject({ ok: false });
    expect(prepareChartSpec({ $schema: 'https://vega.github.io/schema/vega/v5.json', marks: [] })).toMatchObject({
      ok: false,
      reason: /Vega-Lite/,
    });
    expect(prepareChartSpec({ mark: { type: 'image' } })).toMatchObject({ ok: false, reason: /Image/ });
    expect(prepareChartSpec({ encoding: {} })).toMatchObject({ ok: false, reason: /no mark/ });
    let deep: Record<string, unknown> = { mark: 'bar' };
    for (let i = 0; i < 100; i++) deep = { mark: 'bar', layer: [deep] };
    expect(prepareChartSpec(deep)).toMatchObject({ ok: false, reason: /too large/ });
  });

  it('never throws and never keeps a url, whatever it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const withMark =
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? { ...value, mark: 'bar', url: 'x' }
            : value;
        const prepared = prepareChartSpec(withMark);
        if (prepared.ok) expect(JSON.stringify(prepared.spec)).not.toContain('"url"');
      }),
    );
  });
});

describe('chartSummary', () => {
  it('names the chart, the rows and the extremes', () => {
    const result = {
      sqlQuery: 'q',
      queryTitle: 'Orders',
      columns: [
        { name: 'month', type: 'String', kind: 'string' as const },
        { name: 'orders', type: 'Int64', kind: 'number' as const },
      ],
      rows: [
        ['Jan', 10],
        ['Feb', 1200],
        ['Mar', 5],
      ],
      totalRows: 3,
      truncated: false,
    };
    expect(chartSummary({ mark: { type: 'line' } }, result)).toBe(
      'Line chart: Orders, 3 rows. Highest orders: Feb, 1,200. Lowest: Mar, 5.',
    );
  });
});
