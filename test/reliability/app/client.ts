/** A browser-like caller of a test app over HTTP: same-origin, signed in by the test cookie. */

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

/** Calls `origin` as `user` (in `groups`), with a deadline of its own so nothing hangs a test. */
export function caller(origin: string, user?: string, groups: string[] = []) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          'Sec-Fetch-Site': 'same-origin',
          ...(user
            ? { Cookie: `user=${encodeURIComponent(user)}; groups=${groups.map(encodeURIComponent).join(',')}` }
            : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const text = await response.text();
      let json: Record<string, unknown> | undefined;
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        json = undefined;
      }
      return {
        status: response.status,
        text,
        bytes: Buffer.byteLength(text),
        body: json,
        ms: performance.now() - started,
      } satisfies Answer;
    } catch (error) {
      return {
        status: 0,
        text: String(error),
        bytes: 0,
        body: undefined,
        ms: performance.now() - started,
      } satisfies Answer;
    }
  };
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => send('PUT', path, body, headers),
    del: (path: string, headers?: Record<string, string>) => send('DELETE', path, undefined, headers),
    send,
  };
}

/** A small valid board definition titled `title`. */
export const boardDefinition = (title: string) => ({
  version: 2,
  title,
  widgets: [{ id: 'note', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: `Notes of ${title}` }],
});
