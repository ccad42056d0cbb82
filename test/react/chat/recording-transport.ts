import { createMockService, MOCK_ADMIN_KEY, type MockServiceOptions } from '../../../src/mock';
import { chatStreamUrl } from '../../../src/protocol';
import type { ChatTransport } from '../../../src';

/** A request the transport sent: its URL and its JSON body's fields. */
export type SentRequest = { url: string } & Record<string, unknown>;

/** A transport to a fresh mock that records every request it sends (URL and body). */
export function recordingTransport(extra: Partial<ChatTransport> = {}, options: MockServiceOptions = {}) {
  const mock = createMockService(options);
  const requests: SentRequest[] = [];
  const transport: ChatTransport = {
    url: chatStreamUrl({
      origin: 'http://mock.test',
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    }),
    fetch: (input, init) => {
      requests.push({ url: String(input), ...(JSON.parse(String(init?.body)) as Record<string, unknown>) });
      return mock.fetch(input, init);
    },
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'length-user' },
    ...extra,
  };
  return { mock, transport, requests };
}
