/// <reference types="vitest/config" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import dts from 'vite-plugin-dts';
import { mockServicePlugin } from './src/mock/vite-plugin.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './test/setup/chromium.ts';
import {
  openPage,
  pageAction,
  resumeChatService,
  serveCspChart,
  serveResumeChat,
  startSemanticServer,
  stopSemanticServer,
} from './test/setup/commands.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Dependencies pre-bundled up front so a browser run never reloads mid-test (React twice). */
const browserDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@tanstack/react-query',
  'zustand',
  'zustand/vanilla',
  '@testing-library/react',
  '@testing-library/dom',
  '@testing-library/user-event',
  'fast-check',
  'vega',
  'vega-lite',
  'vega-embed',
  'react-markdown',
  'remark-gfm',
  'zustand/react/shallow',
  '@cubejs-client/core',
  '@cubejs-client/core/format',
  'axe-core',
];

/**
 * A fresh browser settings object per project: Vitest writes into it, so two projects
 * sharing one object collide ("project name … was already defined").
 */
function browserSettings() {
  return {
    enabled: true,
    headless: true,
    screenshotFailures: false,
    provider: playwright({
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    }),
    instances: [{ browser: 'chromium' as const }],
    commands: {
      serveCspChart,
      serveResumeChat,
      resumeChatService,
      openPage,
      pageAction,
      startSemanticServer,
      stopSemanticServer,
    },
  };
}

const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * Without Chromium, a browser project becomes a node project whose setup file fails each
 * of its test files with the fix, instead of Playwright's download hint.
 */
function inChromium(name: string, include: string[], setupFiles: string[] = []) {
  if (!hasChromium) {
    return {
      name,
      include,
      environment: 'node' as const,
      setupFiles: ['./test/setup/chromium-missing.ts'],
    };
  }
  // In CI, one more try for a test in real Chromium: the shared 2-core machine stalls a tab
  // now and then. A test that fails twice fails the run; one that passed on its second try
  // is listed as flaky in the report, to be fixed (as the last two were, in the tests).
  const retry = process.env.CI ? 1 : 0;
  // The storybook plugin finds stories itself from .storybook/main.ts.
  return { name, setupFiles, retry, browser: browserSettings(), ...(name === 'storybook' ? {} : { include }) };
}

/** Emits src/styles.css as dist/styles.css (the `react-embedded-analytics/styles.css` entry). */
function stylesEntry(): Plugin {
  return {
    name: 'react-embedded-analytics:styles-entry',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'styles.css',
        source: readFileSync(`${root}src/styles.css`, 'utf8'),
      });
    },
  };
}

/** The answer worker's entry: dist/react/native/data/answer-worker.js, beside the code that starts it. */
const WORKER_ENTRY = 'react/native/data/answer-worker';
/** What the answer worker's URL is written as in the source and in dist: the same length, so source maps hold. */
const WORKER_URL = "'./answer-worker.js'";
const WORKER_URL_MARK = 'ANSWER_WORKER_JS_URL';

/**
 * The data client's answer worker (src/react/native/data/answer-worker.ts) is a module of its
 * own in dist, next to the code that starts it with `new Worker(new URL('./answer-worker.js',
 * import.meta.url), { type: 'module' })`: the form hosts' bundlers (Vite, webpack 5, Next's
 * Turbopack) build into a worker of their own. Vite would instead bundle it as an app's asset
 * with a root-relative URL, so the library build hides the URL from Vite and writes it back.
 */
function workerEntry(): Plugin {
  const source = `new URL(${WORKER_URL}, import.meta.url)`;
  return {
    name: 'react-embedded-analytics:worker-entry',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/react/native/data/answer-reader.ts')) return null;
      if (!code.includes(source)) this.error(`answer-reader.ts must start its worker as ${source}`);
      // Same length: nothing moves, so the source map is kept (map: null).
      return { code: code.replace(source, `new URL(${WORKER_URL_MARK}, import.meta.url)`), map: null };
    },
    renderChunk(code) {
      if (!code.includes(WORKER_URL_MARK)) return null;
      return { code: code.replaceAll(WORKER_URL_MARK, WORKER_URL.replaceAll("'", '"')), map: null };
    },
  };
}

