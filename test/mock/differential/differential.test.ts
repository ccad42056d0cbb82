// The differential test: the same requests, with the same tokens, to the mock's data API and
// to the open-source semantic-layer server (Cube 0.33.65's REST API over a real Postgres,
// loaded with the mock's rows, the mock's data model and its row-level security), and equal
// answers and statuses back, but for the differences of that version listed in
// ./differences.ts (each checked to still be one). See docs/mock-and-testing.md, "Against
// the real service".
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockService,
  defaultFixture,
  MOCK_DATA_API_SECRET,
  startMockServer,
  type MockServer,
} from '../../../src/mock';
import { cleanValues } from '../../../src/protocol/semantic/clean-values';
import { parseLoadResponse, type DataTokenIdentity, type SemanticQuery } from '../../../src/protocol';
import { startSemanticServer, type SemanticServer } from '../../support/semantic-server';
import { VERSION_BEHAVIOUR, VERSION_DIFFERENCES, type Json } from './differences';

const ERIN: DataTokenIdentity = { externalId: 'erin', groups: ['executives'] };
const ELIAS: DataTokenIdentity = { externalId: 'elias', userAttributes: [{ name: 'region', value: ['Europe'] }] };
const EMMA: DataTokenIdentity = { externalId: 'emma', groups: ['emea-sales'] };
const AMY: DataTokenIdentity = {
  externalId: 'amy',
  userAttributes: [{ name: 'region', value: ['Asia Pacific', 'Latin America'] }],
};
const USERS = { erin: ERIN, elias: ELIAS, emma: EMMA, amy: AMY };

const now = () => Math.floor(Date.now() / 1000);
function token(identity: object, options: { secret?: string; alg?: string; expiresAt?: number } = {}) {
  return new SignJWT({ ...identity })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? now() + 3600)
    .sign(new TextEncoder().encode(options.secret ?? MOCK_DATA_API_SECRET));
}

const REVENUE = 'orders.revenue';
const COUNT = 'orders.count';
const AOV = 'orders.averageOrderValue';
const LARGE = 'orders.largeOrderShare';
const REGION = 'orders.region';
const COUNTRY = 'orders.country';
const CATEGORY = 'orders.category';
const CUSTOMER = 'orders.customer';
const CREATED = 'orders.createdAt';
const YEAR_2024: [string, string] = ['2024-01-01', '2024-12-31'];

/**
 * Queries as the widgets send them (a chart's with its row limit and its order written out,
 * a KPI's with its period and the period before, a table's page with `total`), and the
 * filters a board adds. Each has an order that leaves no ties, so rows compare in order.
 */
