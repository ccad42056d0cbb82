/**
 * The data client's answer worker as hosts' bundlers build it from the packed tarball (`npm run
 * build` first; `npm run test:package`): a page of native data, bundled by Vite and by webpack 5,
 * served with a strict CSP and driven in Chromium. A 14 MB answer of 200,000 rows is read by the
 * worker (a file of the build, started by URL: no `blob:`, nothing evaluated), and arrives cut
 * to the query's limit; under a CSP that refuses workers the same page reads it on the main
 * thread. Next's Turbopack builds the worker too (next-app.test.ts checks its build output).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarball } from '../../scripts/check-package';
import { STRICT_CSP } from '../setup/commands';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { listenOnLoopback, type Listening } from '../setup/listen';

const run = promisify(execFile);

/** The host's page: one query of daily rows through `SemanticProvider`, and the workers it started. */
const MAIN = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { SemanticProvider, useSemanticQuery } from 'react-embedded-analytics/native';

const seen = { made: [], answered: 0 };
window.__workers = seen;
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(url, options) {
    super(url, options);
    seen.made.push(String(url));
    this.addEventListener('message', (event) => {
      if (event.data && event.data.end) seen.answered++;
    });
  }
};

const QUERY = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
  limit: 2000,
};

function Rows() {
  const answer = useSemanticQuery(QUERY);
  const text = answer.data
    ? answer.data.data.length + ' rows, ' + answer.data.dropped + ' dropped'
    : answer.error
      ? 'error: ' + answer.error.message
      : 'loading';
  return createElement('p', { id: 'rows' }, text);
}

createRoot(document.getElementById('root')).render(
  createElement(
    SemanticProvider,
    { apiUrl: location.origin + '/cubejs-api/v1', getDataToken: async () => 'token', queryClient: new QueryClient() },
    createElement(Rows),
  ),
);
`;

const html = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Worker</title><link rel="icon" href="data:,"></head><body><div id="root"></div>${script}</body></html>`;

/** 200,000 daily rows (about 14 MB): far past the 256 KiB the main thread reads at once. */
function answer(): Buffer {
  const start = Date.UTC(2100, 0, 1);
  const data = Array.from({ length: 200_000 }, (_, i) => ({
    'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
    'orders.count': String(i % 17),
  }));
  const annotation = {
    measures: { 'orders.count': { title: 'Orders', shortTitle: 'Orders', type: 'number' } },
    dimensions: {},
    segments: {},
    timeDimensions: { 'orders.createdAt.day': { title: 'Day', shortTitle: 'Day', type: 'time' } },
  };
  return Buffer.from(JSON.stringify({ queryType: 'regularQuery', results: [{ query: {}, data, annotation }] }));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };

/** Serves a build folder (its HTML with `csp`) and the data API's `/load`; counts requests by kind. */
async function serve(folder: string, csp: string, body: Buffer): Promise<Listening & { asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(path);
    if (path === '/cubejs-api/v1/load') {
      res.setHeader('Content-Type', 'application/json');
      return void res.end(body);
    }
    const file = join(folder, normalize(path === '/' ? '/index.html' : path).replace(/^(\.\.[/\\])+/, ''));
    try {
      const text = readFileSync(file);
      res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      if (file.endsWith('.html')) res.setHeader('Content-Security-Policy', csp);
      res.end(text);
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return Object.assign(await listenOnLoopback(server), { asked });
}

/** Every JS file of a build, with its text. */
function scripts(folder: string): [string, string][] {
  const out: [string, string][] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...scripts(path));
    else if (/\.m?js$/.test(name)) out.push([path, readFileSync(path, 'utf8')]);
  }
  return out;
}

/** A file of the build that is the answer worker (it says it is ready, and reads answers). */
const workerFiles = (folder: string) =>
  scripts(folder).filter(([, text]) => /postMessage\(\{\s*ready:\s*(!0|true)\s*\}\)/.test(text));

