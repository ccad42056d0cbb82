import { describe, expect, it } from 'vitest';
import { DataError, rowsAsObjects } from '../../../src/protocol';
import { CubeSqlDecoder, readCubeSqlAnswer } from '../../../src/protocol/semantic/sql-result';

const SCHEMA = {
  schema: [
    { name: 'region', column_type: 'String' },
    { name: 'revenue', column_type: 'Double' },
    { name: 'month', column_type: 'Timestamp' },
  ],
};
const lines = (...values: unknown[]) => `${values.map((value) => JSON.stringify(value)).join('\n')}\n`;

function decode(text: string, limits = {}) {
  const decoder = new CubeSqlDecoder(limits);
  decoder.push(text);
  return decoder.end('SELECT 1');
}

function stream(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

describe('CubeSqlDecoder', () => {
  it('reads the schema line and the data lines as typed rows', () => {
    const result = decode(
      lines(SCHEMA, { data: [['Europe', '12.5', '2026-01-01T00:00:00.000']] }, { data: [['Asia', 3, null]] }),
    );
    expect(result.columns.map((column) => [column.name, column.kind])).toEqual([
      ['region', 'string'],
      ['revenue', 'number'],
      ['month', 'time'],
    ]);
    expect(result.rows).toEqual([
      ['Europe', 12.5, '2026-01-01T00:00:00.000'],
      ['Asia', 3, null],
    ]);
    expect(result).toMatchObject({ sqlQuery: 'SELECT 1', totalRows: 2, truncated: false });
    expect(result.missing).toBeUndefined();
  });

  it('decodes any chunking, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode(lines(SCHEMA, { data: [['Zürich €', '1', null]] }));
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    const result = await readCubeSqlAnswer(stream(chunks), 'q');
    expect(result.rows).toEqual([['Zürich €', 1, null]]);
  });

  it('makes a number column\'s "NaN", "Infinity" or text and a time column\'s non-date missing, and counts them', () => {
    const result = decode(
      lines(SCHEMA, {
        data: [
          ['a', 'NaN', 'yesterday'],
          ['b', 'Infinity', '2026-02-01'],
          ['c', 'abc', { not: 'a date' }],
          ['d', '42.5', '2026-03-01'],
        ],
      }),
    );
    expect(result.rows).toEqual([
      ['a', null, null],
      ['b', null, '2026-02-01'],
      ['c', null, null],
      ['d', 42.5, '2026-03-01'],
    ]);
    expect(result.missing).toBe(5);
  });

  it('keeps an integer past 2^53 in an integer column exact, as text', () => {
    const result = decode(
      lines({ schema: [{ name: 'n', column_type: 'Int64' }] }, { data: [['123456789012345678901']] }),
    );
    expect(result.rows).toEqual([['123456789012345678901']]);
    expect(result.missing).toBeUndefined();
  });

  it('keeps the first maxRows rows and counts the rest', () => {
    const data = Array.from({ length: 10 }, (_, i) => [`r${i}`, i, null]);
    const result = decode(lines(SCHEMA, { data: data.slice(0, 6) }, { data: data.slice(6) }), { maxRows: 4 });
    expect(result.rows.map((row) => row[0])).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(result).toMatchObject({ totalRows: 10, truncated: true });
  });

  it('cuts or pads a row to the schema', () => {
    const result = decode(lines(SCHEMA, { data: [['a'], ['b', 1, null, 'extra', 'more']] }));
    expect(result.rows).toEqual([
      ['a', null, null],
      ['b', 1, null],
    ]);
  });

  it('keeps a column named __proto__ an ordinary key', () => {
    const result = decode(lines({ schema: [{ name: '__proto__', column_type: 'String' }] }, { data: [['x']] }));
    const [row] = rowsAsObjects(result);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    ['a malformed line', `${JSON.stringify(SCHEMA)}\n{"data": [[1,\n`, /line 2 is not JSON/],
    ['rows before the schema', lines({ data: [['a', 1, null]] }, SCHEMA), /rows before the schema/],
    ['no schema at all', '', /no schema line/],
    ['a second schema', lines(SCHEMA, SCHEMA), /a second schema/],
    ['a schema that is not columns', lines({ schema: [{ name: 3 }] }), /not a list of named columns/],
    ['a row that is not a list', lines(SCHEMA, { data: [{ region: 'a' }] }), /not a list/],
    ['data that is not a list', lines(SCHEMA, { data: 'rows' }), /data is not a list/],
    ['a line that is neither', lines(SCHEMA, { rows: [] }), /neither schema nor data/],
    ['a line that is not an object', lines(SCHEMA, [1, 2]), /not an object/],
  ])('refuses %s with a server DataError', (_, text, message) => {
    let error: unknown;
    try {
      decode(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ kind: 'server', message: expect.stringMatching(message) });
  });

  it('reads an error line as the query refused, with its message (cut)', () => {
    const text = lines(SCHEMA, { error: `You may not read orders.margin ${'x'.repeat(2000)}` });
    expect(() => decode(text)).toThrow(DataError);
    try {
      decode(text);
    } catch (error) {
      expect(error).toMatchObject({ kind: 'bad-query' });
      expect((error as Error).message.startsWith('You may not read orders.margin')).toBe(true);
      expect((error as Error).message.length).toBe(500);
    }
  });

  it('stops at maxBytes without holding the rest, and cancels the stream', async () => {
    let pulled = 0;
    let cancelled = false;
    const row = new TextEncoder().encode(`${JSON.stringify({ data: [['a', 1, null]] })}\n`);
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`${JSON.stringify(SCHEMA)}\n`));
      },
      pull(controller) {
        pulled++;
        controller.enqueue(row);
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readCubeSqlAnswer(endless, 'q', { maxBytes: 10_000 })).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringMatching(/larger than 10000 bytes/),
    });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10_000 / row.byteLength + 2);
  });

  it('refuses one runaway line at maxBytes', () => {
    const decoder = new CubeSqlDecoder({ maxBytes: 1000 });
    decoder.push(`${JSON.stringify(SCHEMA)}\n{"data": [["`);
    expect(() => decoder.push('x'.repeat(2000))).toThrow(/larger than 1000 bytes/);
  });

  it('refuses too many columns', () => {
    const schema = Array.from({ length: 5 }, (_, i) => ({ name: `c${i}`, column_type: 'String' }));
    expect(() => decode(lines({ schema }), { maxColumns: 4 })).toThrow(/more than 4 columns/);
  });

  it('gives a broken stream as a network error', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`${JSON.stringify(SCHEMA)}\n`));
        controller.error(new TypeError('connection reset'));
      },
    });
    await expect(readCubeSqlAnswer(broken, 'q')).rejects.toMatchObject({ kind: 'network' });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const reading = readCubeSqlAnswer(never, 'q', { signal: controller.signal });
    controller.abort(new Error('left the board'));
    await expect(reading).rejects.toThrow('left the board');
  });
});
