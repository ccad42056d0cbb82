import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { listenOnLoopback } from '../setup/listen';

/**
 * Builds one page of `fixtures/` (or of `HOSTILE_FIXTURES`: the same harness over another copy
 * of the library, e.g. the commit before a fix) into a fresh temporary folder; returns it.
 */
export async function buildFixturePage(page: string): Promise<string> {
  const root = process.env.HOSTILE_FIXTURES ?? fileURLToPath(new URL('./fixtures/', import.meta.url));
  const folder = await mkdtemp(join(tmpdir(), `react-embedded-analytics-${page}-`));
  // What a host ships: vitest sets NODE_ENV=test, under which Vite builds React's development
  // copy (several times slower), and its checks would be measured as the library's long tasks.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      mode: 'production',
      plugins: [react()],
      build: {
        outDir: folder,
        emptyOutDir: true,
        minify: false,
        rolldownOptions: { input: join(root, `${page}.html`) },
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return folder;
}

/** Launches the Debian Chromium with the test flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Serves `html` at `/` and hands every other request to `handler`, on loopback port 0. */
export async function servePage(
  html: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  headers: Record<string, string> = {},
) {
  const server = createServer((req, res) => {
    if (req.url === '/') {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader('Content-Type', 'text/html');
      res.end(html);
      return;
    }
    void handler(req, res);
  });
  return listenOnLoopback(server);
}