/**
 * Prepended to each emitted file after minification, which drops module directives:
 * `'use client'` on the React entry's modules, so React Server Components (the Next.js App
 * Router) load them as client modules, while the protocol, server and mock modules stay free
 * of it; and the mock command's shebang.
 */
function postBanner(chunk: Rolldown.RenderedChunk): string {
  if (chunk.name === 'mock-cli') return '#!/usr/bin/env node';
  // A worker is no React module: nothing to say to a server-components bundler.
  if (chunk.name === WORKER_ENTRY) return '';
  const react = chunk.moduleIds.some((id) => id.startsWith(`${root}src/react/`) || id === `${root}src/index.ts`);
  return react ? "'use client';" : '';
}

const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/**
 * Every dependency and peer stays an import (and Node's built-ins): the host's bundler
 * dedupes them, and a security fix in one reaches users without a release of ours.
 */
const externalPackages = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
const external = (id: string) =>
  id.startsWith('node:') || externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // The mock on this server's origin (tests and stories load its embed pages): dev only.
    ...(command === 'serve' ? [mockServicePlugin()] : []),
    ...(command === 'build'
      ? [
          dts({
            tsconfigPath: './tsconfig.build.json',
            entryRoot: 'src',
            // ESM declarations (.d.mts) whose relative specifiers the plugin resolves and
            // rewrites with extensions ('./react' → './react/index.mjs'), so the types
            // resolve under node16/nodenext as well as bundler.
            outDirs: { dir: 'dist', moduleFormat: 'esm' },
            exclude: ['test', 'stories', '.storybook'],
          }),
          stylesEntry(),
          workerEntry(),
        ]
      : []),
  ],
  build: {
    copyPublicDir: false,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: {
        index: 'src/index.ts',
        // `react-embedded-analytics/native`: its own entry, so the React entry does not grow.
        native: 'src/react/native/index.ts',
        // `react-embedded-analytics/boards`: its own entry too; the board itself loads lazily.
        boards: 'src/react/boards/index.ts',
        // `react-embedded-analytics/explore`: its own entry; the default layout loads lazily.
        explore: 'src/react/explore/index.ts',
        protocol: 'src/protocol/index.ts',
        server: 'src/server/index.ts',
        mock: 'src/mock/index.ts',
        // `react-embedded-analytics-mock` (package.json `bin`): the mock over HTTP.
        'mock-cli': 'src/mock/cli.ts',
        // The data client's answer worker, started by URL (see workerEntry), never imported.
        [WORKER_ENTRY]: 'src/react/native/data/answer-worker.ts',
      },
      formats: ['es'],
    },
    // One file per module: a host's bundler then drops whole modules it does not use (the
    // chat, markdown, charts when only the dashboard is imported) without relying on
    // statement-level purity analysis.
    rolldownOptions: {
      external,
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js', postBanner },
      // Our modules have no import-time side effects (package.json `sideEffects` says so to
      // hosts too), so no bare `import './x.js'` is kept for ordering.
      treeshake: { moduleSideEffects: (_id: string, isExternal: boolean) => isExternal },
    },
  },
  optimizeDeps: { include: browserDeps },
  test: {
    // A test's time limit is a hang detector, not a budget (budgets are `npm run bench --
    // budgets`): on a loaded 2-core machine a jsdom test that parses 40,000 characters, or
    // waits out an Undo notice, took 5-6 s where it takes 1-2 alone.
    testTimeout: 20_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results.json' }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{protocol,server,mock,reliability,scripts}/**/*.test.ts'],
          setupFiles: ['./test/setup/property-seed.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/setup/dom.ts', './test/setup/property-seed.ts'],
        },
      },
      {
        extends: true,
        test: inChromium('browser', ['test/**/*.browser.test.{ts,tsx}'], ['./test/setup/browser.ts']),
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: `${root}.storybook` })],
        // Stories stream whole chat turns over HTTP and then run axe on the result; on a loaded
        // 2-core CI machine the longest take ~17 s, so they get twice the browser default.
        test: { ...inChromium('storybook', ['stories/**/*.stories.{ts,tsx}']), testTimeout: 30_000 },
      },
    ],
  },
}));
