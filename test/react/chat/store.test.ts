import { describe, expect, it, vi } from 'vitest';
import { createMockService, FAULTS_HEADER, MOCK_ADMIN_KEY, type MockService } from '../../../src/mock';
import {
  applyChatMessages,
  chatStreamUrl,
  EMPTY_THREAD,
  selectFinalAnswer,
  type ChatMessage,
} from '../../../src/protocol';
import { createChatStore, type ChatError, type ChatStatus, type ChatStore, type ChatTransport } from '../../../src';

const ORIGIN = 'http://mock.test';
const chatUrl = (agent = 'analyst', account = 'acme', region = 'aws-us-east-1') =>
  chatStreamUrl({ origin: ORIGIN, cloudRegion: region, accountName: account, agentId: agent });

function transportFor(mock: MockService, extra: Partial<ChatTransport> = {}): ChatTransport {
  return {
    url: chatUrl(),
    fetch: mock.fetch,
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'chat-user' },
    dataUrl: `${ORIGIN}/cubejs-api/v1/cubesql`,
    ...extra,
  };
}

function makeStore(transport: ChatTransport | (() => ChatTransport), errors: ChatError[] = []) {
  const get = typeof transport === 'function' ? transport : () => transport;
  return createChatStore({
    transport: get,
    onError: (error) => errors.push(error),
    rejoin: { attempts: 3, baseDelayMs: 5 },
    scheduleFlush: (flush) => {
      const timer = setTimeout(flush, 0);
      return () => clearTimeout(timer);
    },
  });
}

function statuses(store: ChatStore): ChatStatus[] {
  const seen: ChatStatus[] = [store.getState().status];
  store.subscribe((state) => {
    if (state.status !== seen[seen.length - 1]) seen.push(state.status);
  });
  return seen;
}

const until = (store: ChatStore, check: (state: ReturnType<ChatStore['getState']>) => boolean, ms = 5000) =>
  vi.waitFor(() => expect(check(store.getState())).toBe(true), { timeout: ms, interval: 5 });

/** Equal threads but for generated ids of turns and results. */
const normal = (messages: readonly ChatMessage[]) => JSON.stringify(messages).replace(/(turn|result)_\w+/g, '$1');

