/** Builds the benchmark page with Vite (production), serves it on loopback and drives it in Chromium. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type CDPSession, type Page } from 'playwright';
import { build } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { serveFolder } from '../setup/static-server.ts';

export interface BenchBrowser {
  page: Page;
  /** A DevTools session on the page: Performance metrics, forced GC, heap usage. */
  cdp: CDPSession;
  close(): Promise<void>;
}

/** A Chromium page on the built benchmark page, ready for `window.benches`. */
export async function openBenchPage(): Promise<BenchBrowser> {
  const root = fileURLToPath(new URL('./browser/', import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), 'react-embedded-analytics-bench-'));
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    // The profiling build of React: production speed, and <Profiler> reports commits.
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    // BENCH_NOMINIFY=1 keeps function names readable in a CPU profile of the page.
    build: { outDir, emptyOutDir: true, minify: !process.env.BENCH_NOMINIFY },
  });
  const { origin, server } = await serveFolder(outDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Unrounded performance.memory, for the memory bench.
    args: [...CHROMIUM_FLAGS, '--enable-precise-memory-info'],
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.on('pageerror', (error) => console.error('[bench page]', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || process.env.BENCH_DEBUG) console.error('[bench page]', message.text());
  });
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => 'benches' in window);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    page,
    cdp,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
