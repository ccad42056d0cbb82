// The data answers benchmark's answers, written once per run and served as bytes: what the
// issue measures (a 200,000-row answer, 50 MB, nesting 100,000 deep, the CSV's ceiling, a
// 15 MB `/meta`, a 10 MB SQL answer) and the common case (100 rows).
import type { SemanticQuery } from '../../src/protocol';

const MB = 1024 * 1024;

const annotation = {
  measures: {
    'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' },
    'orders.revenue': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency' },
  },
  dimensions: { 'orders.customer': { title: 'Orders Customer', shortTitle: 'Customer', type: 'string' } },
  segments: {},
  timeDimensions: {
    'orders.createdAt.day': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    'orders.createdAt': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
  },
};

/** The line chart's query (a `QueryChart` asks for 2,000 rows at most). */
export const DAILY_QUERY: SemanticQuery = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
  limit: 2_000,
};
/** A table's page, as large as the data API gives (50,000 rows at most). */
export const CUSTOMERS_QUERY: SemanticQuery = {
  measures: ['orders.revenue'],
  dimensions: ['orders.customer'],
  limit: 50_000,
};

/** `i` in letters (no digits: nothing reads as a number or a year). */
function letters(i: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (i % 26)) + out;
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
}

const multi = (query: object, data: unknown[], extra: object = {}) =>
  JSON.stringify({
    queryType: 'regularQuery',
    results: [{ query, data, annotation, ...extra }],
    pivotQuery: { ...query, queryType: 'regularQuery' },
  });

function dailyRows(n: number) {
  const start = Date.UTC(2100, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
    'orders.count': String(i % 17),
  }));
}

function customerRows(n: number, pad = 0) {
  const filler = ' '.repeat(pad);
  return Array.from({ length: n }, (_, i) => ({
    'orders.customer': `Customer ${letters(i)}${filler}`,
    'orders.revenue': String(((i * 7919) % 100_000) / 100),
  }));
}

/** A `/meta` of `cubes` cubes with `members` members each, long descriptions: about `cubes × members × 150` bytes. */
function meta(cubes: number, members: number): string {
  return JSON.stringify({
    cubes: Array.from({ length: cubes }, (_, c) => ({
      name: `cube${letters(c)}`,
      title: `Cube ${letters(c)}`,
      segments: [],
      measures: Array.from({ length: members / 2 }, (_, m) => ({
        name: `cube${letters(c)}.m${letters(m)}`,
        title: `Measure ${letters(m)}`,
        description: 'd'.repeat(60),
        type: 'number',
        aggType: 'sum',
      })),
      dimensions: Array.from({ length: members / 2 }, (_, m) => ({
        name: `cube${letters(c)}.d${letters(m)}`,
        title: `Dimension ${letters(m)}`,
        description: 'd'.repeat(60),
        type: 'string',
      })),
    })),
  });
}

/** A `/cubesql` answer: its schema line, then rows in lines of 1,000. */
function sqlAnswer(rows: number): string {
  const lines = [
    JSON.stringify({
      schema: [
        { name: 'customer', column_type: 'String' },
        { name: 'revenue', column_type: 'Double' },
      ],
    }),
  ];
  for (let i = 0; i < rows; i += 1_000)
    lines.push(
      JSON.stringify({
        data: Array.from({ length: Math.min(1_000, rows - i) }, (_, j) => [
          `Customer ${letters(i + j)}`,
          String((i + j) % 997),
        ]),
      }),
    );
  return lines.join('\n') + '\n';
}

/** What the bench server answers for one scenario (built on first use, then reused). */
export interface DataScenario {
  load?: () => Buffer;
  meta?: () => Buffer;
  sql?: () => Buffer;
}

export const DATA_SCENARIOS: Record<string, DataScenario> = {
  small: { load: () => Buffer.from(multi(DAILY_QUERY, dailyRows(100))) },
  rows200k: { load: () => Buffer.from(multi(DAILY_QUERY, dailyRows(200_000))) },
  // About 50 MB: 500,000 rows of a customer name padded to ~100 bytes a row.
  big50: { load: () => Buffer.from(multi(CUSTOMERS_QUERY, customerRows(500_000, 42))) },
  // A 15.9 MiB string beside 100 rows (what the cap lets through, in one value).
  bigString: {
    load: () => Buffer.from(multi(DAILY_QUERY, dailyRows(100), { dataSource: 'x'.repeat(Math.floor(15.9 * MB)) })),
  },
  deep: {
    load: () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      return Buffer.from(
        multi(DAILY_QUERY, dailyRows(100)).replace('"orders.count":"', `"orders.count":${deep},"x":"`),
      );
    },
  },
  meta15: { meta: () => Buffer.from(meta(100, 1_000)) },
  deepMeta: {
    meta: () =>
      Buffer.from(
        meta(2, 20).replace('"type":"number"', `"type":"number","x":${'['.repeat(100_000)}${']'.repeat(100_000)}`),
      ),
  },
  sql200k: { sql: () => Buffer.from(sqlAnswer(200_000)) },
  csv: { load: () => Buffer.from(multi({ ...CUSTOMERS_QUERY, limit: 10_000 }, customerRows(10_000), { total: 1e12 })) },
};

const built = new Map<string, Buffer>();

/** A scenario's answer of `endpoint` (built on first use, then the same bytes); undefined when it has none. */
export function answerBytes(scenario: string, endpoint: keyof DataScenario): Buffer | undefined {
  const key = `${scenario}:${endpoint}`;
  let bytes = built.get(key);
  if (!bytes) {
    const make = DATA_SCENARIOS[scenario]?.[endpoint];
    if (!make) return undefined;
    built.set(key, (bytes = make()));
  }
  return bytes;
}

/** An answer's size in MB, for the report. */
export const sizeMb = (scenario: string, endpoint: keyof DataScenario) =>
  (answerBytes(scenario, endpoint)?.byteLength ?? 0) / MB;
