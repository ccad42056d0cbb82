// The chat store over real HTTP: the mock served on loopback, a fault proxy in front of it,
// and a store whose fetch is the platform's. Shared by the recovery and property tests.
import { afterAll, beforeAll } from 'vitest';
import {
  createMockService,
  FAULTS_HEADER,
  MOCK_ADMIN_KEY,
  startMockServer,
  type MockFaults,
  type MockService,
} from '../../src/mock';
import { applyChatMessages, chatStreamUrl, EMPTY_THREAD, type ChatMessage, type ChatThread } from '../../src/protocol';
import { createChatStore, type ChatError, type ChatStore, type ChatTransport } from '../../src/react';
import { startFaultProxy, type Fault, type FaultProxy, type ProxiedRequest } from './fault-proxy';

/** The mock behind a fault proxy, both on loopback. */
export interface ChatNetwork {
  mock: MockService;
  proxy: FaultProxy;
  /** The chat URL through the proxy. */
  url: string;
  /** The fault plan; replace it at any time. */
  plan: (request: ProxiedRequest) => Fault | undefined;
  close(): Promise<void>;
}

/** A network for a test file: started before its tests, closed after them. */
export function useChatNetwork(lineDelayMs = 3): () => ChatNetwork {
  let network: ChatNetwork;
  beforeAll(async () => {
    network = await startChatNetwork(lineDelayMs);
  });
  afterAll(() => network.close());
  return () => network;
}

/** Starts the mock (`lineDelayMs` between lines: turns take a while, so re-joins meet them running). */
export async function startChatNetwork(lineDelayMs = 3): Promise<ChatNetwork> {
  const mock = createMockService({ lineDelayMs });
  const server = await startMockServer(mock);
  const network: ChatNetwork = {
    mock,
    proxy: undefined as unknown as FaultProxy,
    url: '',
    plan: () => undefined,
    close: async () => {
      await network.proxy.close();
      await server.close();
    },
  };
  network.proxy = await startFaultProxy(server.url, (request) => network.plan(request));
  network.url = chatStreamUrl({
    origin: network.proxy.url,
    cloudRegion: 'aws-us-east-1',
    accountName: 'acme',
    agentId: 'analyst',
  });
  return network;
}

type Plan = (request: ProxiedRequest) => Fault | undefined;

/** `fault` for the next request of one of `kinds` only. */
export function once(kinds: ProxiedRequest['kind'] | ProxiedRequest['kind'][], fault: Fault): Plan {
  let used = false;
  return (request) => {
    if (used || ![kinds].flat().includes(request.kind)) return undefined;
    used = true;
    return fault;
  };
}

/** `fault` for every request of one of `kinds`. */
export const every =
  (kinds: ProxiedRequest['kind'] | ProxiedRequest['kind'][], fault: Fault): Plan =>
  (request) =>
    [kinds].flat().includes(request.kind) ? fault : undefined;

/** The first plan with a fault for the request. */
export const plans =
  (...list: Plan[]): Plan =>
  (request) => {
    for (const plan of list) {
      const fault = plan(request);
      if (fault) return fault;
    }
    return undefined;
  };

/** A store on the network for one user, with quick re-joins; `errors` collects `onError`. */
export function chatStore(
  network: ChatNetwork,
  externalId: string,
  transport: Partial<ChatTransport> = {},
): { store: ChatStore; errors: ChatError[] } {
  const errors: ChatError[] = [];
  const store = createChatStore({
    transport: () => ({
      url: network.url,
      headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
      sessionSettings: { externalId },
      idleTimeoutMs: 2000,
      ...transport,
    }),
    onError: (error) => errors.push(error),
    rejoin: { attempts: 3, baseDelayMs: 5 },
    scheduleFlush: (flush) => {
      const timer = setTimeout(flush, 0);
      return () => clearTimeout(timer);
    },
  });
  return { store, errors };
}

/** Request headers for the mock with its own faults (e.g. `{ lineDelayMs: 20 }`: a slower turn). */
export const mockHeaders = (faults: MockFaults) => ({
  Authorization: `Api-Key ${MOCK_ADMIN_KEY}`,
  [FAULTS_HEADER]: JSON.stringify(faults),
});

/** How often the service was asked `question` (turns its agent started). */
export const asked = (network: ChatNetwork, question: string) =>
  network.mock.turns().filter((turn) => turn.input === question).length;

/** The user messages of a thread, by content. */
export const questions = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => m.role === 'user').map((m) => m.content);

/** Waits until `check` holds for the store's state. */
export async function until(store: ChatStore, check: (state: ReturnType<ChatStore['getState']>) => boolean, ms = 8000) {
  const start = Date.now();
  while (!check(store.getState())) {
    if (Date.now() - start > ms) throw new Error(`Timed out; status ${store.getState().status}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits until the store has settled (idle or error). */
export const settled = (store: ChatStore, ms?: number) =>
  until(store, (s) => s.status === 'idle' || s.status === 'error', ms);

/** The thread as the service holds it: a reload in-process, past the proxy and its faults. */
export async function serviceThread(network: ChatNetwork, chatId: string, externalId: string): Promise<ChatThread> {
  const response = await network.mock.fetch(network.url, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ chatId, sessionSettings: { externalId } }),
  });
  const lines = (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatMessage);
  return applyChatMessages(EMPTY_THREAD, lines);
}