const WIDGET_QUERIES: [string, SemanticQuery][] = [
  ['revenue by region', { measures: [REVENUE], dimensions: [REGION], order: [[REVENUE, 'desc']], limit: 2000 }],
  ['orders by category', { measures: [COUNT], dimensions: [CATEGORY], order: [[COUNT, 'desc']], limit: 2000 }],
  [
    'revenue by month',
    {
      measures: [REVENUE],
      timeDimensions: [{ dimension: CREATED, granularity: 'month', dateRange: YEAR_2024 }],
      limit: 2000,
    },
  ],
  ['revenue and orders by country', { measures: [REVENUE, COUNT], dimensions: [COUNTRY], order: [[COUNTRY, 'asc']] }],
  [
    'revenue by region and category',
    {
      measures: [REVENUE],
      dimensions: [REGION, CATEGORY],
      order: [
        [REGION, 'asc'],
        [CATEGORY, 'asc'],
      ],
    },
  ],
  ['KPI: revenue', { measures: [REVENUE] }],
  [
    'KPI: revenue this quarter',
    { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, dateRange: ['2024-10-01', '2024-12-31'] }] },
  ],
  [
    'KPI: revenue the quarter before',
    { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, dateRange: ['2024-07-03', '2024-09-30'] }] },
  ],
  ['KPI: orders', { measures: [COUNT] }],
  ['KPI: average order value', { measures: [AOV] }],
  ['KPI: large order share', { measures: [LARGE] }],
  ['average order value by region', { measures: [AOV], dimensions: [REGION], order: [[AOV, 'desc']] }],
  ['large order share by category', { measures: [LARGE, COUNT], dimensions: [CATEGORY], order: [[CATEGORY, 'asc']] }],
  [
    'revenue by week, fourth quarter',
    {
      measures: [REVENUE],
      timeDimensions: [{ dimension: CREATED, granularity: 'week', dateRange: ['2024-10-01', '2024-12-31'] }],
    },
  ],
  [
    'orders by day, December',
    {
      measures: [COUNT],
      timeDimensions: [{ dimension: CREATED, granularity: 'day', dateRange: ['2024-12-01', '2024-12-31'] }],
    },
  ],
  [
    'revenue by quarter and year',
    { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, granularity: 'quarter' }] },
  ],
  [
    'a table page with its total',
    {
      measures: [REVENUE],
      dimensions: [CUSTOMER],
      order: [
        [REVENUE, 'desc'],
        [CUSTOMER, 'asc'],
      ],
      limit: 25,
      offset: 25,
      total: true,
    },
  ],
  [
    'customers containing "01", case-insensitive',
    {
      measures: [COUNT],
      dimensions: [CUSTOMER],
      filters: [{ member: CUSTOMER, operator: 'contains', values: ['ER 01'] }],
      order: [[CUSTOMER, 'asc']],
    },
  ],
  [
    'an or of filters',
    {
      measures: [REVENUE],
      dimensions: [COUNTRY],
      filters: [
        {
          or: [
            { member: REGION, operator: 'notEquals', values: ['Europe', 'North America'] },
            { member: CATEGORY, operator: 'startsWith', values: ['Soft'] },
          ],
        },
      ],
      order: [[COUNTRY, 'asc']],
    },
  ],
  [
    'a measure filter',
    {
      measures: [REVENUE],
      dimensions: [COUNTRY],
      filters: [{ member: REVENUE, operator: 'gt', values: ['1700000'] }],
      order: [[COUNTRY, 'asc']],
    },
  ],
  [
    'date filters',
    {
      measures: [COUNT],
      dimensions: [REGION],
      filters: [
        { member: CREATED, operator: 'inDateRange', values: ['2024-03-01', '2024-05-31'] },
        { member: CREATED, operator: 'afterDate', values: ['2024-03-15'] },
      ],
      order: [[REGION, 'asc']],
    },
  ],
  [
    'a board filter on a chart, and ends with',
    {
      measures: [REVENUE, AOV],
      dimensions: [CATEGORY],
      filters: [
        { member: COUNTRY, operator: 'equals', values: ['Germany', 'Japan', 'Brazil'] },
        { member: CATEGORY, operator: 'notEndsWith', values: ['ing'] },
      ],
      order: [[REVENUE, 'desc']],
    },
  ],
  [
    'revenue by year, default order',
    { measures: [REVENUE, COUNT], timeDimensions: [{ dimension: CREATED, granularity: 'year' }] },
  ],
  [
    'a dimension with a granularity',
    { measures: [COUNT], dimensions: [`${CREATED}.month`], order: [[CREATED, 'asc']], limit: 3 },
  ],
];

let real: SemanticServer;
let mock: MockServer;

/** An answer with what changes between two calls (the refresh time) and what only 0.33 adds left out. */
interface Answer {
  status: number;
  body: Json;
}

