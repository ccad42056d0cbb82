// The field's own client, @cubejs-client/core (the real package), against the mock's data
// API over loopback HTTP, unchanged: meta, load in its multi form, Continue wait polling.
import cube from '@cubejs-client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, startMockServer, type MockServer, type MockService } from '../../../src/mock';
import { dataToken, ELIAS, ERIN } from './tokens';

let mock: MockService;
let server: MockServer;
let loads = 0;
beforeAll(async () => {
  mock = createMockService();
  const handle = mock.handle;
  mock.handle = (request) => {
    if (new URL(request.url).pathname.endsWith('/load')) loads++;
    return handle(request);
  };
  server = await startMockServer(mock);
});
afterAll(() => server.close());

const api = (token: string) => cube(token, { apiUrl: `${server.url}/cubejs-api/v1` });

describe('@cubejs-client/core against the mock', () => {
  it('loads /meta: cubes, members, titles and formats', async () => {
    const meta = await api(await dataToken(ERIN)).meta();
    const revenue = meta.resolveMember('orders.revenue', 'measures');
    expect(revenue).toMatchObject({ title: 'Orders Revenue', shortTitle: 'Revenue', format: 'currency' });
    expect(meta.cubes.map((c) => c.name)).toEqual(['orders']);
  });

  it('loads a query (GET, queryType=multi) into a ResultSet with the token identity rows', async () => {
    const query = {
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      order: { 'orders.revenue': 'desc' as const },
    };
    const erin = await api(await dataToken(ERIN)).load(query);
    expect(erin.tablePivot().map((row) => row['orders.region'])).toHaveLength(4);
    expect(erin.annotation().measures['orders.revenue']).toMatchObject({ shortTitle: 'Revenue', type: 'number' });
    const elias = await api(await dataToken(ELIAS)).load(query);
    expect(elias.tablePivot()).toEqual([
      { 'orders.region': 'Europe', 'orders.revenue': expect.stringMatching(/^\d+\.\d{2}$/) },
    ]);
    expect(elias.chartPivot()[0]).toMatchObject({ x: 'Europe' });
  });

  it('fills missing dates from the resolved date range of the answer', async () => {
    const resultSet = await api(await dataToken(ERIN)).load({
      measures: ['orders.count'],
      timeDimensions: [
        { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-11-01', '2025-02-28'] },
      ],
    });
    expect(resultSet.rawData()).toHaveLength(2);
    const pivot = resultSet.chartPivot();
    expect(pivot.map((p) => p.x)).toEqual([
      '2024-11-01T00:00:00.000',
      '2024-12-01T00:00:00.000',
      '2025-01-01T00:00:00.000',
      '2025-02-01T00:00:00.000',
    ]);
    expect(pivot.slice(2).map((p) => p['orders.count'])).toEqual([0, 0]);
  });

  it('polls through "Continue wait" until the rows come', async () => {
    mock.faults = { continueWaitTimes: 3 };
    try {
      const before = loads;
      const resultSet = await api(await dataToken(ERIN)).load({ measures: ['orders.count'] });
      expect(loads - before).toBe(4);
      expect(Number(resultSet.tablePivot()[0]!['orders.count'])).toBeGreaterThan(0);
    } finally {
      mock.faults = {};
    }
  });

  it('surfaces the mock refusals as its RequestError: 403 for a bad token, 400 naming a member', async () => {
    const bad = await api('not-a-token')
      .load({ measures: ['orders.count'] })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 403 });
    const unknown = await api(await dataToken(ERIN))
      .load({ measures: ['orders.nope'] })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 400, message: expect.stringContaining('orders.nope') });
  });
});
