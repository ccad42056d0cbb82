// "Load all rows" reads the data API's JSON lines: wire data, checked before anything reads it.
import { describe, expect, it } from 'vitest';
import { ChatError, loadAllRows, type ChatTransport } from '../../../src';

const answering = (body: string): ChatTransport => ({
  url: '/chat',
  dataUrl: '/data',
  fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
});

describe('loadAllRows', () => {
  it('joins the schema line and the data lines', async () => {
    const wire = await loadAllRows(
      answering('{"schema":[{"name":"a","column_type":"Int64"}]}\n{"data":[[1],[2]]}\n{"data":[[3]]}\n'),
      'SELECT a',
    );
    expect(wire).toEqual({
      sqlQuery: 'SELECT a',
      schema: [{ name: 'a', column_type: 'Int64' }],
      data: [[1], [2], [3]],
      totalRows: 3,
    });
  });

  it('keeps 200,000 rows of one line (no spread into push)', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [i]);
    const wire = await loadAllRows(answering(`{"schema":[{"name":"i"}]}\n${JSON.stringify({ data: rows })}\n`), 'x');
    expect(wire.data).toHaveLength(200_000);
  });

  it.each([
    ['data as a string', '{"data":"abc"}'],
    ['rows that are not arrays', '{"data":[1,{"x":1}]}'],
    ['a schema of the wrong type', '{"schema":5,"data":[[1]]}'],
    ['a column name of the wrong type', '{"schema":[{"name":{}}],"data":[[1]]}'],
    ['an error object', '{"error":{"message":"boom"}}'],
  ])('refuses %s with a ChatError', async (_what, body) => {
    await expect(loadAllRows(answering(body), 'x')).rejects.toBeInstanceOf(ChatError);
  });

  it('reads a null line as nothing', async () => {
    await expect(loadAllRows(answering('null\n{"data":[[1]]}'), 'x')).resolves.toMatchObject({ totalRows: 1 });
  });
});
