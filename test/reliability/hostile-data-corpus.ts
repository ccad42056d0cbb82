// Issue 30: the hostile data-API corpus. Each class says what the data API answers (per
// widget's query, or per endpoint) instead of the mock's own answer, what the harness does on
// the page (the CSV download, Retry after the server recovers) and what it must see beyond
// the checks every class gets (hostile-data.test.ts). The good answers are the mock's
// (hostile-data-server.ts forwards to it), so a class changes only what it is about.

/** The widgets of the page (fixtures/hostile-data.tsx), each in its own box. */
export const WIDGETS = ['kpi', 'bar', 'line', 'table', 'filters'] as const;
/** One of {@link WIDGETS}. */
export type WidgetId = (typeof WIDGETS)[number];

/** Which request the server was asked: a widget's query, the FilterBar's values, a CSV page, `/meta`. */
export type AskKind = 'kpi' | 'bar' | 'line' | 'table' | 'values' | 'csv' | 'meta' | 'other';

/** A `/load` answer's body in either form (one result, or `queryType=multi`'s `results`). */
export type Answer = Record<string, unknown>;
/** One result of a `/load` answer. */
export interface LoadResultBody {
  query?: Record<string, unknown>;
  data: Record<string, unknown>[];
  annotation: Record<string, Record<string, Record<string, unknown>>>;
  total?: unknown;
  [key: string]: unknown;
}

/** What the server sends instead of the mock's answer. */
export type Reply =
  /** A JSON body (written with JSON.stringify unless `text` is given). */
  | { kind: 'json'; status?: number; body?: unknown; text?: string }
  /** The status line and headers, `partial` of the body, then nothing until the client gives up. */
  | { kind: 'stall'; partial: string }
  /** A redirect to the same path on the other loopback origin (its own numbers). */
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308 };

/** What the server knows when asked. */
export interface Ask {
  kind: AskKind;
  /** The query sent (for `/load`). */
  query: Record<string, unknown> | undefined;
  /** `bad` until the test lets the server recover (classes with `recover`). */
  phase: 'bad' | 'good';
  /** The mock's answer to the same request, parsed. */
  good(): Promise<Answer>;
}

/** One class of hostile answers. */
export interface HostileClass {
  /** A gap still open (issue 30): the class is listed as skipped with this reason, not run. */
  knownGap?: string;
  id: string;
  /** The item, or what else it probes. */
  about: string;
  /** The hostile answer, or undefined for the mock's own. Only asked in the `bad` phase. */
  answer(ask: Ask): Reply | undefined | Promise<Reply | undefined>;
  /** The provider's `timeoutMs` on the page (a request's deadline). Default 20 s. */
  timeoutMs?: number;
  /** How long the widgets may take to settle (data or an error each). Default 20 s. */
  settleMs?: number;
  /** Click "Download CSV" and wait for the file (or this long, ms). */
  csvWaitMs?: number;
  /** After the bad phase: the server answers well, every Retry shown is clicked, all show data. */
  recover?: boolean;
  /** Requests to the data API (`/load`, `/meta`) allowed in the bad phase. Default 40. */
  maxRequests?: number;
  /** Peak JS heap allowed (MB). Default 256. */
  maxHeapMb?: number;
  /** Widgets that must show data (not an error) in the bad phase. */
  mustDraw?: WidgetId[];
  /** Widgets that must show an error (with a reason matching `reason`). */
  mustFail?: { widgets: WidgetId[]; reason?: RegExp; not?: RegExp };
  /** Text that must appear in a widget's box (the widget says what it dropped). */
  says?: Partial<Record<WidgetId, RegExp>>;
  /** At most this many rows (table) / checkboxes per dimension (filters). */
  atMost?: { tableRows?: number; checkboxes?: number };
  /** The bar chart must draw a chart, not fall back to its table. */
  barIsChart?: boolean;
  /** Widgets that must have drawn within this many ms of mounting. */
  drawnWithinMs?: { widgets: WidgetId[]; ms: number };
}

// ---------------------------------------------------------------------------------------------
// Helpers over the mock's answers.

/** Applies `change` to each result of a `/load` answer (either form), in place. */
export function eachResult(answer: Answer, change: (result: LoadResultBody) => void): Answer {
  const results = answer.results;
  if (Array.isArray(results)) for (const result of results) change(result as LoadResultBody);
  else change(answer as unknown as LoadResultBody);
  return answer;
}

/** "`n` more" (the widget's note on what it dropped), `n` with or without thousands separators. */
export const countPattern = (n: number) =>
  new RegExp(`\\b${String(n).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\u202f]?')}\\s+more\\b`);

