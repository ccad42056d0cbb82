// A benchmark's page: its folder built for production by Vite, and its assets served from the
// build by a bench server that adds its own delays to everything else.
import { mkdtemp, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/** Builds the page in `folder` (a URL from `new URL('./x-page/', import.meta.url)`) into a fresh temporary folder. */
export async function buildBenchPage(folder: URL, name: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), `react-embedded-analytics-${name}-bench-`));
  await build({
    configFile: false,
    root: fileURLToPath(folder),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * Answers a request for the build's `/assets/…` at once (not delayed like the rest): returns
 * false for any other path, which the bench server answers itself.
 */
export async function serveBuiltAsset(outDir: string, pathname: string, res: ServerResponse): Promise<boolean> {
  if (!pathname.startsWith('/assets/')) return false;
  const file = join(outDir, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
  res.end(await readFile(file).catch(() => ''));
  return true;
}
