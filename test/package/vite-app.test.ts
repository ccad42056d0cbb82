/**
 * The Vite example (`examples/vite-app`) as a customer's app: copied to a scratch folder with
 * the packed tarball (`npm run build` first), typechecked strictly, built with `vite build`
 * (the embed origin from VITE_EMBED_BASE_URL), its backend started with one command and no
 * NODE_ENV against the mock started by the package's own command, served by `vite preview`
 * with the dev proxy to the backend, and driven in Chromium: signed out, signed in, the
 * dashboard, a question streamed to a chart, Stop (its note kept after a reload), a reload
 * mid-answer that completes once, the layout at 390 px, sign-out and another user.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { cleanEnv, ExampleApp, freePort, repo } from './example-app';

let app: ExampleApp;
let browser: Browser | undefined;

beforeAll(async () => {
  app = new ExampleApp('vite-app', /^(node_modules|dist)(\/|$)/);
  await app.install();
});

afterAll(async () => {
  await browser?.close();
  app?.close();
});

/** A chat request the page sent: a question (`input`) or a re-join of a thread (none). */
interface ChatRequest {
  input?: string;
  chatId?: string;
}

describe('examples/vite-app, a Vite single-page app with a Node backend, from the packed tarball', () => {
  let mock: { url: string; variables: Record<string, string> };
  let backend: string;
  let origin: string;

  it("has the guide's backend: server/backend.ts is the Next.js example's lib/backend.ts", () => {
    const read = (file: string) => readFileSync(join(repo, 'examples', file), 'utf8');
    expect(read('vite-app/server/backend.ts')).toBe(read('next-app/lib/backend.ts'));
  });

  it('runs the mock with `react-embedded-analytics-mock`', async () => {
    mock = await app.startMock(30);
    expect(mock.variables.EMBED_API_KEY).toBe('mock-admin-key');
  });

  it('typechecks strictly and builds with `vite build`: the public embed origin in, no secret', async () => {
    await app.sh(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
    const output = await app.sh(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build'],
      cleanEnv({ VITE_EMBED_BASE_URL: mock.url }),
    );
    expect(output).toMatch(/built in/);
    expect(output).not.toMatch(/larger than/); // vega's lazy chunk is within the example's limit
    const assets = join(app.dir, 'dist/assets');
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    expect(bundle).toContain(mock.url);
    for (const secret of ['mock-admin-key', 'EMBED_API_KEY', 'AGENT_CHAT_URL']) expect(bundle).not.toContain(secret);
  });

  it('starts the backend with one command and no NODE_ENV: dev sign-in on the mock, none with a real key', async () => {
    const port = await freePort();
    backend = `http://127.0.0.1:${port}`;
    // `npm run server`: the values of .env.server, here overridden by the environment (the mock's port).
    await app.start('npm', ['run', 'server'], cleanEnv({ ...mock.variables, PORT: String(port) }), /backend on http/);
    expect(await (await fetch(`${backend}/api/me`)).json()).toEqual({ user: null, devSignIn: true });

    // The same backend as a production deployment starts it: a real key, no NODE_ENV.
    const strictPort = await freePort();
    const strict = await app.start(
      'npm',
      ['start'],
      cleanEnv({ ...mock.variables, EMBED_API_KEY: 'acme-production-key', PORT: String(strictPort) }),
      /backend on http/,
    );
    const strictOrigin = `http://127.0.0.1:${strictPort}`;
    expect((await fetch(`${strictOrigin}/api/dev-login?user=erin`, { redirect: 'manual' })).status).toBe(404);
    expect(await (await fetch(`${strictOrigin}/api/me`, { headers: { Cookie: 'user=erin' } })).json()).toEqual({
      user: { id: 'erin', name: 'Erin Example' },
      devSignIn: false,
    });
    strict.stop();
  });

  it('serves the build with `vite preview`, /api proxied to the backend', async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await app.start(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      cleanEnv({ BACKEND_URL: backend }),
      /Local/, // (coloured: 'Local', escapes, then the URL)
    );
    expect(await (await fetch(`${origin}/api/me`)).json()).toEqual({ user: null, devSignIn: true });
  });

  describe('in Chromium', () => {
    let page: Page;
    const problems: string[] = [];
    const aborts: (number | undefined)[] = [];
    const questions: ChatRequest[] = [];
    const box = () => page.getByRole('textbox', { name: 'Ask a question' });
    const ask = async (question: string) => {
      await box().fill(question);
      await box().press('Enter');
    };
    const announced = () => page.locator('.ek-chat > [role="status"]').textContent();

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('request', (request) => {
        if (request.url().endsWith('/api/chat/abort')) aborts.push(undefined);
        else if (request.url().endsWith('/api/chat')) questions.push(request.postDataJSON() as ChatRequest);
      });
      page.on('response', (response) => {
        if (response.url().endsWith('/api/chat/abort')) aborts.push(response.status());
      });
    });

    it('signed out: says so, with the sign-in links, and shows no dashboard or chat', async () => {
      await page.goto(origin);
      await page.getByText('Not signed in').waitFor({ timeout: 20_000 });
      await page.getByText('Sign in to see your dashboards and ask the data analyst.').waitFor();
      expect(await page.locator('.ek-embed, .ek-chat').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Sign out' }).count()).toBe(0);
      expect(problems).toEqual([]);
    });

    it('signed in: the dashboard loads for the user, a question streams to a chart', async () => {
      const started = Date.now();
      await page.getByRole('link', { name: 'Sign in as Erin' }).click();
      await page.getByText('Signed in as Erin Example').waitFor({ timeout: 20_000 });
      await page.locator('.ek-embed[data-phase="ready"]').waitFor({ timeout: 30_000 });
      const dashboardMs = Date.now() - started;
      await page
        .frameLocator('iframe[title="Sales overview"]')
        .getByText('Signed in as Erin Example')
        .waitFor({ timeout: 10_000 });

      const asked = Date.now();
      await ask('Revenue by region');
      await page.locator('.ek-chart__view[data-drawn] svg').first().waitFor({ timeout: 30_000 });
      await expect.poll(announced, { timeout: 30_000 }).toBe('Done.');
      console.log(`vite-app: dashboard ready in ${dashboardMs} ms, answer with chart in ${Date.now() - asked} ms`);
      expect(problems).toEqual([]);
    });

    it('Stop sends exactly one abort, and what streamed stays', async () => {
      await ask('Orders over time');
      // The service has echoed the question: the turn is running on its side.
      await page.locator('.ek-message--user').nth(1).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped. Everything received so far is kept.').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500); // a second abort would have gone out by now
      expect(aborts).toEqual([undefined, 204]);
      expect(await page.locator('.ek-message--user').nth(1).textContent()).toContain('Orders over time');
    });

    it('a reload keeps the thread and the "Stopped" note', async () => {
      await page.reload();
      await page.locator('.ek-message--user').nth(1).waitFor({ timeout: 20_000 });
      await page.getByText('Stopped. Everything received so far is kept.').waitFor({ timeout: 20_000 });
      const users = await page.locator('.ek-message--user .ek-message__text').allTextContents();
      expect(users).toEqual(['Revenue by region', 'Orders over time']);
      expect(aborts).toEqual([undefined, 204]);
    });

    it('a reload mid-answer shows the thread at once and completes the answer exactly once', async () => {
      const finals = await page.locator('.ek-message--final').count();
      const answers = await page.locator('.ek-message--assistant').count();
      await ask('Top 5 customers by revenue');
      await page.locator('.ek-message--user').nth(2).waitFor({ timeout: 20_000 });
      // Mid-answer: the answer has begun streaming.
      await page.locator('.ek-message--assistant').nth(answers).waitFor({ timeout: 20_000 });
      expect(await announced()).not.toBe('Done.');
      await page.reload();

      await page.locator('.ek-message--user').nth(2).waitFor({ timeout: 20_000 });
      await expect.poll(announced, { timeout: 30_000 }).toBe('Done.');
      const users = await page.locator('.ek-message--user .ek-message__text').allTextContents();
      expect(users).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
      expect(await page.locator('.ek-message--final').count()).toBe(finals + 1);
      // Each question was sent once; after the reload the chat only re-joined its thread.
      expect(questions.map((request) => request.input ?? `re-join ${request.chatId ? 'thread' : '?'}`)).toEqual([
        'Revenue by region',
        'Orders over time',
        're-join thread',
        'Top 5 customers by revenue',
        're-join thread',
      ]);
      expect(problems).toEqual([]);
    });

    it('at 390 px the dashboard and the chat stack, each the full width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const embed = (await page.locator('.ek-embed').boundingBox())!;
      const chat = (await page.locator('.ek-chat').boundingBox())!;
      expect(chat.width).toBeGreaterThan(340);
      expect(Math.abs(chat.width - embed.width)).toBeLessThan(1);
      expect(chat.y).toBeGreaterThanOrEqual(embed.y + embed.height);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it("signing out shows no chat; another user signs in to an empty chat, not the last user's thread", async () => {
      await page.getByRole('link', { name: 'Sign out' }).click();
      await page.getByText('Not signed in').waitFor({ timeout: 20_000 });
      expect(await page.locator('.ek-chat').count()).toBe(0);
      await page.getByRole('link', { name: 'Sign in as Elias' }).click();
      await page.getByText('Signed in as Elias Example').waitFor({ timeout: 20_000 });
      await page.locator('.ek-chat').waitFor();
      await page.getByRole('button', { name: 'Revenue by region' }).waitFor(); // the empty state's suggestion
      expect(await page.locator('.ek-message').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
