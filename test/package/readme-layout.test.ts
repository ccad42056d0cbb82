/**
 * The README's host guide page (test/package/app/src/App.tsx, shown verbatim in the README)
 * in Chromium, served by Vite from the source (the package's entries aliased to src/): the
 * dashboard and the chat side by side on a desktop, stacked on a phone, where a 2fr/1fr grid
 * left the chat 114 px wide.
 */
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { repo } from './docs-files';

let server: ViteDevServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  server = await createServer({
    root: `${repo}test/package/app`,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^react-embedded-analytics$/, replacement: `${repo}src/index.ts` },
        { find: /^react-embedded-analytics\/styles\.css$/, replacement: `${repo}src/styles.css` },
        { find: /^react-embedded-analytics\/(protocol)$/, replacement: `${repo}src/$1/index.ts` },
      ],
    },
    server: { host: '127.0.0.1', port: 0, fs: { allow: [repo] } },
  });
  await server.listen();
  origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The dashboard's and the chat's boxes once both are on the page, at a viewport width. */
async function boxes(width: number): Promise<{ dashboard: Box; chat: Box }> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  try {
    await page.goto(origin);
    const box = async (selector: string) => {
      const element = page.locator(selector).first();
      await element.waitFor({ timeout: 60_000 });
      return (await element.boundingBox())!;
    };
    return { dashboard: await box('.ek-embed'), chat: await box('.ek-chat') };
  } finally {
    await page.close();
  }
}

describe("the README's host guide page", () => {
  it('stacks the dashboard and the chat on a 390 px phone, each the full width', async () => {
    const { dashboard, chat } = await boxes(390);
    expect(dashboard.width).toBeGreaterThan(340);
    expect(chat.width).toBe(dashboard.width);
    expect(chat.y).toBeGreaterThanOrEqual(dashboard.y + dashboard.height);
  });

  it('puts them side by side on a 1280 px desktop, the chat about a third', async () => {
    const { dashboard, chat } = await boxes(1280);
    expect(chat.y).toBe(dashboard.y);
    expect(chat.x).toBeGreaterThan(dashboard.x + dashboard.width);
    const share = chat.width / (chat.width + dashboard.width);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.4);
  });
});
