import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { BrowserCommand } from 'vitest/node';
import { serveFolder } from './static-server.ts';

/** The policy the CSP test serves: no 'unsafe-eval' anywhere. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

let serving: Promise<string> | undefined;

/**
 * Builds `test/browser/fixtures/csp-chart.html` with Vite (production React, the real
 * chart code and vega) and serves it on loopback with a Content-Security-Policy header that
 * forbids eval. Built once per run; returns the page URL.
 */
export const serveCspChart: BrowserCommand<[]> = async () => {
  serving ??= (async () => {
    const root = fileURLToPath(new URL('../browser/fixtures/', import.meta.url));
    const outDir = await mkdtemp(join(tmpdir(), 'react-embedded-analytics-csp-'));
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: join(root, 'csp-chart.html') } },
    });
    const { origin, server } = await serveFolder(outDir, {
      index: 'csp-chart.html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
    });
    server.unref();
    return `${origin}/csp-chart.html`;
  })();
  return serving;
};
