/** A browser-like caller of a test app over HTTP: same-origin, signed in by the test cookie. */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

/** An answer (status 0: no answer at all, the connection failed). */
export interface Answer {
  status: number;
  text: string;
  /** Its size in bytes. */
  bytes: number;
  body: Record<string, unknown> | undefined;
  /** How long it took, in ms. */
  ms: number;
}

/**
 * One request over its own connection (node:http, no keep-alive), so an answer a server gives
 * before reading a body (413) cannot leave a reused connection reset under the next request.
 */
function request(url: string, method: string, headers: Record<string, string>, body?: string | Readable) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('no answer in 120 s')));
    if (body instanceof Readable) body.pipe(req);
    else req.end(body);
  });
}

/** Calls `origin` as `user` (in `groups`), with a deadline of its own so nothing hangs a test. */
export function caller(origin: string, user?: string, groups: string[] = []) {
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | undefined> = {},
  ): Promise<Answer> => {
    const started = performance.now();
    const text =
      body === undefined || body instanceof Readable ? body : typeof body === 'string' ? body : JSON.stringify(body);
    const all: Record<string, string | undefined> = {
      'Sec-Fetch-Site': 'same-origin',
      ...(user
        ? { Cookie: `user=${encodeURIComponent(user)}; groups=${groups.map(encodeURIComponent).join(',')}` }
        : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(typeof text === 'string' ? { 'Content-Length': String(Buffer.byteLength(text)) } : {}),
      ...headers,
    };
    // A header given as undefined is left out (a request without Sec-Fetch-Site).
    const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
    try {
      const answer = await request(`${origin}${path}`, method, sent, text);
      let json: Record<string, unknown> | undefined;
      try {
        json = answer.text ? (JSON.parse(answer.text) as Record<string, unknown>) : undefined;
      } catch {
        json = undefined;
      }
      return {
        status: answer.status,
        text: answer.text,
        bytes: Buffer.byteLength(answer.text),
        body: json,
        ms: performance.now() - started,
      };
    } catch (error) {
      return { status: 0, text: String(error), bytes: 0, body: undefined, ms: performance.now() - started };
    }
  };
  return {
    get: (path: string, headers?: Record<string, string | undefined>) => send('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string | undefined>) =>
      send('POST', path, body, headers),
    put: (path: string, body: unknown, headers?: Record<string, string | undefined>) =>
      send('PUT', path, body, headers),
    del: (path: string, headers?: Record<string, string | undefined>) => send('DELETE', path, undefined, headers),
    send,
  };
}

/** A small valid board definition titled `title`. */
export const boardDefinition = (title: string) => ({
  version: 2,
  title,
  widgets: [{ id: 'note', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: `Notes of ${title}` }],
});
