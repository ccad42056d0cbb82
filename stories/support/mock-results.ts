import { createMockService, MOCK_ADMIN_KEY } from '../../src/mock';
import {
  applyChatMessages,
  chatStreamUrl,
  decodeChatStream,
  EMPTY_THREAD,
  parseToolCall,
  type ChatMessage,
  type SqlResult,
} from '../../src/protocol';

/** One in-process mock for every story: no network, no account. */
export const storyMock = createMockService();

/** The Chat URL of the default fixture's agent on the in-process mock. */
export const storyChatUrl = chatStreamUrl({
  origin: 'http://mock.local',
  cloudRegion: 'aws-us-east-1',
  accountName: 'acme',
  agentId: 'analyst',
});

/** Asks the mock agent a question and returns the turn's stream lines, as sent. */
export async function askMockLines(question: string, externalId = 'storybook'): Promise<ChatMessage[]> {
  const response = await storyMock.fetch(storyChatUrl, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: question, sessionSettings: { externalId } }),
  });
  const lines: ChatMessage[] = [];
  for await (const event of decodeChatStream(response.body!)) {
    if (event.type === 'message') lines.push(event.message);
  }
  return lines;
}

/** Asks the mock agent a question and returns the whole turn's messages. */
export async function askMock(question: string, externalId = 'storybook'): Promise<ChatMessage[]> {
  return applyChatMessages(EMPTY_THREAD, await askMockLines(question, externalId)).messages as ChatMessage[];
}

/** The SQL result the mock agent gives for a question. */
export async function sqlResultFor(question: string): Promise<SqlResult> {
  for (const message of await askMock(question)) {
    if (!message.toolCall) continue;
    const call = parseToolCall(message.toolCall);
    if (call.kind === 'sql' && call.result) return call.result;
  }
  throw new Error(`The mock agent gave no SQL result for "${question}"`);
}

/** A synthetic result of `count` rows: a daily series for large-data stories and benchmarks. */
export function syntheticResult(count: number): SqlResult {
  const start = Date.UTC(2000, 0, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return [day, Math.round((Math.sin(i / 40) * 400 + 1000 + (i % 17) * 9) * 100) / 100];
  });
  return {
    sqlQuery: `SELECT day, revenue FROM daily LIMIT ${count}`,
    queryTitle: `Daily revenue (${count.toLocaleString('en-US')} rows)`,
    columns: [
      { name: 'day', type: 'String', kind: 'string' },
      { name: 'revenue', type: 'Double', kind: 'number' },
    ],
    rows,
    totalRows: count,
    truncated: false,
    vegaSpec: {
      mark: { type: 'line' },
      encoding: {
        x: { field: 'day', type: 'temporal', title: 'Day' },
        y: { field: 'revenue', type: 'quantitative', title: 'Revenue' },
      },
    },
  };
}
