// Issue 17, part A: hostile wire data and host configuration. Object keys that reach a
// prototype, values of every wrong type at every field, result rows and column names that are
// Object.prototype's members, embed messages, host configuration and cross-site requests to the
// chat proxy. First against the protocol core (Node), then in real Chromium against the
// components inside a host page. Each class prints "N payloads, 0 crashes, …".
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, toNodeHandler } from '../../src/mock';
import {
  applyChatMessages,
  buildEmbedUrl,
  decodeChatStream,
  EMPTY_THREAD,
  EmbedEventPayloadSchemas,
  parseEmbedEvent,
  parseToolCall,
  rowsAsObjects,
  serviceUrlProblem,
  type ChatMessage,
} from '../../src/protocol';
import { createTheme, themeToCssVariables, themeToEmbedTheme, themeToVegaConfig } from '../../src/react/theme/theme';
import { createEmbedClient } from '../../src/server';
import { recordingProxy } from '../server/recording-proxy';
import { serveFolder } from '../setup/static-server';
import { buildFixturePage } from './support';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../setup/chromium';
import { recordBudget } from '../support/budgets';
import {
  embedMessagePayloads,
  HOSTILE_BASE_URLS,
  HOSTILE_COLORS,
  HOSTILE_DEPLOYMENT_IDS,
  HOSTILE_FONTS,
  prototypeKeyPayloads,
  resultPayloads,
  typeConfusionPayloads,
  type ChatPayload,
} from './fixtures/hostile-wire-corpus';

const report = (name: string, parts: Record<string, number | string>) =>
  console.info(
    `[reliability] hostile-wire ${name}: ${Object.entries(parts)
      .map(([key, value]) => `${value} ${key}`)
      .join(', ')}`,
  );

/**
 * The budget is 200 ms for any task; reported as measured. The budgets run (`npm run bench --
 * budgets`, not `npm test`: a busy machine must not fail it) holds a ratio against ordinary
 * agent output drawn by the same page in the same run (the baseline class): no hostile class
 * may hold the main thread more than HANG_RATIO times the baseline's longest task (counted as
 * at least the budget), and a real hang (the issue's were 5-20 s) is far beyond it.
 */
const HANG_BUDGET_MS = 200;
const HANG_RATIO = 5;
const overBudget = (tasks: number[]) => tasks.filter((ms) => ms > HANG_BUDGET_MS);

/**
 * The test's own oracle for a URL an embed may load (not the source's `serviceUrlProblem`):
 * absolute `https:`, or `http:` on a loopback host, with no credentials in it.
 */
function loadableServiceUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
const UNSAFE = ['__proto__', 'constructor', 'prototype'];

/** What must hold of every message the reducer keeps, whatever the wire said. */
function messageProblems(message: ChatMessage): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => ok || out.push(`${message.id}: ${what}`);
  check(Object.getPrototypeOf(message) === Object.prototype, 'prototype changed');
  for (const key of UNSAFE) check(!Object.hasOwn(message, key), `own ${key}`);
  for (const field of ['content', 'thinking', 'role'] as const)
    check(message[field] === undefined || typeof message[field] === 'string', `${field} is ${typeof message[field]}`);
  check(message.sort === undefined || Number.isFinite(message.sort), 'sort not finite');
  check(message.graphPath === undefined || message.graphPath.every((s) => typeof s === 'string'), 'graphPath');
  const call = message.toolCall;
  if (call) {
    check(Object.getPrototypeOf(call) === Object.prototype && typeof call.name === 'string', 'toolCall');
    const parsed = parseToolCall(call);
    if (parsed.kind === 'sql' && parsed.result) {
      const names = parsed.result.columns.map((c) => c.name);
      for (const row of rowsAsObjects(parsed.result)) {
        check(Object.getPrototypeOf(row) === Object.prototype, 'row prototype changed');
        check(
          names.every((name) => Object.hasOwn(row, name)),
          'a column is not an own key',
        );
        check(
          Object.values(row).every((cell) => cell === null || ['string', 'number', 'boolean'].includes(typeof cell)),
          'a cell is not a Cell',
        );
      }
    }
  }
  return out;
}

