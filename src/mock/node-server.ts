import type { MockService } from './service';

/** A running HTTP server in front of a mock. */
export interface MockServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a mock over HTTP with Node's `http` module (Node only; imported lazily so the
 * mock itself stays usable in browsers). A response body that errors (an injected
 * dropped connection) destroys the socket, as a real network failure would.
 */
export async function startMockServer(
  mock: MockService,
  options: { port?: number; host?: string } = {},
): Promise<MockServer> {
  const { createServer } = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  const server = createServer(async (req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    try {
      const origin = `http://${req.headers.host ?? host}`;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      const request = new Request(new URL(req.url ?? '/', origin), {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        signal: controller.signal,
      });
      const response = await mock.handle(request);
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
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