describe('chat store against the mock', () => {
  it('goes idle → submitting → streaming → idle, and builds the thread', async () => {
    const mock = createMockService();
    const store = makeStore(transportFor(mock));
    const seen = statuses(store);
    const sending = store.getState().send('Revenue by region');
    expect(store.getState().pending).toEqual({ content: 'Revenue by region' });
    await sending;
    expect(seen).toEqual(['idle', 'submitting', 'streaming', 'idle']);
    const { thread, pending, error } = store.getState();
    expect(error).toBeNull();
    expect(pending).toBeNull();
    expect(thread.chatId).toMatch(/^chat_/);
    expect(thread.isStreaming).toBe(false);
    expect(thread.messages[0]).toMatchObject({ role: 'user', content: 'Revenue by region' });
    expect(selectFinalAnswer(thread)?.content).toMatch(/leads with/);
  });

  it('continues the thread with its chatId, and ignores a send while a turn runs', async () => {
    const mock = createMockService({ lineDelayMs: 1 });
    const store = makeStore(transportFor(mock));
    const first = store.getState().send('Revenue by region');
    await store.getState().send('ignored while busy');
    await first;
    await store.getState().send('Orders over time');
    const users = store
      .getState()
      .thread.messages.filter((m) => m.role === 'user')
      .map((m) => m.content);
    expect(users).toEqual(['Revenue by region', 'Orders over time']);
  });

  const errorCases: [string, Partial<ChatTransport>, string, number | undefined][] = [
    ['400', { sessionSettings: { externalId: 'Not Lowercase' } }, 'bad-request', 400],
    ['401', { headers: {} }, 'unauthorized', 401],
    [
      '403',
      {
        url: chatUrl('analyst', 'starter-co', 'aws-eu-west-1'),
        headers: { Authorization: 'Api-Key mock-starter-key' },
      },
      'forbidden',
      403,
    ],
    ['404', { url: chatUrl('ghost') }, 'not-found', 404],
    [
      '500',
      { headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, [FAULTS_HEADER]: '{"httpStatus":500}' } },
      'server',
      500,
    ],
    ['an {error} line', { activeBranchName: 'feature-x' }, 'stream', undefined],
    [
      'a JSON-RPC error with 200',
      { headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, [FAULTS_HEADER]: '{"jsonRpcAuthError":true}' } },
      'unauthorized',
      401,
    ],
  ];
  it.each(errorCases)('maps %s to a typed error', async (_, extra, kind, status) => {
    const mock = createMockService();
    const errors: ChatError[] = [];
    const store = makeStore(transportFor(mock, extra), errors);
    await store.getState().send('Revenue by region');
    const { error } = store.getState();
    expect(store.getState().status).toBe('error');
    expect(error).toMatchObject({ kind, name: 'ChatError' });
    expect(error!.status).toBe(status);
    expect(error!.message.length).toBeGreaterThan(0);
    expect(errors).toEqual([error]);
    expect(store.getState().pending).toBeNull();
  });

  it('reports a network failure', async () => {
    const store = makeStore({
      url: 'http://x/chat',
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await store.getState().send('hi');
    expect(store.getState().error).toMatchObject({ kind: 'network' });
  });

  it('skips and reports a malformed line; the turn still completes', async () => {
    const mock = createMockService();
    const errors: ChatError[] = [];
    const transport = transportFor(mock, {
      headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, [FAULTS_HEADER]: '{"malformedLineAt":4}' },
    });
    const store = makeStore(transport, errors);
    await store.getState().send('Revenue by region');
    expect(store.getState().status).toBe('idle');
    expect(store.getState().warnings).toHaveLength(1);
    expect(errors).toMatchObject([{ kind: 'protocol', fatal: false }]);
    expect(selectFinalAnswer(store.getState().thread)).toBeDefined();
  });

  it('re-joins a dropped connection with the same messageId: nothing lost or doubled', async () => {
    const mock = createMockService({ lineDelayMs: 2 });
    const reference = makeStore(transportFor(mock, { sessionSettings: { externalId: 'reference' } }));
    await reference.getState().send('Revenue by region');

    const bodies: Record<string, unknown>[] = [];
    let requests = 0;
    const flaky: typeof fetch = async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      const headers = new Headers(init?.headers);
      if (requests++ === 0) headers.set(FAULTS_HEADER, '{"dropAfterLines":8}');
      return mock.fetch(input, { ...init, headers });
    };
    const errors: ChatError[] = [];
    const store = makeStore(transportFor(mock, { fetch: flaky, sessionSettings: { externalId: 'rejoiner' } }), errors);
    await store.getState().send('Revenue by region');
    expect(store.getState().status).toBe('idle');
    expect(errors).toEqual([]);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      input: 'Revenue by region',
      messageId: bodies[0]!.messageId,
      chatId: store.getState().thread.chatId,
    });
    expect(normal(store.getState().thread.messages)).toBe(normal(reference.getState().thread.messages));
  });

  it('gives up re-joining after its attempts with an interrupted error, and retry reloads the thread', async () => {
    const mock = createMockService({ lineDelayMs: 1 });
    let drop = true;
    const alwaysDrop: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (drop) headers.set(FAULTS_HEADER, '{"dropAfterLines":3}');
      return mock.fetch(input, { ...init, headers });
    };
    const store = makeStore(transportFor(mock, { fetch: alwaysDrop, sessionSettings: { externalId: 'unlucky' } }));
    await store.getState().send('Revenue by region');
    expect(store.getState().error).toMatchObject({ kind: 'interrupted' });
    drop = false;
    await new Promise((resolve) => setTimeout(resolve, 200)); // the service finishes the turn meanwhile
    await store.getState().retry();
    expect(store.getState().status).toBe('idle');
    expect(selectFinalAnswer(store.getState().thread)?.content).toMatch(/leads with/);
    expect(store.getState().thread.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('a re-join that replays the deltas from the start (another service) doubles nothing', async () => {
    const line = (m: ChatMessage) => `${JSON.stringify(m)}\n`;
    const cutoff = { id: '__cutoff__', state: { chatId: 'replay', isStreaming: true } };
    const question = { id: 'q', role: 'user', content: 'hi', sort: 0 };
    const delta = (content: string) => ({
      id: 'a',
      role: 'assistant',
      content,
      isDelta: true,
      isInProcess: true,
      sort: 1,
      graphPath: ['final'],
    });
    const whole = [cutoff, question, delta('Hel'), delta('lo'), delta(' world'), { id: 'a', isInProcess: false }];
    let requests = 0;
    const replaying: typeof fetch = async () => {
      const lines =
        requests++ === 0 ? whole.slice(0, 4) : [...whole, { id: '__state__', state: { isStreaming: false } }];
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) controller.enqueue(new TextEncoder().encode(lines.map(line).join('')));
          else if (requests === 1)
            controller.error(new TypeError('terminated')); // the first one drops
          else controller.close();
          sent = true;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    };
    const store = makeStore({ url: 'http://replay.test/chat', fetch: replaying });
    await store.getState().send('hi');
    expect(requests).toBe(2);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null });
    expect(store.getState().thread.messages.map((m) => m.content)).toEqual(['hi', 'Hello world']);
  });

  it('resume: re-joins a turn in progress by chatId and messageId, asking nothing anew', async () => {
    const mock = createMockService({ lineDelayMs: 3 });
    const first = makeStore(transportFor(mock, { sessionSettings: { externalId: 'resumer' } }));
    void first.getState().send('Revenue by region');
    await until(first, (s) => s.thread.chatId !== null && s.thread.messages.length >= 3);
    const { chatId, messageId } = {
      chatId: first.getState().thread.chatId!,
      messageId: first.getState().turn!.messageId,
    };
    first.getState().disconnect(); // the page went away

    const later = makeStore(transportFor(mock, { sessionSettings: { externalId: 'resumer' } }));
    await later.getState().resume({ chatId, messageId, input: 'Revenue by region' });
    expect(later.getState()).toMatchObject({ status: 'idle', error: null, pending: null, unsent: null });
    expect(later.getState().thread.chatId).toBe(chatId);
    expect(later.getState().thread.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(selectFinalAnswer(later.getState().thread)?.content).toMatch(/leads with/);
    expect(mock.turns()).toHaveLength(1);

    // Without a messageId: the thread is reloaded (a finished one as it is).
    const reader = makeStore(transportFor(mock, { sessionSettings: { externalId: 'resumer' } }));
    await reader.getState().resume({ chatId });
    expect(normal(reader.getState().thread.messages)).toBe(normal(later.getState().thread.messages));
    expect(mock.turns()).toHaveLength(1);
  });

  it('retry after a server error sends the last message again', async () => {
    const mock = createMockService();
    mock.faults = { httpStatus: 500 };
    const store = makeStore(transportFor(mock));
    await store.getState().send('Orders over time');
    expect(store.getState().error).toMatchObject({ kind: 'server' });
    // The unanswered question is kept for the UI (never in the thread: nothing to double).
    expect(store.getState().unsent).toEqual({ content: 'Orders over time' });
    expect(store.getState().thread.messages).toHaveLength(0);
    mock.faults = {};
    await store.getState().retry();
    expect(store.getState().status).toBe('idle');
    expect(store.getState().unsent).toBeNull();
    expect(store.getState().thread.messages.filter((m) => m.role === 'user')).toEqual([
      expect.objectContaining({ content: 'Orders over time' }),
    ]);
  });

  describe('abort', () => {
    async function streaming(transport: ChatTransport) {
      const store = makeStore(transport);
      const done = store.getState().send('Revenue by region');
      await until(store, (s) => s.status === 'streaming' && s.thread.messages.length >= 2);
      return { store, done };
    }

    it('204: stops reading, keeps every message, nothing left in process', async () => {
      const mock = createMockService({ lineDelayMs: 5 });
      const { store, done } = await streaming(transportFor(mock));
      const before = store.getState().thread.messages.length;
      await store.getState().abort();
      await done;
      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.stopped).toBe('stopped');
      expect(state.thread.messages.length).toBeGreaterThanOrEqual(before);
      expect(state.thread.messages.every((m) => !m.isInProcess)).toBe(true);
      expect(state.thread.isStreaming).toBe(false);
      const count = state.thread.messages.length;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(store.getState().thread.messages).toHaveLength(count); // no more reading
      // The service stopped too.
      const chatId = state.thread.chatId!;
      const thread = mock.state.accounts.get('acme') && (await reloadThread(mock, chatId));
      expect(selectFinalAnswer(thread!)).toBeUndefined();
    });

    it('stopped before the service echoed the question: the question is kept (unsent), not dropped', async () => {
      const mock = createMockService({ lineDelayMs: 200 });
      const store = makeStore(transportFor(mock));
      const done = store.getState().send('Revenue by region');
      await until(store, (s) => s.status === 'submitting' || s.status === 'streaming');
      expect(store.getState().thread.messages).toHaveLength(0);
      await store.getState().abort();
      await done;
      const state = store.getState();
      expect(state.status).toBe('idle');
      expect(state.pending).toBeNull();
      expect(state.unsent).toEqual({ content: 'Revenue by region' });
      expect(state.error).toBeNull();
    });

    it('a question sent while a stop fails waits, shown, and is sent once Retry stops the turn', async () => {
      const mock = createMockService({ lineDelayMs: 5 });
      const sent: string[] = [];
      let failStops = 1;
      const fetch: typeof mock.fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { input?: string }) : {};
        if (url.endsWith('/abort') && failStops-- > 0) return new Response('Bad gateway', { status: 502 });
        if (body.input) sent.push(body.input);
        return mock.fetch(input, init);
      };
      const { store, done } = await streaming(transportFor(mock, { fetch }));
      void store.getState().abort();
      await store.getState().send('Next question');
      await done;
      // The service's turn runs on: asking now would be refused, so the question waits.
      expect(store.getState()).toMatchObject({ status: 'error', turn: { queued: 'Next question', stopping: true } });
      expect(sent).toEqual(['Revenue by region']);
      await store.getState().retry();
      await until(store, (s) => s.status === 'idle' && s.thread.messages.some((m) => m.content === 'Next question'));
      expect(sent).toEqual(['Revenue by region', 'Next question']);
    });

    it('403: another user cannot stop it; a clear error, messages kept', async () => {
      const mock = createMockService({ lineDelayMs: 5 });
      let transport = transportFor(mock);
      const store = makeStore(() => transport);
      const done = store.getState().send('Revenue by region');
      await until(store, (s) => s.status === 'streaming' && s.thread.chatId !== null);
      transport = transportFor(mock, { sessionSettings: { externalId: 'someone-else' } });
      await store.getState().abort();
      await done;
      expect(store.getState()).toMatchObject({ status: 'error', error: { kind: 'forbidden', status: 403 } });
      expect(store.getState().thread.messages.length).toBeGreaterThan(0);
    });

    it('404: nothing was running there any more', async () => {
      const mock = createMockService({ lineDelayMs: 5 });
      const wrongAbort = chatStreamUrl({
        origin: ORIGIN,
        cloudRegion: 'aws-us-east-1',
        accountName: 'acme',
        agentId: 'analyst',
      }).replace('/stream-chat-state', '/stream-chat-state/abort');
      const { store, done } = await streaming(transportFor(mock, { abortUrl: wrongAbort }));
      mock.reset(); // the service forgot the thread
      await store.getState().abort();
      await done;
      expect(store.getState()).toMatchObject({ status: 'idle', stopped: 'not-running', error: null });
    });
  });

  it('disconnect stops reading without stopping the service', async () => {
    const mock = createMockService({ lineDelayMs: 2 });
    const store = makeStore(transportFor(mock));
    void store.getState().send('Revenue by region');
    await until(store, (s) => s.thread.chatId !== null);
    const chatId = store.getState().thread.chatId!;
    store.getState().disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const thread = await reloadThread(mock, chatId);
    expect(selectFinalAnswer(thread)?.content).toMatch(/leads with/);
  });

  it('takes a network chunk of 200,000 lines whole (no stack overflow)', async () => {
    const lines = [JSON.stringify({ id: '__cutoff__', state: { chatId: 'big', isStreaming: true } })];
    lines.push(JSON.stringify({ id: 'u', role: 'user', content: 'Many', sort: 0 }));
    for (let i = 0; i < 200_000; i++) lines.push('{"id":"a","role":"assistant","content":"x","isDelta":true,"sort":1}');
    lines.push(JSON.stringify({ id: '__state__', state: { chatId: 'big', isStreaming: false, messages: [] } }));
    const body = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const errors: ChatError[] = [];
    const store = makeStore(
      {
        url: '/chat',
        fetch: async () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(body);
                controller.close();
              },
            }),
            { headers: { 'Content-Type': 'application/json' } },
          ),
      },
      errors,
    );
    await store.getState().send('Many');
    await until(store, (s) => s.status === 'idle');
    expect(errors).toEqual([]);
    expect(store.getState().thread.messages.find((m) => m.id === 'a')?.content).toHaveLength(200_000);
  });

  it('skips a line over 16 MiB with a protocol warning; the turn still ends', async () => {
    const huge = JSON.stringify({ id: 'big', role: 'assistant', content: 'x'.repeat(17 * 1024 * 1024), sort: 1 });
    const lines = [
      JSON.stringify({ id: '__cutoff__', state: { chatId: 'huge', isStreaming: true } }),
      JSON.stringify({ id: 'u', role: 'user', content: 'Huge', sort: 0 }),
      huge,
      JSON.stringify({ id: 'a', role: 'assistant', graphPath: ['final'], content: 'Done.', sort: 2 }),
      JSON.stringify({ id: '__state__', state: { chatId: 'huge', isStreaming: false, messages: [] } }),
    ];
    const errors: ChatError[] = [];
    const store = makeStore(
      {
        url: '/chat',
        fetch: async () => new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'application/json' } }),
      },
      errors,
    );
    await store.getState().send('Huge');
    await until(store, (s) => s.status === 'idle');
    expect(errors.map((e) => [e.kind, e.fatal])).toEqual([['protocol', false]]);
    expect(store.getState().thread.messages.map((m) => m.id)).toEqual(['u', 'a']);
  });

  it('applies deltas in batches: far fewer thread updates than lines', async () => {
    const mock = createMockService();
    const store = makeStore(transportFor(mock));
    let updates = 0;
    store.subscribe((state, previous) => {
      if (state.thread !== previous.thread) updates++;
    });
    await store.getState().send('Revenue by region');
    const lines = store.getState().thread.messages.length;
    expect(lines).toBeGreaterThan(3);
    expect(updates).toBeLessThan(10);
  });
});

async function reloadThread(mock: MockService, chatId: string) {
  const store = makeStore(transportFor(mock));
  store.setState({ thread: { ...EMPTY_THREAD, chatId } });
  await store.getState().reload();
  return applyChatMessages(EMPTY_THREAD, store.getState().thread.messages);
}
