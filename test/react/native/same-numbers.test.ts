// @vitest-environment node
// (The mock's HTTP server runs in this process: jsdom's globals would stand between it and
// Node's own fetch and streams.)
import { describe, expect, it } from 'vitest';
import { parseToolCall, type ChatMessage } from '../../../src/protocol';
import { createDataClient } from '../../../src/react/native/data/data-client';
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

async function dataNumbers(t: Transport, identity: object): Promise<Map<string, number>> {
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
  const result = await client.load(
    { measures: ['orders.revenue'], dimensions: ['orders.region'] },
    new AbortController().signal,
  );
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
