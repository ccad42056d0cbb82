import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHART_DATA_NAME, chartSummary } from '../../../../src';
import { limitFacetRows, prepareChartSpec } from '../../../../src/react/charts/agent-spec/allow-list';

const bar = { mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } } };
const refused = (spec: unknown, policy?: Parameters<typeof prepareChartSpec>[1]) => {
  const prepared = prepareChartSpec(spec, policy);
  if (prepared.ok) throw new Error(`accepted: ${JSON.stringify(prepared.spec)}`);
  return prepared;
};
const accepted = (spec: unknown, policy?: Parameters<typeof prepareChartSpec>[1]) => {
  const prepared = prepareChartSpec(spec, policy);
  if (!prepared.ok) throw new Error(`refused: ${prepared.reason}`);
  return prepared;
};

/** Keys a spec must never keep, at any depth: they load, run or configure beyond the chart. */
const OUTSIDE = new Set(['url', 'href', 'usermeta', 'datasets', 'config', '$schema', 'params', 'element', '__proto__']);

/** Every own key of a JSON value, at any depth (`__proto__` too when it is an own key). */
function keysOf(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Reflect.ownKeys(value).flatMap((key) =>
    typeof key === 'string'
      ? [...(Array.isArray(value) ? [] : [key]), ...keysOf((value as Record<string, unknown>)[key])]
      : [],
  );
}

