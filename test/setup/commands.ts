import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { BrowserContext, Page } from 'playwright';
import type { BrowserCommand } from 'vitest/node';
import {
  createMockService,
  defaultFixture,
  MOCK_DATA_API_SECRET,
  toNodeHandler,
  type MockService,
  type MockTurnRecord,
} from '../../src/mock/index.ts';
import { startSemanticServer as startSemanticServerProcess, type SemanticServer } from '../support/semantic-server.ts';
import { serveFolder } from './static-server.ts';

/** The policy the CSP test serves: no 'unsafe-eval' anywhere. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

let serving: Promise<string> | undefined;

/** Builds a page of `test/browser/fixtures/` with Vite (production React, the real code) into a temporary folder. */
async function buildFixture(page: string): Promise<string> {
  const root = fileURLToPath(new URL('../browser/fixtures/', import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), 'react-embedded-analytics-fixture-'));
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: join(root, page) } },
  });
  return outDir;
}

/**
 * Builds `test/browser/fixtures/csp-chart.html` with Vite (production React, the real
 * chart code and vega) and serves it on loopback with a Content-Security-Policy header that
 * forbids eval. Built once per run; returns the page URL.
 */
export const serveCspChart: BrowserCommand<[]> = async () => {
  serving ??= (async () => {
    const outDir = await buildFixture('csp-chart.html');
    const { origin, server } = await serveFolder(outDir, {
      index: 'csp-chart.html',
      headers: { 'Content-Security-Policy': STRICT_CSP },
    });
    server.unref();
    return `${origin}/csp-chart.html`;
  })();
  return serving;
};

/** The mock behind the reload test's page: its own, so the test can count what it was asked. */
let resumeMock: MockService | undefined;
let resumeServing: Promise<string> | undefined;

/**
 * Builds `test/browser/fixtures/resume-chat.html` (a thread list and a chat with `persist`)
 * and serves it on loopback with the mock under `/__mock` on the same origin. Built once per
 * run; returns the page URL.
 */
export const serveResumeChat: BrowserCommand<[]> = async () => {
  resumeServing ??= (async () => {
    const outDir = await buildFixture('resume-chat.html');
    resumeMock = createMockService();
    const { origin, server } = await serveFolder(outDir, {
      index: 'resume-chat.html',
      mount: { prefix: '/__mock', handle: toNodeHandler(resumeMock, '/__mock') },
    });
    server.unref();
    return `${origin}/resume-chat.html`;
  })();
  return resumeServing;
};

/** The questions the reload test's mock was asked, and a thread as the mock holds it. */
export const resumeChatService: BrowserCommand<[chatId?: string, externalId?: string]> = async (
  _context,
  chatId,
  externalId,
) => {
  const mock = resumeMock!;
  const turns: MockTurnRecord[] = [...mock.turns()];
  if (!chatId) return { turns, messages: [] };
  const response = await mock.fetch(
    'http://mock/ai/aws-us-east-1/api/v1/public/acme/agents/analyst/chat/stream-chat-state',
    {
      method: 'POST',
      headers: { Authorization: 'Api-Key mock-admin-key' },
      body: JSON.stringify({ chatId, sessionSettings: { externalId } }),
    },
  );
  const lines = (await response.text()).split('\n').filter(Boolean);
  return { turns, messages: (JSON.parse(lines.at(-1)!) as { state: { messages: unknown[] } }).state.messages };
};

/** Pages opened by `openPage`: top-level tabs of the test's browser, which a test can reload. */
const pages = new Map<string, Page>();

/** Opens `url` in a new tab of the test's browser context; returns its id. */
export const openPage: BrowserCommand<[url: string]> = async (context, url) => {
  const page = await (context as unknown as { context: BrowserContext }).context.newPage();
  await page.goto(url);
  const id = String(pages.size + 1);
  pages.set(id, page);
  return id;
};

/** Drives an opened page: a real reload, typing into a field (then Enter), evaluating an expression, closing it. */
export const pageAction: BrowserCommand<
  [id: string, action: { reload: true } | { type: string; into: string } | { evaluate: string } | { close: true }]
> = async (_context, id, action) => {
  const page = pages.get(id);
  if (!page) throw new Error(`No page ${id}`);
  if ('reload' in action) await page.reload({ waitUntil: 'load' });
  else if ('type' in action) {
    await page.fill(action.into, action.type);
    await page.press(action.into, 'Enter');
  } else if ('evaluate' in action) return page.evaluate(action.evaluate);
  else {
    await page.close();
    pages.delete(id);
  }
  return null;
};

/** The open-source semantic-layer server of the widgets' browser test (one per run). */
let semantic: Promise<SemanticServer> | undefined;

/**
 * Starts the open-source semantic-layer server over a Postgres loaded with the mock's rows
 * (test/support/semantic-server.ts), once per run; resolves to its URL. Its tokens are signed
 * with the mock's data API secret. The test stops it with {@link stopSemanticServer}.
 */
export const startSemanticServer: BrowserCommand<[]> = async () => {
  semantic ??= startSemanticServerProcess({ fixture: defaultFixture(), secret: MOCK_DATA_API_SECRET });
  return (await semantic).url;
};

/** Stops the server {@link startSemanticServer} started, and its Postgres. */
export const stopSemanticServer: BrowserCommand<[]> = async () => {
  const running = semantic;
  semantic = undefined;
  await (await running)?.close();
};
