import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, startMockServer, type MockServer, type MockService } from '../../src/mock';
import {
  applyChatMessages,
  chatStreamUrl,
  decodeChatStream,
  EMPTY_THREAD,
  parseToolCall,
  type ChatMessage,
} from '../../src/protocol';
import { createChatProxy } from '../../src/server';

let server: MockServer;
let mock: MockService;
beforeAll(async () => {
  mock = createMockService({ lineDelayMs: 2 });
  server = await startMockServer(mock);
});
afterAll(() => server.close());

const chatUrl = () =>
  chatStreamUrl({ origin: server.url, cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' });

/** The host decides identity from its own cookie; the browser cannot choose it. */
const fromCookie = (request: Request) => {
  const user = /user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  return user
    ? { externalId: user, userAttributes: [{ name: 'region', value: user === 'eve' ? ['Europe'] : ['Asia Pacific'] }] }
    : null;
};

function browser(path: string, body: unknown, cookie = 'user=eve') {
  return new Request(`https://host.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function read(response: Response) {
  const messages: ChatMessage[] = [];
  for await (const event of decodeChatStream(response.body!))
    if (event.type === 'message') messages.push(event.message);
  return messages;
}

describe('createChatProxy end to end (browser → proxy → mock over HTTP)', () => {
  // Made per call: the mock server's URL is known only once it has started.
  const proxy = (request: Request) =>
    createChatProxy({ chatUrl: chatUrl(), apiKey: MOCK_ADMIN_KEY, getSessionSettings: fromCookie })(request);

  it('streams the turn through, as the host-decided user, whatever the browser claims', async () => {
    const response = await proxy(
      browser('/api/chat', {
        input: 'revenue by country',
        sessionSettings: { externalId: 'admin', groups: ['executives'] },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
    const messages = await read(response);
    const thread = applyChatMessages(EMPTY_THREAD, messages);
    const sql = parseToolCall(
      messages.find((m) => m.toolCall?.result && m.toolCall.name === 'platformSqlApi')!.toolCall!,
    );
    expect(sql.kind === 'sql' && sql.result!.rows.map((r) => r[0]).sort()).toEqual(['France', 'Germany', 'Spain']);
    const owner = [...mock.state.accounts.get('acme')!.users.keys()];
    expect(owner).toContain('external:eve');
    expect(owner).not.toContain('external:admin');
    expect(thread.isStreaming).toBe(false);
  });

  it('forwards abort for the signed-in user only', async () => {
    const start = await proxy(browser('/api/chat', { input: 'revenue by region' }));
    const reader = decodeChatStream(start.body!);
    const first = await reader.next();
    const chatId = (first.value as { message: ChatMessage }).message.state!.chatId!;
    const stranger = await proxy(browser('/api/chat/abort', { chatId }, 'user=mallory'));
    expect(stranger.status).toBe(403);
    const owner = await proxy(browser('/api/chat/abort/', { chatId }));
    expect(owner.status).toBe(204);
    const rest: ChatMessage[] = [];
    for (;;) {
      const next = await reader.next();
      if (next.done) break;
      if (next.value.type === 'message') rest.push(next.value.message);
    }
    expect(rest.at(-1)).toMatchObject({ id: '__state__', state: { isStreaming: false } });
  });

  it("supports the vendor's abort URL form", async () => {
    const vendor = createChatProxy({
      chatUrl: chatUrl(),
      apiKey: MOCK_ADMIN_KEY,
      getSessionSettings: fromCookie,
      abortUrlStyle: 'service',
    });
    const messages = await read(await vendor(browser('/chat', { input: 'orders by month' })));
    const chatId = messages[0]!.state!.chatId!;
    expect((await vendor(browser('/chat/abort', { chatId }))).status).toBe(204);
  });

  it('refuses without a signed-in user, a bad body, or another method', async () => {
    expect((await proxy(browser('/api/chat', { input: 'x' }, ''))).status).toBe(401);
    expect((await proxy(browser('/api/chat', 'nope'))).status).toBe(400);
    expect((await proxy(browser('/api/chat', { input: 5 }))).status).toBe(400);
    expect((await proxy(browser('/api/chat/abort', {}))).status).toBe(400);
    expect((await proxy(new Request('https://host.test/api/chat', { method: 'GET' }))).status).toBe(405);
  });

  it('reports an unreachable service as 502, without the key', async () => {
    const broken = createChatProxy({
      chatUrl: 'http://127.0.0.1:9/chat/stream-chat-state',
      apiKey: 'super-secret-key',
      getSessionSettings: fromCookie,
    });
    const response = await broken(browser('/api/chat', { input: 'x' }));
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('super-secret-key');
  });

  it('never lets the key reach the browser, even if the service echoes it', async () => {
    const echo = createChatProxy({
      chatUrl: 'https://ai.test/chat/stream-chat-state',
      apiKey: 'super-secret-key',
      getSessionSettings: fromCookie,
      fetch: async (_input, init) =>
        new Response(JSON.stringify({ error: `Invalid ${String(new Headers(init?.headers).get('Authorization'))}` }), {
          status: 401,
        }),
    });
    const response = await echo(browser('/api/chat', { input: 'x' }));
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).toBe(JSON.stringify({ error: 'Invalid Api-Key [redacted]' }));
    for (const [, value] of response.headers) expect(value).not.toContain('super-secret-key');
  });

  it('lets the host adjust the upstream body', async () => {
    let seen: unknown;
    const strict = createChatProxy({
      chatUrl: 'https://ai.test/chat/stream-chat-state',
      apiKey: 'k',
      getSessionSettings: fromCookie,
      transformRequest: ({ activeBranchName: _drop, isDefaultBranch: _also, ...rest }) => rest,
      fetch: async (_input, init) => {
        seen = JSON.parse(String(init?.body));
        return new Response('', { status: 200 });
      },
    });
    await strict(
      browser('/api/chat', { input: 'hi', activeBranchName: 'dev', chatId: 'c1', messageId: '1732252800000-message' }),
    );
    expect(seen).toEqual({
      input: 'hi',
      chatId: 'c1',
      messageId: '1732252800000-message',
      sessionSettings: fromCookie(browser('/', {})),
    });
  });
});
