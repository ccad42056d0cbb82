// @vitest-environment node
// (The mock's HTTP server runs in this process: jsdom's globals would stand between it and
// Node's own fetch and streams.)
import { describe, expect, it } from 'vitest';
import { parseToolCall, type ChatMessage, type SemanticQuery } from '../../../src/protocol';
import { drilldownQuestion } from '../../../src/react/bridge/bridge-text';
import { createDataClient } from '../../../src/react/native/data/data-client';
import { drilldownContext } from '../../../src/react/native/drilldown-context';
import { ADMIN, chat, toolMessage, useMock, type Transport } from '../../mock/helpers';

// Issue 25: one identity for the chat and the data path. The chat's "Revenue by region" and a
// query of revenue by region, each by its own route (the agent's SQL; the session path to a
// data token, then /load through @cubejs-client/core) over real HTTP, show the same numbers.

const ERIN = { externalId: 'demo-erin', groups: ['executives'] };
const ELIAS = { externalId: 'demo-elias', userAttributes: [{ name: 'region', value: ['Europe'] }] };

function chatNumbers(messages: ChatMessage[]): Map<string, number> {
  const call = parseToolCall(toolMessage(messages, 'platformSqlApi')!.toolCall!);
  if (call.kind !== 'sql' || !call.result) throw new Error('expected a SQL result');
  return new Map(call.result.rows.map((row) => [String(row[0]), Number(row[1])]));
}

const BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };

async function dataNumbers(t: Transport, identity: object, query = BY_REGION): Promise<Map<string, number>> {
  const client = createDataClient({
    baseUrl: t.baseUrl,
    deploymentId: 1,
    fetch: t.fetch,
    // The host's backend in an app: Generate Session with its key, for this identity.
    getSession: () => async () => {
      const response = await t.fetch(`${t.baseUrl}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({ deploymentId: 1, ...identity }),
      });
      return ((await response.json()) as { sessionId: string }).sessionId;
    },
  });
  const result = await client.load(query, new AbortController().signal);
  return new Map(result.data.map((row) => [String(row['orders.region']), Number(row['orders.revenue'])]));
}

describe('the chat and the data path agree, per identity (real HTTP)', () => {
  const mock = useMock('http');

  it.each([
    ['Erin', ERIN, ['Asia Pacific', 'Europe', 'Latin America', 'North America']],
    ['Elias', ELIAS, ['Europe']],
  ] as const)('%s: revenue by region', async (_name, identity, regions) => {
    const t = mock();
    const turn = await chat(t, { input: 'Revenue by region', sessionSettings: identity });
    const fromChat = chatNumbers(turn.messages);
    const fromData = await dataNumbers(t, identity);
    expect([...fromData.keys()].sort()).toEqual([...regions]);
    expect([...fromChat.keys()].sort()).toEqual([...regions]);
    for (const region of regions) expect(fromData.get(region)).toBeCloseTo(fromChat.get(region)!, 2);
  });
});

describe('a drilldown carries its context (issue 31): the answer is about the clicked number', () => {
  const mock = useMock('http');
  // A chart of revenue by region for Q4 2024, Software only (the shared filters merged in).
  const QUARTER: SemanticQuery = {
    ...BY_REGION,
    filters: [{ member: 'orders.category', operator: 'equals', values: ['Software'] }],
    timeDimensions: [{ dimension: 'orders.createdAt', dateRange: ['2024-10-01', '2024-12-31'] }],
  };
  const total = (numbers: Map<string, number>) => [...numbers.values()].reduce((sum, n) => sum + n, 0);

  it("a click on North America asks with the chart's filters and dates: the answer's total is the bar", async () => {
    const t = mock();
    const bar = (await dataNumbers(t, ERIN, QUARTER)).get('North America')!;
    const context = drilldownContext(QUARTER);
    expect(context).toEqual({
      filters: { 'orders.category': ['Software'] },
      dateRange: { member: 'orders.createdAt', from: '2024-10-01', to: '2024-12-31' },
    });
    const question = drilldownQuestion({ member: 'orders.region', value: 'North America', context })!;
    expect(question).toBe('Tell me about North America (region), from 2024-10-01 to 2024-12-31, category Software');
    const answer = chatNumbers((await chat(t, { input: question, sessionSettings: ERIN })).messages);
    expect(total(answer)).toBeCloseTo(bar, 2);
    // Without its context the same click is about all time and every category: another number.
    const bare = drilldownQuestion({ member: 'orders.region', value: 'North America' })!;
    const allTime = chatNumbers((await chat(t, { input: bare, sessionSettings: ERIN })).messages);
    expect(total(allTime)).toBeGreaterThan(bar * 2);
  });
});
