/**
 * The built files (`npm run build` first): the React entry's modules are client modules for
 * React Server Components, the other entries are not, and the mock command runs with plain
 * Node.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** The React entries: the main one and `react-embedded-analytics/native`. */
const reactEntry = (file: string) => file === 'index.js' || file === 'native.js';

beforeAll(() => {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
});

describe("'use client' in the built package", () => {
  it('opens dist/index.js, dist/native.js and every module under dist/react', () => {
    const react = files().filter((file) => reactEntry(file) || file.startsWith('react/'));
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
