import { describe, expect, it } from 'vitest';
import { chartQuery, MAX_CHART_ROWS } from '../../../src/protocol';

describe('chartQuery', () => {
  const query = { measures: ['orders.count'], dimensions: ['orders.region'] };

  it('asks for at most the rows a chart draws', () => {
    expect(chartQuery(query)).toEqual({ ...query, limit: MAX_CHART_ROWS });
    expect(chartQuery({ ...query, limit: 1_000_000 }).limit).toBe(MAX_CHART_ROWS);
  });

  it("keeps a host's lower limit, whole", () => {
    expect(chartQuery({ ...query, limit: 12.7 }).limit).toBe(12);
    expect(chartQuery({ ...query, limit: 0 }).limit).toBe(0);
  });

  it('reads a limit that is not a count as none', () => {
    expect(chartQuery({ ...query, limit: -3 }).limit).toBe(MAX_CHART_ROWS);
    expect(chartQuery({ ...query, limit: Number.NaN }).limit).toBe(MAX_CHART_ROWS);
  });

  it('leaves the query it was given alone', () => {
    const given = { ...query };
    chartQuery(given);
    expect(given).toEqual(query);
  });
});
