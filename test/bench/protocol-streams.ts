/** The byte streams of the decoding bench: chat lines as the agent sends them, and their chunkings. */
import type { ChatMessage } from '../../src/protocol';
import { seeded } from './harness';

/** `count` small deltas spread over `messages` assistant messages answering at once (seeded). */
export function interleavedDeltas(count: number, messages: number): string {
  const random = seeded(13);
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } }];
  const words = ['revenue ', 'grew ', '12% ', 'in ', 'Q3 ', '— ', 'région ', '東京 ', 'led ', '📈 '];
  for (let i = 0; i < count; i++) {
    const m = Math.floor(random() * messages);
    lines.push({
      id: `m${m}`,
      role: 'assistant',
      content: words[i % words.length]!,
      isDelta: true,
      isInProcess: true,
      sort: m,
      graphPath: ['platform_data_analyst_agent', `step_${m % 4}`],
    });
  }
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/**
 * A tool result of about `bytes` bytes: a SQL result table, as the agent sends it (a JSON
 * string). Its region names are `Région …` (UTF-8 beyond ASCII), or `Region …` when `ascii`.
 */
function toolResult(bytes: number, ascii: boolean): string {
  const rowCount = Math.ceil(bytes / 36); // rows average 36 bytes: the line is about `bytes` long
  const region = ascii ? 'Region' : 'Région';
  const data = Array.from({ length: rowCount }, (_, i) => [`${region} ${i % 97}`, (i * 1.37).toFixed(2), i]);
  return JSON.stringify({
    sqlQuery: 'SELECT region, revenue, n FROM orders',
    schema: [
      { name: 'region', column_type: 'String' },
      { name: 'revenue', column_type: 'Double' },
      { name: 'n', column_type: 'Int64' },
    ],
    data,
    totalRows: rowCount,
  });
}

function toolLine(t: number, bytes: number, ascii = false): string {
  return JSON.stringify({
    id: `t${t}`,
    role: 'assistant',
    toolCall: {
      name: 'platformSqlApi',
      input: '{"sqlQuery":"SELECT region, revenue, n FROM orders"}',
      result: toolResult(bytes, ascii),
    },
    isInProcess: false,
    sort: t,
  });
}

/** `count` tool-result lines of about `bytes` each, with 20 small deltas after each. */
export function bigToolResults(count: number, bytes: number): string {
  const lines: string[] = [JSON.stringify({ id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } })];
  for (let t = 0; t < count; t++) {
    lines.push(toolLine(t, bytes));
    for (let d = 0; d < 20; d++) {
      lines.push(JSON.stringify({ id: `a${t}`, role: 'assistant', content: 'ok ', isDelta: true, sort: t + 0.5 }));
    }
  }
  return lines.join('\n') + '\n';
}

/** The `__cutoff__` line, then one tool-result line of about `bytes`. */
export function oneLongLine(bytes: number, ascii = false): string {
  return `${JSON.stringify({ id: '__cutoff__', state: { chatId: 'bench' } })}\n${toolLine(0, bytes, ascii)}\n`;
}

/** Seeded random chunk sizes between 1 B and 16 KB. */
export function randomChunks(bytes: Uint8Array, seed: number): Uint8Array[] {
  const random = seeded(seed);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length;) {
    const size = 1 + Math.floor(random() * 16 * 1024);
    out.push(bytes.subarray(i, i + size));
    i += size;
  }
  return out;
}

/** Chunks of `size` bytes. */
export function fixedChunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A byte stream delivering `parts` one per read, as a response body does; `onChunk` hears each one's size. */
export function streamOf(parts: Uint8Array[], onChunk?: (bytes: number) => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < parts.length) {
        onChunk?.(parts[i]!.length);
        controller.enqueue(parts[i++]!);
      } else {
        controller.close();
      }
    },
  });
}
