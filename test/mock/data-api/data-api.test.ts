import { describe, expect, it } from 'vitest';
import { MOCK_DATA_NOW, mockDataToken } from '../../../src/mock';
import { dataModel } from '../../../src/mock/data-api/model';
import { runQuery, viewerOf } from '../../../src/mock/dataset';
import { defaultFixture } from '../../../src/mock/fixture';
import {
  MetaResponseSchema,
  MultiLoadResponseSchema,
  LoadResultSchema,
  type LoadResult,
  type QueryFilter,
  type SemanticQuery,
} from '../../../src/protocol';
import { useMock, type Transport } from '../helpers';
import { dataToken, ELIAS, ERIN } from './tokens';

const REVENUE = 'orders.revenue';
const REGION = 'orders.region';
const CREATED = 'orders.createdAt';

async function load(t: Transport, query: unknown, token: string, how: 'GET' | 'POST' = 'POST', extra = '') {
  const response =
    how === 'GET'
      ? await t.fetch(`${t.baseUrl}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify(query))}${extra}`, {
          headers: { Authorization: token },
        })
      : await t.fetch(`${t.baseUrl}/cubejs-api/v1/load${extra}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query }),
        });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

async function rows(t: Transport, query: SemanticQuery, token: string): Promise<LoadResult> {
  const { status, body } = await load(t, query, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return LoadResultSchema.parse(body);
}

/** The fixture's orders table, for answers computed independently of the mock's query code. */
const table = defaultFixture().dataset.tables[0]!;
const col = (name: string) => table.columns.findIndex((c) => c.name === name);
const sumRevenue = (filter: (row: (string | number)[]) => boolean) =>
  table.rows.filter(filter).reduce((total, row) => total + Number(row[col('revenue')]), 0);

describe.each(['http', 'in-process'] as const)('the mock data API (%s)', (kind) => {
  const mock = useMock(kind);

  it('refuses no token, a bad signature, an expired token and an unsigned one, with 403 { error } as the server words it', async () => {
    const t = mock();
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /^Authorization header isn't set$/],
      [
        { Authorization: await dataToken(ERIN, { secret: 'another-secret-another-secret-another' }) },
        /^Invalid token$/,
      ],
      // The server does not say a token expired: "Invalid token", as for any other.
      [{ Authorization: await dataToken(ERIN, { expiresAt: Math.floor(Date.now() / 1000) - 10 }) }, /^Invalid token$/],
      [{ Authorization: 'eyJhbGciOiJub25lIn0.eyJleHRlcm5hbElkIjoieCJ9.' }, /Invalid token/],
      [{ Authorization: 'Bearer not-a-jwt' }, /Invalid token/],
    ];
    for (const [headers, message] of cases) {
      for (const path of ['meta', `load?query=${encodeURIComponent(JSON.stringify({ measures: [REVENUE] }))}`]) {
        const response = await t.fetch(`${t.baseUrl}/cubejs-api/v1/${path}`, { headers });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: string }).error).toMatch(message);
      }
    }
    // Any HMAC algorithm with the secret, as the server's JWT library takes.
    for (const alg of ['HS384', 'HS512']) {
      const response = await t.fetch(`${t.baseUrl}/cubejs-api/v1/meta`, {
        headers: { Authorization: await dataToken(ERIN, { alg }) },
      });
      expect(response.status, alg).toBe(200);
    }
  });

  it('answers /meta with the orders cube as the current server describes it (its hidden primary key left out)', async () => {
    const t = mock();
    for (const authorization of [await dataToken(ERIN), `Bearer ${await dataToken(ERIN)}`]) {
      const response = await t.fetch(`${t.baseUrl}/cubejs-api/v1/meta`, { headers: { Authorization: authorization } });
      expect(response.status).toBe(200);
      const meta = MetaResponseSchema.parse(await response.json());
      const cube = meta.cubes[0]!;
      expect(cube.name).toBe('orders');
      expect(cube.measures.find((m) => m.name === REVENUE)).toMatchObject({
        shortTitle: 'Revenue',
        format: 'currency',
        currency: 'USD',
        aggType: 'sum',
      });
      expect(cube.measures.map((m) => m.name)).toEqual([
        'orders.revenue',
        'orders.count',
        'orders.averageOrderValue',
        'orders.largeOrderShare',
      ]);
      expect(cube.measures.find((m) => m.name === 'orders.largeOrderShare')).toMatchObject({
        format: 'percent',
        title: 'Orders Large order share',
        description: 'Orders in lines of 30 or more, as a share of all orders',
        cumulative: false,
        drillMembers: [],
        isVisible: true,
        public: true,
      });
      // Titles are the server's rule: the cube's title, then the member's short title.
      for (const member of [...cube.measures, ...cube.dimensions])
        expect(member.title, member.name).toBe(`Orders ${member.shortTitle}`);
      expect(cube.measures.find((m) => m.name === 'orders.count')).toMatchObject({
        title: 'Orders Orders',
        aggType: 'sum',
      });
      expect(cube.dimensions.every((d) => d.suggestFilterValues === true && d.primaryKey === false)).toBe(true);
      expect(cube.dimensions.map((d) => [d.name, d.type])).toEqual([
        ['orders.region', 'string'],
        ['orders.country', 'string'],
        ['orders.category', 'string'],
        ['orders.customer', 'string'],
        ['orders.createdAt', 'time'],
      ]);
    }
  });

  it('answers GET ?query= and POST {query} alike: rows keyed cube.member, numbers as strings, an annotation', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const query = { measures: [REVENUE, 'orders.count'], dimensions: [REGION], order: { [REVENUE]: 'desc' } };
    const get = await load(t, query, token, 'GET');
    const post = await load(t, query, token, 'POST');
    expect(get.status).toBe(200);
    expect(post.body.data).toEqual(get.body.data);
    const result = LoadResultSchema.parse(get.body);
    expect(result.data).toHaveLength(4);
    for (const row of result.data) {
      expect(Object.keys(row)).toEqual([REGION, REVENUE, 'orders.count']);
      expect(row[REVENUE]).toMatch(/^\d+\.\d{2}$/);
      expect(row['orders.count']).toMatch(/^\d+$/);
    }
    // Ratios come at full precision, as the database's double-precision division gives them.
    const ratios = await rows(t, { measures: ['orders.averageOrderValue', 'orders.largeOrderShare'] }, token);
    const all = table.rows.reduce((n, r) => n + Number(r[col('orders')]), 0);
    const cents = table.rows.reduce((n, r) => n + Math.round(Number(r[col('revenue')]) * 100), 0);
    expect(ratios.data[0]!['orders.averageOrderValue']).toBe(cents / 100 / all);
    expect(typeof ratios.data[0]!['orders.largeOrderShare']).toBe('number');
    const revenues = result.data.map((r) => Number(r[REVENUE]));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    expect(result.annotation.measures[REVENUE]).toMatchObject({
      title: 'Orders Revenue',
      shortTitle: 'Revenue',
      type: 'number',
      format: 'currency',
      currency: 'USD',
    });
    expect(result.annotation.measures[REVENUE]).toMatchObject({
      drillMembers: [],
      drillMembersGrouped: { measures: [], dimensions: [] },
    });
    expect(result.annotation.dimensions[REGION]).toMatchObject({ shortTitle: 'Region', type: 'string' });
    // The echo: the keys as sent (the order as `{ id, desc }`), then what the server fills in.
    expect(result.query).toEqual({
      ...query,
      order: [{ id: REVENUE, desc: true }],
      limit: 10_000,
      timezone: 'UTC',
      filters: [],
      timeDimensions: [],
      rowLimit: 10_000,
    });
    expect(result.total).toBeNull();
  });

  it("applies row-level security from the token, the chat's own numbers: Erin four regions, Elias Europe only", async () => {
    const t = mock();
    const query: SemanticQuery = { measures: [REVENUE], dimensions: [REGION], order: [[REVENUE, 'desc']] };
    const fixture = defaultFixture();
    const chatRows = (attributes: [string, string[]][], groups: string[]) =>
      runQuery(
        fixture,
        {
          table: 'orders',
          dimension: 'region',
          measure: 'revenue',
          aggregate: 'SUM',
          orderBy: 'measure',
          direction: 'DESC',
        },
        { ...viewerOf(undefined), attributes: new Map(attributes), groups: new Set(groups) },
      ).data;
    const erin = await rows(t, query, await dataToken(ERIN));
    expect(erin.data.map((r) => [r[REGION], r[REVENUE]])).toEqual(chatRows([], ['executives']));
    expect(erin.data).toHaveLength(4);
    const elias = await rows(t, query, await dataToken(ELIAS));
    expect(elias.data.map((r) => [r[REGION], r[REVENUE]])).toEqual(chatRows([['region', ['Europe']]], []));
    expect(elias.data.map((r) => r[REGION])).toEqual(['Europe']);
    // Group rules apply too.
    const emea = await rows(t, query, await dataToken({ externalId: 'x', groups: ['emea-sales'] }));
    expect(emea.data.map((r) => r[REGION])).toEqual(['Europe']);
  });

  it('never lets a query widen what the token sees: or, notEquals, ungrouped and measure filters stay inside', async () => {
    const t = mock();
    const token = await dataToken(ELIAS);
    const widening: SemanticQuery[] = [
      {
        measures: [REVENUE],
        dimensions: [REGION],
        filters: [{ member: REGION, operator: 'equals', values: ['North America'] }],
      },
      {
        measures: [REVENUE],
        dimensions: [REGION],
        filters: [
          {
            or: [
              { member: REGION, operator: 'notEquals', values: ['Europe'] },
              { member: REGION, operator: 'set' },
            ],
          },
        ],
      },
      { measures: [REVENUE], dimensions: [REGION], ungrouped: true, limit: 50_000 },
      { measures: [REVENUE], dimensions: [REGION], filters: [{ member: REVENUE, operator: 'gte', values: ['0'] }] },
    ];
    for (const query of widening) {
      const result = await rows(t, query, token);
      expect(new Set(result.data.map((r) => r[REGION])).size <= 1).toBe(true);
      for (const row of result.data) expect(row[REGION]).toBe('Europe');
    }
    const share = await rows(t, { measures: ['orders.largeOrderShare', 'orders.averageOrderValue'] }, token);
    const europe = table.rows.filter((r) => r[col('region')] === 'Europe');
    const orders = europe.reduce((n, r) => n + Number(r[col('orders')]), 0);
    const large = europe.reduce((n, r) => n + (Number(r[col('orders')]) >= 30 ? Number(r[col('orders')]) : 0), 0);
    expect(Number(share.data[0]!['orders.largeOrderShare'])).toBeCloseTo(large / orders, 4);
    expect(Number(share.data[0]!['orders.averageOrderValue'])).toBeCloseTo(
      sumRevenue((r) => r[col('region')] === 'Europe') / orders,
      2,
    );
    const total = await rows(t, { measures: [REVENUE] }, token);
    expect(Number(total.data[0]![REVENUE])).toBeCloseTo(
      sumRevenue((r) => r[col('region')] === 'Europe'),
      2,
    );
  });

  it('takes every filter operator, and nested and/or', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const country = (row: (string | number)[]) => String(row[col('country')]);
    const month = (row: (string | number)[]) => String(row[col('month')]);
    const cases: [SemanticQuery['filters'], (row: (string | number)[]) => boolean][] = [
      [
        [{ member: 'orders.country', operator: 'equals', values: ['Germany', 'Japan'] }],
        (r) => ['Germany', 'Japan'].includes(country(r)),
      ],
      [[{ member: 'orders.country', operator: 'notEquals', values: ['Germany'] }], (r) => country(r) !== 'Germany'],
      [[{ member: 'orders.country', operator: 'contains', values: ['AN'] }], (r) => /an/i.test(country(r))],
      [[{ member: 'orders.country', operator: 'notContains', values: ['an'] }], (r) => !/an/i.test(country(r))],
      [[{ member: 'orders.country', operator: 'startsWith', values: ['ger'] }], (r) => country(r) === 'Germany'],
      [[{ member: 'orders.country', operator: 'endsWith', values: ['ia'] }], (r) => /ia$/.test(country(r))],
      [[{ member: 'orders.country', operator: 'set' }], () => true],
      [[{ member: 'orders.country', operator: 'notSet' }], () => false],
      [
        [{ member: CREATED, operator: 'inDateRange', values: ['2024-03-01', '2024-04-30'] }],
        (r) => ['2024-03', '2024-04'].includes(month(r)),
      ],
      [
        [{ member: CREATED, operator: 'notInDateRange', values: ['2024-01-01', '2024-11-30'] }],
        (r) => month(r) === '2024-12',
      ],
      [[{ member: CREATED, operator: 'beforeDate', values: ['2024-02-01'] }], (r) => month(r) === '2024-01'],
      [[{ member: CREATED, operator: 'afterDate', values: ['2024-11-30'] }], (r) => month(r) === '2024-12'],
      [
        [
          {
            or: [
              { member: REGION, operator: 'equals', values: ['Europe'] },
              {
                and: [
                  { member: 'orders.category', operator: 'equals', values: ['Software'] },
                  { member: REGION, operator: 'equals', values: ['Asia Pacific'] },
                ],
              },
            ],
          },
        ],
        (r) =>
          r[col('region')] === 'Europe' || (r[col('category')] === 'Software' && r[col('region')] === 'Asia Pacific'),
      ],
    ];
    for (const [filters, keep] of cases) {
      const result = await rows(t, { measures: [REVENUE], filters }, token);
      const expected = sumRevenue(keep);
      if (expected === 0) expect(result.data[0]![REVENUE]).toBeNull();
      else expect(Number(result.data[0]![REVENUE]), JSON.stringify(filters)).toBeCloseTo(expected, 2);
    }
    // gt/gte/lt/lte on a measure: a HAVING on the grouped values.
    const byCountry = await rows(t, { measures: [REVENUE], dimensions: ['orders.country'] }, token);
    const values = byCountry.data.map((r) => Number(r[REVENUE]));
    const middle = [...values].sort((a, b) => a - b)[5]!;
    for (const [operator, test] of [
      ['gt', (v: number) => v > middle],
      ['gte', (v: number) => v >= middle],
      ['lt', (v: number) => v < middle],
      ['lte', (v: number) => v <= middle],
    ] as const) {
      const result = await rows(
        t,
        {
          measures: [REVENUE],
          dimensions: ['orders.country'],
          filters: [{ member: REVENUE, operator, values: [String(middle)] }],
        },
        token,
      );
      expect(result.data.length, operator).toBe(values.filter(test).length);
    }
  });

  it('groups time by day, week, month, quarter and year, as local ISO times without a zone', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const counts = { day: 0, week: 0, month: 12, quarter: 4, year: 1 } as Record<string, number>;
    for (const granularity of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const result = await rows(
        t,
        { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, granularity }] },
        token,
      );
      const key = `${CREATED}.${granularity}`;
      for (const row of result.data) {
        expect(row[key]).toMatch(/^2024-\d{2}-\d{2}T00:00:00\.000$/);
        expect(row[CREATED]).toBe(row[key]);
      }
      if (counts[granularity]) expect(result.data).toHaveLength(counts[granularity]!);
      expect(result.data.map((r) => r[key])).toEqual([...result.data.map((r) => r[key])].sort());
      expect(result.annotation.timeDimensions[key]).toMatchObject({ type: 'time', shortTitle: 'Created at' });
      const total = result.data.reduce((sum, r) => sum + Number(r[REVENUE]), 0);
      expect(total).toBeCloseTo(
        sumRevenue(() => true),
        0,
      );
    }
    const quarters = await rows(
      t,
      { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, granularity: 'quarter' }] },
      token,
    );
    expect(quarters.data.map((r) => r[`${CREATED}.quarter`])).toEqual([
      '2024-01-01T00:00:00.000',
      '2024-04-01T00:00:00.000',
      '2024-07-01T00:00:00.000',
      '2024-10-01T00:00:00.000',
    ]);
    const weeks = await rows(
      t,
      { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, granularity: 'week' }] },
      token,
    );
    for (const row of weeks.data) expect(new Date(`${row[`${CREATED}.week`] as string}Z`).getUTCDay()).toBe(1);
  });

  it("buckets, ranges and filters times in the query's time zone: January in New York holds 1,261 orders", async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const query: SemanticQuery = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: CREATED, granularity: 'month', dateRange: ['2024-01-01', '2024-01-31'] }],
      timezone: 'America/New_York',
    };
    const result = await rows(t, query, token);
    // Independently: the rows whose instant (their day at midnight UTC) is in January in New York.
    const model = dataModel(defaultFixture())!;
    const inJanuary = (instant: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
        .format(instant)
        .startsWith('2024-01');
    const expected = model.rows.filter((row) => inJanuary(row.time)).reduce((n, row) => n + row.orders, 0);
    expect(expected).toBe(1261);
    expect(result.data).toEqual([
      { [`${CREATED}.month`]: '2024-01-01T00:00:00.000', [CREATED]: '2024-01-01T00:00:00.000', 'orders.count': '1261' },
    ]);
    const utc = await rows(t, { ...query, timezone: undefined }, token);
    expect(utc.data[0]!['orders.count']).toBe('1279');
    // A day's rows in Tokyo are the evening before's in Los Angeles.
    const day = async (timezone: string) =>
      (
        await rows(
          t,
          {
            measures: ['orders.count'],
            dimensions: [REGION],
            filters: [{ member: CREATED, operator: 'inDateRange', values: ['2024-03-01', '2024-03-01'] }],
            timezone,
            order: [[REGION, 'asc']],
          },
          token,
        )
      ).data;
    expect(await day('Asia/Tokyo')).not.toEqual(await day('America/Los_Angeles'));
  });

  it('lists rows without the primary key (the current default), or refuses them with the ungroupedNeedsPrimaryKey fault; the hidden key itself is never answered', async () => {
    const t = mock();
    const token = await dataToken(ELIAS);
    const query = { dimensions: [REGION, 'orders.customer'], ungrouped: true, limit: 5 };
    expect((await load(t, query, token)).status).toBe(200);
    const strict = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        'X-Mock-Faults': JSON.stringify({ ungroupedNeedsPrimaryKey: true }),
      },
      body: JSON.stringify({ query }),
    });
    expect(strict.status).toBe(400);
    expect(((await strict.json()) as { error: string }).error).toBe(
      "Ungrouped query requires primary keys to be present in dimensions: 'orders.id'. Pass allowUngroupedWithoutPrimaryKey option to disable this check.",
    );
    const hidden = await load(t, { dimensions: ['orders.id', REGION], ungrouped: true, limit: 5 }, token);
    expect(hidden.status).toBe(500);
    expect(hidden.body.error).toMatch(/^Error: You requested hidden member: 'orders__id'/);
    // Over no rows there is nothing to refuse (the server checks the rows it would send).
    const none = await load(
      t,
      { dimensions: ['orders.id'], filters: [{ member: REGION, operator: 'equals', values: ['Nowhere'] }] },
      token,
    );
    expect(none.status).toBe(200);
  });

  it("adds the token's row-level security after the query's own filters, and echoes them", async () => {
    const t = mock();
    const filter: QueryFilter = { member: 'orders.country', operator: 'equals', values: ['Germany'] };
    const elias = await rows(t, { measures: [REVENUE], filters: [filter] }, await dataToken(ELIAS));
    expect(elias.query!.filters).toEqual([filter, { member: REGION, operator: 'equals', values: ['Europe'] }]);
    const erin = await rows(t, { measures: [REVENUE], filters: [filter] }, await dataToken(ERIN));
    expect(erin.query!.filters).toEqual([filter]);
  });

  it('reads date ranges as two dates or relative text, against a fixed "now" (2024-12-31) or an injected one', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const revenueIn = async (
      dateRange: SemanticQuery['timeDimensions'] extends (infer T)[] | undefined
        ? T extends { dateRange?: infer R }
          ? R
          : never
        : never,
    ) => {
      const result = await rows(t, { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, dateRange }] }, token);
      return {
        value: Number(result.data[0]![REVENUE] ?? 0),
        range: (result.query!.timeDimensions as { dateRange: string[] }[])[0]!.dateRange,
      };
    };
    const months = (list: string[]) => sumRevenue((r) => list.includes(String(r[col('month')])));
    expect((await revenueIn(['2024-03-01', '2024-03-31'])).value).toBeCloseTo(months(['2024-03']), 2);
    expect((await revenueIn('this year')).value).toBeCloseTo(months(table.rows.map((r) => String(r[col('month')]))), 0);
    expect((await revenueIn('last year')).value).toBe(0);
    const lastQuarter = await revenueIn('last quarter');
    expect(lastQuarter.range).toEqual(['2024-07-01T00:00:00.000', '2024-09-30T23:59:59.999']);
    expect(lastQuarter.value).toBeCloseTo(months(['2024-07', '2024-08', '2024-09']), 2);
    expect((await revenueIn('last 30 days')).range).toEqual(['2024-12-01T00:00:00.000', '2024-12-30T23:59:59.999']);
    expect((await revenueIn('this month')).value).toBeCloseTo(months(['2024-12']), 2);
    expect(new Date(MOCK_DATA_NOW).toISOString()).toBe('2024-12-31T12:00:00.000Z');
    const bad = await load(
      t,
      { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, dateRange: 'sometime soon' }] },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('sometime soon');
  });

  it('orders in both forms, pages with limit and offset, counts the total, and bounds the limit', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const base = { measures: [REVENUE], dimensions: ['orders.country'], total: true };
    const all = await rows(t, { ...base, order: [['orders.country', 'asc']] }, token);
    expect(all.data.map((r) => r['orders.country'])).toEqual([...all.data.map((r) => r['orders.country'])].sort());
    expect(all.total).toBe(12);
    const page = await rows(t, { ...base, order: { 'orders.country': 'asc' }, limit: 5, offset: 5 }, token);
    expect(page.data).toEqual(all.data.slice(5, 10));
    expect(page.total).toBe(12);
    const noTotal = await rows(t, { measures: [REVENUE], dimensions: ['orders.country'], limit: 3 }, token);
    expect(noTotal.total).toBeNull();
    expect(noTotal.data).toHaveLength(3);
    // Over the maximum is the server's 500 ("The query limit has been exceeded."), as it answers.
    for (const [limit, status] of [
      [50_000, 200],
      [50_001, 500],
      [0, 400],
      [-1, 400],
    ] as const) {
      expect((await load(t, { ...base, limit }, token)).status).toBe(status);
    }
    const ungrouped = await rows(
      t,
      { measures: [REVENUE], dimensions: ['orders.customer'], ungrouped: true, total: true },
      token,
    );
    expect(ungrouped.total).toBe(table.rows.length);
    // Ungrouped rows keep the server's default order (with a measure: the first one, down);
    // `order: []` asks for none.
    const revenues = ungrouped.data.map((r) => Number(r[REVENUE]));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const customers = (await rows(t, { dimensions: ['orders.customer'], ungrouped: true }, token)).data.map(
      (r) => r['orders.customer'] as string,
    );
    expect(customers).toEqual([...customers].sort((a, b) => a.localeCompare(b, 'en')));
    const unordered = await rows(t, { measures: [REVENUE], dimensions: ['orders.country'], order: [] }, token);
    expect(unordered.data.map((r) => r['orders.country']).slice(0, 3)).toEqual(['United States', 'Canada', 'Mexico']);
  });

  it("answers 400 naming an unknown member, a wrong kind, a bad operator use or a bad query, in the server's words", async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const cases: [unknown, string][] = [
      [{ measures: ['orders.profit'] }, "'profit' not found for path 'orders.profit'"],
      [{ dimensions: ['users.name'] }, "Cube 'users' not found for path 'users.name'"],
      [{ measures: [REGION] }, `'region' not found for path '${REGION}'`],
      [
        { measures: [REVENUE], filters: [{ member: 'orders.secret', operator: 'equals', values: ['x'] }] },
        'orders.secret',
      ],
      [{ measures: [REVENUE], timeDimensions: [{ dimension: REGION, granularity: 'month' }] }, REGION],
      [{ measures: [REVENUE], filters: [{ member: REGION, operator: 'gt', values: ['x'] }] }, REGION],
      [{ measures: [REVENUE], filters: [{ member: REGION, operator: 'equals' }] }, 'Values required for filter'],
      [{ measures: ['revenue'] }, 'Invalid query format: "measures[0]" with value "revenue" fails to match'],
      [{ measures: [REVENUE], timezone: 'Mars/Base' }, 'must be a valid IANA time zone'],
      [{ measures: 'orders.revenue' }, 'measures'],
      [JSON.parse('{"measures":["orders.revenue"],"__proto__":{"limit":1}}'), ''],
      [{}, 'measures'],
    ];
    for (const [query, named] of cases) {
      const { status, body } = await load(t, query, token);
      if (named === '') {
        // A `__proto__` key is data, never the query's prototype: the query runs as written.
        expect(status).toBe(200);
        expect(body.query).toMatchObject({ limit: 10_000 });
        continue;
      }
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.error).toContain(named);
    }
    // Ordering by a member the query does not have is left out, as the server does.
    const ordered = await load(t, { measures: [REVENUE], order: { 'orders.count': 'desc' } }, token);
    expect(ordered.status).toBe(200);
    const get = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load?query=%7Bnot-json`, {
      headers: { Authorization: token },
    });
    expect(get.status).toBe(400);
    // Filters nested 100 000 deep: a 400, not a stack overflow.
    let filter = '{"member":"orders.region","operator":"set"}';
    for (let i = 0; i < 100_000; i++) filter = `{"or":[${filter}]}`;
    const deep = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: `{"query":{"measures":["orders.revenue"],"filters":[${filter}]}}`,
    });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { error: string }).error).toMatch(/nested deeper/);
  });

  it('answers hostile but small queries quickly and the same: members repeated 20 000 times, 1 000 values', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const plain = await rows(t, { measures: [REVENUE], dimensions: [REGION] }, token);
    const repeated = await rows(
      t,
      {
        measures: Array(20_000).fill(REVENUE),
        dimensions: Array(20_000).fill(REGION),
        order: Array(5_000).fill([REGION, 'asc']),
      },
      token,
    );
    expect(new Set(repeated.data.map((r) => r[REGION]))).toEqual(new Set(plain.data.map((r) => r[REGION])));
    const values = Array.from({ length: 1000 }, (_, i) => `Country ${i}`).concat('Germany');
    const many = await load(
      t,
      { measures: [REVENUE], filters: [{ member: 'orders.country', operator: 'equals', values }] },
      token,
    );
    expect(many.status).toBe(400);
    const enough = await rows(
      t,
      { measures: [REVENUE], filters: [{ member: 'orders.country', operator: 'contains', values: values.slice(1) }] },
      token,
    );
    expect(Number(enough.data[0]![REVENUE])).toBeCloseTo(
      sumRevenue((r) => r[col('country')] === 'Germany'),
      2,
    );
  });

  it('takes JSON bodies only, and caps them', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const text = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ query: { measures: [REVENUE] } }),
    });
    expect(text.status).toBe(415);
    const big = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: { measures: [REVENUE], dimensions: Array(200_000).fill(REGION) } }),
    });
    expect(big.status).toBe(413);
    const methods = await t.fetch(`${t.baseUrl}/cubejs-api/v1/meta`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    expect(methods.status).toBe(405);
  });

  it('answers the multi form, and compareDateRange with one result per range', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const query = {
      measures: [REVENUE],
      timeDimensions: [{ dimension: CREATED, granularity: 'month', dateRange: 'this year' }],
    };
    const { status, body } = await load(t, query, token, 'GET', '&queryType=multi');
    expect(status).toBe(200);
    const multi = MultiLoadResponseSchema.parse(body);
    expect(multi.queryType).toBe('regularQuery');
    expect(multi.results[0]!.data).toHaveLength(12);
    expect(multi.pivotQuery).toMatchObject({ queryType: 'regularQuery', measures: [REVENUE] });
    const compare = {
      measures: [REVENUE],
      timeDimensions: [{ dimension: CREATED, compareDateRange: ['this month', 'last month'] }],
    };
    const compared = MultiLoadResponseSchema.parse((await load(t, compare, token, 'POST', '?queryType=multi')).body);
    expect(compared.queryType).toBe('compareDateRangeQuery');
    // Each row names its range; the pivot query puts `compareDateRange` first among the dimensions.
    expect(compared.results[1]!.data[0]!.compareDateRange).toBe('2024-11-01T00:00:00.000 - 2024-11-30T23:59:59.999');
    expect(compared.pivotQuery).toMatchObject({ dimensions: ['compareDateRange'], queryType: 'compareDateRangeQuery' });
    expect(compared.results.map((r) => Number(r.data[0]![REVENUE]))).toEqual([
      expect.closeTo(
        sumRevenue((r) => r[col('month')] === '2024-12'),
        2,
      ),
      expect.closeTo(
        sumRevenue((r) => r[col('month')] === '2024-11'),
        2,
      ),
    ]);
    const single = await load(t, compare, token);
    expect(single.status).toBe(400);
    expect(single.body.error).toBe(
      "'compareDateRangeQuery' query type is not supported by the client.Please update the client.",
    );
  });

  it('answers "Continue wait" N times first with the continueWaitTimes fault, then the rows, then waits again', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const headers = { Authorization: token, 'X-Mock-Faults': JSON.stringify({ continueWaitTimes: 2 }) };
    const url = `${t.baseUrl}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify({ measures: [REVENUE] }))}`;
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.fetch(url, { headers });
      expect(response.status).toBe(200);
      answers.push((await response.json()) as Record<string, unknown>);
    }
    expect(answers.map((a) => a.error ?? 'data')).toEqual(['Continue wait', 'Continue wait', 'data', 'Continue wait']);
  });

  it('lets browsers call it from any origin: preflight and answers carry CORS headers, never credentials', async () => {
    const t = mock();
    const preflight = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const denied = await t.fetch(`${t.baseUrl}/cubejs-api/v1/meta`, { headers: { Origin: 'https://app.example' } });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

describe('mockDataToken', () => {
  const mock = useMock('in-process');
  it('signs tokens the data API takes, and expired ones it refuses', async () => {
    const t = mock();
    const meta = async (token: string) =>
      (await t.fetch(`${t.baseUrl}/cubejs-api/v1/meta`, { headers: { Authorization: token } })).status;
    expect(await meta(await mockDataToken(ELIAS))).toBe(200);
    expect(await meta(await mockDataToken(ELIAS, { expiresInSeconds: -1 }))).toBe(403);
    expect(await meta(await mockDataToken(ELIAS, { secret: 'x'.repeat(40) }))).toBe(403);
  });
});

describe('the mock data API with an injected now', () => {
  const mock = useMock('in-process', { dataNow: () => Date.UTC(2030, 5, 15) });
  it('reads relative ranges against it', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const result = await rows(
      t,
      { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, dateRange: 'this year' }] },
      token,
    );
    expect(result.data[0]![REVENUE]).toBeNull();
    expect((result.query!.timeDimensions as { dateRange: string[] }[])[0]!.dateRange[0]).toBe(
      '2030-01-01T00:00:00.000',
    );
  });
});
