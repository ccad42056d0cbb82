import { createMockService, MOCK_ADMIN_KEY } from '../../../src/mock';
import { chatStreamUrl } from '../../../src/protocol';
import type { ChatTransport } from '../../../src';

/** A transport to a fresh mock that records the body of every request it sends. */
export function recordingTransport(extra: Partial<ChatTransport> = {}) {
  const mock = createMockService();
  const requests: string[] = [];
  const transport: ChatTransport = {
    url: chatStreamUrl({
      origin: 'http://mock.test',
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    }),
    fetch: (input, init) => {
      requests.push(String(init?.body));
      return mock.fetch(input, init);
    },
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'length-user' },
    ...extra,
  };
  return { transport, requests };
}
