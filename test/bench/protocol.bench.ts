/**
 * Decode + reduce throughput of the chat protocol core against a JSON.parse-per-line
 * floor measured in the same run. Target: within 1.5x of the floor on both streams.
 */
import {
  applyChatMessages,
  decodeChatStreamBatches,
  EMPTY_THREAD,
  NdjsonLineDecoder,
  toChatStreamEvent,
  type ChatMessage,
  type NdjsonEvent,
} from '../../src/protocol';
import { table, time } from './harness';

const CHUNK = 16 * 1024;

function smallDeltas(count: number): string {
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } }];
  const words = ['revenue ', 'grew ', '12% ', 'in ', 'Q3 ', '— ', 'région ', '東京 ', 'led ', '📈 '];
  for (let i = 0; i < count; i++) {
    const message = Math.floor(i / 500); // a new assistant message every 500 deltas
    lines.push({
      id: `m${message}`,
      role: 'assistant',
      content: words[i % words.length]!,
      isDelta: true,
      isInProcess: true,
      sort: message,
      graphPath: ['platform_data_analyst_agent'],
    });
  }
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

function bigToolResults(count: number, bytesEach: number): string {
  const lines: string[] = [JSON.stringify({ id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } })];
  const rowCount = Math.ceil(bytesEach / 48);
  for (let t = 0; t < count; t++) {
    const data = Array.from({ length: rowCount }, (_, i) => [`Région ${i % 97}`, (i * 1.37).toFixed(2), i]);
    const result = JSON.stringify({
      sqlQuery: 'SELECT region, revenue, n FROM orders',
      schema: [
        { name: 'region', column_type: 'String' },
        { name: 'revenue', column_type: 'Double' },
        { name: 'n', column_type: 'Int64' },
      ],
      data,
      totalRows: rowCount,
    });
    lines.push(
      JSON.stringify({
        id: `t${t}`,
        role: 'assistant',
        toolCall: { name: 'platformSqlApi', input: '{"sqlQuery":"SELECT region, revenue, n FROM orders"}', result },
        isInProcess: false,
        sort: t,
      }),
    );
    for (let d = 0; d < 20; d++) {
      lines.push(JSON.stringify({ id: `a${t}`, role: 'assistant', content: 'ok ', isDelta: true, sort: t + 0.5 }));
    }
  }
  return lines.join('\n') + '\n';
}

function chunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) out.push(bytes.subarray(i, i + CHUNK));
  return out;
}

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]!);
      else controller.close();
    },
  });
}

/**
 * The floor: the whole stream already in memory, decoded to text in one call, split on
 * newlines, JSON.parse per line. No streaming, no validation, no state: the least work
 * that turns these bytes into values.
 */
function floor(bytes: Uint8Array): number {
  return parseLines(new TextDecoder().decode(bytes));
}

/** JSON.parse per line of text that is already decoded (shown for reference). */
function parseLines(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (line) {
      JSON.parse(line);
      n++;
    }
  }
  return n;
}

/** Ours, as the chat store runs it: bytes → stream → decode → validate → reduce per chunk. */
async function pipeline(parts: Uint8Array[]): Promise<number> {
  let thread = EMPTY_THREAD;
  let n = 0;
  for await (const batch of decodeChatStreamBatches(streamOf(parts))) {
    const messages: ChatMessage[] = [];
    for (const event of batch) if (event.type === 'message') messages.push(event.message);
    n += messages.length;
    thread = applyChatMessages(thread, messages);
  }
  if (thread.messages.length === 0) throw new Error('nothing reduced');
  return n;
}

/** Ours without the stream plumbing: the synchronous decoder core. */
function core(parts: Uint8Array[]): number {
  const decoder = new NdjsonLineDecoder();
  const out: NdjsonEvent[] = [];
  let thread = EMPTY_THREAD;
  let n = 0;
  const flush = () => {
    const messages: ChatMessage[] = [];
    for (const event of out) {
      const chat = toChatStreamEvent(event);
      if (chat.type === 'message') messages.push(chat.message);
    }
    out.length = 0;
    n += messages.length;
    thread = applyChatMessages(thread, messages);
  };
  for (const part of parts) {
    decoder.push(part, out);
    flush();
  }
  decoder.end(out);
  flush();
  return n;
}