const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body });

/** The mock's answer to `ask`, changed by `change` for each result. */
async function changed(ask: Ask, change: (result: LoadResultBody, ask: Ask) => void): Promise<Reply> {
  return json(eachResult(await ask.good(), (result) => change(result, ask)));
}

/** Every annotation entry of a result (measures, dimensions, time dimensions). */
function annotations(result: LoadResultBody): [string, Record<string, unknown>][] {
  return Object.values(result.annotation ?? {}).flatMap((group) => Object.entries(group ?? {}));
}

/** Every member of a `/meta` answer. */
function metaMembers(meta: Answer): Record<string, unknown>[] {
  const cubes = (meta.cubes ?? []) as { measures?: unknown[]; dimensions?: unknown[] }[];
  return cubes.flatMap((cube) => [...(cube.measures ?? []), ...(cube.dimensions ?? [])]) as Record<string, unknown>[];
}

/** `i` in letters (`a`…`z`, `ba`…): names with no digits, so none reads as a year or a number. */
export function letters(i: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (i % 26)) + out;
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
}

/** `n` rows of one dimension's values, as a values query's answer carries them. */
const valueRows = (member: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ [member]: `Value ${letters(i)}` }));

const firstDimension = (query: Record<string, unknown> | undefined) =>
  ((query?.dimensions as string[] | undefined) ?? [])[0] ?? 'orders.region';

/** A currency the formatter refuses, on every currency-formatted member of answers and meta. */
function badCurrency(code: string) {
  return async (ask: Ask): Promise<Reply | undefined> => {
    if (ask.kind === 'meta') {
      const meta = await ask.good();
      for (const member of metaMembers(meta)) if (member.format === 'currency') member.currency = code;
      return json(meta);
    }
    return changed(ask, (result) => {
      for (const [, entry] of annotations(result)) if (entry.format === 'currency') entry.currency = code;
    });
  };
}

/** `n` daily rows of `orders.count` from 2100-01-01 (a line chart's answer; no year reads as 1970). */
function dailyRows(n: number) {
  const start = Date.UTC(2100, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
    'orders.count': String(i % 17),
  }));
}

/** Sets titles (annotation and meta) of the region dimension. */
function regionTitles(title: string, shortTitle: string) {
  return async (ask: Ask): Promise<Reply | undefined> => {
    if (ask.kind === 'meta') {
      const meta = await ask.good();
      for (const member of metaMembers(meta))
        if (member.name === 'orders.region') Object.assign(member, { title, shortTitle });
      return json(meta);
    }
    return changed(ask, (result) => {
      const region = result.annotation?.dimensions?.['orders.region'];
      if (region) Object.assign(region, { title, shortTitle });
    });
  };
}

const MB = 1024 * 1024;
/** The other origin's marker: its numbers and its region must never show. */
export const OTHER_ORIGIN_MARKER = { revenue: '31337000.00', region: 'EVIL-ORIGIN', count: '31337' };
/** Markup a script would run from, were a widget to write it as HTML. */
const MARKUP = [
  '<img src=x onerror="window.__ran=(window.__ran||0)+1">',
  '<script>window.__ran=(window.__ran||0)+1</script>',
  '<svg onload="window.__ran=(window.__ran||0)+1"></svg>',
  'javascript:window.__ran=(window.__ran||0)+1',
  '"><iframe src="javascript:parent.__ran=1">',
  '{{constructor.constructor("window.__ran=1")()}}',
];

// ---------------------------------------------------------------------------------------------
// The corpus.

