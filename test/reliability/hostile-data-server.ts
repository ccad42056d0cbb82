// The hostile data API of hostile-data.test.ts, on loopback: the built test page, the session
// path (exchange, deployment, data token) and the data API (`/meta`, `/load`) on one origin
// (so a strict CSP's `connect-src 'self'` lets the widgets reach it), answering as the mock
// does unless the class in use says otherwise. A second origin stands for "another origin"
// a redirect points to: it answers with numbers of its own, CORS open, and counts its hits.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createMockService, mockDataToken } from '../../src/mock';
import { listenOnLoopback } from '../setup/listen';
import { eachResult, OTHER_ORIGIN_MARKER, type Answer, type AskKind, type HostileClass } from './hostile-data-corpus';

/** Where the session path and the data API live on the page's origin (the `baseUrl`). */
export const DATA_PREFIX = '/data';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
/** Who the data token is for: every region (the mock's `executives` group). */
const IDENTITY = { externalId: 'hostile-data', groups: ['executives'] };

/** The hostile data API and its page, as the test drives them. */
export interface HostileDataServer {
  /** The page's origin (page, session path, data API). */
  origin: string;
  /** The other origin a redirect points to. */
  other: string;
  /** Answers as `cls` says from now on (undefined: as the mock), in `phase`; counts restart. */
  use(cls: HostileClass | undefined, phase?: 'bad' | 'good'): void;
  /** Data API requests (`/load`, `/meta`) since `use`, by kind. */
  counts(): Partial<Record<AskKind, number>>;
  /** Requests the other origin answered since `use`. */
  otherHits(): number;
  close(): Promise<void>;
}

/** The query of a `/load` request (GET `?query=`, or a POST body's `query`), or undefined. */
function queryOf(url: URL, body: string): Record<string, unknown> | undefined {
  try {
    const raw: unknown = url.searchParams.has('query')
      ? JSON.parse(url.searchParams.get('query')!)
      : (JSON.parse(body) as { query?: unknown }).query;
    const query = Array.isArray(raw) ? raw[0] : raw;
    return query && typeof query === 'object' ? (query as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Which widget's request this is, from the page's fixed set of queries (fixtures/hostile-data.tsx). */
export function kindOf(endpoint: string, query: Record<string, unknown> | undefined): AskKind {
  if (endpoint === 'meta') return 'meta';
  if (endpoint !== 'load' || !query) return 'other';
  const list = (key: string) => (Array.isArray(query[key]) ? (query[key] as unknown[]) : []);
  const measures = list('measures');
  const dimensions = list('dimensions');
  if (measures.length === 0 && dimensions.length === 1) return 'values';
  if (list('timeDimensions').some((t) => !!(t as { granularity?: unknown })?.granularity)) return 'line';
  if (dimensions.includes('orders.region')) return 'bar';
  if (dimensions.includes('orders.customer')) return Number(query.limit) > 1_000 ? 'csv' : 'table';
  return measures.length > 0 ? 'kpi' : 'other';
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk.length + text.length > 2_000_000 ? '' : chunk));
    req.on('end', () => resolve(text));
    req.on('error', () => resolve(text));
  });

