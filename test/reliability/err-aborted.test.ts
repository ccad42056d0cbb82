// Issue 12, found in the demo: chat requests read to their end were reported by Chromium as
// failed (net::ERR_ABORTED). Neither the store nor the decoder cancels them: Chromium does
// this to a `Cache-Control: no-store` response whose body is read through a stream reader
// (as every streaming client does) when it arrives in several chunks. The mock and the chat
// proxy now send `no-cache`; this drives real Chromium against both over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { createMockService, MOCK_ADMIN_KEY, type MockService } from '../../src/mock';
import { toNodeHandler } from '../../src/mock/node-server';
import { chatStreamUrl } from '../../src/protocol';
import { createChatProxy } from '../../src/server';
import { launchChromium, servePage } from './support';

const TURNS = 6;

/** Sends `TURNS` questions one after another, reading each body with a reader to its end. */
const PAGE = (url: string, key: string | null) => `<!doctype html><title>stream</title><script>
window.run = async () => {
  const sizes = [];
  for (let i = 0; i < ${TURNS}; i++) {
    const controller = new AbortController();
    const response = await fetch(${JSON.stringify(url)}, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'Content-Type': 'application/json'${key ? `, Authorization: 'Api-Key ${key}'` : ''} },
      body: JSON.stringify({ input: 'Revenue by region', sessionSettings: { externalId: 'reader-' + i } }),
    });
    const reader = response.body.getReader();
    let bytes = 0;
    for (;;) { const { done, value } = await reader.read(); if (done) break; bytes += value.length; }
    sizes.push(bytes);
  }
  return sizes;
};
</script>`;

describe('a chat stream read to its end is not reported as failed (ERR_ABORTED)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => browser?.close());

  async function failedRequests(handler: MockService, path: string, key: string | null) {
    const served = await servePage(PAGE(path, key), toNodeHandler(handler));
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      let finished = 0;
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
      page.on('requestfinished', (request) => void (request.method() === 'POST' && finished++));
      await page.goto(`${served.origin}/`);
      const sizes = await page.evaluate(() => (window as unknown as { run(): Promise<number[]> }).run());
      expect(sizes).toHaveLength(TURNS);
      expect(Math.min(...sizes)).toBeGreaterThan(1000);
      await expect.poll(() => finished + failed.length, { timeout: 5000 }).toBe(TURNS);
      await page.close();
      return failed;
    } finally {
      await served.close();
    }
  }

  const path = chatStreamUrl({ origin: '', cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' });

  it('from the mock', async () => {
    const mock = createMockService({ lineDelayMs: 5 });
    expect(await failedRequests(mock, path, MOCK_ADMIN_KEY)).toEqual([]);
  }, 60_000);

  it('through the chat proxy', async () => {
    const mock = createMockService({ lineDelayMs: 5 });
    const proxy = createChatProxy({
      chatUrl: `http://upstream.test${path}`,
      apiKey: MOCK_ADMIN_KEY,
      getSessionSettings: () => ({ externalId: 'proxy-user' }),
      fetch: mock.fetch,
    });
    const handler = { handle: proxy } as MockService;
    expect(await failedRequests(handler, '/api/chat', null)).toEqual([]);
  }, 60_000);
});