export const HOSTILE_DATA_CORPUS: HostileClass[] = [
  // The control: the mock's own answers, measured the same way.
  {
    id: 'baseline',
    about: "the mock's own answers",
    answer: () => undefined,
    mustDraw: ['kpi', 'bar', 'line', 'table', 'filters'],
    barIsChart: true,
    csvWaitMs: 20_000,
  },
  // 1. FilterBar renders every value the server returns.
  ...[200_000, 2_000].map((n): HostileClass => ({
    id: `values-flood-${n}`,
    about: `the FilterBar asks for 100 values and gets ${n.toLocaleString('en-US')}`,
    answer: (ask) =>
      ask.kind === 'values' ? changed(ask, (r) => (r.data = valueRows(firstDimension(ask.query), n))) : undefined,
    mustDraw: ['filters'],
    atMost: { checkboxes: 100 },
    says: { filters: countPattern(n - 100) },
  })),
  // 2. "Download CSV" pages for as long as the server says there is more.
  {
    id: 'csv-endless',
    about: 'every CSV page full, total 1e12',
    answer: (ask) =>
      ask.kind === 'csv'
        ? changed(ask, (r) => {
            const limit = Number(ask.query?.limit ?? 10_000);
            r.data = Array.from({ length: limit }, (_, i) => ({
              'orders.customer': `Customer ${letters(i)}`,
              'orders.revenue': String((i * 7) % 1000),
            }));
            r.total = 1e12;
          })
        : ask.kind === 'table'
          ? changed(ask, (r) => (r.total = 1e12))
          : undefined,
    csvWaitMs: 90_000,
    // The table says it saved the first 1,000,000 rows "of" what the server claimed.
    says: { table: /\b1[,.\s\u202f]?000[,.\s\u202f]?000 of\b/ },
    maxRequests: 140,
    maxHeapMb: 384,
    settleMs: 20_000,
  },
  // 3. QueryTable renders every row it receives.
  {
    id: 'rows-flood',
    about: '20,000 rows for a page of 10',
    answer: (ask) =>
      ask.kind === 'table'
        ? changed(ask, (r) => {
            r.data = Array.from({ length: 20_000 }, (_, i) => ({
              'orders.customer': `Customer ${letters(i)}`,
              'orders.revenue': String(i % 1000),
            }));
            r.total = 20_000;
          })
        : undefined,
    mustDraw: ['table'],
    atMost: { tableRows: 10 },
    says: { table: countPattern(19_990) },
  },
  // 4. Retry cannot recover an error thrown while drawing.
  {
    id: 'draw-throw-currency-XXXXX',
    about: 'a currency code the formatter refuses (XXXXX), then a good answer and Retry',
    answer: badCurrency('XXXXX'),
    recover: true,
  },
  {
    id: 'draw-throw-currency-markup',
    about: 'a currency code `<b>`, then a good answer and Retry',
    answer: badCurrency('<b>'),
    recover: true,
  },
  {
    id: 'draw-throw-200000-days',
    about: '200,000 daily rows for the line chart, then a good answer and Retry',
    answer: (ask) => (ask.kind === 'line' ? changed(ask, (r) => (r.data = dailyRows(200_000))) : undefined),
    recover: true,
    settleMs: 40_000,
    // QueryChart asks for 2,000 rows: the rest are dropped before they are checked, and said so.
    says: { line: /first 2,000 of 200,\d{3} rows/i },
  },
  // 5. A stalled /meta holds a chart that has its data; a stalled body is "could not be read".
  {
    id: 'meta-stall',
    about: '/meta sends its headers and stalls; every /load answers at once',
    answer: (ask) => (ask.kind === 'meta' ? { kind: 'stall', partial: '{"cubes":[' } : undefined),
    timeoutMs: 30_000,
    drawnWithinMs: { widgets: ['kpi', 'bar', 'line', 'table'], ms: 10_000 },
    settleMs: 10_000,
  },
  {
    id: 'body-stall',
    about: 'every /load sends its headers and part of its body, then stalls',
    answer: (ask) =>
      ask.kind === 'meta' || ask.kind === 'other' ? undefined : { kind: 'stall', partial: '{"query":{},"data":[' },
    timeoutMs: 4_000,
    settleMs: 30_000,
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'], reason: /time/i, not: /could not be read/i },
    recover: true,
  },
  // 6. FilterBar errors have no Retry and no reason, and it stays broken.
  {
    id: 'filterbar-error',
    about: 'the values query answers 500, then the server recovers',
    answer: (ask) => (ask.kind === 'values' ? json({ error: 'values are broken today' }, 500) : undefined),
    mustFail: { widgets: ['filters'], reason: /500|values are broken|server/i },
    recover: true,
  },
  // 7. A quote in a member title breaks charts.
  {
    id: 'quote-titles-apostrophe',
    about: "a title with an apostrophe: Client's region",
    answer: regionTitles("Client's region", "Client's region"),
    mustDraw: ['bar', 'table', 'filters'],
    barIsChart: true,
  },
  {
    id: 'quote-titles-double',
    about: 'titles with double quotes, brackets and backslashes',
    answer: regionTitles('Region "quoted" [a.b] \\ x', 'Region "quoted"'),
    mustDraw: ['bar', 'table', 'filters'],
    barIsChart: true,
  },
  // 8. Huge values.
  {
    id: 'huge-values-2mb-dimension',
    about: 'each region a 2 MB string (the bar chart and the FilterBar)',
    answer: (ask) =>
      ask.kind === 'bar' || (ask.kind === 'values' && firstDimension(ask.query) === 'orders.region')
        ? changed(ask, (r) => {
            r.data = r.data
              .slice(0, 4)
              .map((row, i) => ({ ...row, 'orders.region': `${String.fromCharCode(65 + i)}${'W'.repeat(2 * MB)}` }));
          })
        : undefined,
  },
  {
    id: 'huge-values-2mb-digits',
    about: 'measure values of 2 MB of digits',
    answer: (ask) =>
      ['kpi', 'bar', 'table'].includes(ask.kind)
        ? changed(ask, (r) => {
            r.data = r.data.map((row, i) => (i < 3 ? { ...row, 'orders.revenue': '9'.repeat(2 * MB) } : row));
          })
        : undefined,
  },
  {
    id: 'huge-values-1mb-titles',
    about: '1 MB titles and short titles in /meta and every annotation',
    answer: async (ask) => {
      const long = (name: string) => `${name} ${'T'.repeat(MB)}`;
      if (ask.kind === 'meta') {
        const meta = await ask.good();
        for (const member of metaMembers(meta).slice(0, 4))
          Object.assign(member, { title: long(String(member.name)), shortTitle: long(String(member.name)) });
        return json(meta);
      }
      return changed(ask, (r) => {
        for (const [name, entry] of annotations(r)) Object.assign(entry, { title: long(name), shortTitle: long(name) });
      });
    },
  },
  // 9. Garbage shown as data.
  {
    id: 'garbage-values',
    about: '"NaN", "Infinity", text and booleans as numbers; times that are not times',
    answer: (ask) => {
      const garbage = ['NaN', 'Infinity', '-Infinity', 'abc', true, '1e999', '0x10', ''];
      const times = [0, '0', 'yesterday', true, '12345', 'NaN', -1];
      return ask.kind === 'meta' || ask.kind === 'other' || ask.kind === 'values'
        ? undefined
        : changed(ask, (r) => {
            r.data = r.data.map((row, i) => {
              const out: Record<string, unknown> = { ...row };
              for (const key of Object.keys(out)) {
                if (/revenue|count/.test(key)) out[key] = garbage[i % garbage.length];
                else if (/createdAt/.test(key)) out[key] = times[i % times.length];
              }
              return out;
            });
          });
    },
    // Missing values are drawn as "—" (and the table says how many), never as the garbage.
    says: { table: /—/ },
  },
  // 10. Redirects to another origin are followed.
  ...([307, 302] as const).map((status): HostileClass => ({
    id: `cross-origin-redirect-${status}`,
    about: `a ${status} from the data API to another loopback origin that answers with its own numbers`,
    answer: (ask) => (ask.kind === 'other' ? undefined : { kind: 'redirect', status }),
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'] },
    recover: true,
  })),
  // More: keys that reach a prototype, markup and script, deep JSON, wrong types, totals, size.
  {
    id: 'proto-keys',
    about: '`__proto__`, `constructor` and `prototype` keys in rows, annotations and /meta',
    answer: async (ask) => {
      if (ask.kind === 'meta') {
        const text = JSON.stringify(await ask.good()).replace(
          '"cubes":[',
          '"__proto__":{"polluted":"meta"},"cubes":[{"name":"__proto__","title":"p","measures":[],"dimensions":[]},',
        );
        return { kind: 'json', text };
      }
      if (ask.kind === 'other') return undefined;
      const answer = await ask.good();
      eachResult(answer, (r) => {
        r.data = r.data.map((row) => ({ ...row, constructor: { polluted: 'row' }, prototype: 'p' }));
      });
      // JSON.stringify drops a `__proto__` set by assignment; the wire form carries it as a key.
      const text = JSON.stringify(answer)
        .replaceAll('{"orders.', '{"__proto__":{"polluted":"row"},"orders.')
        .replace(
          /"measures":\{(\}?)/,
          (_, empty: string) =>
            `"measures":{"__proto__":{"title":"p","type":"number","polluted":"annotation"}${empty ? '}' : ','}`,
        );
      return { kind: 'json', text };
    },
    mustDraw: ['kpi', 'bar', 'line', 'table', 'filters'],
  },
  {
    id: 'markup-script',
    about: 'markup, script and javascript: URLs in titles, values and dimension members',
    answer: async (ask) => {
      if (ask.kind === 'meta') {
        const meta = await ask.good();
        metaMembers(meta).forEach((member, i) => Object.assign(member, { title: MARKUP[i % MARKUP.length] }));
        return json(meta);
      }
      if (ask.kind === 'other') return undefined;
      return changed(ask, (r) => {
        annotations(r).forEach(([, entry], i) =>
          Object.assign(entry, { title: MARKUP[i % MARKUP.length], shortTitle: MARKUP[(i + 1) % MARKUP.length] }),
        );
        r.data = r.data.map((row, i) => {
          const out: Record<string, unknown> = { ...row };
          for (const key of Object.keys(out))
            if (/region|customer/.test(key)) out[key] = `${MARKUP[i % MARKUP.length]}${i}`;
          return out;
        });
      });
    },
    mustDraw: ['kpi', 'bar', 'line', 'table', 'filters'],
  },
  {
    id: 'deep-json',
    about: 'values and annotations nested 100,000 deep',
    answer: async (ask) => {
      if (ask.kind === 'other') return undefined;
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const text = JSON.stringify(await ask.good()).replace(/"(orders\.[a-zA-Z.]+)":"/, `"$1":${deep},"x":"`);
      return { kind: 'json', text };
    },
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'] },
    recover: true,
  },
  {
    id: 'wrong-types',
    about: 'every field of the wrong type (one per widget), /meta cubes as a string',
    answer: (ask) => {
      const wrong: Partial<Record<AskKind, (r: LoadResultBody) => void>> = {
        kpi: (r) => ((r as Record<string, unknown>).data = { 'orders.revenue': '1' }),
        bar: (r) => ((r as Record<string, unknown>).annotation = []),
        line: (r) => ((r as Record<string, unknown>).data = ['2024-01-01', 3]),
        table: (r) => (r.data = r.data.map((row) => ({ ...row, 'orders.revenue': { value: 1 } }))),
        values: (r) => ((r as Record<string, unknown>).data = null),
      };
      if (ask.kind === 'meta') return json({ cubes: 'orders' });
      const change = wrong[ask.kind];
      return change ? changed(ask, change) : undefined;
    },
    recover: true,
  },
  {
    id: 'totals',
    about: 'a negative total for the table and its CSV, a total of 1e308 for the chart',
    answer: (ask) =>
      ask.kind === 'table' || ask.kind === 'csv'
        ? changed(ask, (r) => (r.total = -5))
        : ask.kind === 'bar'
          ? changed(ask, (r) => (r.total = 1e308))
          : undefined,
    csvWaitMs: 20_000,
    mustDraw: ['kpi', 'bar', 'line', 'table', 'filters'],
  },
  {
    id: 'body-over-cap',
    about: 'every /load answers 17 MiB',
    answer: async (ask) => {
      if (ask.kind === 'meta' || ask.kind === 'other') return undefined;
      const answer = await ask.good();
      return { kind: 'json', text: JSON.stringify({ ...answer, dataSource: 'x'.repeat(17 * MB) }) };
    },
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'], reason: /larger|size|big/i },
    recover: true,
  },
  {
    id: 'body-under-cap',
    about: 'the table answers 15.9 MiB the cap lets through (a long string beside its rows)',
    answer: async (ask) => {
      if (ask.kind !== 'table') return undefined;
      const answer = await ask.good();
      return { kind: 'json', text: JSON.stringify({ ...answer, dataSource: 'x'.repeat(Math.floor(15.9 * MB)) }) };
    },
    mustDraw: ['kpi', 'bar', 'line', 'table', 'filters'],
  },
  {
    id: 'status-403-always',
    about: 'the data API refuses every token: no request loop',
    answer: (ask) => (ask.kind === 'other' ? undefined : json({ error: 'Invalid token' }, 403)),
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'] },
    maxRequests: 40,
    recover: true,
  },
  {
    id: 'continue-wait-forever',
    about: '"Continue wait" for ever: polls bounded by the deadline',
    answer: (ask) => (ask.kind === 'meta' || ask.kind === 'other' ? undefined : json({ error: 'Continue wait' })),
    timeoutMs: 3_000,
    settleMs: 30_000,
    maxRequests: 400,
    mustFail: { widgets: ['kpi', 'bar', 'line', 'table', 'filters'], reason: /time|still running|polls/i },
    recover: true,
  },
];

/** Classes whose id contains a part of `only` (HOSTILE_ONLY, commas between; `=id`: that id alone), or all. */
export const pickClasses = (only: string | undefined) =>
  HOSTILE_DATA_CORPUS.filter(
    (c) =>
      !only ||
      only.split(',').some((part) => {
        const wanted = part.trim();
        return wanted.startsWith('=') ? c.id === wanted.slice(1) : c.id.includes(wanted);
      }),
  );