/** The rescanning baseline from prior art: append every chunk to one string, search it from the start. */
function rescanning(parts: Uint8Array[]): number {
  const decoder = new TextDecoder();
  let buffer = '';
  let n = 0;
  for (const part of parts) {
    buffer += decoder.decode(part, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line) {
        JSON.parse(line);
        n++;
      }
    }
    // Flatten the rope the way a real rescan would touch it.
    buffer = buffer.length > 0 ? (buffer.charCodeAt(0), buffer) : buffer;
  }
  return n;
}

export async function protocolBench(): Promise<boolean> {
  const streams = [
    { name: '50k small deltas', text: smallDeltas(50_000) },
    { name: '8 x 2 MB tool results', text: bigToolResults(8, 2 * 1024 * 1024) },
  ];
  console.log('\nProtocol core: decode + validate + reduce vs a JSON.parse-per-line floor (median of 7 runs)');
  console.log('floor: whole stream in memory, one TextDecoder.decode, split, JSON.parse per line');
  console.log('parse only: JSON.parse per line of text decoded beforehand (reference, not the target)');
  console.log(`ours: ${CHUNK / 1024} KB chunks through a ReadableStream, decoded, validated and reduced per chunk`);
  console.log('core: the same without the ReadableStream (the synchronous decoder)');
  console.log('ratio = our time / floor time; target ≤ 1.5\n');
  const rows: (string | number)[][] = [
    [
      'stream',
      'MB',
      'lines',
      'parse only MB/s',
      'floor MB/s',
      'ours MB/s',
      'ours msg/s',
      'ratio',
      'core ratio',
      'target',
    ],
  ];
  let ok = true;
  for (const { name, text } of streams) {
    const bytes = new TextEncoder().encode(text);
    const parts = chunks(bytes);
    const lines = floor(bytes);
    const mb = bytes.length / 1e6;
    const decoded = new TextDecoder().decode(bytes);
    const parseTime = await time(() => parseLines(decoded));
    const floorTime = await time(() => floor(bytes));
    const oursTime = await time(() => pipeline(parts));
    const coreTime = await time(() => core(parts));
    if ((await pipeline(parts)) !== lines || core(parts) !== lines) throw new Error(`${name}: line count mismatch`);
    const ratio = oursTime.ms / floorTime.ms;
    ok &&= ratio <= 1.5;
    rows.push([
      name,
      mb,
      lines,
      mb / (parseTime.ms / 1000),
      mb / (floorTime.ms / 1000),
      mb / (oursTime.ms / 1000),
      lines / (oursTime.ms / 1000),
      `${ratio.toFixed(2)}x`,
      `${(coreTime.ms / floorTime.ms).toFixed(2)}x`,
      ratio <= 1.5 ? 'met' : 'MISSED',
    ]);
  }
  table(rows);

  // Linearity: one 5 MB line in 1 KB chunks.
  const big = new TextEncoder().encode(bigToolResults(1, 5 * 1024 * 1024).split('\n')[1] + '\n');
  const small: Uint8Array[] = [];
  for (let i = 0; i < big.length; i += 1024) small.push(big.subarray(i, i + 1024));
  const linear = await time(() => core(small), { warmup: 1, runs: 5 });
  const rescan = await time(() => rescanning(small), { warmup: 1, runs: 3 });
  console.log(
    `\nOne ${(big.length / 1e6).toFixed(1)} MB line in 1 KB chunks (${small.length.toLocaleString('en-US')} chunks):`,
  );
  table([
    ['decoder', 'ms', 'MB/s'],
    ['embedkit (pieces, scan new bytes only)', linear.ms, big.length / 1e6 / (linear.ms / 1000)],
    ['append + rescan baseline', rescan.ms, big.length / 1e6 / (rescan.ms / 1000)],
  ]);
  return ok;
}
