import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTooLarge, errorResponse, MAX_BODY_BYTES } from './http';
import { MOCK_BASE_PATH_HEADER, type MockService } from './service';

/** A running HTTP server in front of a mock. */
export interface MockServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A Node `(req, res)` handler for a mock, optionally under a path prefix (stripped before
 * routing). A response body that errors (an injected dropped connection) destroys the
 * socket, as a real network failure would.
 */
export function toNodeHandler(
  mock: MockService,
  prefix = '',
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    try {
      const origin = `http://${req.headers.host ?? 'localhost'}`;
      // Read up to the mock's limit; past it the rest is drained unkept, and answered 413.
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Uint8Array).byteLength;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk as Uint8Array);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      // Where the mock is mounted, for URLs it hands out (a deployment's deploymentUrl);
      // set here, never taken from the client.
      headers.set(MOCK_BASE_PATH_HEADER, prefix);
      const path = (req.url ?? '/').slice(prefix.length) || '/';
      const request = new Request(new URL(path, origin), {
        method: req.method,
        headers,
        body: hasBody ? new Blob(chunks as BlobPart[]) : undefined,
        signal: controller.signal,
      });
      const refused = size > MAX_BODY_BYTES ? bodyTooLarge() : null;
      const response = refused ? errorResponse(refused.status, refused.message) : await mock.handle(request);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (!response.body) {
        res.end();
        return;
      }
      res.flushHeaders();
      const reader = response.body.getReader();
      res.on('close', () => void reader.cancel().catch(() => {}));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await new Promise<void>((resolve) => res.write(value, () => resolve()));
      }
      res.end();
    } catch {
      // A body that failed mid-way: drop the connection so the client sees it, after
      // giving what was written time to arrive, as on a real network.
      setTimeout(() => res.destroy(), 50);
    }
  };
}

/**
 * Serves a mock over HTTP with Node's `http` module (Node only; imported lazily so the
 * mock itself stays usable in browsers).
 */
export async function startMockServer(
  mock: MockService,
  options: { port?: number; host?: string } = {},
): Promise<MockServer> {
  const { createServer } = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  const server = createServer(toNodeHandler(mock));
  // A port in use (EADDRINUSE) rejects instead of crashing the process.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