async function call(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}/cubejs-api/v1/${path}`, init);
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** Drops what differs between two runs of the same query, or is the version's error extras. */
function stripVolatile(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripVolatile);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'lastRefreshTime' || key === 'stack' || key === 'requestId') continue;
    if (key === 'type' && inner === 'UserError') continue; // VERSION_BEHAVIOUR.errorBody
    out[key] = stripVolatile(inner);
  }
  return out;
}

/** The mock's `/load` answer read as 0.33 writes it (see VERSION_DIFFERENCES). */
function asOldLoad(body: Json, sent: Record<string, Json>): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  const rewrite = (result: Record<string, Json>) => {
    for (const difference of VERSION_DIFFERENCES) difference.result?.(result, sent);
  };
  if (Array.isArray(copy.results)) {
    for (const result of copy.results as Record<string, Json>[]) rewrite(result);
    if (copy.pivotQuery && typeof copy.pivotQuery === 'object' && !('order' in sent))
      (copy.pivotQuery as Record<string, Json>).order = [];
  } else if ('data' in copy) rewrite(copy);
  return copy;
}

function asOldMeta(body: Json): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  for (const difference of VERSION_DIFFERENCES) difference.meta?.(copy);
  return copy;
}

const loadPost = (query: unknown, auth: string | undefined, multi = true): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
  body: JSON.stringify(multi ? { query, queryType: 'multi' } : { query }),
});

/** Sends the same `/load` to both; returns both answers (the mock's read as 0.33 writes it). */
async function both(query: unknown, auth: string | undefined, multi = true) {
  const [fromReal, fromMock] = await Promise.all([
    call(real.url, 'load', loadPost(query, auth, multi)),
    call(mock.url, 'load', loadPost(query, auth, multi)),
  ]);
  const sent = (Array.isArray(query) ? {} : query) as Record<string, Json>;
  return {
    real: { status: fromReal.status, body: stripVolatile(fromReal.body) },
    mock: { status: fromMock.status, body: stripVolatile(asOldLoad(fromMock.body, sent)) },
  };
}

async function expectSame(query: unknown, auth: string | undefined, multi = true) {
  const answers = await both(query, auth, multi);
  expect(answers.mock.status, JSON.stringify(answers.real.body).slice(0, 2000)).toBe(answers.real.status);
  expect(answers.mock.body).toEqual(answers.real.body);
  return answers.real;
}

describe('the mock against the open-source semantic-layer server (Cube 0.33.65 over Postgres)', () => {
  const tokens: Record<keyof typeof USERS, string> = { erin: '', elias: '', emma: '', amy: '' };

  beforeAll(async () => {
    const fixture = defaultFixture();
    // Relative date ranges read against the same clock on both sides.
    [real, mock] = await Promise.all([
      startSemanticServer({ fixture, secret: MOCK_DATA_API_SECRET }),
      startMockServer(createMockService({ fixture, dataNow: () => Date.now() })),
    ]);
    for (const [name, identity] of Object.entries(USERS)) tokens[name as keyof typeof USERS] = await token(identity);
  }, 300_000);
  afterAll(async () => {
    await mock?.close();
    await real?.close();
  }, 60_000);

  it('serves the same data model in /meta (every member, title, type and format)', async () => {
    for (const user of ['erin', 'elias'] as const) {
      const [fromReal, fromMock] = await Promise.all([
        call(real.url, 'meta', { headers: { Authorization: tokens[user] } }),
        call(mock.url, 'meta', { headers: { Authorization: tokens[user] } }),
      ]);
      expect(fromMock.status).toBe(200);
      expect(fromReal.status).toBe(200);
      expect(asOldMeta(fromMock.body)).toEqual(fromReal.body);
    }
  });

  describe.each(['erin', 'elias', 'emma', 'amy'] as const)('the widgets’ queries for %s', (user) => {
    it.each(WIDGET_QUERIES)('%s: the same answer, which the library reads whole', async (_name, query) => {
      const answer = await expectSame(query, tokens[user]);
      // The library's reading of the real answer: every value what its annotation says.
      const results = parseLoadResponse(answer.body);
      if (user === 'erin') expect(results[0]!.data.length).toBeGreaterThan(0);
      for (const result of results)
        expect(cleanValues({ query, data: result.data, annotation: result.annotation })).toBeUndefined();
    });
  });

  it('sees only the rows of its region, and echoes the security filter after the query’s own', async () => {
    const query = {
      measures: [COUNT],
      dimensions: [REGION],
      filters: [{ member: REGION, operator: 'equals', values: ['Europe'] }],
    };
    const elias = await expectSame(query, tokens.elias, false);
    const rows = (elias.body as { data: Record<string, string>[] }).data;
    expect(rows.map((row) => row[REGION])).toEqual(['Europe']);
    expect((elias.body as { query: { filters: unknown[] } }).query.filters).toHaveLength(2);
    const amy = await expectSame({ measures: [COUNT], dimensions: [REGION] }, tokens.amy, false);
    expect((amy.body as { data: Record<string, string>[] }).data.map((row) => row[REGION]).sort()).toEqual([
      'Asia Pacific',
      'Latin America',
    ]);
  });

  it('buckets by time in the query’s time zone (January in New York: 1,261 orders, not 1,279)', async () => {
    const query = {
      measures: [COUNT, AOV],
      timeDimensions: [{ dimension: CREATED, granularity: 'month', dateRange: ['2024-01-01', '2024-02-29'] }],
      timezone: 'America/New_York',
    };
    const answer = await expectSame(query, tokens.erin, false);
    expect((answer.body as { data: Record<string, string>[] }).data[0]![COUNT]).toBe('1261');
    for (const timezone of ['Asia/Tokyo', 'Australia/Adelaide', 'Pacific/Honolulu'])
      await expectSame(
        {
          measures: [REVENUE],
          timeDimensions: [{ dimension: CREATED, granularity: 'day', dateRange: ['2024-03-28', '2024-04-03'] }],
          timezone,
        },
        tokens.erin,
      );
    // Ungrouped rows' times, and a filter on a time, are the zone's wall clock too.
    await expectSame(
      {
        measures: [COUNT],
        dimensions: [REGION],
        filters: [{ member: CREATED, operator: 'beforeDate', values: ['2024-02-01'] }],
        timezone: 'America/Los_Angeles',
        order: [[REGION, 'asc']],
      },
      tokens.erin,
    );
  });

  it('answers a comparison with one result per range, each row keyed with its range', async () => {
    const answer = await expectSame(
      {
        measures: [COUNT, REVENUE],
        dimensions: [REGION],
        timeDimensions: [
          {
            dimension: CREATED,
            granularity: 'month',
            compareDateRange: [
              ['2024-01-01', '2024-01-31'],
              ['2024-02-01', '2024-02-29'],
            ],
          },
        ],
        order: [[REGION, 'asc']],
      },
      tokens.elias,
    );
    const results = (answer.body as { results: { data: Record<string, string>[] }[] }).results;
    expect(results[1]!.data[0]!.compareDateRange).toBe('2024-02-01T00:00:00.000 - 2024-02-29T23:59:59.999');
    // Without the multi form the server refuses it, in the same words.
    const single = await expectSame(
      { measures: [COUNT], timeDimensions: [{ dimension: CREATED, compareDateRange: [YEAR_2024, YEAR_2024] }] },
      tokens.erin,
      false,
    );
    expect(single.status).toBe(400);
  });

  it('sends total (null unless asked), and pages', async () => {
    for (const query of [
      { measures: [COUNT], dimensions: [COUNTRY], order: [[COUNTRY, 'desc']], limit: 5, offset: 3, total: true },
      { measures: [COUNT], dimensions: [COUNTRY], order: [[COUNTRY, 'desc']], limit: 5 },
      { measures: [COUNT], dimensions: [COUNTRY], order: { [COUNTRY]: 'asc' }, total: false },
    ])
      await expectSame(query, tokens.amy, false);
  });

  it('refuses bad queries with the same status and message', async () => {
    const cases: unknown[] = [
      { measures: ['orders.nope'] },
      { dimensions: ['sales.region'] },
      { measures: [REGION] },
      { measures: ['revenue'] },
      { measures: [COUNT], limit: 0 },
      { measures: [COUNT], limit: 60_000 },
      { timeDimensions: [{ dimension: CREATED }] },
      { measures: [COUNT], filters: [{ member: REGION, operator: 'equals' }] },
      { measures: [COUNT], filters: [{ member: 'orders.nope', operator: 'equals', values: ['x'] }] },
    ];
    for (const query of cases) {
      const answer = await expectSame(query, tokens.erin, false);
      expect(answer.status, JSON.stringify(query)).toBeGreaterThanOrEqual(400);
    }
    // Ordering by a member the query does not have is left out, not refused.
    await expectSame(
      {
        measures: [COUNT],
        dimensions: [REGION],
        order: [
          [CUSTOMER, 'asc'],
          [REGION, 'asc'],
        ],
      },
      tokens.erin,
      false,
    );
  });

  it('refuses tokens alike: none, a bad signature, expired, unsigned; takes any HMAC algorithm', async () => {
    const query = { measures: [COUNT] };
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify(ERIN))}.`.replace(/=/g, '');
    const cases: [string | undefined, number][] = [
      [undefined, 403],
      [await token(ERIN, { secret: 'another-secret-another-secret-another-secret' }), 403],
      [await token(ERIN, { expiresAt: now() - 60 }), 403],
      [unsigned, 403],
      [`Bearer ${tokens.erin}`, 200],
      [await token(ERIN, { alg: 'HS512' }), 200],
    ];
    for (const [auth, status] of cases) {
      const answer = await expectSame(query, auth, false);
      expect(answer.status).toBe(status);
      const [metaReal, metaMock] = await Promise.all([
        call(real.url, 'meta', { headers: auth ? { Authorization: auth } : {} }),
        call(mock.url, 'meta', { headers: auth ? { Authorization: auth } : {} }),
      ]);
      expect(metaMock.status).toBe(metaReal.status);
      if (metaReal.status !== 200) expect(metaMock.body).toEqual(metaReal.body);
    }
  });

  describe('rows (ungrouped), where 0.33 asks for the primary key', () => {
    let strict: MockServer;
    beforeAll(async () => {
      strict = await startMockServer(
        createMockService({ fixture: defaultFixture(), faults: { ungroupedNeedsPrimaryKey: true } }),
      );
    });
    afterAll(async () => strict?.close());

    it('refuses rows without it in the same words; a grouped query of the same members answers alike', async () => {
      const rows = { dimensions: [REGION, COUNTRY, CUSTOMER], ungrouped: true, limit: 25, total: true };
      const [fromReal, fromStrict] = await Promise.all([
        call(real.url, 'load', loadPost(rows, tokens.elias, false)),
        call(strict.url, 'load', loadPost(rows, tokens.elias, false)),
      ]);
      expect(fromReal.status).toBe(400);
      expect(stripVolatile(fromStrict.body)).toEqual(stripVolatile(fromReal.body));
      // The fallback the drill takes: the same members, grouped.
      const { ungrouped: _ungrouped, ...grouped } = rows;
      await expectSame(
        {
          ...grouped,
          order: [
            [REGION, 'asc'],
            [COUNTRY, 'asc'],
            [CUSTOMER, 'asc'],
          ],
        },
        tokens.elias,
        false,
      );
    });

    it('the hidden primary key itself is refused by both (the status is the version’s)', async () => {
      const query = { dimensions: ['orders.id', REGION], ungrouped: true, limit: 5 };
      const answers = await both(query, tokens.erin, false);
      // VERSION_BEHAVIOUR.hiddenMember
      expect([answers.real.status, answers.mock.status]).toEqual([400, 500]);
      expect((answers.mock.body as { error: string }).error).toBe(
        `Error: ${(answers.real.body as { error: string }).error}`,
      );
    });
  });

  it('still differs from the current API in each listed way (else the list is out of date)', async () => {
    const query = { measures: [REVENUE], timeDimensions: [{ dimension: CREATED, granularity: 'month' }] };
    const [fromReal, fromMock, metaReal, metaMock] = await Promise.all([
      call(real.url, 'load', loadPost(query, tokens.erin, false)),
      call(mock.url, 'load', loadPost(query, tokens.erin, false)),
      call(real.url, 'meta', { headers: { Authorization: tokens.erin } }),
      call(mock.url, 'meta', { headers: { Authorization: tokens.erin } }),
    ]);
    for (const difference of VERSION_DIFFERENCES) {
      // Undoing this one difference alone makes the answers differ.
      const others = VERSION_DIFFERENCES.filter((d) => d !== difference);
      const load = structuredClone(fromMock.body) as Record<string, Json>;
      const meta = structuredClone(metaMock.body) as Record<string, Json>;
      for (const d of others) {
        d.result?.(load, query as unknown as Record<string, Json>);
        d.meta?.(meta);
      }
      const same =
        JSON.stringify(stripVolatile(load)) === JSON.stringify(stripVolatile(fromReal.body)) &&
        JSON.stringify(meta) === JSON.stringify(metaReal.body);
      expect(same, difference.what).toBe(false);
    }
    // The behaviours: an error body's extras, an unknown zone, `order: []`.
    const bad = await call(real.url, 'load', loadPost({ measures: ['orders.nope'] }, tokens.erin, false));
    expect(bad.body, VERSION_BEHAVIOUR.errorBody).toMatchObject({ type: 'UserError', stack: expect.any(String) });
    const zone = await both({ measures: [COUNT], timezone: 'Mars/Base' }, tokens.erin, false);
    expect([zone.real.status, zone.mock.status], VERSION_BEHAVIOUR.timezone).toEqual([200, 400]);
    const unordered = await both({ measures: [COUNT], dimensions: [REGION], order: [] }, tokens.erin, false);
    const counts = (answer: { body: Json }) =>
      (answer.body as { data: Record<string, string>[] }).data.map((r) => r[COUNT]);
    expect(counts(unordered.real), VERSION_BEHAVIOUR.emptyOrder).toEqual([...counts(unordered.real)].sort().reverse());
    expect(counts(unordered.mock), VERSION_BEHAVIOUR.emptyOrder).not.toEqual(counts(unordered.real));
  });
});
