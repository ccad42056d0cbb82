import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SemanticQuery, SemanticResult } from '../../../src/protocol';
import type * as ExportResult from '../../../src/react/charts/export-result';
import { toCsv } from '../../../src/react/charts/export-result';
import type { DataSource } from '../../../src/react/native/data/semantic-result';
import { CSV_MAX_ROWS, CSV_PAGE, saveQueryCsv } from '../../../src/react/native/data/save-query-csv';
import { toSqlResult } from '../../../src/react/native/data/to-sql-result';

vi.mock('../../../src/react/charts/export-result', async (original) => ({
  ...(await original<typeof ExportResult>()),
  saveUrl: vi.fn(),
}));

const annotation = {
  measures: { 'orders.revenue': { title: 'Revenue', type: 'number' } },
  dimensions: { 'orders.region': { title: 'Region, "quoted"', type: 'string' } },
  timeDimensions: {},
};
const query: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };

/** A data source that answers each page with `page(offset, limit)`; it counts the loads. */
function pagedSource(page: (offset: number, limit: number) => { rows: number; total?: number }) {
  const loads: SemanticQuery[] = [];
  const source: DataSource = {
    load: async (sent) => {
      loads.push(sent);
      const { rows, total } = page(sent.offset ?? 0, sent.limit ?? 0);
      const result: SemanticResult = {
        query: sent,
        data: Array.from({ length: rows }, (_, i) => ({
          'orders.region': `=r${(sent.offset ?? 0) + i}`,
          'orders.revenue': String((sent.offset ?? 0) + i),
        })),
        annotation,
      };
      if (total !== undefined) result.total = total;
      return result;
    },
    meta: async () => ({ cubes: [] }),
    reset: () => undefined,
  };
  return { source, loads };
}

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('saveQueryCsv', () => {
  it('saves every page of an honest answer, in order, as the chat exports a result', async () => {
    const { source, loads } = pagedSource((offset) => ({ rows: offset === 0 ? CSV_PAGE : 5, total: CSV_PAGE + 5 }));
    await expect(saveQueryCsv(source, query, 'Revenue by region')).resolves.toEqual({
      rows: CSV_PAGE + 5,
      total: CSV_PAGE + 5,
    });
    expect(loads.map((sent) => [sent.offset, sent.limit, sent.total])).toEqual([
      [0, CSV_PAGE, true],
      [CSV_PAGE, CSV_PAGE, true],
    ]);
    // The same bytes as the chat's export of all the rows at once.
    const all = await Promise.all([
      source.load(loads[0]!, new AbortController().signal),
      source.load(loads[1]!, new AbortController().signal),
    ]);
    const whole = toCsv(toSqlResult({ ...all[0]!, data: [...all[0]!.data, ...all[1]!.data] }, 'Revenue by region'));
    expect(await blobs[0]!.text()).toBe(whole.replace(/^\uFEFF/, ''));
    expect(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(whole).toContain(`"Region, ""quoted"""`);
    expect(whole).toContain(`'=r0,0`);
  });

  it('stops at the total the first page gave, whatever later pages say', async () => {
    const { source, loads } = pagedSource((offset) => ({ rows: CSV_PAGE, total: offset === 0 ? 25_000 : 1e12 }));
    await expect(saveQueryCsv(source, query, undefined)).resolves.toEqual({ rows: 25_000, total: 25_000 });
    expect(loads).toHaveLength(3);
    const lines = (await blobs[0]!.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(25_001);
    expect(lines.at(-1)).toBe(`'=r24999,24999`);
  });

  it('stops at the row ceiling for a total that never ends, and says so', async () => {
    expect(CSV_MAX_ROWS).toBe(1_000_000);
    const { source, loads } = pagedSource(() => ({ rows: CSV_PAGE, total: 1e12 }));
    await expect(saveQueryCsv(source, query, undefined, { maxRows: 30_000 })).resolves.toEqual({
      rows: 30_000,
      total: 1e12,
      stopped: 'ceiling',
    });
    expect(loads).toHaveLength(3);
  });

  it('stops at the text ceiling, and says so', async () => {
    const { source, loads } = pagedSource(() => ({ rows: CSV_PAGE, total: 1e6 }));
    const saved = await saveQueryCsv(source, query, undefined, { maxChars: 100_000 });
    expect(saved).toEqual({ rows: CSV_PAGE, total: 1e6, stopped: 'ceiling' });
    expect(loads).toHaveLength(1);
  });

  it('keeps no more rows than a page asked for, and reads one page without a total', async () => {
    const { source, loads } = pagedSource(() => ({ rows: CSV_PAGE * 3 }));
    await expect(saveQueryCsv(source, query, undefined)).resolves.toEqual({ rows: CSV_PAGE });
    expect(loads).toHaveLength(1);
  });

  it("fails with the request's error and saves nothing", async () => {
    const source: DataSource = {
      load: () => Promise.reject(new Error('boom')),
      meta: async () => ({ cubes: [] }),
      reset: () => undefined,
    };
    await expect(saveQueryCsv(source, query, undefined)).rejects.toThrow('boom');
    expect(blobs).toHaveLength(0);
  });

  it('says how far it is after each page', async () => {
    const { source } = pagedSource(() => ({ rows: CSV_PAGE, total: 25_000 }));
    const seen: unknown[] = [];
    await saveQueryCsv(source, query, undefined, { onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([
      { rows: CSV_PAGE, of: 25_000 },
      { rows: 2 * CSV_PAGE, of: 25_000 },
      { rows: 25_000, of: 25_000 },
    ]);
  });

  it('stops at once when cancelled, even while a page is still asked, and saves nothing', async () => {
    const controller = new AbortController();
    let asked = 0;
    const source: DataSource = {
      load: async (sent) => {
        asked++;
        // The second page never answers (a stalled data API), and ignores the signal.
        if ((sent.offset ?? 0) > 0) return new Promise<SemanticResult>(() => undefined);
        return pagedSource(() => ({ rows: CSV_PAGE, total: 1e6 })).source.load(sent, new AbortController().signal);
      },
      meta: async () => ({ cubes: [] }),
      reset: () => undefined,
    };
    const saving = saveQueryCsv(source, query, undefined, {
      signal: controller.signal,
      onProgress: () => controller.abort(new DOMException('cancelled', 'AbortError')),
    });
    await expect(saving).rejects.toMatchObject({ name: 'AbortError' });
    expect(asked).toBe(2);
    expect(blobs).toHaveLength(0);
  });

  it('makes its text a slice of rows at a time, letting the page run between', async () => {
    const { source } = pagedSource(() => ({ rows: CSV_PAGE, total: 3 * CSV_PAGE }));
    // A clock that moves 5 ms a look: a slice (8 ms) is used up every other look, on any machine.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
    let ticks = 0;
    let saving = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      ticks++;
      if (saving) channel.port2.postMessage(undefined);
    };
    channel.port2.postMessage(undefined);
    await saveQueryCsv(source, query, undefined);
    saving = false;
    channel.port1.close();
    // 30,000 rows, a thousand a look: the page's own messages ran between slices.
    expect(ticks).toBeGreaterThan(10);
  });
});
