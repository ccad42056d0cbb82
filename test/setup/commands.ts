import { createReadStream } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { BrowserCommand } from 'vitest/node';

/** The policy the CSP test serves: no 'unsafe-eval' anywhere. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let serving: Promise<string> | undefined;

/**
 * Builds `test/browser/fixtures/csp-chart.html` with Vite (production React, the real
 * chart code and vega) and serves it on loopback with a Content-Security-Policy header that
 * forbids eval. Built once per run; returns the page URL.
 */
export const serveCspChart: BrowserCommand<[]> = async () => {
  serving ??= (async () => {
    const root = fileURLToPath(new URL('../browser/fixtures/', import.meta.url));
    const outDir = await mkdtemp(join(tmpdir(), 'embedkit-csp-'));
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: join(root, 'csp-chart.html') } },
    });
    const server = createServer(async (req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
        /^(\.\.[/\\])+/,
        '',
      );
      const file = join(outDir, path === '/' ? 'csp-chart.html' : path);
      if (!file.startsWith(outDir) || !(await stat(file).catch(() => null))?.isFile()) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('Content-Security-Policy', STRICT_CSP);
      res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/csp-chart.html`;
  })();
  return serving;
};
