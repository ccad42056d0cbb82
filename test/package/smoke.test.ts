/**
 * The packed tarball as a host meets it (`npm run build` first; `npm run test:package`).
 * For React 19 and React 18.3: install the tarball from `npm pack` into a scratch app
 * (the app's other packages from the registry; its src/server.ts is the guide's backend,
 * examples/next-app/lib/backend.ts), typecheck the host-guide code that imports
 * every entry under `bundler` and `nodenext`, build it with Vite (client and SSR), then run
 * the SSR build in plain Node: the session route and chat proxy against the mock over
 * loopback HTTP, and a server render of EmbedProvider, EmbeddedDashboard and AgentChat.
 */
import react from '@vitejs/plugin-react';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarball } from '../../scripts/check-package';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./app', import.meta.url));
const guideBackend = join(repo, 'examples/next-app/lib/backend.ts');
const tsc = join(repo, 'node_modules/typescript/bin/tsc');

const flavours = [
  {
    name: 'React 19',
    react: '19.3.1',
    packages: ['react@19.3.1', 'react-dom@19.3.1', '@types/react@19.3.0', '@types/react-dom@19.3.0'],
  },
  {
    name: 'React 18.3',
    react: '18.3.1',
    packages: ['react@18.3.1', 'react-dom@18.3.1', '@types/react@^18.3.0', '@types/react-dom@^18.3.0'],
  },
];

let work: string;
let tarball: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-smoke-'));
  tarball = packTarball(work);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs a command; on failure the error carries its output, so the test report shows why. */
async function sh(cwd: string, command: string, args: string[]) {
  try {
    return await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed\n${stdout}\n${stderr}`.slice(0, 8000), { cause: error });
  }
}

describe.each(flavours)('the packed tarball in a Vite + $name app', ({ name, react: reactVersion, packages }) => {
  let app: string;

  beforeAll(async () => {
    app = join(work, name.replace(/\W+/g, '-').toLowerCase());
    cpSync(fixture, app, { recursive: true });
    // The guide's backend has one home, the Next.js example; here it is the app's server.ts.
    cpSync(guideBackend, join(app, 'src/server.ts'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'smoke-app', private: true, type: 'module' }));
    await sh(app, 'npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefer-offline',
      '--loglevel=error',
      tarball,
      '@tanstack/react-query@5.108.0',
      '@types/node@20.19.9',
      ...packages,
    ]);
  });

  it('installs the tarball: dist only, the right React', () => {
    const installed = join(app, 'node_modules/react-embedded-analytics');
    const shipped = readdirSync(installed).filter(
      (file) => !['dist', 'package.json', 'README.md', 'LICENSE'].includes(file),
    );
    expect(shipped).toEqual([]);
    expect(existsSync(join(installed, 'dist/index.d.mts'))).toBe(true);
    const version = JSON.parse(readFileSync(join(app, 'node_modules/react/package.json'), 'utf8')).version;
    expect(version).toBe(reactVersion);
  });

  it('typechecks under moduleResolution bundler', async () => {
    await sh(app, process.execPath, [tsc, '-p', 'tsconfig.bundler.json']);
  });

  it('typechecks under moduleResolution nodenext', async () => {
    await sh(app, process.execPath, [tsc, '-p', 'tsconfig.nodenext.json']);
  });

  it('builds with Vite for production, the chart stack in a lazy chunk of its own', async () => {
    const output = (await build({
      root: app,
      configFile: false,
      mode: 'production',
      logLevel: 'error',
      plugins: [react()],
      build: { outDir: 'dist', emptyOutDir: true },
    })) as Rolldown.RolldownOutput;
    const chunks = output.output.filter((item) => item.type === 'chunk');
    const vega = (ids: string[]) => ids.filter((id) => /node_modules\/(vega|d3-)/.test(id));
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    expect(entry.moduleIds.some((id) => id.includes('node_modules/react-embedded-analytics/dist/react/embed/'))).toBe(
      true,
    );
    expect(vega(entry.moduleIds)).toEqual([]);
    expect(chunks.filter((chunk) => !chunk.isEntry && vega(chunk.moduleIds).length > 0).length).toBeGreaterThan(0);
    expect(output.output.some((item) => item.fileName.endsWith('.css'))).toBe(true);
  });

  it('server-renders in plain Node; the session route and chat proxy work against the mock', async () => {
    await build({
      root: app,
      configFile: false,
      logLevel: 'error',
      mode: 'production',
      plugins: [react()],
      build: {
        ssr: true,
        outDir: 'dist-server',
        emptyOutDir: true,
        rollupOptions: { input: { 'entry-server': 'src/entry-server.tsx', server: 'src/server.ts' } },
      },
    });
    const { stdout } = await sh(app, process.execPath, ['ssr-run.mjs']);
    const report = JSON.parse(stdout) as {
      html: string;
      problems: string[];
      globals: { window: string; document: string };
      missing: Record<'session' | 'chat', { status: number; body: { error: string } }>;
      login: Record<
        'erin' | 'signOut' | 'unknown' | 'production' | 'unset' | 'mock' | 'realKey',
        { status: number; location: string; cookie: string }
      >;
      session: { status: number; sessionId: string; embedPage: number; embedUser: string; anonymous: number };
      chat: { status: number; messages: number; finalAnswer: string | null };
    };
    expect(report.globals).toEqual({ window: 'undefined', document: 'undefined' });
    expect(report.problems).toEqual([]);
    // Imported without configuration: each route answers a JSON 500 naming what is missing.
    for (const route of ['session', 'chat'] as const) {
      expect(report.missing[route]).toEqual({
        status: 500,
        body: { error: 'Set the EMBED_BASE_URL environment variable on the server' },
      });
    }
    // The development sign-in: sets and clears the cookie in development or on the mock only;
    // unknown users, production and an unset NODE_ENV with a key other than the mock's get 404.
    expect(report.login.erin).toEqual({
      status: 303,
      location: '/',
      cookie: 'user=erin; Path=/; HttpOnly; SameSite=Lax',
    });
    expect(report.login.signOut).toMatchObject({ status: 303, cookie: 'user=; Path=/; Max-Age=0' });
    expect(report.login.unknown.status).toBe(404);
    expect(report.login.production).toEqual({ status: 404, location: null, cookie: null });
    expect(report.login.unset).toEqual({ status: 404, location: null, cookie: null });
    expect(report.login.mock).toMatchObject({ status: 303, cookie: 'user=erin; Path=/; HttpOnly; SameSite=Lax' });
    expect(report.login.realKey).toEqual({ status: 404, location: null, cookie: null });
    expect(report.session).toMatchObject({ status: 200, embedPage: 200, embedUser: 'Erin Example', anonymous: 401 });
    expect(report.session.sessionId).toMatch(/\S/);
    expect(report.chat.status).toBe(200);
    expect(report.chat.messages).toBeGreaterThan(3);
    expect(report.chat.finalAnswer).toMatch(/\S/);
    // The dashboard's placeholder (its iframe comes after hydration) and the chat's composer.
    expect(report.html).toContain('ek-');
    expect(report.html).toMatch(/<textarea/);
    expect(report.html).not.toMatch(/<iframe/);
  });
});
