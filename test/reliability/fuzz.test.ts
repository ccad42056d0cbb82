// Issue 12, property-based fuzzing (fast-check): the decoder and reducer under random bytes,
// values and interleavings; the mock's and the chat proxy's request validation under random
// bodies (a 4xx with a message, never a 5xx or a crash, and a refused request changes no
// state); the proxy never forwards an identity or header the browser chose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, type MockService } from '../../src/mock';
import {
  applyChatMessage,
  applyChatMessages,
  chatStreamUrl,
  decodeChatStream,
  EMPTY_THREAD,
  NdjsonLineDecoder,
  type ChatMessage,
  type NdjsonEvent,
} from '../../src/protocol';
import { createChatProxy } from '../../src/server';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('decoder and reducer', () => {
  it('any bytes: decoding never throws, one event per non-blank line, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 20 }),
        async (data, sizes) => {
          const whole: NdjsonEvent[] = [];
          const one = new NdjsonLineDecoder();
          one.push(data, whole);
          one.end(whole);
          const chunked: NdjsonEvent[] = [];
          const decoder = new NdjsonLineDecoder();
          for (let at = 0, i = 0; at < data.length; i++) {
            const size = sizes[i % sizes.length]!;
            decoder.push(data.subarray(at, at + size), chunked);
            at += size;
          }
          decoder.end(chunked);
          expect(chunked).toEqual(whole);
          const lines = new TextDecoder().decode(data).split('\n');
          // Blank is JSON's whitespace only (space, tab, CR): a line of \v is malformed, not blank.
          expect(whole.length).toBeLessThanOrEqual(lines.filter((l) => !/^[ \t\r]*$/.test(l)).length);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any JSON values as lines: the chat decoder and the reducer never throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 30 }), async (values) => {
        const text = values.map((value) => JSON.stringify(value)).join('\n');
        let thread = EMPTY_THREAD;
        for await (const event of decodeChatStream(streamOf([bytes(text)]))) {
          if (event.type === 'message') thread = applyChatMessage(thread, event.message);
        }
        const ids = thread.messages.map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: RUNS },
    );
  });

  /** Delta streams of several messages, interleaved in a random order per message. */
  const deltaStreams = fc
    .array(fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { minLength: 1, maxLength: 8 }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((streams) =>
      streams.map((pieces, i) =>
        pieces.map<ChatMessage>((content) => ({
          id: `m${i}`,
          role: 'assistant',
          content,
          isDelta: true,
          isInProcess: true,
          sort: i,
        })),
      ),
    );

  it('random interleavings of messages’ deltas build the same thread as one message after another', () => {
    fc.assert(
      fc.property(deltaStreams, fc.array(fc.nat(), { maxLength: 64 }), (streams, picks) => {
        const sequential = applyChatMessages(EMPTY_THREAD, streams.flat());
        const queues = streams.map((s) => [...s]);
        const interleaved: ChatMessage[] = [];
        let p = 0;
        while (queues.some((q) => q.length > 0)) {
          const open = queues.filter((q) => q.length > 0);
          interleaved.push(open[(picks[p++ % Math.max(picks.length, 1)] ?? 0) % open.length]!.shift()!);
        }
        const thread = applyChatMessages(EMPTY_THREAD, interleaved);
        expect(thread.messages.map((m) => [m.id, m.content])).toEqual(
          sequential.messages.map((m) => [m.id, m.content]),
        );
      }),
      { numRuns: RUNS },
    );
  });
});

/** Everything a request could change in the mock, as comparable JSON. */
function fingerprint(mock: MockService): string {
  return JSON.stringify({ accounts: mock.state.accounts, sessions: mock.state.sessions }, (_, value: unknown) =>
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value,
  );
}

/** Bodies near the real shapes (so validation gets past the first check) and pure noise. */
const identityFields = {
  deploymentId: fc.oneof(fc.constant(1), fc.integer(), fc.string(), fc.constant(null)),
  externalId: fc.oneof(fc.constant('fuzz-user'), fc.string(), fc.integer(), fc.constant('')),
  internalId: fc.oneof(fc.constant('ana@acme.test'), fc.string()),
  groups: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.jsonValue()),
  userAttributes: fc.oneof(
    fc.array(fc.record({ name: fc.string(), value: fc.jsonValue() }), { maxLength: 3 }),
    fc.jsonValue(),
  ),
  isEphemeral: fc.oneof(fc.boolean(), fc.jsonValue()),
  ephemeralTtlSeconds: fc.oneof(fc.integer(), fc.double(), fc.string()),
  userProfile: fc.oneof(fc.record({ displayName: fc.string(), picture: fc.string() }), fc.jsonValue()),
};
const randomBody = fc.oneof(
  fc.record(identityFields, { requiredKeys: [] }).map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
);

