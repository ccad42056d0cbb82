import { describe, expect, it } from 'vitest';
import { cubeSqlLines } from '../../../src/mock/data-api/cubesql';
import { runQuery, viewerOf } from '../../../src/mock/dataset';
import { defaultFixture } from '../../../src/mock/fixture';
import { ADMIN, useMock, type Transport } from '../helpers';
import { dataToken, ELIAS, ERIN } from './tokens';

const BY_COUNTRY = 'SELECT country, SUM(revenue) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC';
const EUROPE = new Set(['Germany', 'France', 'Spain']);

async function cubesql(t: Transport, body: unknown, headers: Record<string, string>) {
  const response = await t.fetch(`${t.baseUrl}/cubejs-api/v1/cubesql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { response, text: await response.text() };
}

/** The JSON lines of an answer: the schema, and every row of the data lines. */
function lines(text: string) {
  expect(text.endsWith('\n')).toBe(true);
  const [head, ...rest] = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const line of rest) expect(Object.keys(line)).toEqual(['data']);
  return { schema: head!.schema, rows: rest.flatMap((line) => line.data as unknown[][]) };
}

describe.each(['http', 'in-process'] as const)('the mock SQL route with a data token (%s)', (kind) => {
  const mock = useMock(kind);

  it('answers { query } with a schema line then data lines, the rows the viewer may see', async () => {
    const t = mock();
    const erin = await cubesql(t, { query: BY_COUNTRY }, { Authorization: await dataToken(ERIN) });
    expect(erin.response.status).toBe(200);
    expect(erin.response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const all = lines(erin.text);
    expect(all.schema).toEqual([
      { name: 'country', column_type: 'String' },
      { name: 'revenue', column_type: 'Double' },
    ]);
    expect(all.rows).toHaveLength(12);

    // Elias (region = Europe) asks the very same SQL: Europe's countries only, same numbers.
    const elias = await cubesql(t, { query: BY_COUNTRY }, { Authorization: `Bearer ${await dataToken(ELIAS)}` });
    expect(elias.response.status).toBe(200);
    const europe = lines(elias.text);
    expect(new Set(europe.rows.map((row) => row[0]))).toEqual(EUROPE);
    expect(europe.rows).toEqual(all.rows.filter((row) => EUROPE.has(row[0] as string)));

    // Computed apart from the route: the fixture's rows for a viewer limited to Europe.
    const fixture = defaultFixture();
    const viewer = viewerOf(undefined);
    viewer.attributes.set('region', ['Europe']);
    const expected = runQuery(
      fixture,
      {
        table: 'orders',
        dimension: 'country',
        measure: 'revenue',
        aggregate: 'SUM',
        orderBy: 'measure',
        direction: 'DESC',
      },
      viewer,
    );
    expect(europe.rows).toEqual(expected.data);
  });

  it('a WHERE in the SQL cannot widen what the token may see', async () => {
    const t = mock();
    const sql =
      "SELECT country, SUM(orders) AS orders FROM orders WHERE region = 'North America' GROUP BY country ORDER BY orders DESC";
    const { response, text } = await cubesql(t, { query: sql }, { Authorization: await dataToken(ELIAS) });
    expect(response.status).toBe(200);
    expect(lines(text).rows).toEqual([]);
  });

  it('refuses a missing or bad token (403), a body of another type (415), bad bodies and SQL it cannot run (400)', async () => {
    const t = mock();
    const token = await dataToken(ELIAS);
    const cases: [unknown, Record<string, string>, number, RegExp][] = [
      [{ query: BY_COUNTRY }, {}, 403, /Authorization header isn't set/],
      [{ query: BY_COUNTRY }, { Authorization: 'not-a-jwt' }, 403, /Invalid token/],
      [
        { query: BY_COUNTRY },
        { Authorization: await dataToken(ELIAS, { secret: 'another-secret-another-secret-another' }) },
        403,
        /Invalid token/,
      ],
      [{ query: BY_COUNTRY }, { Authorization: token, 'Content-Type': 'text/plain' }, 415, /JSON/],
      ['{"query": "SELECT', { Authorization: token }, 400, /.+/],
      [{ sql: BY_COUNTRY }, { Authorization: token }, 400, /query/],
      [{ query: 'DROP TABLE orders' }, { Authorization: token }, 400, /cannot run this query: expected SELECT/],
      [{ query: `${BY_COUNTRY}; DELETE FROM orders` }, { Authorization: token }, 400, /cannot run this query/],
      [{ query: `SELECT ${'x'.repeat(100_001)}` }, { Authorization: token }, 400, /over 100000 characters/],
    ];
    for (const [body, headers, status, message] of cases) {
      const { response, text } = await cubesql(t, body, headers);
      expect(response.status, `${JSON.stringify(headers)} ${text}`).toBe(status);
      expect((JSON.parse(text) as { error: string }).error).toMatch(message);
    }
    const get = await t.fetch(`${t.baseUrl}/cubejs-api/v1/cubesql`, { headers: { Authorization: token } });
    expect(get.status).toBe(405);
  });

  it("reads the SQL API's forms over the cube (MEASURE, aggregates, WHERE, ordinals, LIMIT and OFFSET) as /load answers them", async () => {
    const t = mock();
    const token = await dataToken(ELIAS);
    const sql = async (query: string) => {
      const { response, text } = await cubesql(t, { query }, { Authorization: token });
      expect(response.status, text).toBe(200);
      return lines(text);
    };
    const load = async (query: object) => {
      const response = await t.fetch(`${t.baseUrl}/cubejs-api/v1/load`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return ((await response.json()) as { data: Record<string, unknown>[] }).data;
    };
    const texts = (rows: Record<string, unknown>[], keys: string[]) =>
      rows.map((row) => keys.map((key) => (row[key] === null ? null : String(row[key]))));

    const measured = await sql(
      'SELECT orders.country, MEASURE(orders.revenue), MEASURE(averageOrderValue) AS aov FROM orders GROUP BY 1 ORDER BY 2 DESC',
    );
    expect(measured.schema).toEqual([
      { name: 'country', column_type: 'String' },
      { name: 'measure(revenue)', column_type: 'Double' },
      { name: 'aov', column_type: 'Double' },
    ]);
    const keys = ['orders.country', 'orders.revenue', 'orders.averageOrderValue'];
    expect(measured.rows).toEqual(
      texts(await load({ measures: keys.slice(1), dimensions: [keys[0]], order: [[keys[1], 'desc']] }), keys),
    );
    // Elias sees Europe only, as through /load.
    expect(new Set(measured.rows.map((row) => row[0]))).toEqual(EUROPE);

    const where = await sql(
      "SELECT category, SUM(count) AS orders FROM orders WHERE country <> 'Spain' AND category NOT IN ('Training', 'Support') AND customer IS NOT NULL AND createdAt >= '2024-10-01' GROUP BY category ORDER BY category LIMIT 2 OFFSET 1",
    );
    expect(where.schema).toEqual([
      { name: 'category', column_type: 'String' },
      { name: 'orders', column_type: 'Int64' },
    ]);
    expect(where.rows).toEqual(
      texts(
        await load({
          measures: ['orders.count'],
          dimensions: ['orders.category'],
          filters: [
            { member: 'orders.country', operator: 'notEquals', values: ['Spain'] },
            { member: 'orders.category', operator: 'notEquals', values: ['Training', 'Support'] },
            { member: 'orders.customer', operator: 'set' },
            { member: 'orders.createdAt', operator: 'afterOrOnDate', values: ['2024-10-01'] },
          ],
          order: [['orders.category', 'asc']],
          limit: 2,
          offset: 1,
        }),
        ['orders.category', 'orders.count'],
      ),
    );
    expect(where.rows.map((row) => row[0])).toEqual(['Services', 'Software']);

    // A time bucket, a quoted value with a quote in it, dimensions alone, and a total.
    const months = await sql(
      `SELECT DATE_TRUNC('month', createdAt) AS month, MEASURE(count) FROM orders WHERE customer <> 'O''Brien' GROUP BY 1 ORDER BY 1 LIMIT 3`,
    );
    expect((months.schema as unknown[])[0]).toEqual({ name: 'month', column_type: 'Timestamp' });
    expect(months.rows.map((row) => row[0])).toEqual([
      '2024-01-01T00:00:00.000',
      '2024-02-01T00:00:00.000',
      '2024-03-01T00:00:00.000',
    ]);
    expect((await sql('SELECT region FROM orders GROUP BY 1')).rows).toEqual([['Europe']]);
    expect((await sql('SELECT MEASURE(revenue) FROM orders')).rows).toEqual(
      texts(await load({ measures: ['orders.revenue'] }), ['orders.revenue']),
    );
  });

  it('answers 400 saying what it does not support', async () => {
    const t = mock();
    const token = await dataToken(ERIN);
    const cases: [string, RegExp][] = [
      ['SELECT region, COUNT(*) FROM orders GROUP BY 1', /COUNT\(\*\) has no single count measure/],
      ['SELECT region, AVG(revenue) FROM orders GROUP BY 1', /AVG\(revenue\) is not how orders.revenue aggregates/],
      ["SELECT region, MEASURE(revenue) FROM orders WHERE region LIKE 'E%' GROUP BY 1", /found "LIKE"/],
      ["SELECT region, MEASURE(revenue) FROM orders WHERE region = 'A' OR region = 'B' GROUP BY 1", /found "OR"/],
      ['SELECT region, MEASURE(revenue) FROM orders GROUP BY 1 HAVING MEASURE(revenue) > 1', /found "HAVING"/],
      ["SELECT region, MEASURE(revenue) FROM orders WHERE region > 'E' GROUP BY 1", />.+is not read/],
      ['SELECT o.region, MEASURE(revenue) FROM orders o JOIN users u ON u.id = o.id GROUP BY 1', /JOIN|found/],
      ['SELECT region, MEASURE(revenue) FROM (SELECT * FROM orders) GROUP BY 1', /found "\("/],
      ['SELECT region, country FROM orders', /not a grouped query/],
      ['SELECT region, MEASURE(profit) FROM orders GROUP BY 1', /profit is no measure of orders/],
    ];
    for (const [query, message] of cases) {
      const { response, text } = await cubesql(t, { query }, { Authorization: token });
      expect(response.status, query).toBe(400);
      expect((JSON.parse(text) as { error: string }).error, query).toMatch(message);
    }
  });

  it('still answers a server with the account key and sessionSettings, and lets a browser call it (CORS)', async () => {
    const t = mock();
    const keyed = await cubesql(
      t,
      {
        query: BY_COUNTRY,
        sessionSettings: { externalId: 'x', userAttributes: [{ name: 'region', value: ['Europe'] }] },
      },
      ADMIN,
    );
    expect(keyed.response.status).toBe(200);
    expect(new Set(lines(keyed.text).rows.map((row) => row[0]))).toEqual(EUROPE);
    const preflight = await t.fetch(`${t.baseUrl}/cubejs-api/v1/cubesql`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

describe('cubeSqlLines', () => {
  it('writes the schema, then the rows 1000 to a line, each line ended by a newline', () => {
    const data = Array.from({ length: 2500 }, (_, i) => [`row ${i}`, String(i)]);
    const schema = [
      { name: 'name', column_type: 'String' },
      { name: 'n', column_type: 'Int64' },
    ];
    const text = cubeSqlLines({ schema, data });
    const parsed = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { schema?: unknown; data?: unknown[][] });
    expect(parsed[0]).toEqual({ schema });
    expect(parsed.slice(1).map((line) => line.data!.length)).toEqual([1000, 1000, 500]);
    expect(parsed.slice(1).flatMap((line) => line.data)).toEqual(data);
    expect(cubeSqlLines({ schema, data: [] })).toBe(`${JSON.stringify({ schema })}\n`);
  });
});
