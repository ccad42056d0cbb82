import { describe, expect, it } from 'vitest';
import { parseNestedJson, parseToolCall, rowsAsObjects, type ToolCall } from '../../src/protocol';

const sqlResult = {
  sqlQuery: 'SELECT region, revenue, orders, big FROM t',
  queryTitle: 'Revenue',
  schema: [
    { name: 'region', column_type: 'String' },
    { name: 'revenue', column_type: 'Double' },
    { name: 'orders', columnType: 'Int64' },
    { name: 'big', column_type: 'Int64' },
  ],
  data: [
    ['EU', '12.5', '3', '9007199254740993'],
    ['US', 7, null, '4'],
    [null, 'n/a', '', null],
  ],
  totalRows: 250,
  uuid: 'u-1',
  vegaSpec: JSON.stringify({ mark: 'bar' }),
};

describe('parseToolCall', () => {
  it('is running while there is no result, with the input parsed', () => {
    const call = parseToolCall({ name: 'platformSqlApi', input: JSON.stringify({ sqlQuery: 'SELECT 1' }) });
    expect(call).toMatchObject({ kind: 'sql', status: 'running', input: { sqlQuery: 'SELECT 1' }, result: undefined });
  });

  it('types SQL rows: numeric strings coerced by column type, nulls kept, big integers kept exact', () => {
    const call = parseToolCall({ name: 'platformSqlApi', result: JSON.stringify(sqlResult) });
    expect(call.kind).toBe('sql');
    expect(call.status).toBe('done');
    if (call.kind !== 'sql' || !call.result) throw new Error('expected a SQL result');
    const { result } = call;
    expect(result.columns).toEqual([
      { name: 'region', type: 'String', kind: 'string' },
      { name: 'revenue', type: 'Double', kind: 'number' },
      { name: 'orders', type: 'Int64', kind: 'number' },
      { name: 'big', type: 'Int64', kind: 'number' },
    ]);
    expect(result.rows).toEqual([
      ['EU', 12.5, 3, '9007199254740993'],
      ['US', 7, null, 4],
      [null, 'n/a', '', null],
    ]);
    expect(result.totalRows).toBe(250);
    expect(result.truncated).toBe(true);
    expect(result.vegaSpec).toEqual({ mark: 'bar' });
    expect(rowsAsObjects(result)[0]).toEqual({ region: 'EU', revenue: 12.5, orders: 3, big: '9007199254740993' });
    expect(rowsAsObjects(result)).toBe(rowsAsObjects(result));
  });

  it('accepts rows as objects and derives columns when the schema is missing', () => {
    const call = parseToolCall({
      name: 'platformSqlApi',
      result: JSON.stringify({ sqlQuery: 'q', data: [{ a: 1, b: 'x' }, { b: 'y' }] }),
    });
    if (call.kind !== 'sql' || !call.result) throw new Error('expected a SQL result');
    expect(call.result.columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect(call.result.rows).toEqual([
      [1, 'x'],
      [null, 'y'],
    ]);
    expect(call.result.totalRows).toBe(2);
    expect(call.result.truncated).toBe(false);
  });

  it('recognises results by shape under the real service names, and unknown names', () => {
    for (const name of ['cubeSqlApi', 'cubeSqlApiWithChart', 'someFutureSqlTool']) {
      expect(parseToolCall({ name, result: JSON.stringify(sqlResult) }).kind).toBe('sql');
    }
    const cubes = { cubes: [{ name: 'orders', measures: [{ name: 'orders.count' }] }], searchQuery: 'orders' };
    for (const name of ['platformMeta', 'cubeMeta', 'lookup']) {
      expect(parseToolCall({ name, result: JSON.stringify(cubes) })).toMatchObject({
        kind: 'meta',
        status: 'done',
        result: cubes,
      });
    }
    expect(parseToolCall({ name: 'weather', input: '{"city":"Oslo"}', result: '{"temp":3}' })).toMatchObject({
      kind: 'other',
      status: 'done',
      input: { city: 'Oslo' },
      result: { temp: 3 },
    });
  });

  it('reports tool errors: string, object, and unparseable results', () => {
    expect(parseToolCall({ name: 'platformSqlApi', result: '{"error":"Column not found"}' })).toMatchObject({
      kind: 'sql',
      status: 'error',
      error: { message: 'Column not found' },
    });
    expect(
      parseToolCall({ name: 'platformMeta', result: JSON.stringify({ error: { message: 'timeout', code: 504 } }) }),
    ).toMatchObject({ status: 'error', error: { message: 'timeout', detail: { message: 'timeout', code: 504 } } });
    expect(parseToolCall({ name: 'platformSqlApi', result: '{oops' })).toMatchObject({
      status: 'error',
      error: { message: 'The tool result is not valid JSON' },
    });
    expect(parseToolCall({ name: 'platformSqlApi', result: '{"sqlQuery":"q","data":"nope"}' })).toMatchObject({
      status: 'error',
      error: { message: expect.stringContaining('Unexpected SQL result') },
    });
  });

  it('parses results encoded twice, and nested JSON fields', () => {
    const twice = JSON.stringify(JSON.stringify(sqlResult));
    const call = parseToolCall({ name: 'platformSqlApi', result: twice });
    expect(call.status).toBe('done');
    const nested = { ...sqlResult, schema: JSON.stringify(sqlResult.schema), data: JSON.stringify(sqlResult.data) };
    const nestedCall = parseToolCall({ name: 'platformSqlApi', result: JSON.stringify(nested) });
    expect(nestedCall.kind === 'sql' && nestedCall.result?.rows[0]).toEqual(['EU', 12.5, 3, '9007199254740993']);
  });

  it('memoizes by toolCall object', () => {
    const toolCall: ToolCall = { name: 'platformSqlApi', result: JSON.stringify(sqlResult) };
    expect(parseToolCall(toolCall)).toBe(parseToolCall(toolCall));
    expect(parseToolCall({ ...toolCall })).not.toBe(parseToolCall(toolCall));
  });

  it('keeps an invalid vegaSpec out of the result without failing it', () => {
    const call = parseToolCall({ name: 'platformSqlApi', result: JSON.stringify({ ...sqlResult, vegaSpec: '{bad' }) });
    expect(call.status).toBe('done');
    expect(call.kind === 'sql' && call.result?.vegaSpec).toBeUndefined();
  });
});

describe('parseNestedJson', () => {
  it('parses up to the depth, and leaves plain strings alone', () => {
    expect(parseNestedJson('"[1,2]"')).toEqual([1, 2]);
    expect(parseNestedJson('"hello"')).toBe('hello');
    expect(parseNestedJson('not json')).toBeUndefined();
    expect(parseNestedJson(undefined)).toBeUndefined();
  });
});

describe('result rows: column names are keys, never prototype members', () => {
  const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf'];

  it('reads object rows by own keys only, and keeps a `__proto__` column', () => {
    // Object rows as one doc sample sends them; the keys below come from JSON, as on the wire.
    const result = JSON.stringify({
      sqlQuery: 'SELECT 1',
      data: [JSON.parse('{"__proto__": "a", "toString": "b", "region": "EU"}'), { region: 'US' }],
    });
    const call = parseToolCall({ name: 'platformSqlApi', result });
    expect(call.kind === 'sql' && call.result!.columns.map((c) => c.name)).toEqual(['__proto__', 'toString', 'region']);
    expect(call.kind === 'sql' && call.result!.rows).toEqual([
      ['a', 'b', 'EU'],
      [null, null, 'US'], // not Object.prototype's members, stringified
    ]);
  });

  it('reads a schema column missing from an object row as null, not as Object.prototype.constructor', () => {
    const result = JSON.stringify({
      sqlQuery: 'SELECT 1',
      schema: NAMES.map((name) => ({ name, column_type: 'String' })),
      data: [{}],
    });
    const call = parseToolCall({ name: 'platformSqlApi', result });
    expect(call.kind === 'sql' && call.result!.rows).toEqual([NAMES.map(() => null)]);
  });

  it('rowsAsObjects: own properties for every column, the prototype untouched', () => {
    const result = JSON.stringify({
      sqlQuery: 'SELECT 1',
      schema: NAMES.map((name) => ({ name, column_type: 'String' })),
      data: [NAMES.map((name) => `${name}!`), NAMES.map(() => null)],
    });
    const call = parseToolCall({ name: 'platformSqlApi', result });
    const rows = rowsAsObjects((call as { result: Parameters<typeof rowsAsObjects>[0] }).result);
    for (const [i, row] of rows.entries()) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(NAMES);
      for (const name of NAMES)
        expect(Object.getOwnPropertyDescriptor(row, name)!.value).toBe(i === 0 ? `${name}!` : null);
    }
  });
});
