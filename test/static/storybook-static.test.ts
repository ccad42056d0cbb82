import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { serveFolder } from '../setup/static-server';
import { EXPECTED_CONSOLE } from './expected-console';

/**
 * Every story of the static Storybook build, from a plain static file server in Chromium:
 * no dev server, so the embed and HTTP chat stories work only if the mock's service worker
 * does. A story passes when it renders, its play function and its accessibility check pass
 * (Storybook's `storyFinished` event says so), every `__mock/` request was answered by the
 * worker, and the page logs no error or warning.
 */
const folder = fileURLToPath(new URL('../../storybook-static/', import.meta.url));
const indexFile = `${folder}index.json`;

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

const entries: IndexEntry[] = existsSync(indexFile)
  ? Object.values((JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries)
  : [];
const stories = entries.filter((entry) => entry.type === 'story');

/** Storybook's `storyFinished` event: after the render, the play function and axe. */
interface StoryFinished {
  storyId: string;
  status: 'success' | 'error';
  reporters: { type: string; status: string; result?: unknown }[];
}

/** Records the preview channel's `storyFinished` event on `window.__storyFinished`. */
function listenForStoryFinished() {
  let channel: { on(event: string, listener: (payload: unknown) => void): void } | undefined;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: typeof channel) {
      channel = value;
      value?.on('storyFinished', (payload) => Object.assign(window, { __storyFinished: payload }));
    },
  });
}

let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!stories.length) return;
  ({ server, origin } = await serveFolder(folder.replace(/\/$/, '')));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  // One context for every story: the mock's worker is installed once, as for a visitor.
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('static Storybook', () => {
  it('was built (run `npm run build-storybook` first) and holds at least 40 stories', () => {
    expect(stories.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the mock from its service worker, embed pages included', async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/iframe.html?id=${stories[0]!.id}&viewMode=story`);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
      const result = await page.evaluate(async () => {
        const mint = await fetch('__mock/api/v1/embed/generate-session', {
          method: 'POST',
          headers: { Authorization: 'Api-Key mock-admin-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ deploymentId: 1, externalId: 'static-check' }),
        });
        const { sessionId } = (await mint.json()) as { sessionId: string };
        const frame = document.createElement('iframe');
        frame.title = 'check';
        frame.src = `__mock/embed/dashboard/sales-overview?session=${sessionId}`;
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        document.body.append(frame);
        await loaded;
        return { status: mint.status, text: frame.contentDocument?.body.textContent ?? '' };
      });
      expect(result.status).toBe(200);
      expect(result.text).toContain('static-check');
    } finally {
      await page.close();
    }
  });

  it('opens on the demo with the addon panel hidden; other stories keep their panel', async () => {
    const page = await context.newPage();
    const panelHeight = (height: 'none' | 'some') =>
      page.waitForFunction(
        (want) => {
          const panel = document.querySelector('#storybook-panel-root')?.getBoundingClientRect().height ?? 0;
          return want === 'none' ? panel === 0 : panel > 100;
        },
        height,
        { timeout: 30_000 },
      );
    try {
      await page.goto(`${origin}/`);
      await page.waitForURL(/path=\/story\/demo-app--default/, { timeout: 30_000 });
      await page
        .frameLocator('#storybook-preview-iframe')
        .getByRole('heading', { name: 'Sales overview' })
        .first()
        .waitFor({ timeout: 30_000 });
      await panelHeight('none');
      // Another story, from the sidebar: its panel is back.
      await page.locator('#storybook-explorer-tree a[href*="avatar--picture"]').click();
      await panelHeight('some');
      // And an address with a story in it opens that story, panel and all.
      await page.goto(`${origin}/?path=/story/avatar--picture`);
      await panelHeight('some');
      expect(page.url()).toContain('avatar--picture');
    } finally {
      await page.close();
    }
  });

  it.each(stories.map((story) => [`${story.title} / ${story.name}`, story.id] as const))('%s', async (_label, id) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // The browser's own network log: error-state stories get 4xx/5xx and broken
      // pictures on purpose; the responses themselves are checked below.
      if (message.text().startsWith('Failed to load resource')) return;
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      const problem = `console.${message.type()}: ${message.text()}`;
      if (!EXPECTED_CONSOLE[id]?.test(problem)) problems.push(problem);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      if (url.pathname.startsWith('/__mock/')) {
        if (!response.fromServiceWorker()) problems.push(`not served by the mock's worker: ${url.pathname}`);
      } else if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${url.pathname}`);
    });
    try {
      await page.addInitScript(listenForStoryFinished);
      await page.goto(`${origin}/iframe.html?id=${id}&viewMode=story`);
      const handle = await page.waitForFunction(() => (window as { __storyFinished?: unknown }).__storyFinished, null, {
        timeout: 45_000,
      });
      const finished = (await handle.jsonValue()) as StoryFinished;
      const errorDisplay = await page.evaluate(() =>
        document.body.classList.contains('sb-show-errordisplay')
          ? (document.querySelector('#error-message')?.textContent ?? 'error')
          : null,
      );
      expect(errorDisplay).toBeNull();
      expect(finished.storyId).toBe(id);
      // A failing play function, an unhandled error or an axe violation make status 'error'.
      expect(finished.reporters.filter((report) => report.status === 'failed')).toEqual([]);
      expect(finished.status).toBe('success');
      expect(finished.reporters.map((report) => report.type)).toContain('a11y');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
