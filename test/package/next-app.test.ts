/**
 * The Next.js App Router example (`examples/next-app`) as a customer's app: copied to a
 * scratch folder with the packed tarball (`npm run build` first), built with `next build`
 * (no configuration in the environment), served by `next start` against the mock started by
 * the package's own command, and driven in Chromium: the dashboard loads, a question streams
 * to a chart, Stop sends exactly one abort; signed out, both ask to sign in. Its native KPIs and
 * first chart are rendered on the server: their numbers are in the HTML, and the browser makes
 * no `/load` request for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarball } from '../../scripts/check-package';
import { createDataToken, fetchSemanticQuery } from '../../src/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const example = join(repo, 'examples/next-app');
const GUIDE_VARIABLES = [
  'EMBED_BASE_URL',
  'EMBED_API_KEY',
  'EMBED_DEPLOYMENT_ID',
  'AGENT_CHAT_URL',
  'DATA_API_URL',
  'DATA_API_SECRET',
];

let work: string;
let app: string;
const processes: ChildProcess[] = [];
let browser: Browser | undefined;

/** This process's environment without what would change the child's behaviour. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NEXT_TELEMETRY_DISABLED: '1', ...extra };
  // Vitest sets NODE_ENV=test; `next build` and `next start` choose production themselves.
  delete env.NODE_ENV;
  for (const name of GUIDE_VARIABLES) if (!(name in extra)) delete env[name];
  return env;
}

/** Runs a command to its end; on failure the error carries its output. */
function sh(command: string, args: string[], env = cleanEnv()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}