describe('prepareChartSpec: an allow-list of Vega-Lite for agent charts', () => {
  it('feeds the named data source and sizes to the container', () => {
    expect(prepareChartSpec({ mark: 'bar', encoding: { x: { field: 'a' } } })).toEqual({
      ok: true,
      removed: [],
      inputs: false,
      facets: [],
      maxFacets: 12,
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

  it('keeps what agent charts use: marks, encodings, sorts, scales, axes, legends, formats, transforms', () => {
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      title: { text: 'Revenue', subtitle: 'by region', anchor: 'start', color: '#333' },
      mark: { type: 'bar', tooltip: true, cornerRadiusEnd: 3, color: 'steelblue', opacity: 0.9 },
      transform: [
        { filter: 'datum.revenue > 0 && isValid(datum.region)' },
        { filter: { field: 'region', oneOf: ['North', 'South'] } },
        { calculate: "upper(substring(datum.region, 0, 3)) + ' ' + format(datum.revenue, ',.2f')", as: 'label' },
        { timeUnit: 'yearmonth', field: 'day', as: 'month' },
        { aggregate: [{ op: 'sum', field: 'revenue', as: 'total' }], groupby: ['region'] },
        { window: [{ op: 'rank', as: 'rank' }], sort: [{ field: 'total', order: 'descending' }] },
        { fold: ['a', 'b'], as: ['key', 'value'] },
        { density: 'v', steps: 100, extent: [0, 10] },
        { impute: 'v', key: 'k', keyvals: { start: 0, stop: 50, step: 1 } },
      ],
      encoding: {
        x: { field: 'region', type: 'nominal', sort: '-y', axis: { labelAngle: -45, title: null } },
        y: { field: 'total', type: 'quantitative', axis: { format: '$,.0f', grid: true, tickCount: 5 } },
        color: {
          field: 'region',
          type: 'nominal',
          scale: { range: ['#4c78a8', 'rgb(245, 133, 24)', 'hsl(120 50% 50% / 0.5)', 'teal'] },
          legend: { orient: 'bottom', title: 'Region' },
        },
        opacity: { condition: { test: 'datum.rank <= 3', value: 1 }, value: 0.4 },
        tooltip: [{ field: 'region' }, { field: 'total', format: ',.2f' }],
      },
    };
    const prepared = accepted(spec);
    expect(prepared.removed).toEqual(['$schema']);
    expect(prepared.spec.encoding).toEqual(spec.encoding);
    expect(prepared.spec.transform).toEqual(spec.transform);
  });

  it('drops what the chart sets itself: data, config, background, usermeta, $schema, sizing', () => {
    const prepared = accepted({
      ...bar,
      data: { url: 'https://evil.test/data.csv' },
      datasets: { x: [] },
      usermeta: { embedOptions: { loader: { baseURL: 'https://evil.test' } } },
      config: { background: 'url(https://evil.test/c)' },
      background: 'red',
      autosize: 'none',
      padding: 1e9,
    });
    expect(JSON.stringify(prepared.spec)).not.toMatch(/evil|usermeta|datasets|config|red|1000000000/);
    expect(prepared.removed.sort()).toEqual(
      ['$schema', 'autosize', 'background', 'config', 'data', 'datasets', 'padding', 'usermeta'].filter(
        (k) => k !== '$schema',
      ),
    );
  });

  it('refuses non-objects, full Vega, specs without a mark, image marks, link and URL channels', () => {
    expect(refused('bar').reason).toMatch(/not an object/);
    expect(refused(null).reason).toMatch(/not an object/);
    expect(refused({ $schema: 'https://vega.github.io/schema/vega/v5.json', marks: [] }).reason).toMatch(/Vega-Lite/);
    expect(refused({ marks: [], signals: [] }).reason).toMatch(/no mark/);
    expect(refused({ encoding: {} }).reason).toMatch(/no mark/);
    expect(refused({ mark: { type: 'image' } }).reason).toMatch(/image mark/);
    expect(refused({ mark: 'geoshape' }).path).toBe('mark');
    for (const channel of ['href', 'url', 'description', 'key', 'latitude']) {
      expect(refused({ ...bar, encoding: { [channel]: { value: 'https://evil.test' } } }).path).toBe(
        `encoding.${channel}`,
      );
    }
    expect(refused({ mark: { type: 'text', href: 'https://evil.test' } }).path).toBe('mark.href');
    expect(refused({ mark: { type: 'bar', url: 'https://evil.test/x.png' } }).path).toBe('mark.url');
    expect(refused({ ...bar, transform: [{ lookup: 'a', from: { data: { url: 'x' }, key: 'k' } }] }).reason).toMatch(
      /"lookup" transform/,
    );
    expect(refused({ ...bar, projection: { type: 'mercator' } }).path).toBe('projection');
  });

  it('refuses prototype keys instead of copying them', () => {
    const hostile = JSON.parse('{"mark":"bar","encoding":{"__proto__":{"x":{"field":"a"}}}}');
    expect(refused(hostile).path).toBe('encoding.__proto__');
    expect(refused({ mark: 'bar', encoding: { constructor: {} } }).path).toBe('encoding.constructor');
  });

  describe('point 2: params and input bindings', () => {
    const phishing = {
      ...bar,
      params: [{ name: 'p', bind: { input: 'text', element: 'body', placeholder: 'Enter your password' } }],
    };
    it('refuses params by default, wherever they are', () => {
      expect(refused(phishing)).toMatchObject({ path: 'params', reason: /params is not allowed/ });
      expect(refused({ layer: [{ ...bar, params: [{ name: 'p', select: 'interval' }] }] }).path).toBe(
        'layer[0].params',
      );
      expect(refused({ hconcat: [{ ...bar, params: [{ name: 'p', bind: { element: '.ek-composer' } }] }] }).path).toBe(
        'hconcat[0].params',
      );
    });
    it('with params allowed: removes bind.element always, refuses free-text inputs and event streams', () => {
      const policy = { params: true };
      expect(refused(phishing, policy).path).toBe('params[0].bind.input');
      const slider = accepted(
        {
          ...bar,
          params: [{ name: 'min', value: 1, bind: { input: 'range', min: 0, max: 10, element: '.ek-composer' } }],
          transform: [{ filter: 'datum.v >= min' }],
        },
        policy,
      );
      expect(slider.spec.params).toEqual([{ name: 'min', value: 1, bind: { input: 'range', min: 0, max: 10 } }]);
      expect(slider.removed).toContain('element');
      expect(refused({ ...bar, params: [{ name: 't', select: { type: 'point', on: 'timer' } }] }, policy).path).toBe(
        'params[0].select.on',
      );
      expect(refused({ ...bar, params: [{ name: 't', expr: "regexp('a')" }] }, policy).path).toBe('params[0].expr');
      // A selection used in an encoding condition.
      accepted(
        {
          ...bar,
          params: [{ name: 'pick', select: 'point' }],
          encoding: { ...bar.encoding, opacity: { condition: { param: 'pick', value: 1 }, value: 0.3 } },
        },
        policy,
      );
      expect(
        refused({ ...bar, encoding: { opacity: { condition: { param: 'nope', value: 1 }, value: 0.3 } } }, policy)
          .reason,
      ).toMatch(/unknown param/);
    });
  });

  describe('point 3: runaway specs', () => {
    const calc = (calculate: string) => ({ ...bar, transform: [{ calculate, as: 'x' }] });
    it.each([
      ["test(regexp('^(a+)+$'), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')", /test\(\)/],
      ["replace(datum.a, regexp('(a|aa)+$'), '')", /regexp\(\)/],
      ['test(/^(a+)+$/, datum.a)', /test\(\)|regular expression/],
      ["pad('x', 3e8)", /pad\(\)/],
      ['sequence(0, 3e7)', /sequence\(\)/],
      ["length(timeSequence('millisecond', 0, 1e12))", /timeSequence\(\)/],
      ["modify('table', {push: 1})", /modify\(\)/],
      ["data('table')", /data\(\)/],
      ["format(1, '01000000000d')", /format/],
      ['format(1, datum.spec)', /computed format/],
      ['datum.constructor', /constructor/],
      ["datum['__proto__']", /__proto__|computed property/],
      ['datum[datum.k]', /computed property/],
      ['window.alert(1)', /method call/],
      ['alert(1)', /alert\(\)/],
      ['window', /"window"/],
      ['this.x', /"this"|not a valid/],
      ['{a: 1}.a', /object literal|not a valid/],
      ['1' + '+1'.repeat(600), /longer than 1000/],
      ["'" + 'x'.repeat(300) + "'", /text literal/],
    ])('calculate %s is refused', (expression, reason) => {
      expect(refused(calc(expression)).reason).toMatch(reason);
    });

    it('caps every extent: bins, steps, impute keys, density, quantile, pivot, ticks', () => {
      const t = (step: object) => ({ ...bar, transform: [step] });
      expect(refused(t({ impute: 'v', key: 'a', keyvals: { start: 0, stop: 3e7 } })).reason).toMatch(/at most 200/);
      expect(refused(t({ impute: 'v', key: 'a', keyvals: Array.from({ length: 5000 }, (_, i) => i) })).path).toBe(
        'transform[0].keyvals',
      );
      expect(refused(t({ density: 'v', steps: 5e6 })).path).toBe('transform[0].steps');
      expect(refused(t({ density: 'v', maxsteps: 5e6 })).path).toBe('transform[0].maxsteps');
      expect(refused(t({ quantile: 'v', step: 1e-9 })).path).toBe('transform[0].step');
      expect(refused(t({ bin: { maxbins: 1e7 }, field: 'v', as: 'b' })).path).toBe('transform[0].bin.maxbins');
      expect(refused(t({ bin: { step: 1e-9, extent: [0, 1e6] }, field: 'v', as: 'b' })).path).toBe(
        'transform[0].bin.step',
      );
      expect(refused(t({ bin: { step: 1 }, field: 'v', as: 'b' })).path).toBe('transform[0].bin.step');
      expect(refused(t({ regression: 'v', on: 'a', method: 'poly', order: 1e6 })).path).toBe('transform[0].order');
      expect(refused(t({ sample: 1e9 })).reason).toMatch(/"sample" transform/);
      expect(accepted(t({ pivot: 'a', value: 'v' })).spec.transform).toEqual([{ pivot: 'a', value: 'v', limit: 200 }]);
      expect(refused({ ...bar, encoding: { x: { field: 'a', bin: { maxbins: 1e6 } } } }).path).toBe(
        'encoding.x.bin.maxbins',
      );
      expect(refused({ ...bar, encoding: { x: { field: 'a', axis: { tickCount: 1e7 } } } }).path).toBe(
        'encoding.x.axis.tickCount',
      );
      expect(refused({ ...bar, encoding: { x: { field: 'a', scale: { nice: 1e9 } } } }).path).toBe(
        'encoding.x.scale.nice',
      );
      expect(
        refused({ ...bar, encoding: { x: { field: 'a', impute: { keyvals: { start: 0, stop: 1e9 } } } } }).path,
      ).toBe('encoding.x.impute.keyvals');
      expect(refused({ ...bar, transform: Array.from({ length: 21 }, () => ({ filter: 'true' })) }).path).toBe(
        'transform',
      );
    });

    it('caps sizes, views, repeats, concats, facets and nesting', () => {
      expect(refused({ hconcat: [{ ...bar, width: 4e7, height: 4e7 }] }).path).toBe('hconcat[0].width');
      expect(refused({ ...bar, height: 1e6 }).path).toBe('height');
      expect(refused({ ...bar, width: { step: 1e6 } }).path).toBe('width.step');
      const fields = Array.from({ length: 3000 }, (_, i) => `f${i}`);
      expect(refused({ repeat: { row: fields }, spec: bar }).path).toBe('repeat.row');
      expect(refused({ repeat: { row: fields.slice(0, 10), column: fields.slice(0, 10) }, spec: bar }).reason).toMatch(
        /more than 24 views/,
      );
      expect(refused({ hconcat: Array.from({ length: 30 }, () => bar) }).reason).toMatch(/more than 24/);
      expect(
        refused({
          hconcat: [
            { vconcat: Array.from({ length: 5 }, () => bar) },
            { vconcat: Array.from({ length: 20 }, () => bar) },
          ],
        }).reason,
      ).toMatch(/more than 24 views/);
      expect(
        refused({ hconcat: Array.from({ length: 5 }, () => ({ ...bar, width: 1500, height: 1500 })) }).reason,
      ).toMatch(/pixels/);
      let nested: Record<string, unknown> = bar;
      for (let i = 0; i < 6; i++) nested = { hconcat: [nested] };
      expect(refused(nested).reason).toMatch(/too deeply/);
      // A facet counts as its panel cap: a facet of a layer of three is 36 views.
      expect(refused({ facet: { field: 'a' }, spec: { layer: [bar, bar, bar] } }).reason).toMatch(/more than 24/);
      const facet = accepted({ facet: { row: { field: 'a' } }, spec: bar });
      expect(facet.facets).toEqual(['a']);
      expect(accepted({ ...bar, encoding: { ...bar.encoding, column: { field: 'b' } } }).facets).toEqual(['b']);
      expect(accepted({ vconcat: [bar, bar] }).ok).toBe(true);
    });

    it('a policy widens the functions and the caps', () => {
      const spec = { ...bar, transform: [{ filter: "test(regexp('^N'), datum.a)" }] };
      expect(refused(spec).ok).toBe(false);
      expect(accepted(spec, { functions: ['test', 'regexp'] }).ok).toBe(true);
      expect(accepted({ ...bar, height: 3000 }, { limits: { maxSize: 4000 } }).spec.height).toBe(3000);
    });
  });

  describe('point 8: every colour is a colour, every font a font name', () => {
    const evil = [
      'url(http://evil.test/x.svg#p)',
      'url(//evil.test/x#s)',
      'URL(http://evil.test/x)',
      '\\75rl(http://evil.test/x)',
      'u\\rl(http://evil.test)',
      'red url(http://evil.test)',
      'rgb(0,0,0) url(http://evil.test)',
      'image-set("http://evil.test/a.png" 1x)',
      'var(--x, url(http://evil.test))',
      'paint(x)',
      '#fff;background:url(http://evil.test)',
    ];
    const places: [string, (value: string) => object][] = [
      ['mark.fill', (v) => ({ ...bar, mark: { type: 'bar', fill: v } })],
      ['mark.stroke', (v) => ({ ...bar, mark: { type: 'bar', stroke: v } })],
      ['mark.color', (v) => ({ ...bar, mark: { type: 'bar', color: v } })],
      ['encoding.color.value', (v) => ({ ...bar, encoding: { color: { value: v } } })],
      [
        'encoding.fill.condition.value',
        (v) => ({ ...bar, encoding: { fill: { condition: { test: 'true', value: v }, value: 'red' } } }),
      ],
      [
        'encoding.color.scale.range[0]',
        (v) => ({ ...bar, encoding: { color: { field: 'a', scale: { range: [v] } } } }),
      ],
      [
        'mark.fill.stops[0].color',
        (v) => ({ ...bar, mark: { type: 'bar', fill: { gradient: 'linear', stops: [{ offset: 0, color: v }] } } }),
      ],
      ['encoding.x.axis.labelColor', (v) => ({ ...bar, encoding: { x: { field: 'a', axis: { labelColor: v } } } })],
      [
        'encoding.color.legend.fillColor',
        (v) => ({ ...bar, encoding: { color: { field: 'a', legend: { fillColor: v } } } }),
      ],
      ['title.color', (v) => ({ ...bar, title: { text: 't', color: v } })],
      ['view.fill', (v) => ({ ...bar, view: { fill: v } })],
      ['mark.cursor', (v) => ({ ...bar, mark: { type: 'bar', cursor: v } })],
      ['mark.font', (v) => ({ ...bar, mark: { type: 'text', font: v } })],
      ['encoding.x.axis.labelFont', (v) => ({ ...bar, encoding: { x: { field: 'a', axis: { labelFont: v } } } })],
    ];
    it.each(places)('%s', (path, make) => {
      for (const value of evil) expect(refused(make(value)).path).toBe(path);
    });
    it('keeps real colours and font names', () => {
      for (const value of [
        'red',
        '#abc',
        '#aabbccdd',
        'rgb(1, 2, 3)',
        'rgba(1,2,3,0.5)',
        'hsl(10 20% 30%)',
        'transparent',
      ]) {
        accepted({ ...bar, mark: { type: 'bar', fill: value } });
      }
      accepted({ ...bar, mark: { type: 'text', font: '"Inter", system-ui, sans-serif' } });
    });
  });

  it('never throws, and never keeps a key outside the allow-list, whatever it is given', () => {
    // Random JSON, and bar charts whose title, width and axis are valid or random JSON, with
    // or without a key outside the allow-list: some specs pass, many do not, and both must
    // have happened for the check below to mean anything.
    const outside = fc.constantFrom(...OUTSIDE);
    const spec = fc.oneof(
      fc.jsonValue(),
      fc
        .record(
          {
            title: fc.oneof({ arbitrary: fc.string({ maxLength: 20 }), weight: 3 }, fc.jsonValue({ maxDepth: 1 })),
            width: fc.oneof({ arbitrary: fc.integer({ min: 50, max: 800 }), weight: 3 }, fc.jsonValue({ maxDepth: 1 })),
            axis: fc.oneof(
              {
                arbitrary: fc.record({ title: fc.string({ maxLength: 20 }), grid: fc.boolean() }, { requiredKeys: [] }),
                weight: 3,
              },
              fc.jsonValue({ maxDepth: 2 }),
            ),
            hostile: fc.dictionary(outside, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 1 }),
          },
          { requiredKeys: [] },
        )
        .map(({ axis, hostile, ...top }) => ({
          ...hostile,
          ...top,
          mark: 'bar',
          encoding: { x: { field: 'a', axis } },
        })),
    );
    let kept = 0;
    let refusedSpecs = 0;
    fc.assert(
      fc.property(spec, (value) => {
        const prepared = prepareChartSpec(value);
        if (prepared.ok) {
          kept++;
          // Keys, not values: a title may well read "__proto__" or "url".
          expect(keysOf(prepared.spec).filter((key) => OUTSIDE.has(key))).toEqual([]);
        } else refusedSpecs++;
      }),
      { numRuns: 300 },
    );
    expect(kept).toBeGreaterThan(10);
    expect(refusedSpecs).toBeGreaterThan(10);
  });
});

describe('limitFacetRows', () => {
  const rows = Array.from({ length: 100 }, (_, i) => ({ a: `a${i % 50}`, b: `b${i % 7}`, v: i }));
  it('keeps the rows of the first panels only', () => {
    const one = limitFacetRows(rows, ['a'], 12);
    expect(new Set(one.map((r) => r.a)).size).toBe(12);
    const grid = limitFacetRows(rows, ['a', 'b'], 12);
    expect(new Set(grid.map((r) => r.a)).size).toBeLessThanOrEqual(3);
    expect(new Set(grid.map((r) => r.b)).size).toBeLessThanOrEqual(3);
    expect(limitFacetRows(rows, [], 12)).toBe(rows);
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

describe('chartSummary in the chart’s formats', () => {
  it('reads dates and money as the chart shows them, never as the raw text', () => {
    const result = {
      sqlQuery: 'q',
      queryTitle: 'Revenue by month',
      columns: [
        { name: 'month', type: 'Date', kind: 'time' as const },
        { name: 'revenue', type: 'Float64', kind: 'number' as const },
      ],
      rows: [
        ['2024-10-01T00:00:00.000', 1200.5],
        ['2024-11-01T00:00:00.000', 99],
      ],
      totalRows: 2,
      truncated: false,
    };
    const summary = chartSummary({ mark: 'line' }, result);
    expect(summary).not.toMatch(/T00:00|2024-1/);
    expect(summary).toBe(
      'Line chart: Revenue by month, 2 rows. Highest revenue: October 2024, $1,200.50. Lowest: November 2024, $99.00.',
    );
  });
});
