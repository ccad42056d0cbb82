/**
 * The built files (`npm run build` first): the React entry's modules are client modules for
 * React Server Components, the other entries are not, the mock command runs with plain
 * Node, and the declarations type-check in an app that checks its libraries too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));
const files = () =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => relative(dist, join(dist, file)));
/** A `'use client'` directive anywhere at the top of a module (before any statement). */
const useClient = /^(?:#![^\n]*\n)?\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*['"]use client['"]/;

/** The React entries: the main one, `react-embedded-analytics/native`, `/boards` and `/explore`. */
const reactEntry = (file: string) =>
  file === 'index.js' || file === 'native.js' || file === 'boards.js' || file === 'explore.js';

beforeAll(() => {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
});

describe("'use client' in the built package", () => {
  it('opens dist/index.js, dist/native.js and every module under dist/react', () => {
    // The data client's answer worker is a worker's script, not a module React renders.
    const react = files().filter(
      (file) => (reactEntry(file) || file.startsWith('react/')) && file !== 'react/native/data/answer-worker.js',
    );
    expect(react.length).toBeGreaterThan(30);
    const missing = react.filter((file) => !readFileSync(join(dist, file), 'utf8').startsWith("'use client';\n"));
    expect(missing).toEqual([]);
  });

  it('is in no module of the protocol, server and mock entries, nor the mock command', () => {
    const others = files().filter((file) => !reactEntry(file) && !file.startsWith('react/'));
    expect(others).toEqual(expect.arrayContaining(['protocol.js', 'server.js', 'mock.js', 'mock-cli.js']));
    expect(others.filter((file) => useClient.test(readFileSync(join(dist, file), 'utf8')))).toEqual([]);
  });

  it('keeps the source maps in line with the directive', () => {
    // The first mapped line of a module must be the line its first statement is on.
    const code = readFileSync(join(dist, 'react/embed/EmbedProvider.js'), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(join(dist, 'react/embed/EmbedProvider.js.map'), 'utf8')) as {
      mappings: string;
    };
    const firstMapped = map.mappings.split(';').findIndex((line) => line !== '');
    expect(code[firstMapped]).toMatch(/^(const|let|var|function|class|export) /);
  });
});

describe('the mock command (dist/mock-cli.js)', () => {
  it('has a shebang and runs with plain node', () => {
    const file = join(dist, 'mock-cli.js');
    expect(readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(execFileSync(process.execPath, [file, '--help'], { encoding: 'utf8' })).toMatch(
      /^Usage: react-embedded-analytics-mock/,
    );
  });
});

describe('the public declarations (issue 26, item 7)', () => {
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const tsc = join(repo, 'node_modules/typescript/bin/tsc');

  /** The files a consumer's `tsc` reads for `source`, with `skipLibCheck: false`; throws with tsc's errors. */
  function consumer(source: string, types: string[], lib: string[]): string[] {
    const app = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-dts-'));
    try {
      writeFileSync(join(app, 'index.ts'), source);
      const entry = (path: string) => [join(dist, path)];
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            jsx: 'react-jsx',
            lib,
            types,
            typeRoots: [join(repo, 'node_modules/@types')],
            paths: {
              'react-embedded-analytics': entry('index.d.mts'),
              'react-embedded-analytics/protocol': entry('protocol/index.d.mts'),
              'react-embedded-analytics/server': entry('server/index.d.mts'),
              'react-embedded-analytics/mock': entry('mock/index.d.mts'),
            },
          },
          files: ['index.ts'],
        }),
      );
      try {
        // Type-checks (a failure throws with tsc's errors) and lists every file it read.
        return execFileSync(process.execPath, [tsc, '-p', app, '--listFiles'], { encoding: 'utf8' }).split('\n');
      } catch (error) {
        throw new Error(String((error as { stdout?: string }).stdout ?? error), { cause: error });
      }
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  }

  it('a browser app with skipLibCheck: false type-checks the React and protocol entries, and reads no vega types', () => {
    const files = consumer(
      [
        "import * as react from 'react-embedded-analytics';",
        "import * as protocol from 'react-embedded-analytics/protocol';",
        'export const entries = [react, protocol];',
        'export const charts: Promise<react.ChartModules> = react.loadCharts();',
      ].join('\n'),
      [],
      ['ES2023', 'DOM', 'DOM.Iterable'],
    );
    expect(files.some((file) => file.includes('/dist/index.d.mts'))).toBe(true);
    // vega-lite's own declarations fail under some TypeScript versions (TS2320 in axis.d.ts):
    // none of vega's packages may be reachable from ours.
    expect(files.filter((file) => /node_modules\/vega/.test(file))).toEqual([]);
  });

  it('a Node backend with skipLibCheck: false type-checks the server and mock entries', () => {
    const files = consumer(
      [
        "import * as server from 'react-embedded-analytics/server';",
        "import * as mock from 'react-embedded-analytics/mock';",
        'export const entries = [server, mock];',
      ].join('\n'),
      ['node'],
      ['ES2023', 'DOM'],
    );
    expect(files.filter((file) => /node_modules\/vega/.test(file))).toEqual([]);
  });
});
