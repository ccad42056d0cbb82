// The platform's own Node chat client (cubedevinc/cube-agent-examples,
// shared/cube-agent-client/index.js) against the mock: the same requests it makes — paths,
// headers, bodies, node:http — written here from reading it, over real loopback HTTP.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, startMockServer, type MockServer } from '../../src/mock';
import { createEmbedClient, EmbedRequestError } from '../../src/server';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer(createMockService());
});
afterAll(() => server.close());

/** One request the way the client sends it: JSON with Content-Length, the whole answer read. */
function send(path: string, authorization: string, body: object): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization, 'Content-Length': data.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.write(data);
    req.end();
  });
}

/** generateSession(externalId, userAttributes): no deploymentId, a chat-only session. */
async function generateSession(externalId = 'user@example.com', userAttributes: object[] = []) {
  const { status, text } = await send('/api/v1/embed/generate-session', `Api-Key ${MOCK_ADMIN_KEY}`, {
    externalId,
    userAttributes,
  });
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { sessionId: string }).sessionId;
}

/** getToken(sessionId): the exchange, with its Api-Key. */
async function getToken(sessionId: string) {
  const { status, text } = await send('/api/v1/embed/session/token', `Api-Key ${MOCK_ADMIN_KEY}`, { sessionId });
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { token: string }).token;
}

/** streamChat(message): the root path (no region prefix), `Bearer <token>`, its own chatId. */
async function streamChat(token: string, message: string, chatId = `chat-${Date.now()}`) {
  const { status, text } = await send('/api/v1/public/acme/agents/analyst/chat/stream-chat-state', `Bearer ${token}`, {
    chatId,
    input: message,
  });
  const events = text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return { status, events };
}

/** The regions in the SQL tool's rows of a turn. */
function regions(events: Record<string, unknown>[]): string[] {
  for (const event of events) {
    const call = event.toolCall as { result?: string } | undefined;
    if (!call?.result) continue;
    const result = JSON.parse(call.result) as { data?: unknown[][] };
    if (result.data) return result.data.map((row) => String(row[0]));
  }
  return [];
}

describe("the platform's Node chat client against the mock", () => {
  it('generates a chat-only session, exchanges it, and chats with the Bearer token at the root path', async () => {
    const token = await getToken(await generateSession());
    const { status, events } = await streamChat(token, 'Revenue by region');
    expect(status).toBe(200);
    // What its chat() collects: the assistant's delta content.
    const content = events
      .filter((e) => e.role === 'assistant' && e.content && e.isDelta)
      .map((e) => e.content)
      .join('');
    expect(content).toMatch(/North America|Europe/);
    expect(regions(events).sort()).toEqual(['Asia Pacific', 'Europe', 'Latin America', 'North America']);
    // Its chatId names the thread: a second message continues it.
    const chatId = events.find((e) => e.id === '__cutoff__') as { state: { chatId: string } };
    expect(chatId.state.chatId).toMatch(/^chat-\d+$/);
  });

  it("shows the rows of the session's identity", async () => {
    const token = await getToken(await generateSession('elias@example.com', [{ name: 'region', value: ['Europe'] }]));
    const { events } = await streamChat(token, 'Revenue by region');
    expect(regions(events)).toEqual(['Europe']);
  });

  it('refuses a made-up token, an exchanged session a second time, and a token on another account', async () => {
    const madeUp = await streamChat('embt_made_up', 'Revenue by region');
    expect(madeUp.status).toBe(401);
    const sessionId = await generateSession();
    await getToken(sessionId);
    const again = await send('/api/v1/embed/session/token', `Api-Key ${MOCK_ADMIN_KEY}`, { sessionId });
    expect(again.status).toBe(401);
    const token = await getToken(await generateSession());
    const other = await send('/api/v1/public/starter-co/agents/analyst/chat/stream-chat-state', `Bearer ${token}`, {
      input: 'Revenue by region',
    });
    expect(other.status).toBe(401);
  });

  it("keeps a thread to its user: another session's token cannot continue it", async () => {
    const chatId = `chat-${Date.now()}-owned`;
    const first = await streamChat(
      await getToken(await generateSession('owner@example.com')),
      'Revenue by region',
      chatId,
    );
    expect(first.status).toBe(200);
    const intruder = await streamChat(await getToken(await generateSession('intruder@example.com')), 'Orders', chatId);
    expect(intruder.status).toBe(404);
  });

  it("while this library's server client still requires a deploymentId, as the spec says", async () => {
    const client = createEmbedClient({ baseUrl: server.url, apiKey: MOCK_ADMIN_KEY });
    await expect(client.generateSession({ externalId: 'x' } as never)).rejects.toBeInstanceOf(EmbedRequestError);
  });
});
