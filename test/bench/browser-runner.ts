/** Builds the benchmark page with Vite (production), serves it on loopback and drives it in Chromium. */
import { createReadStream } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BenchBrowser {
  page: Page;
  close(): Promise<void>;
}

/** A Chromium page on the built benchmark page, ready for `window.benches`. */
export async function openBenchPage(): Promise<BenchBrowser> {
  const root = fileURLToPath(new URL('./browser/', import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), 'embedkit-bench-'));
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    // The profiling build of React: production speed, and <Profiler> reports commits.
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir) || !(await stat(file).catch(() => null))?.isFile()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.on('pageerror', (error) => console.error('[bench page]', error.message));
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  await page.waitForFunction(() => 'benches' in window);
  return {
    page,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
