import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { listenOnLoopback } from './listen';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** A handler for the paths under `prefix` (e.g. a mock's `/__mock`), beside the files. */
export interface Mount {
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<void>;
}

/** Serves a folder on loopback (a built test page), with extra headers on every file. */
export async function serveFolder(
  folder: string,
  options: {
    index?: string;
    headers?: Record<string, string>;
    mount?: Mount;
    /** Rewrites an HTML file as served (a test's probe script added before the page's own). */
    html?: (path: string, text: string) => string;
    /** Told of every file request the server answers with an error status. */
    onError?: (path: string, status: number) => void;
  } = {},
): Promise<{ origin: string; server: Server }> {
  const { mount } = options;
  const server = createServer(async (req, res) => {
    if (mount && req.url?.startsWith(`${mount.prefix}/`)) return void (await mount.handle(req, res));
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(folder, path === '/' ? (options.index ?? 'index.html') : path);
    if (!file.startsWith(folder) || !(await stat(file).catch(() => null))?.isFile()) {
      res.statusCode = 404;
      res.end();
      options.onError?.(path, 404);
      return;
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    if (options.html && extname(file) === '.html') res.end(options.html(path, await readFile(file, 'utf8')));
    else createReadStream(file).pipe(res);
  });
  return { origin: (await listenOnLoopback(server)).origin, server };
}