/** Serves `folder` (the built page, `index` at `/`) with `headers`, and the hostile data API. */
export async function serveHostileData(
  folder: string,
  options: { index: string; headers: Record<string, string> },
): Promise<HostileDataServer> {
  const mock = createMockService();
  const token = await mockDataToken(IDENTITY, { expiresInSeconds: 3600 });
  let cls: HostileClass | undefined;
  let phase: 'bad' | 'good' = 'good';
  let counts: Partial<Record<AskKind, number>> = {};
  let otherHits = 0;
  let origin = '';
  let other = '';

  /** The mock's answer to a data API request (same method, path and query), parsed. */
  const mockAnswer = async (endpoint: string, url: URL, method: string, body: string): Promise<Response> =>
    mock.handle(
      new Request(`http://mock.test/cubejs-api/v1/${endpoint}${url.search}`, {
        method,
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body } : {}),
      }),
    );

  const send = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(text);
  };

  const dataApi = async (req: IncomingMessage, res: ServerResponse, url: URL, endpoint: string) => {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const query = queryOf(url, body);
    const kind = kindOf(endpoint, query);
    counts[kind] = (counts[kind] ?? 0) + 1;
    const good = async () => {
      const response = await mockAnswer(endpoint, url, req.method ?? 'GET', body);
      return (await response.json()) as Answer;
    };
    const reply = cls && phase === 'bad' ? await cls.answer({ kind, query, phase, good }) : undefined;
    if (!reply) {
      const response = await mockAnswer(endpoint, url, req.method ?? 'GET', body);
      return send(res, response.status, await response.text());
    }
    if (reply.kind === 'json') return send(res, reply.status ?? 200, reply.text ?? JSON.stringify(reply.body ?? null));
    if (reply.kind === 'redirect') {
      res.writeHead(reply.status, { Location: `${other}${url.pathname}${url.search}` });
      return void res.end();
    }
    // A stalled body: the headers and a part, then nothing (until the client or close ends it).
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write(reply.partial);
  };

  const sessionPath = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/api/v1/embed/session/token' && req.method === 'POST')
      return send(res, 200, JSON.stringify({ token: 'hostile-embed-token' }));
    if (path === '/api/v1/deployments/1' && req.method === 'GET')
      return send(res, 200, JSON.stringify({ id: 1, name: 'Hostile', deploymentUrl: `${origin}${DATA_PREFIX}` }));
    if (path === '/api/v1/deployments/1/token' && req.method === 'POST')
      return send(res, 200, JSON.stringify({ cubeApiToken: token }));
    send(res, 404, JSON.stringify({ error: 'Not found' }));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.startsWith(`${DATA_PREFIX}/`)) {
        const path = url.pathname.slice(DATA_PREFIX.length);
        const endpoint = /^\/cubejs-api\/v1\/(meta|load)$/.exec(path)?.[1];
        return endpoint ? dataApi(req, res, url, endpoint) : sessionPath(req, res, path);
      }
      const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(folder, path === '/' ? options.index : path);
      if (!file.startsWith(folder) || !(await stat(file).catch(() => null))?.isFile()) {
        res.statusCode = 404;
        return void res.end();
      }
      res.writeHead(200, { ...options.headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(await readFile(file));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(error) }));
      else res.destroy();
    });
  });

  // The other origin: the mock's answers with its own numbers and a region of its own.
  const otherServer = createServer((req, res) => {
    void (async () => {
      otherHits += 1;
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Request-Id',
        'Access-Control-Allow-Methods': 'GET, POST',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return void res.end();
      }
      const url = new URL(req.url ?? '/', 'http://x');
      const endpoint = /\/cubejs-api\/v1\/(meta|load)$/.exec(url.pathname)?.[1] ?? 'load';
      const body = req.method === 'POST' ? await readBody(req) : '';
      const answer = (await (await mockAnswer(endpoint, url, req.method ?? 'GET', body)).json()) as Answer;
      if (endpoint === 'load')
        eachResult(answer, (result) => {
          result.data = result.data.map((row) => {
            const out: Record<string, unknown> = { ...row };
            for (const key of Object.keys(out)) {
              if (/revenue/.test(key)) out[key] = OTHER_ORIGIN_MARKER.revenue;
              else if (/count/.test(key)) out[key] = OTHER_ORIGIN_MARKER.count;
              else if (/region|customer/.test(key)) out[key] = OTHER_ORIGIN_MARKER.region;
            }
            return out;
          });
        });
      send(res, 200, JSON.stringify(answer), cors);
    })().catch(() => res.destroy());
  });

  const page = await listenOnLoopback(server);
  const elsewhere = await listenOnLoopback(otherServer);
  origin = page.origin;
  other = elsewhere.origin;
  return {
    origin,
    other,
    use(next, nextPhase = 'bad') {
      cls = next;
      phase = nextPhase;
      counts = {};
      otherHits = 0;
    },
    counts: () => ({ ...counts }),
    otherHits: () => otherHits,
    close: async () => {
      await Promise.all([page.close(), elsewhere.close()]);
    },
  };
}
