import type { ChatTransport } from '../../src';
import { MOCK_ADMIN_KEY } from '../../src/mock';
import { chatStreamUrl, type ChatMessage } from '../../src/protocol';
import { askMockLines } from './mock-results';
import { MOCK_BASE_URL } from './sessions';

/**
 * A transport to the mock on the dev server's origin, over real HTTP. In an app the URL is
 * the host's chat proxy and there is no API key in the browser; the mock's key is a demo's.
 */
export function mockTransport(externalId = 'storybook-user', faults?: Record<string, unknown>): ChatTransport {
  return {
    url: chatStreamUrl({
      origin: MOCK_BASE_URL,
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    }),
    headers: {
      Authorization: `Api-Key ${MOCK_ADMIN_KEY}`,
      ...(faults ? { 'X-Mock-Faults': JSON.stringify(faults) } : {}),
    },
    sessionSettings: { externalId },
    dataUrl: `${MOCK_BASE_URL}/cubejs-api/v1/cubesql`,
  };
}

/**
 * A transport whose turn stops part-way and stays open: a still frame of a streaming state.
 * The lines are the mock agent's real ones for `question`, up to where `until` first holds.
 */
export function frozenTransport(question: string, until: (line: ChatMessage) => boolean): ChatTransport {
  return {
    url: '/frozen/stream-chat-state',
    fetch: async () => {
      const lines = await askMockLines(question);
      const cut = lines.findIndex(until);
      const shown = cut === -1 ? lines : lines.slice(0, cut + 1);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(shown.map((line) => JSON.stringify(line)).join('\n') + '\n'));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    },
  };
}
