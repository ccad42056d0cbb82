import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  dataApiUrl,
  defaultSessionPathUrls,
  filterDepth,
  MAX_FILTER_DEPTH,
  isContinueWait,
  metaMembers,
  MetaResponseSchema,
  parseLoadResponse,
  queryMembers,
  SemanticQuerySchema,
  ValidationError,
  type QueryFilter,
  type SemanticQuery,
} from '../../../src/protocol';

describe('SemanticQuery', () => {
  it('takes every part of the query format, both order forms and nested and/or filters', () => {
    const query = {
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-03-31'] },
        { dimension: 'orders.createdAt', dateRange: 'last 30 days' },
      ],
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
        {
          or: [
            { member: 'orders.country', operator: 'set' },
            { and: [{ member: 'orders.revenue', operator: 'gt', values: ['10'] }] },
          ],
        },
      ],
      order: [['orders.revenue', 'desc']],
      limit: 10,
      offset: 20,
      total: true,
      timezone: 'Europe/Berlin',
      ungrouped: false,
    };
    expect(SemanticQuerySchema.is(query)).toBe(true);
    expect(SemanticQuerySchema.is({ ...query, order: { 'orders.revenue': 'desc' } })).toBe(true);
    expectTypeOf<SemanticQuery['filters']>().toEqualTypeOf<QueryFilter[] | undefined>();
    expect(queryMembers(query as SemanticQuery)).toEqual([
      'orders.revenue',
      'orders.region',
      'orders.createdAt',
      'orders.country',
    ]);
  });

  it('refuses what the format has no meaning for, naming where', () => {
    const bad: [unknown, string][] = [
      [{ measures: 'orders.revenue' }, 'measures'],
      [{ timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'fortnight' }] }, 'granularity'],
      [{ timeDimensions: [{ dimension: 'orders.createdAt', dateRange: ['2024-01-01'] }] }, 'dateRange'],
      [{ filters: [{ member: 'orders.region', operator: 'like', values: ['x'] }] }, 'operator'],
      [{ filters: [{ and: [{ member: 'x', operator: 'equals', values: [{}] }] }] }, 'filters[0]'],
      [{ order: [['orders.revenue', 'sideways']] }, 'order'],
      [{ limit: 1.5 }, 'limit'],
    ];
    for (const [value, where] of bad) {
      const result = SemanticQuerySchema.safeParse(value, 'query');
      expect(result.success, JSON.stringify(value)).toBe(false);
      if (!result.success) {
        expect(result.error).toBeInstanceOf(ValidationError);
        expect(result.error.message).toContain(where);
      }
    }
  });
});

describe('filter nesting', () => {
  const nested = (depth: number) => {
    let filter: unknown = { member: 'orders.region', operator: 'set' };
    for (let i = 1; i < depth; i++) filter = { and: [filter] };
    return { measures: ['orders.revenue'], filters: [filter] };
  };
  it(`takes and/or up to ${MAX_FILTER_DEPTH} deep and refuses deeper without recursing`, () => {
    expect(SemanticQuerySchema.is(nested(MAX_FILTER_DEPTH))).toBe(true);
    expect(filterDepth(nested(MAX_FILTER_DEPTH).filters)).toBe(MAX_FILTER_DEPTH);
    const deep = SemanticQuerySchema.safeParse(nested(200_000), 'query');
    expect(deep.success).toBe(false);
    if (!deep.success) expect(deep.error.message).toContain('filters: filters are nested deeper than');
    expect(SemanticQuerySchema.is(nested(MAX_FILTER_DEPTH + 1))).toBe(false);
  });
});

describe('/meta and /load answers', () => {
  it('reads meta with every format form, and finds members by name without touching prototypes', () => {
    const meta = MetaResponseSchema.parse({
      cubes: [
        {
          name: 'orders',
          title: 'Orders',
          type: 'view',
          measures: [
            {
              name: 'orders.revenue',
              title: 'Revenue',
              shortTitle: 'Revenue',
              type: 'number',
              aggType: 'sum',
              format: 'currency',
              currency: 'USD',
            },
            {
              name: 'orders.margin',
              title: 'Margin',
              type: 'number',
              format: { type: 'custom-numeric', value: '.1%' },
            },
            { name: 'orders.future', title: 'Future', type: 'number', format: 'something-new' },
          ],
          dimensions: [{ name: '__proto__', title: 'Odd', type: 'string' }],
          segments: [],
        },
      ],
    });
    const members = metaMembers(meta);
    expect(members.get('orders.revenue')?.kind).toBe('measure');
    expect(members.get('__proto__')?.kind).toBe('dimension');
    expect(members.get('constructor')).toBeUndefined();
  });

  it('reads both load forms, drops prototype keys from rows, and tells Continue wait apart', () => {
    const result = {
      query: {},
      data: JSON.parse(
        '[{"orders.region":"Europe","orders.revenue":"62125","__proto__":{"polluted":true}}]',
      ) as unknown,
      annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} },
      total: 4,
    };
    const [single] = parseLoadResponse(result);
    expect(single!.data[0]).toEqual({ 'orders.region': 'Europe', 'orders.revenue': '62125' });
    expect(Object.getPrototypeOf(single!.data[0])).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const multi = parseLoadResponse({ queryType: 'regularQuery', results: [result, result], pivotQuery: {} });
    expect(multi).toHaveLength(2);
    expect(() => parseLoadResponse({ queryType: 'regularQuery', results: [{ data: 'x' }] })).toThrow(ValidationError);
    expect(() => parseLoadResponse({ data: [{ a: {} }] })).toThrow(/annotation/);
    expect(isContinueWait({ error: 'Continue wait' })).toBe(true);
    expect(isContinueWait({ error: 'Other' })).toBe(false);
  });

  it('drops an annotation entry under a prototype key rather than refusing the answer', () => {
    const body = JSON.parse(
      '{"query":{},"data":[{"orders.revenue":"5"}],"annotation":{"measures":{"__proto__":{"polluted":"row"},' +
        '"orders.revenue":{"title":"Revenue","type":"number"}},"dimensions":{"constructor":1},"timeDimensions":{}}}',
    ) as unknown;
    const [result] = parseLoadResponse(body);
    expect(Object.keys(result!.annotation.measures)).toEqual(['orders.revenue']);
    expect(Object.keys(result!.annotation.dimensions)).toEqual([]);
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
    // Any other entry must still have a title and a type.
    expect(() =>
      parseLoadResponse({ data: [], annotation: { measures: { a: {} }, dimensions: {}, timeDimensions: {} } }),
    ).toThrow(ValidationError);
  });
});

describe('session path URLs', () => {
  it('build the default paths and the data API URL', () => {
    expect(defaultSessionPathUrls.embedToken('https://acme.example.dev/')).toBe(
      'https://acme.example.dev/api/v1/embed/session/token',
    );
    expect(defaultSessionPathUrls.deployment('https://acme.example.dev', 12)).toBe(
      'https://acme.example.dev/api/v1/deployments/12',
    );
    expect(defaultSessionPathUrls.deploymentToken('https://acme.example.dev', 12)).toBe(
      'https://acme.example.dev/api/v1/deployments/12/token',
    );
    expect(dataApiUrl('https://d.example.dev/', 'load')).toBe('https://d.example.dev/cubejs-api/v1/load');
    expect(dataApiUrl('https://d.example.dev/cubejs-api/v1', 'meta')).toBe('https://d.example.dev/cubejs-api/v1/meta');
  });
});
