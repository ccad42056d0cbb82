/**
 * A web-standard handler on Node's `http`, as a host's server runs it (Next.js, Hono): the
 * request body streamed (a stalled body stalls the request, as on a real server), the answer
 * streamed back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { listenOnLoopback, type Listening } from '../../setup/listen';

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
    signal,
  } as RequestInit);
}

/** Serves `handle` on a free loopback port (or `port`). */
export async function serveHandler(handle: (request: Request) => Promise<Response>, port = 0): Promise<Listening> {
  let origin = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    void (async () => {
      try {
        const response = await handle(toRequest(req, origin, controller.signal));
        res.statusCode = response.status;
        response.headers.forEach((value, name) => res.setHeader(name, value));
        if (!response.body) return void res.end();
        // Streamed as it comes (a stream of events stays open), until it ends or the client goes.
        const reader = response.body.getReader();
        res.on('close', () => void reader.cancel().catch(() => {}));
        for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
        res.end();
      } catch (error) {
        console.log('SERVE ERROR', req.url, error);
        res.destroy();
      }
    })();
  });
  if (port === 0) {
    const listening = await listenOnLoopback(server);
    origin = listening.origin;
    return listening;
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