/** Starts a long-running command and resolves with its output once `ready` matches it. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<() => string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    processes.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(() => output);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

/** A free loopback port (`next start` takes a port, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-next-'));
  const tarball = packTarball(work);
  app = join(work, 'next-app');
  // The example as committed, without anything a local run may have left in it.
  cpSync(example, app, {
    recursive: true,
    filter: (source) => !/^(node_modules|\.next|next-env\.d\.ts)(\/|$)/.test(relative(example, source)),
  });
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  manifest.dependencies['react-embedded-analytics'] = `file:${tarball}`;
  writeFileSync(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
});

afterAll(async () => {
  await browser?.close();
  for (const child of processes) child.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('examples/next-app, a Next.js App Router app, from the packed tarball', () => {
  let origin: string;
  let mockEnv: Record<string, string>;

  it('builds with `next build` with none of the backend variables set', async () => {
    const output = await sh(process.execPath, ['node_modules/next/dist/bin/next', 'build']);
    expect(output).toMatch(/Compiled successfully/);
    expect(output).toMatch(/ƒ \/api\/chat\/\[\[\.\.\.abort\]\]/);
  });

  it('runs the mock with `react-embedded-analytics-mock`, which prints what the guide needs', async () => {
    const bin = join(app, 'node_modules/.bin/react-embedded-analytics-mock');
    const output = await start(bin, ['--port', '0', '--line-delay', '30'], cleanEnv(), /AGENT_CHAT_URL=\S+\n/);
    const text = output();
    expect(text).toMatch(/^react-embedded-analytics mock service on http:\/\/127\.0\.0\.1:\d+/);
    expect(text).toContain('mock-admin-key  account acme, admin');
    expect(text).toContain('deployment 1 "Sales analytics": dashboards sales-overview, country-breakdown');
    expect(text).toContain('users: any externalId your backend sends; internal users ana@acme.test');
    mockEnv = Object.fromEntries(
      GUIDE_VARIABLES.map((name) => [name, new RegExp(`^  ${name}=(\\S+)$`, 'm').exec(text)![1]!]),
    );
  });

  it('serves it with `next start`: server-rendered client components, no dev sign-in in production', async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await start(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
      cleanEnv(mockEnv),
      /Ready in/,
    );
    expect((await fetch(`${origin}/api/dev-login?user=erin`, { redirect: 'manual' })).status).toBe(404);
    const html = await (await fetch(origin, { headers: { Cookie: 'user=erin' } })).text();
    expect(html).toContain('Signed in as Erin Example');
    expect(html).toMatch(/<textarea[^>]*class="ek-composer__input"/);
  });

  it("server-renders the native KPIs and first chart with the signed-in user's numbers", async () => {
    // The numbers Erin's identity gets from the data API, asked here directly.
    const { token } = await createDataToken({
      apiSecret: mockEnv.DATA_API_SECRET!,
      user: {
        externalId: 'erin',
        userAttributes: [{ name: 'region', value: ['Europe', 'North America', 'Asia Pacific', 'Latin America'] }],
      },
    });
    const ask = async (measure: string) =>
      Number(
        (await fetchSemanticQuery({ measures: [measure] }, { apiUrl: mockEnv.DATA_API_URL!, token })).data[0]![measure],
      );
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const revenue = usd.format(await ask('orders.revenue'));
    const orders = new Intl.NumberFormat('en-US').format(await ask('orders.count'));
    const html = await (await fetch(origin, { headers: { Cookie: 'user=erin' } })).text();
    const cards =
      html.match(/<div role="group"[^>]*data-state="ready"[^>]*class="ek-root ek-kpi"[\s\S]*?<\/div>/g) ?? [];
    expect(cards).toHaveLength(3);
    expect(cards[0]).toContain(`title="${revenue}"`);
    expect(cards[1]).toContain(`>${orders}</p>`);
    expect(html).toMatch(/<section[^>]*data-state="ready"[^>]*class="ek-root ek-qchart"/);
    expect(html).toContain('Revenue by Region');
    // Only answers go into the page: the server's data token (a JWT) stays on the server.
    expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
    // Signed out: no numbers, no data token.
    const signedOut = await (await fetch(origin)).text();
    expect(signedOut).not.toContain('ek-kpi');
  });

  describe('in Chromium', () => {
    let page: Page;
    /** Console errors and warnings, and uncaught errors, per page. */
    const problems = new Map<Page, string[]>();
    const aborts: { status: number | undefined }[] = [];
    /** The data API's /load requests of each page. */
    const loads = new Map<Page, string[]>();

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    });

    async function open(cookie: boolean): Promise<Page> {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
      if (cookie) await context.addCookies([{ name: 'user', value: 'erin', url: origin }]);
      const opened = await context.newPage();
      const logged: string[] = [];
      problems.set(opened, logged);
      opened.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
      opened.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) logged.push(`${message.type()}: ${message.text()}`);
      });
      const pageLoads: string[] = [];
      loads.set(opened, pageLoads);
      opened.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/cubejs-api/v1/load')) pageLoads.push(request.url());
      });
      opened.on('response', (response) => {
        if (response.url().endsWith('/api/chat/abort')) aborts.push({ status: response.status() });
      });
      opened.on('request', (request) => {
        if (request.url().endsWith('/api/chat/abort')) aborts.push({ status: undefined });
      });
      await opened.goto(origin);
      return opened;
    }

    it('signed out: the dashboard and the chat ask to sign in', async () => {
      const signedOut = await open(false);
      await expect
        .poll(() => signedOut.locator('.ek-embed [role="alert"]').textContent(), { timeout: 20_000 })
        .toContain('Sign in to see this (session route: 401)');
      await signedOut.getByRole('button', { name: 'Revenue by region' }).click();
      await expect
        .poll(() => signedOut.locator('.ek-chat [role="alert"]').textContent(), { timeout: 20_000 })
        .toContain('Sign in to use the chat.');
      // The two 401s are the only console errors (Chromium logs failed requests).
      expect(problems.get(signedOut)!.filter((p) => !/status of 401/.test(p))).toEqual([]);
      await signedOut.context().close();
    });

    it('signed in: the dashboard loads for the user, a question streams to a chart', async () => {
      const started = Date.now();
      page = await open(true);
      await page.locator('.ek-embed[data-phase="ready"]').waitFor({ timeout: 30_000 });
      const dashboardMs = Date.now() - started;
      // The server-rendered KPIs and chart: hydrated, drawn, and not asked for again.
      await page.locator('.ek-qchart .ek-chart__view[data-drawn]').waitFor({ timeout: 30_000 });
      expect(await page.locator('.ek-kpi[data-state="ready"]').count()).toBe(3);
      expect(loads.get(page)).toEqual([]);
      await page
        .frameLocator('iframe[title="Sales overview"]')
        .getByText('Signed in as Erin Example')
        .waitFor({ timeout: 10_000 });

      const asked = Date.now();
      const box = page.getByRole('textbox', { name: 'Ask a question' });
      await box.fill('Revenue by region');
      await box.press('Enter');
      await page.locator('.ek-chart__view[data-drawn] svg').first().waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.locator('.ek-chat > [role="status"]').textContent(), { timeout: 30_000 })
        .toBe('Done.');
      console.log(`next-app: dashboard ready in ${dashboardMs} ms, answer with chart in ${Date.now() - asked} ms`);
    });

    it('Stop sends exactly one abort, and what streamed stays', async () => {
      const box = page.getByRole('textbox', { name: 'Ask a question' });
      await box.fill('Orders over time');
      await box.press('Enter');
      // The service has echoed the question: the turn is running on its side.
      await page.locator('.ek-message--user').nth(1).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped. Everything received so far is kept.').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500); // a second abort would have gone out by now
      expect(aborts).toEqual([{ status: undefined }, { status: 204 }]);
      expect(await page.locator('.ek-message--user').nth(1).textContent()).toContain('Orders over time');
      expect(problems.get(page)).toEqual([]);
    });
  });
});