describe('request validation of the mock', () => {
  const mock = createMockService();
  const post = (path: string, body: string) =>
    mock.handle(
      new Request(`http://mock.test${path}`, {
        method: 'POST',
        headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' },
        body,
      }),
    );

  it('Generate Session: random bodies get a 4xx with a message or a session, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(randomBody, async (body) => {
        const before = fingerprint(mock);
        const response = await post('/api/v1/embed/generate-session', body);
        expect(response.status, body).toBeLessThan(500);
        const json = (await response.json()) as { error?: unknown; sessionId?: unknown };
        if (response.status >= 400) {
          expect(typeof json.error).toBe('string');
          expect(fingerprint(mock), body).toBe(before);
        } else {
          expect(typeof json.sessionId).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('Chat: random bodies get a 4xx with a message, never a 5xx, and start no turn', async () => {
    const url = chatStreamUrl({ origin: '', cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' });
    const chatBody = fc.oneof(
      fc
        .record(
          {
            input: fc.oneof(fc.string(), fc.integer()),
            chatId: fc.oneof(fc.string(), fc.constant(null)),
            messageId: fc.oneof(fc.string(), fc.constant('1700000000000-message')),
            sessionSettings: fc.oneof(fc.record(identityFields, { requiredKeys: [] }), fc.jsonValue()),
          },
          { requiredKeys: [] },
        )
        .map((body) => JSON.stringify(body)),
      randomBody,
    );
    await fc.assert(
      fc.asyncProperty(chatBody, async (body) => {
        const before = fingerprint(mock);
        const response = await post(url, body);
        expect(response.status, body).toBeLessThan(500);
        if (response.status >= 400) {
          const json = (await response.json()) as { error?: unknown };
          expect(typeof json.error).toBe('string');
          expect(fingerprint(mock), body).toBe(before);
        } else {
          await response.body?.cancel();
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('chat proxy', () => {
  const HOST_IDENTITY = { externalId: 'host-decided', userAttributes: [{ name: 'region', value: ['Europe'] }] };

  it('forwards only the host’s identity and its own headers, whatever the browser sends', async () => {
    const upstream: { body: Record<string, unknown>; headers: Record<string, string> }[] = [];
    const proxy = createChatProxy({
      chatUrl: 'https://service.test/ai/r/api/v1/public/acme/agents/analyst/chat/stream-chat-state',
      apiKey: 'server-only-key',
      getSessionSettings: () => HOST_IDENTITY,
      fetch: async (_, init) => {
        upstream.push({
          body: JSON.parse(String(init?.body)) as Record<string, unknown>,
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
        });
        return new Response('{"id":"__cutoff__","state":{"chatId":"c","isStreaming":false}}\n');
      },
    });
    const browserHeaders = fc.record(
      {
        authorization: fc.constantFrom('Api-Key stolen', 'Bearer x'),
        'x-mock-faults': fc.constant('{"httpStatus":500}'),
        'x-forwarded-user': fc.string({ minLength: 1 }).map((s) => s.replace(/[^\w]/g, 'u')),
        cookie: fc.constant('user=mallory'),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        input: fc.string(),
        chatId: fc.string(),
        sessionSettings: fc.record(identityFields, { requiredKeys: [] }),
        externalId: fc.string(),
        internalId: fc.string(),
        userProfile: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          body.map((b) => JSON.stringify(b)),
          fc.string(),
        ),
        browserHeaders,
        async (text, headers) => {
          upstream.length = 0;
          const response = await proxy(
            new Request('https://host.test/api/chat', { method: 'POST', headers, body: text }),
          );
          expect(response.status, text).toBeLessThan(500);
          await response.body?.cancel();
          if (response.status >= 400) {
            expect(upstream).toEqual([]);
            return;
          }
          expect(upstream).toHaveLength(1);
          const sent = upstream[0]!;
          expect(sent.body.sessionSettings).toEqual(HOST_IDENTITY);
          for (const key of ['externalId', 'internalId', 'userProfile']) expect(sent.body).not.toHaveProperty(key);
          expect(Object.keys(sent.headers).sort()).toEqual(['accept', 'authorization', 'content-type']);
          expect(sent.headers.authorization).toBe('Api-Key server-only-key');
        },
      ),
      { numRuns: RUNS },
    );
  });
});
