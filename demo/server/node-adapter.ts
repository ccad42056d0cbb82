import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A fetch-style handler (undefined: not mine, pass on). */
export type FetchHandler = (request: Request) => Promise<Response | undefined>;

/**
 * Mounts a fetch-style handler on a Node/Connect server (Vite's dev server, Express):
 * streams bodies both ways and aborts the request when the client goes away.
 */
export function toMiddleware(handler: FetchHandler) {
  return async (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        signal: controller.signal,
        duplex: 'half',
      } as RequestInit);
      const response = await handler(request);
      if (!response) return next();
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as never)
        .on('error', () => res.destroy())
        .pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
