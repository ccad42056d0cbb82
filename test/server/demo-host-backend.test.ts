import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostBackend } from '../../demo/server/host-backend';
import { createMockService, MOCK_ADMIN_KEY, startMockServer, type MockServer } from '../../src/mock';
import { applyChatMessages, decodeChatStream, EMPTY_THREAD, type ChatMessage } from '../../src/protocol';

// The demo's host backend (what `npm run demo` mounts) against the mock over real HTTP.
let server: MockServer;
let backend: ReturnType<typeof createHostBackend>;
beforeAll(async () => {
  server = await startMockServer(createMockService({ lineDelayMs: 0 }));
  backend = createHostBackend({
    serviceUrl: server.url,
    apiKey: MOCK_ADMIN_KEY,
    agent: { cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' },
    dashboards: [{ publicId: 'sales-overview', title: 'Sales overview', deploymentId: 1 }],
  });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, user?: string) =>
  backend(
    new Request(`http://host.test${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(user ? { 'X-Demo-User': user } : {}) },
      body: JSON.stringify(body),
    }),
  );

describe('demo host backend', () => {
  it('mints a session for the signed-in user that opens their row-level-secured embed', async () => {
    const response = (await post('/api/embed-session', { target: { deploymentId: 1 } }, 'elias'))!;
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const page = await fetch(`${server.url}/embed/d/1/dashboard/sales-overview?session=${sessionId}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Elias Europe');
    expect(html).toContain('Europe');
    expect(html).not.toContain('North America');
  });

  it('refuses a request with no user, and leaves other paths to the next handler', async () => {
    expect((await post('/api/embed-session', {}))!.status).toBe(401);
    expect((await post('/api/chat', { input: 'revenue by region' }))!.status).toBe(401);
    expect(await backend(new Request('http://host.test/other'))).toBeUndefined();
  });

  it('proxies the chat with the user identity the server decided', async () => {
    const response = (await post('/api/chat', { input: 'revenue by region' }, 'elias'))!;
    expect(response.status).toBe(200);
    const lines: ChatMessage[] = [];
    for await (const event of decodeChatStream(response.body!)) if (event.type === 'message') lines.push(event.message);
    const thread = applyChatMessages(EMPTY_THREAD, lines);
    const sql = thread.messages.find((m) => m.toolCall?.name === 'platformSqlApi');
    expect(sql?.toolCall?.result).toContain('Europe');
    expect(sql?.toolCall?.result).not.toContain('North America');
  });
});
