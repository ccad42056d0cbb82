/**
 * The two engines besides Chromium, behind one small interface: Firefox ESR through
 * puppeteer-core over WebDriver BiDi (no geckodriver), and WebKitGTK's MiniBrowser through
 * `WebKitWebDriver` and webdriverio (WebDriver classic: WebKitGTK's BiDi does not answer a
 * session request), under `xvfb-run` since MiniBrowser needs a display. Found by
 * `scripts/find-engines.ts`; `npm test` installs them (`scripts/ensure-engines.ts`).
 */
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { remote } from 'webdriverio';
import { findEngines } from '../../scripts/find-engines';

/** One browser tab, driven from Node. */
export interface EngineTab {
  /** Navigates and resolves once the page has loaded. */
  goto(url: string): Promise<void>;
  /** Evaluates an expression (a string of JavaScript) in the page and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click, through the driver, on the first element matching a CSS selector. */
  click(selector: string): Promise<void>;
  /** Types text into the element matching a CSS selector, through the driver's keyboard. */
  type(selector: string, text: string): Promise<void>;
  /** Reloads the page, as the browser's reload does. */
  reload(): Promise<void>;
}

/** A running engine with one tab. */
export interface Engine {
  name: 'firefox' | 'webkit';
  version: string;
  tab: EngineTab;
  close(): Promise<void>;
}

export async function launchFirefox(): Promise<Engine> {
  const { firefox } = findEngines();
  if (!firefox) throw new Error('No Firefox: run `npx tsx scripts/ensure-engines.ts` (or set FIREFOX_PATH)');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox,
    headless: true,
    defaultViewport: { width: 1200, height: 900 },
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  return {
    name: 'firefox',
    version: await browser.version(),
    tab: {
      goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
      evaluate: (expression) => page.evaluate(expression) as never,
      click: (selector) => page.click(selector),
      type: (selector, text) => page.type(selector, text),
      reload: async () => void (await page.reload({ waitUntil: 'load' })),
    },
    close: () => browser.close(),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resolves once something listens on the port (the driver has started), or after `ms`. */
async function listening(port: number, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => (socket.end(), resolve(true)))
        .once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function launchWebKit(): Promise<Engine> {
  const { webkitDriver, miniBrowser, xvfbRun } = findEngines();
  if (!webkitDriver || !miniBrowser || !xvfbRun)
    throw new Error('No WebKitGTK: run `npx tsx scripts/ensure-engines.ts` (or set WEBKIT_MINIBROWSER)');
  const port = await freePort();
  // Its own process group, so closing ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const driver = spawn(xvfbRun, ['-a', '-s', '-screen 0 1280x1024x24', webkitDriver, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
  });
  const stop = () => {
    try {
      process.kill(-driver.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  try {
    await listening(port);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'warn',
      connectionRetryTimeout: 60_000,
      connectionRetryCount: 20,
      capabilities: {
        // No browserName: WebKitWebDriver takes its browser from these options.
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
      } as never,
    });
    await browser.setWindowSize(1200, 900).catch(() => {});
    const version = String((browser.capabilities as { browserVersion?: string }).browserVersion ?? '');
    return {
      name: 'webkit',
      version,
      tab: {
        goto: async (url) => void (await browser.url(url)),
        evaluate: (expression) => browser.execute(`return (${expression})`) as never,
        click: async (selector) => void (await (await browser.$(selector)).click()),
        type: async (selector, text) => void (await (await browser.$(selector)).addValue(text)),
        reload: async () => void (await browser.refresh()),
      },
      close: async () => {
        await browser.deleteSession().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