let work: string;
let app: string;
let browser: Browser;
let body: Buffer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-worker-'));
  const tarball = packTarball(work);
  app = join(work, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'worker-app', private: true, type: 'module' }));
  writeFileSync(join(app, 'src/main.js'), MAIN);
  writeFileSync(join(app, 'index.html'), html('<script type="module" src="/src/main.js"></script>'));
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefer-offline',
      '--loglevel=error',
      tarball,
      'react@19.3.1',
      'react-dom@19.3.1',
      '@tanstack/react-query@5.108.0',
      'webpack@5.113.0',
    ],
    { cwd: app, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } },
  );
  body = answer();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens the build under `csp`: what the page showed, and its workers. */
async function open(folder: string, csp: string) {
  const server = await serve(folder, csp, body);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  try {
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => document.getElementById('rows')?.textContent !== 'loading', undefined, {
      timeout: 60_000,
    });
    return {
      rows: await page.textContent('#rows'),
      workers: (await page.evaluate(() => (window as unknown as { __workers: unknown }).__workers)) as {
        made: string[];
        answered: number;
      },
      errors,
      urls,
    };
  } finally {
    await page.close();
    await server.close();
  }
}

describe('the answer worker in a host build, from the packed tarball', () => {
  it('is a module of the package, started by URL from beside the code that starts it', () => {
    const dist = join(app, 'node_modules/react-embedded-analytics/dist/react/native/data');
    const starter = readFileSync(join(dist, 'answer-reader.js'), 'utf8');
    expect(starter).toMatch(
      /new Worker\(new URL\("\.\/answer-worker\.js", import\.meta\.url\), \{ type: "module" \}\)/,
    );
    expect(readFileSync(join(dist, 'answer-worker.js'), 'utf8')).toMatch(/postMessage\(\{\s*ready:\s*(!0|true)\s*\}\)/);
  });

  for (const bundler of ['Vite', 'webpack 5'] as const) {
    describe(`bundled by ${bundler}`, () => {
      const out = () => join(app, bundler === 'Vite' ? 'dist-vite' : 'dist-webpack');

      it('builds the worker into a file of its own', async () => {
        if (bundler === 'Vite') {
          await build({ root: app, configFile: false, logLevel: 'error', build: { outDir: out(), emptyOutDir: true } });
        } else {
          const webpack = createRequire(join(app, 'package.json'))('webpack') as (
            config: object,
            done: (error: Error | null, stats?: { hasErrors(): boolean; toString(o: object): string }) => void,
          ) => void;
          await new Promise<void>((resolve, reject) =>
            webpack(
              {
                mode: 'production',
                context: app,
                entry: './src/main.js',
                output: { path: out(), filename: 'main.js', publicPath: 'auto', clean: true },
                performance: { hints: false },
              },
              (error, stats) =>
                error || stats?.hasErrors()
                  ? reject(error ?? new Error(stats!.toString({ all: false, errors: true })))
                  : resolve(),
            ),
          );
          writeFileSync(join(out(), 'index.html'), html('<script src="/main.js"></script>'));
        }
        const files = workerFiles(out());
        expect(files.length).toBe(1);
        // Started by the file's URL: never a blob or data URL, nothing evaluated from a string.
        const code = scripts(out())
          .map(([, text]) => text)
          .join('\n');
        expect(code).not.toMatch(/new Worker\([^)]*(blob:|data:|createObjectURL)/);
      });

      it('reads a 14 MB answer in the worker under a strict CSP', async () => {
        const shown = await open(out(), STRICT_CSP);
        expect(shown.errors).toEqual([]);
        expect(shown.rows).toBe('2000 rows, 198000 dropped');
        expect(shown.workers.made).toHaveLength(1);
        expect(shown.workers.made[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.js$/);
        expect(shown.workers.answered).toBe(1);
      });
    });
  }

  it('reads it on the main thread where the CSP refuses workers', async () => {
    const shown = await open(join(app, 'dist-vite'), `${STRICT_CSP}; worker-src 'none'`);
    expect(shown.errors).toEqual([]);
    expect(shown.rows).toBe('2000 rows, 198000 dropped');
    expect(shown.workers.answered).toBe(0);
  });
});