/** Decodes and applies one class through the real decoder and reducer. */
async function runProtocol(payloads: ChatPayload[]) {
  const before = prototypeNames();
  let crashes = 0;
  let refused = 0;
  const problems: string[] = [];
  let thread = EMPTY_THREAD;
  for (const payload of payloads) {
    try {
      const body = new Blob([payload.lines.join('\n') + '\n']).stream();
      const messages: ChatMessage[] = [];
      for await (const event of decodeChatStream(body)) {
        if (event.type === 'message') messages.push(event.message);
        else refused++;
      }
      const alone = applyChatMessages(EMPTY_THREAD, messages);
      thread = applyChatMessages(thread, messages);
      for (const message of [...alone.messages, ...thread.messages]) problems.push(...messageProblems(message));
    } catch (error) {
      crashes++;
      problems.push(`${payload.name}: threw ${String(error)}`);
    }
  }
  const polluted = prototypeNames() !== before || ({} as Record<string, unknown>).content !== undefined;
  return { crashes, refused, problems: [...new Set(problems)], polluted };
}

describe('hostile wire data against the protocol core', () => {
  it.each([
    ['prototype keys', prototypeKeyPayloads],
    ['type confusion', typeConfusionPayloads],
    ['result rows and column names', resultPayloads],
  ] as const)('%s: no key reaches a prototype, every kept field has its type', async (name, make) => {
    const payloads = make();
    const result = await runProtocol(payloads);
    report(`${name} (protocol)`, {
      payloads: payloads.length,
      crashes: result.crashes,
      'messages with a wrong type or prototype': result.problems.length,
      'lines refused by the schema': result.refused,
    });
    expect(result.problems).toEqual([]);
    expect(result.crashes).toBe(0);
    expect(result.polluted).toBe(false);
  });

  it('embed messages: parsed by own types only, never thrown on', () => {
    const payloads = embedMessagePayloads();
    let crashes = 0;
    const accepted: string[] = [];
    for (const { name, data } of payloads) {
      try {
        const event = parseEmbedEvent(data);
        if (event) accepted.push(name);
        if (event?.type === 'cube:event:resize') expect(Number.isFinite(event.payload.height)).toBe(true);
      } catch {
        crashes++;
      }
    }
    report('embed messages (protocol)', { payloads: payloads.length, crashes, accepted: accepted.length });
    expect(crashes).toBe(0);
    // Only well-formed events of known types: finite resizes, and payloads of the right shape.
    for (const name of accepted) expect(name).toMatch(/^(resize -?\d|cube:event:(ready|error|navigate|drilldown) )/);
  });

  it('fuzzed: random lines with prototype keys anywhere, random envelopes (fast-check)', async () => {
    const runs = Number(process.env.FUZZ_RUNS ?? 200);
    const key = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'id',
      'content',
      'toolCall',
      'state',
      'messages',
      'name',
      'result',
      'graphPath',
      'sort',
      'isDelta',
    );
    // fast-check's dictionaries hold `__proto__` as an own key, as JSON.parse makes it.
    const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.dictionary(key, tie('v'), { maxKeys: 4 }),
        fc.array(tie('v'), { maxLength: 3 }),
      ),
    })).v;
    const line = fc
      .tuple(fc.constantFrom('a', 'b', '__state__', '__cutoff__'), fc.dictionary(key, value, { maxKeys: 5 }))
      .map(([id, fields]) => JSON.stringify({ ...fields, id }));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const result = await runProtocol([{ name: 'fuzz', lines }]);
        expect(result.problems).toEqual([]);
        expect(result.polluted).toBe(false);
      }),
      { numRuns: runs },
    );
    const type = fc.oneof(
      fc.constantFrom(
        ...Object.keys(EmbedEventPayloadSchemas),
        ...Object.getOwnPropertyNames(Object.prototype),
        '__proto__',
      ),
      fc.string(),
      fc.anything(),
    );
    fc.assert(
      fc.property(type, fc.anything(), fc.anything(), (t, payload, extra) => {
        const event = parseEmbedEvent({
          source: 'cube-embed',
          direction: 'event',
          type: t,
          payload,
          timestamp: extra,
          surface: extra,
        });
        if (event) expect(Object.hasOwn(EmbedEventPayloadSchemas, event.type)).toBe(true);
        parseEmbedEvent(payload);
      }),
      { numRuns: runs * 5 },
    );
    report('fuzzed lines and envelopes (protocol, fast-check)', { payloads: runs * 6, crashes: 0 });
  });

  it('host configuration: no hostile URL, id, colour or font reaches a URL, CSS or the embed', () => {
    let payloads = 0;
    let leaks = 0;
    const target = { surface: 'dashboard' as const, publicId: 'p' };
    const built: string[] = [];
    for (const base of HOSTILE_BASE_URLS) {
      payloads++;
      let src = '';
      try {
        src = buildEmbedUrl(base as string, target, 's', {});
      } catch {
        // A builder that throws is refused too.
      }
      // Hostile by the test's oracle; the source's check agrees, and no loadable URL is built.
      expect(loadableServiceUrl(base), String(base)).toBe(false);
      if (serviceUrlProblem(base) === undefined) leaks++;
      if (src && loadableServiceUrl(src)) built.push(`${String(base)} → ${src}`);
    }
    for (const id of HOSTILE_DEPLOYMENT_IDS) {
      payloads++;
      try {
        buildEmbedUrl('https://acme.test', { ...target, deploymentId: id as number }, 's', {});
        leaks++;
      } catch {
        // Refused.
      }
    }
    payloads++;
    const url = new URL(buildEmbedUrl('https://acme.test', target, 'minted', { extraParams: { session: 'forged' } }));
    if (url.searchParams.getAll('session').join() !== 'minted') leaks++;
    for (const color of HOSTILE_COLORS) {
      for (const font of HOSTILE_FONTS) {
        payloads++;
        const dropped: string[] = [];
        const colors = Object.fromEntries(Object.keys(createTheme().colors).map((key) => [key, color]));
        const theme = createTheme(
          {
            colors: colors as never,
            fonts: { body: font as string, mono: font as string },
            chart: { palette: [color as string] },
          },
          false,
          dropped,
        );
        const strings: string[] = [];
        JSON.stringify([themeToCssVariables(theme), themeToEmbedTheme(theme), themeToVegaConfig(theme)], (_k, v) =>
          typeof v === 'string' ? (strings.push(v), v) : v,
        );
        if (strings.some((s) => /url\(|evil|expression|[;{}]/i.test(s)) || dropped.length === 0) leaks++;
      }
    }
    leaks += built.length;
    report('host configuration (protocol and theme)', { payloads, crashes: 0, leaks });
    expect(built).toEqual([]);
    expect(leaks).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Chromium: the components inside a host page.

/** Encodes values JSON cannot carry (NaN, ±Infinity, undefined) for the hostile embed page. */
const encode = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v === undefined ? { $: 'undefined' } : typeof v === 'number' && !Number.isFinite(v) ? { $: String(v) } : v,
  );

/** The embed page an attacker controls (or a compromised embed): it posts every payload, in order. */
const hostileEmbedPage = (messages: unknown[]) => `<!doctype html><html><body><p>hostile embed</p><script>
const decode = (text) => JSON.parse(text, (k, v) => v && typeof v === 'object' && '$' in v && Object.keys(v).length === 1
  ? (v.$ === 'undefined' ? undefined : Number(v.$)) : v);
const messages = decode(${JSON.stringify(encode(messages))});
const post = (data) => parent.postMessage(data, '*');
const event = (type, payload) => ({ source: 'cube-embed', direction: 'event', type, payload });
post(event('cube:event:ready', {}));
for (const data of messages) post(data);
post(event('cube:event:dashboard-loaded', { widgetCount: messages.length }));
</script></body></html>`;

/** A page on the proxy's own origin asking a question as the app would: JSON, same origin. */
const SAME_ORIGIN_PAGE = `<!doctype html><html><body><script>
fetch('/api/chat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ input: 'legit' }) })
  .then((r) => { document.title = 'status ' + r.status; });
</script></body></html>`;

/** Node's req/res to the proxy's fetch handler, as the README's Express adapter does. */
async function toFetch(handler: (request: Request) => Promise<Response>, req: IncomingMessage, res: ServerResponse) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const request = new Request(new URL(req.url!, `http://${req.headers.host}`), {
    method: req.method,
    headers,
    body: req.method === 'POST' ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

describe('hostile wire data in Chromium, inside a host page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let hostOrigin: string;
  let serviceOrigin: string;
  let closeHost: () => void;
  let service: Server;
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  const popups: string[] = [];
  const requests: string[] = [];
  let upstream: unknown[] = [];
  const proxyStatuses: number[] = [];
  const embedMessages = embedMessagePayloads();
  type ChatRun = {
    payloads: number;
    done: boolean;
    chatAlive: boolean;
    rows: number;
    fallbacks: number;
    refused: number;
    renderErrors: string[];
    fatal: string[];
    longTasks: number[];
    defacements: string[];
  };
  const runChat = (name: string) =>
    page.evaluate(
      (cls) => (window as never as Record<string, (c: string) => unknown>).__runChat!(cls),
      name,
    ) as Promise<ChatRun>;
  let baselineRun: Promise<ChatRun> | undefined;
  /** The longest task while ordinary output streamed in and drew (at least the budget). */
  const hangCeiling = async () => {
    const baseline = await (baselineRun ??= runChat('baseline'));
    // The baseline itself streamed to its end and drew its rows and charts.
    expect(baseline).toMatchObject({ done: true, chatAlive: true, fatal: [], renderErrors: [] });
    expect(baseline.rows).toBeGreaterThan(9);
    const longest = Math.max(HANG_BUDGET_MS, ...baseline.longTasks);
    return { longest: Math.round(Math.max(0, ...baseline.longTasks)), ceiling: HANG_RATIO * longest };
  };

  beforeAll(async () => {
    const outDir = await buildFixturePage('hostile-wire');
    const host = await serveFolder(outDir, { index: 'hostile-wire.html' });
    hostOrigin = host.origin;
    closeHost = () => host.server.close();

    // The service's origin: another site (localhost, not 127.0.0.1) serving the mock, a hostile
    // embed page and the host's chat proxy, whose upstream only records what reaches it.
    const mock = createMockService();
    const mockHandler = toNodeHandler(mock);
    const { proxy, upstream: reached } = recordingProxy();
    upstream = reached;
    service = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      if (path === '/hostile-embed') {
        res.setHeader('Content-Type', 'text/html');
        res.end(hostileEmbedPage(embedMessages.map((m) => m.data)));
      } else if (path === '/same-origin') {
        res.setHeader('Content-Type', 'text/html');
        res.end(SAME_ORIGIN_PAGE);
      } else if (path.startsWith('/api/chat')) {
        void toFetch(
          async (request) => {
            const response = await proxy(request);
            proxyStatuses.push(response.status);
            return response;
          },
          req,
          res,
        );
      } else void mockHandler(req, res);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceOrigin = `http://localhost:${(service.address() as { port: number }).port}`;
    const embed = createEmbedClient({
      baseUrl: serviceOrigin.replace('localhost', '127.0.0.1'),
      apiKey: MOCK_ADMIN_KEY,
    });

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
    });
    context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    context.on('page', (popup) => popups.push(popup.url()));
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(hostOrigin) && !url.startsWith(serviceOrigin) && !url.startsWith('blob:')) requests.push(url);
    });
    await page.exposeFunction(
      '__mint',
      async () => (await embed.generateSession({ deploymentId: 1, externalId: 'hostile-wire' })).sessionId,
    );
    await page.goto(`${hostOrigin}/`);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    closeHost?.();
    service?.closeAllConnections();
    service?.close();
  });

  it.each(['prototype keys', 'type confusion', 'result rows and column names'])(
    '%s: the host page and the chat stay up; rows that cannot be drawn fall back alone',
    async (name) => {
      const { longest: baselineLongest, ceiling } = await hangCeiling();
      const errorsBefore = pageErrors.length;
      const result = await runChat(name);
      // The composer still takes input.
      await page.fill('textarea', 'still usable');
      expect(await page.inputValue('textarea')).toBe('still usable');
      const crashes = pageErrors.length - errorsBefore + (result.chatAlive ? 0 : 1);
      report(name, {
        payloads: result.payloads,
        crashes,
        [`hangs over ${HANG_BUDGET_MS} ms`]: `${overBudget(result.longTasks).length} (longest ${Math.round(Math.max(0, ...result.longTasks))} ms, ordinary output's ${baselineLongest} ms)`,
        defacements: result.defacements.length,
        'rows drawn': result.rows,
        'rows fallen back': result.fallbacks,
        'lines refused by the schema': result.refused,
      });
      expect(pageErrors.slice(errorsBefore)).toEqual([]);
      expect(result).toMatchObject({ done: true, chatAlive: true, fatal: [], defacements: [] });
      expect(result.rows).toBeGreaterThan(0);
      expect(result.fallbacks).toBe(result.renderErrors.length);
      recordBudget({
        id: `hostile wire / ${name}`,
        ms: Math.max(0, ...result.longTasks),
        budgetMs: ceiling,
        rerun: { file: 'test/reliability/hostile-wire.test.ts', project: 'node', test: `^.*${name}: ` },
      });
    },
    90_000,
  );

  it('embed messages: nothing thrown, the frame never taller than the default maximum', async () => {
    const { ceiling } = await hangCeiling();
    const errorsBefore = pageErrors.length;
    const result = (await page.evaluate(
      (base) => (window as never as Record<string, (b: string) => unknown>).__runEmbed!(base),
      serviceOrigin,
    )) as {
      sent: number;
      events: string[];
      tallest: number;
      frameHeight: number;
      phase: string;
      longTasks: number[];
      defacements: string[];
    };
    const crashes = pageErrors.length - errorsBefore;
    report('embed messages', {
      payloads: result.sent,
      crashes,
      [`hangs over ${HANG_BUDGET_MS} ms`]: overBudget(result.longTasks).length,
      defacements: result.defacements.length + (result.tallest > 10_000 ? 1 : 0),
      'tallest frame (px)': Math.round(result.tallest),
    });
    expect(result.sent).toBe(embedMessages.length);
    expect(pageErrors.slice(errorsBefore)).toEqual([]);
    expect(result.phase).toBe('ready');
    expect(result.tallest).toBeLessThanOrEqual(10_000);
    expect(result.frameHeight).toBe(10_000); // the last, Number.MAX_VALUE, arrived: clamped
    expect(result.events.filter((type) => !type.startsWith('cube:event:'))).toEqual([]);
    expect(result.defacements).toEqual([]);
    recordBudget({
      id: 'hostile wire / embed messages',
      ms: Math.max(0, ...result.longTasks),
      budgetMs: ceiling,
      rerun: { file: 'test/reliability/hostile-wire.test.ts', project: 'node', test: 'embed messages' },
    });
  }, 60_000);

  it('host configuration: refused with a config error, no iframe src but https/loopback, nothing fetched', async () => {
    const configs = [
      ...HOSTILE_BASE_URLS.map((baseUrl) => ({ baseUrl })),
      ...HOSTILE_DEPLOYMENT_IDS.map((deploymentId) => ({ deploymentId })),
      ...HOSTILE_COLORS.map((color, i) => ({
        theme: {
          colors: { primary: color, background: color, surface: color, border: color },
          fonts: { body: HOSTILE_FONTS[i % HOSTILE_FONTS.length] },
          chart: { palette: [color] },
        },
      })),
    ];
    const requestsBefore = requests.length;
    const result = (await page.evaluate(
      ([list, base]) =>
        (window as never as Record<string, (c: unknown, b: string) => unknown>).__runConfig!(list, base),
      [configs, serviceOrigin] as const,
    )) as { errors: string[]; phases: string[]; srcs: string[]; styles: string[]; defacements: string[] };
    // The signal that the browser has acted on every config rendered above: a frame and a CSS
    // background added after them, whose own requests are seen only after theirs were made.
    const sentinels = Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/sentinel-frame')),
      page.waitForRequest((request) => request.url().endsWith('/sentinel-style')),
    ]);
    await page.evaluate((base) => {
      const frame = document.createElement('iframe');
      frame.src = `${base}/sentinel-frame`;
      const box = document.createElement('div');
      frame.className = box.className = 'sentinel';
      box.style.cssText = `width:10px;height:10px;background-image:url(${base}/sentinel-style)`;
      document.body.append(frame, box);
    }, serviceOrigin);
    await sentinels;
    await page.evaluate(() => document.querySelectorAll('.sentinel').forEach((element) => element.remove()));
    const leaks =
      result.srcs.filter((src) => !loadableServiceUrl(src)).length +
      result.styles.filter((style) => /url\(|evil/i.test(style)).length +
      requests.length -
      requestsBefore;
    report('host configuration', {
      payloads: configs.length,
      crashes: result.phases.length === configs.length ? 0 : 1,
      'requests or URLs leaking': leaks,
      'scripts run (dialogs)': dialogs.length,
      defacements: result.defacements.length,
      'refused with a config error': result.errors.filter((e) => e.startsWith('config:')).length,
    });
    expect(dialogs).toEqual([]);
    expect(requests.slice(requestsBefore)).toEqual([]);
    expect(leaks).toBe(0);
    const badUrls = HOSTILE_BASE_URLS.length + HOSTILE_DEPLOYMENT_IDS.length;
    expect(result.phases).toEqual([...Array(badUrls).fill('error'), ...Array(configs.length - badUrls).fill('ready')]);
    // One per refused URL or id, and one per theme (its values dropped, the rest applied).
    expect(result.errors.filter((e) => e.startsWith('config:'))).toHaveLength(configs.length);
    expect(result.defacements).toEqual([]);
  }, 60_000);

  it('sandbox: the mock embed works under EMBED_SANDBOX, and cannot open a popup', async () => {
    for (const sandbox of [false, true]) {
      const result = (await page.evaluate(
        ([base, on]) => (window as never as Record<string, (b: string, s: boolean) => unknown>).__runSandbox!(base, on),
        [serviceOrigin, sandbox] as const,
      )) as { ready: boolean; sandbox: string | null };
      expect(result.ready).toBe(true);
      const frame = page.frames().find((f) => f.url().includes('/embed/d/1/dashboard/'))!;
      const popupsBefore = popups.length;
      // window.open's answer is the signal: null when the sandbox refused, a window when not,
      // and then the popup it opened is awaited, not a fixed time.
      const popup = sandbox ? undefined : context.waitForEvent('page');
      const opened = await frame.evaluate(() => window.open(`${location.origin}/popup`, '_blank') !== null);
      if (sandbox) {
        expect(result.sandbox).toBe('allow-scripts allow-same-origin allow-forms allow-downloads');
        expect(opened).toBe(false);
        expect(popups.length).toBe(popupsBefore);
      } else {
        expect(result.sandbox).toBeNull();
        expect(opened).toBe(true); // without a sandbox an embed can: the check above is not vacuous
        await popup;
        expect(popups.length).toBe(popupsBefore + 1);
        for (const other of context.pages()) if (other !== page) await other.close();
      }
    }
    report('sandbox', { 'popups from a sandboxed embed': 0, crashes: 0 });
  }, 60_000);

  it("chat proxy: another site's forged posts never reach the agent; the app's own request does", async () => {
    const before = upstream.length;
    await page.evaluate(
      (url) => (window as never as Record<string, (u: string) => Promise<void>>).__forge!(url),
      `${serviceOrigin}/api/chat`,
    );
    // Each of the three forged requests (two fetches, one form post) answered by the proxy.
    await expect.poll(() => proxyStatuses.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const forged = proxyStatuses.splice(0);
    expect(upstream.length).toBe(before);
    expect(forged.length).toBeGreaterThanOrEqual(3);
    expect(forged.every((status) => status === 403)).toBe(true);
    const own = await context.newPage();
    await own.goto(`${serviceOrigin}/same-origin`);
    await own.waitForFunction(() => document.title.startsWith('status'));
    expect(await own.title()).toBe('status 200');
    expect(upstream.length).toBe(before + 1);
    await own.close();
    report('chat proxy requests', { 'forged requests': forged.length, 'reached the agent': 0, crashes: 0 });
  }, 60_000);
});
