import { describe, expect, it } from 'vitest';
import { createMockService, FAULTS_HEADER, MOCK_PERSONAL_KEY, TOOL_RESULT_ROW_LIMIT } from '../../src/mock';
import {
  applyChatMessages,
  chatAbortUrl,
  decodeChatStream,
  EMPTY_THREAD,
  parseToolCall,
  ProtocolError,
  selectFinalAnswer,
  type ChatMessage,
  type ChatStreamEvent,
} from '../../src/protocol';
import { ADMIN, chat, chatUrl, generate, postJson, toolMessage, useMock, type Transport } from './helpers';

const ann = { externalId: 'ann' };

function sqlResult(messages: ChatMessage[]) {
  const call = parseToolCall(toolMessage(messages, 'platformSqlApi')!.toolCall!);
  if (call.kind !== 'sql') throw new Error('expected a SQL tool call');
  return call;
}

describe.each(['http', 'in-process'] as const)('Chat conformance (%s)', (kind) => {
  const mock = useMock(kind);

  it('streams a whole turn: cutoff, user, thinking, metadata, SQL with rows and a spec, final answer, state', async () => {
    const { response, messages, thread, events } = await chat(mock(), {
      input: 'Revenue by region',
      sessionSettings: ann,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(events.every((e) => e.type === 'message')).toBe(true);
    expect(messages[0]).toMatchObject({ id: '__cutoff__', state: { chatId: expect.any(String), isStreaming: true } });
    expect(messages[1]).toMatchObject({ role: 'user', content: 'Revenue by region' });
    expect(messages.some((m) => m.isDelta && m.thinking)).toBe(true);
    expect(messages.at(-1)).toMatchObject({ id: '__state__', state: { isStreaming: false } });
    const meta = parseToolCall(toolMessage(messages, 'platformMeta')!.toolCall!);
    expect(meta).toMatchObject({ kind: 'meta', status: 'done', input: { searchQuery: 'revenue region' } });
    const sql = sqlResult(messages);
    expect(sql.status).toBe('done');
    expect(sql.result!.columns.map((c) => c.kind)).toEqual(['string', 'number']);
    expect(sql.result!.rows).toHaveLength(4);
    const spec = sql.result!.vegaSpec!;
    expect(spec).toMatchObject({ mark: { type: 'bar' } });
    expect(spec).not.toHaveProperty('data');
    const final = selectFinalAnswer(thread)!;
    expect(final.content).toMatch(/leads with \$/);
    expect(final.isInProcess).toBe(false);
    expect(thread.isStreaming).toBe(false);
    // The __state__ snapshot agrees with what the deltas built.
    const snapshot = messages.at(-1)!.state!.messages!;
    expect(applyChatMessages(EMPTY_THREAD, snapshot).messages).toEqual(thread.messages);
  });

  it('answers different questions with different queries and charts', async () => {
    const line = sqlResult((await chat(mock(), { input: 'Orders over time', sessionSettings: ann })).messages).result!;
    expect(line.sqlQuery).toMatch(/SUM\(orders\).*GROUP BY month ORDER BY month ASC/);
    expect(line.vegaSpec).toMatchObject({ mark: { type: 'line' }, encoding: { x: { type: 'temporal' } } });
    expect(line.rows).toHaveLength(12);

    const table = sqlResult(
      (await chat(mock(), { input: 'Top 5 customers by revenue', sessionSettings: ann })).messages,
    ).result!;
    expect(table.vegaSpec).toBeUndefined();
    expect(table.rows).toHaveLength(5);
    expect(table.sqlQuery).toMatch(/LIMIT 5$/);

    const many = sqlResult(
      (await chat(mock(), { input: 'revenue by customer', sessionSettings: ann })).messages,
    ).result!;
    expect(many.rows).toHaveLength(TOOL_RESULT_ROW_LIMIT);
    expect(many.totalRows).toBeGreaterThan(TOOL_RESULT_ROW_LIMIT);
    expect(many.truncated).toBe(true);
  });

  it('answers about one value of a dimension with a WHERE, one level finer (a dashboard drilldown)', async () => {
    const europe = sqlResult(
      (await chat(mock(), { input: "Tell me about Europe's revenue", sessionSettings: ann })).messages,
    ).result!;
    expect(europe.sqlQuery).toBe(
      "SELECT country, SUM(revenue) AS revenue FROM orders WHERE region = 'Europe' GROUP BY country ORDER BY revenue DESC",
    );
    expect(europe.queryTitle).toBe('Revenue by country in Europe');
    expect(europe.rows.map((row) => row[0]).sort()).toEqual(['France', 'Germany', 'Spain']);
    // A dimension the question names wins.
    const monthly = sqlResult(
      (await chat(mock(), { input: 'Orders of Software over time (category)', sessionSettings: ann })).messages,
    ).result!;
    expect(monthly.sqlQuery).toMatch(/WHERE category = 'Software' GROUP BY month/);
    // A month's bar: that month, by region.
    const march = sqlResult(
      (await chat(mock(), { input: "Tell me about 2024-03's orders", sessionSettings: ann })).messages,
    ).result!;
    expect(march.sqlQuery).toMatch(/SUM\(orders\) AS orders FROM orders WHERE month = '2024-03' GROUP BY region/);
  });

  it('answers an unanswerable question with a tool error and a polite final answer', async () => {
    const { messages, thread } = await chat(mock(), { input: 'What is the weather in Oslo?', sessionSettings: ann });
    const sql = sqlResult(messages);
    expect(sql.status).toBe('error');
    expect(sql.error!.message).toMatch(/No measure or dimension/);
    expect(selectFinalAnswer(thread)!.content).toMatch(/sorry/i);
  });

  it("applies the user's attributes and groups to the rows", async () => {
    const eu = { externalId: 'chat-eu', userAttributes: [{ name: 'region', value: ['Europe'] }] };
    const rows = sqlResult((await chat(mock(), { input: 'revenue by country', sessionSettings: eu })).messages).result!
      .rows;
    expect(rows.map((r) => r[0]).sort()).toEqual(['France', 'Germany', 'Spain']);
    const group = { externalId: 'chat-emea', groups: ['emea-sales'] };
    const byGroup = sqlResult(
      (await chat(mock(), { input: 'revenue by region', sessionSettings: group })).messages,
    ).result!;
    expect(byGroup.rows.map((r) => r[0])).toEqual(['Europe']);
  });

  it('authenticates: 401 without a key or with another account key, 403 on a plan without chat', async () => {
    expect(
      (await chat(mock(), { input: 'hi', sessionSettings: ann }, { headers: { Authorization: '' } })).response.status,
    ).toBe(401);
    expect(
      (
        await chat(
          mock(),
          { input: 'hi', sessionSettings: ann },
          { headers: { Authorization: 'Api-Key mock-starter-key' } },
        )
      ).response.status,
    ).toBe(401);
    // Any valid key of the account can chat, not only admin keys.
    expect(
      (
        await chat(
          mock(),
          { input: 'hi', sessionSettings: ann },
          { headers: { Authorization: `Api-Key ${MOCK_PERSONAL_KEY}` } },
        )
      ).response.status,
    ).toBe(200);
    const starter = chatUrl(mock(), { account: 'starter-co', region: 'aws-eu-west-1' });
    const result = await chat(
      mock(),
      { input: 'hi', sessionSettings: ann },
      { url: starter, headers: { Authorization: 'Api-Key mock-starter-key' } },
    );
    expect(result.response.status).toBe(403);
  });

  it('answers 404 for an unknown tenant, region, agent or chat', async () => {
    const body = { input: 'hi', sessionSettings: ann };
    expect((await chat(mock(), body, { url: chatUrl(mock(), { account: 'nobody' }) })).response.status).toBe(404);
    expect((await chat(mock(), body, { url: chatUrl(mock(), { region: 'mars-1' }) })).response.status).toBe(404);
    expect((await chat(mock(), body, { url: chatUrl(mock(), { agent: 'ghost' }) })).response.status).toBe(404);
    expect((await chat(mock(), { ...body, chatId: 'chat_unknown' })).response.status).toBe(404);
    const { thread } = await chat(mock(), body);
    const other = await chat(mock(), { input: 'hi', chatId: thread.chatId, sessionSettings: { externalId: 'bob' } });
    expect(other.response.status).toBe(404);
  });

  it('answers 400 for bad bodies and sessionSettings rules', async () => {
    const bad = [
      'not json',
      { input: 'hi' },
      { input: 'hi', sessionSettings: {} },
      { input: 'hi', sessionSettings: { externalId: 'a', internalId: 'ana@acme.test' } },
      { input: 'hi', sessionSettings: { externalId: 'Has Space' } },
      { input: 'hi', sessionSettings: { externalId: 'UPPER' } },
      { input: 'hi', sessionSettings: { internalId: 'ana@acme.test', groups: [] } },
      { input: 'hi', sessionSettings: { externalId: 'a', ephemeralTtlSeconds: 0 } },
      { input: 'hi', sessionSettings: { externalId: 'a', userAttributes: [{ name: 'nope', value: 'x' }] } },
      { input: 'hi', sessionSettings: { externalId: 'a' }, messageId: '12-message' },
      { sessionSettings: { externalId: 'a' } },
    ];
    for (const body of bad) {
      const response = await mock().fetch(chatUrl(mock()), {
        method: 'POST',
        headers: ADMIN,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('lets an existing internal user chat, with their own permissions', async () => {
    const ok = await chat(mock(), { input: 'revenue by region', sessionSettings: { internalId: 'ana@acme.test' } });
    expect(ok.response.status).toBe(200);
    expect(
      (await chat(mock(), { input: 'hi', sessionSettings: { internalId: 'ghost@acme.test' } })).response.status,
    ).toBe(400);
  });

  it('returns the thread state when input is omitted', async () => {
    const first = await chat(mock(), { input: 'revenue by category', sessionSettings: ann });
    const reload = await chat(mock(), { chatId: first.thread.chatId, sessionSettings: ann });
    expect(reload.messages.map((m) => m.id)).toEqual(['__cutoff__', '__state__']);
    expect(reload.thread.messages).toEqual(first.thread.messages);
    expect(reload.thread.isStreaming).toBe(false);
  });

  it('continues a thread with chatId', async () => {
    const first = await chat(mock(), { input: 'revenue by category', sessionSettings: ann });
    const second = await chat(mock(), { input: 'orders by region', chatId: first.thread.chatId, sessionSettings: ann });
    expect(second.thread.chatId).toBe(first.thread.chatId);
    const all = second.messages.at(-1)!.state!.messages!;
    expect(all.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'revenue by category',
      'orders by region',
    ]);
    const sorts = all.map((m) => m.sort!);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });

  it('sends the real service error line for an unknown branch', async () => {
    const { events } = await chat(mock(), { input: 'hi', activeBranchName: 'feature-x', sessionSettings: ann });
    expect(events).toEqual([
      { type: 'error', message: 'Branch feature-x not found', body: expect.any(Object), line: 1 },
    ]);
    const dev = await chat(mock(), {
      input: 'revenue by region',
      activeBranchName: 'dev',
      isDefaultBranch: false,
      sessionSettings: ann,
    });
    expect(dev.response.status).toBe(200);
    expect(dev.events.every((e) => e.type === 'message')).toBe(true);
  });
});

describe.each(['http', 'in-process'] as const)('Chat streams in progress (%s)', (kind) => {
  const mock = useMock(kind, { lineDelayMs: 3 });

  async function openStream(t: Transport, body: unknown) {
    const response = await t.fetch(chatUrl(t), { method: 'POST', headers: ADMIN, body: JSON.stringify(body) });
    return decodeChatStream(response.body!);
  }

  /** Reads `count` messages without closing the stream (no `break` out of for-await). */
  async function take(iterator: AsyncGenerator<ChatStreamEvent>, count: number) {
    const out: ChatMessage[] = [];
    while (out.length < count) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value.type === 'message') out.push(next.value.message);
    }
    return out;
  }

  it('re-joins a running turn with the same messageId: nothing lost or duplicated', async () => {
    const settings = { externalId: 'rejoin' };
    const messageId = `${Date.now()}-message`;
    const reference = await chat(mock(), { input: 'revenue by region', sessionSettings: { externalId: 'reference' } });

    const first = await openStream(mock(), { input: 'revenue by region', sessionSettings: settings, messageId });
    const partial = await take(first, 12);
    await first.return(); // the connection drops
    let thread = applyChatMessages(EMPTY_THREAD, partial);
    const rest = await chat(mock(), {
      input: 'revenue by region',
      chatId: thread.chatId,
      sessionSettings: settings,
      messageId,
    });
    expect(rest.messages[0]).toMatchObject({ id: '__cutoff__' });
    thread = applyChatMessages(thread, rest.messages);
    // Equal but for the generated ids of turns and results.
    const normal = (messages: readonly ChatMessage[]) => JSON.stringify(messages).replace(/(turn|result)_\w+/g, '$1');
    expect(normal(thread.messages)).toBe(normal(reference.thread.messages));
  });

  it('a re-join after the turn finished gets that turn, not a new one', async () => {
    const settings = { externalId: 'late-rejoin' };
    const messageId = `${Date.now()}-message`;
    const first = await chat(mock(), { input: 'revenue by region', sessionSettings: settings, messageId });
    const again = await chat(mock(), {
      input: 'revenue by region',
      chatId: first.thread.chatId,
      sessionSettings: settings,
      messageId,
    });
    expect(again.thread.isStreaming).toBe(false);
    expect(again.thread.messages).toEqual(first.thread.messages);
    const reload = await chat(mock(), { chatId: first.thread.chatId, sessionSettings: settings });
    expect(reload.thread.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('refuses a second message while a turn streams, without messageId', async () => {
    const settings = { externalId: 'busy' };
    const stream = await openStream(mock(), { input: 'revenue by region', sessionSettings: settings });
    const [cutoff] = await take(stream, 1);
    const chatId = cutoff!.state!.chatId!;
    const second = await chat(mock(), { input: 'orders', chatId, sessionSettings: settings });
    expect(second.events).toMatchObject([{ type: 'error', message: 'Streaming for thread is in progress' }]);
    // Reloading the state while it runs follows the rest of the turn.
    const reload = await chat(mock(), { chatId, sessionSettings: settings });
    expect(reload.thread.isStreaming).toBe(false);
    expect(selectFinalAnswer(reload.thread)).toBeDefined();
  });

  it('a reload by chatId while a later turn runs sends the whole thread, then the rest of the turn', async () => {
    const settings = { externalId: 'reload-later-turn' };
    const first = await chat(mock(), { input: 'revenue by region', sessionSettings: settings });
    const chatId = first.thread.chatId!;
    const stream = await openStream(mock(), { input: 'orders over time', chatId, sessionSettings: settings });
    await take(stream, 6); // the second turn is under way
    const reload = await chat(mock(), { chatId, sessionSettings: settings });
    expect(reload.messages[0]).toMatchObject({ id: '__cutoff__', state: { chatId, isStreaming: true } });
    // The first turn comes at once, before the rest of the turn (not only in the closing
    // state): a page that reloads mid-answer shows the whole conversation while it streams.
    const live = applyChatMessages(EMPTY_THREAD, reload.messages.slice(0, -1));
    expect(live.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'revenue by region',
      'orders over time',
    ]);
    expect(live.messages.slice(0, first.thread.messages.length)).toEqual(first.thread.messages);
    expect(reload.thread.isStreaming).toBe(false);
    expect(selectFinalAnswer(reload.thread)?.content).toMatch(/order/i);
    for await (const _ of stream); // the first connection reads to its end too
  });

  it('aborts a turn: 204, the stream ends with the messages so far, not in process', async () => {
    const settings = { externalId: 'stopper' };
    const stream = await openStream(mock(), { input: 'revenue by region', sessionSettings: settings });
    const head = await take(stream, 6);
    const chatId = head[0]!.state!.chatId!;
    const abort = await postJson(mock(), new URL(chatAbortUrl(chatUrl(mock()))).pathname, {
      chatId,
      sessionSettings: settings,
    });
    expect(abort.status).toBe(204);
    const rest: ChatMessage[] = [];
    for await (const event of stream) if (event.type === 'message') rest.push(event.message);
    const thread = applyChatMessages(EMPTY_THREAD, [...head, ...rest]);
    expect(thread.isStreaming).toBe(false);
    expect(thread.messages.length).toBeGreaterThan(1);
    expect(thread.messages.every((m) => !m.isInProcess)).toBe(true);
    expect(selectFinalAnswer(thread)).toBeUndefined();
  });

  it('abort: 403 for another user, 404 for an unknown chat, 204 after completion, both URL forms', async () => {
    const done = await chat(mock(), { input: 'revenue by region', sessionSettings: { externalId: 'owner' } });
    const chatId = done.thread.chatId!;
    const spec = new URL(chatAbortUrl(chatUrl(mock()), 'spec')).pathname;
    const service = new URL(chatAbortUrl(chatUrl(mock()), 'service')).pathname;
    expect(service).toMatch(/\/chat\/abort$/);
    expect((await postJson(mock(), spec, { chatId, sessionSettings: { externalId: 'intruder' } })).status).toBe(403);
    expect(
      (await postJson(mock(), spec, { chatId: 'chat_nope', sessionSettings: { externalId: 'owner' } })).status,
    ).toBe(404);
    expect((await postJson(mock(), spec, { chatId, sessionSettings: { externalId: 'owner' } })).status).toBe(204);
    expect((await postJson(mock(), service, { chatId, sessionSettings: { externalId: 'owner' } })).status).toBe(204);
    expect((await postJson(mock(), spec, { sessionSettings: { externalId: 'owner' } })).status).toBe(400);
  });
});

describe.each(['http', 'in-process'] as const)('fault injection (%s)', (kind) => {
  const mock = useMock(kind);
  const faults = (value: object) => ({ [FAULTS_HEADER]: JSON.stringify(value) });

  it('HTTP 500', async () => {
    const { response } = await chat(
      mock(),
      { input: 'hi', sessionSettings: ann },
      { headers: faults({ httpStatus: 500 }) },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/500/) });
  });

  it('a malformed line and an error line in the middle of the stream', async () => {
    const { events, thread } = await chat(
      mock(),
      { input: 'revenue by region', sessionSettings: ann },
      { headers: faults({ malformedLineAt: 3, errorLineAt: 5, errorMessage: 'boom' }) },
    );
    expect(events[2]).toMatchObject({ type: 'malformed', error: { code: 'malformed-line' } });
    expect(events.find((e) => e.type === 'error')).toMatchObject({ message: 'boom' });
    expect(selectFinalAnswer(thread)).toBeDefined();
  });

  it('a dropped connection after N lines reads as stream-interrupted', async () => {
    const { messages, error } = await chat(
      mock(),
      { input: 'revenue by region', sessionSettings: ann },
      { headers: faults({ dropAfterLines: 4 }) },
    );
    expect(messages.length).toBeLessThanOrEqual(4);
    expect(messages.length).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe('stream-interrupted');
  });

  it('a slow first byte and a JSON-RPC auth error with HTTP 200', async () => {
    const started = Date.now();
    await chat(mock(), { input: 'hi', sessionSettings: ann }, { headers: faults({ firstByteDelayMs: 60 }) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const { response, events } = await chat(
      mock(),
      { input: 'hi', sessionSettings: ann },
      { headers: faults({ jsonRpcAuthError: true }) },
    );
    expect(response.status).toBe(200);
    expect(events).toMatchObject([{ type: 'error', message: expect.stringMatching(/Unauthorized/) }]);
  });
});

describe('users created by chat', () => {
  it('are ephemeral for their TTL unless isEphemeral is false', async () => {
    let now = 5_000_000;
    const mock = createMockService({ now: () => now });
    const t = { name: 'in-process' as const, mock, baseUrl: 'http://m', fetch: mock.fetch };
    await chat(t, { input: 'hi', sessionSettings: { externalId: 'brief', ephemeralTtlSeconds: 60 } });
    await chat(t, { input: 'hi', sessionSettings: { externalId: 'kept', isEphemeral: false } });
    const acme = mock.state.accounts.get('acme')!;
    expect(mock.state.user(acme, 'external:brief')).toBeDefined();
    now += 61_000;
    expect(mock.state.user(acme, 'external:brief')).toBeUndefined();
    now += 8 * 24 * 3600 * 1000;
    expect(mock.state.user(acme, 'external:kept')).toBeDefined();
  });
});

describe.each(['http', 'in-process'] as const)('data API (%s)', (kind) => {
  const mock = useMock(kind);

  it('re-runs a result sqlQuery for all its rows, honouring the user', async () => {
    const eu = { externalId: 'rows-eu', userAttributes: [{ name: 'region', value: ['Europe'] }] };
    const sql = sqlResult((await chat(mock(), { input: 'revenue by customer', sessionSettings: eu })).messages).result!;
    const response = await mock().fetch(`${mock().baseUrl}/cubejs-api/v1/cubesql`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ query: sql.sqlQuery, sessionSettings: { externalId: 'rows-eu' } }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { schema?: unknown; data?: unknown[][] });
    expect(lines[0]).toEqual({
      schema: [
        { name: 'customer', column_type: 'String' },
        { name: 'revenue', column_type: 'Double' },
      ],
    });
    const rows = lines.slice(1).flatMap((l) => l.data!);
    expect(rows).toHaveLength(sql.totalRows);
    expect(rows.slice(0, 3)).toEqual(sql.rows.slice(0, 3).map((r) => [r[0], Number(r[1]).toFixed(2)]));
    // A query with a condition re-runs too (quotes doubled inside the literal).
    const rerun = (query: string) =>
      mock().fetch(`${mock().baseUrl}/cubejs-api/v1/cubesql`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({ query, sessionSettings: { externalId: 'rows-eu' } }),
      });
    const where = await rerun(
      "SELECT country, SUM(orders) AS orders FROM orders WHERE region = 'Europe' GROUP BY country ORDER BY orders DESC",
    );
    expect(where.status).toBe(200);
    expect(await where.text()).toMatch(/Germany/);
    const nowhere = await rerun(
      "SELECT country, SUM(orders) AS orders FROM orders WHERE region = 'O''Brien' GROUP BY country ORDER BY orders DESC",
    );
    expect(nowhere.status).toBe(200);
    expect(await nowhere.text()).not.toMatch(/Germany/);
    const bad = await postJson(mock(), '/cubejs-api/v1/cubesql', { query: 'DROP TABLE orders', sessionSettings: eu });
    expect(bad.status).toBe(400);
    expect((await generate(mock(), { deploymentId: 1, externalId: 'x' })).status).toBe(200);
  });
});
