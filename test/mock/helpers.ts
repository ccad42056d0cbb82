import { afterAll, beforeAll } from 'vitest';
import {
  createMockService,
  MOCK_ADMIN_KEY,
  startMockServer,
  type MockService,
  type MockServiceOptions,
} from '../../src/mock';
import {
  applyChatMessages,
  chatStreamUrl,
  decodeChatStream,
  EMPTY_THREAD,
  type ChatMessage,
  type ChatStreamEvent,
  type ChatThread,
} from '../../src/protocol';

/** A way to reach a mock: in the same process, or over real HTTP on loopback. */
export interface Transport {
  name: 'in-process' | 'http';
  mock: MockService;
  baseUrl: string;
  fetch: typeof fetch;
}

/**
 * Registers a mock for the current describe block, reachable both ways; the returned
 * getter is valid inside tests.
 */
export function useMock(kind: Transport['name'], options: MockServiceOptions = {}): () => Transport {
  let transport: Transport | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const mock = createMockService(options);
    if (kind === 'http') {
      const server = await startMockServer(mock);
      close = server.close;
      transport = { name: kind, mock, baseUrl: server.url, fetch: globalThis.fetch };
    } else {
      transport = { name: kind, mock, baseUrl: 'http://mock.local', fetch: mock.fetch };
    }
  });
  afterAll(async () => close?.());
  return () => {
    if (!transport) throw new Error('mock not started');
    return transport;
  };
}

export const ADMIN = { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' };

/** POSTs JSON and returns status and parsed body. */
export async function postJson(t: Transport, path: string, body: unknown, headers: Record<string, string> = ADMIN) {
  const response = await t.fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

export const generate = (t: Transport, body: unknown, headers?: Record<string, string>) =>
  postJson(t, '/api/v1/embed/generate-session', body, headers);

export function chatUrl(t: Transport, parts: { account?: string; region?: string; agent?: string } = {}) {
  return chatStreamUrl({
    origin: t.baseUrl,
    cloudRegion: parts.region ?? 'aws-us-east-1',
    accountName: parts.account ?? 'acme',
    agentId: parts.agent ?? 'analyst',
  });
}

/** Sends a chat request and reads the whole stream. */
export async function chat(t: Transport, body: unknown, init: { headers?: Record<string, string>; url?: string } = {}) {
  const response = await t.fetch(init.url ?? chatUrl(t), {
    method: 'POST',
    headers: { ...ADMIN, ...init.headers },
    body: JSON.stringify(body),
  });
  const events: ChatStreamEvent[] = [];
  let error: unknown;
  if (response.ok && response.body) {
    try {
      for await (const event of decodeChatStream(response.body)) events.push(event);
    } catch (e) {
      error = e;
    }
  }
  const messages = events.flatMap((e) => (e.type === 'message' ? [e.message] : []));
  const thread: ChatThread = applyChatMessages(EMPTY_THREAD, messages);
  return { response, events, messages, thread, error };
}

/** The tool calls of a thread by tool name. */
export function toolMessage(messages: readonly ChatMessage[], name: string): ChatMessage | undefined {
  return messages.find((m) => m.toolCall?.name === name && m.toolCall.result !== undefined);
}
