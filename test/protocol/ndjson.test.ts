import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChatMessages,
  decodeChatStreamBatches,
  decodeNdjson,
  EMPTY_THREAD,
  ndjsonDecoderStream,
  NdjsonLineDecoder,
  ProtocolError,
  type ChatMessage,
  type ChatThread,
  type NdjsonEvent,
} from '../../src/protocol';
import { chunkedStream, recordedTurn, stateSnapshot, toNdjson } from '../fixtures/chat-stream';

const encode = (text: string) => new TextEncoder().encode(text);

async function collect(stream: ReadableStream<Uint8Array>, options?: Parameters<typeof decodeNdjson>[1]) {
  const events: NdjsonEvent[] = [];
  for await (const event of decodeNdjson(stream, options)) events.push(event);
  return events;
}

/**
 * The test's own oracle for a standalone error line (not the decoder's `errorLineMessage`),
 * from the cases above: a JSON object with a non-null `error` and no string `id` (a chat
 * message has one; JSON-RPC errors carry `"id": null`). Its message: the error when it is a
 * string, else its `message` when that is a string, else the error as JSON.
 */
function oracleErrorMessage(value: unknown): string | undefined {
  if (Object.prototype.toString.call(value) !== '[object Object]') return undefined;
  const { id, error } = value as { id?: unknown; error?: unknown };
  if (typeof id === 'string' || error === null || error === undefined) return undefined;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

const values = (events: NdjsonEvent[]) => events.filter((e) => e.type === 'value').map((e) => e.value);

async function reduceStream(stream: ReadableStream<Uint8Array>): Promise<ChatThread> {
  let thread = EMPTY_THREAD;
  for await (const batch of decodeChatStreamBatches(stream)) {
    const messages: ChatMessage[] = [];
    for (const event of batch) {
      if (event.type !== 'message') throw new Error(`unexpected ${event.type}`);
      messages.push(event.message);
    }
    thread = applyChatMessages(thread, messages);
  }
  return thread;
}

describe('NDJSON decoding', () => {
  it('gives the same events for any chunking of the bytes, multi-byte characters included', async () => {
    const turn = recordedTurn();
    const lines = [...turn, stateSnapshot('chat-7f3a', [])];
    const bytes = encode(toNdjson(lines));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 40 }), async (sizes) => {
        const events = await collect(chunkedStream(bytes, sizes));
        expect(values(events)).toEqual(lines);
      }),
      { numRuns: 150 },
    );
  });

  it('reduces any chunking of a recorded turn to the same thread as whole lines', async () => {
    const turn = recordedTurn();
    const whole = applyChatMessages(EMPTY_THREAD, turn);
    const withSnapshot = [...turn, stateSnapshot('chat-7f3a', whole.messages)];
    const expected = applyChatMessages(EMPTY_THREAD, withSnapshot);
    const bytes = encode(toNdjson(withSnapshot, '\r\n'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 30 }), async (sizes) => {
        const thread = await reduceStream(chunkedStream(bytes, sizes));
        expect(thread).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('gives what decoding the whole text at once gives, for ASCII and other lines in any chunks', async () => {
    // Long ASCII runs (decoded by whole calls) and other text (by the streaming decoder), a
    // BOM, CRLF and blank lines, in chunks of up to 4 KB; the model decodes the bytes at once.
    const line = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 3000 }).map((text) => JSON.stringify({ text })),
      fc.string({ unit: 'grapheme', maxLength: 50 }).map((text) => JSON.stringify({ text })),
      fc.constantFrom('', '   ', '{"a":', '\uFEFF{"a":1}'),
      // Error lines and near misses: an error of any JSON, with or without an id of any kind.
      fc
        .record(
          { error: fc.jsonValue({ maxDepth: 2 }), id: fc.oneof(fc.string(), fc.constant(null), fc.integer()) },
          { requiredKeys: ['error'] },
        )
        .map((line) => JSON.stringify(line)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 20 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 10 }),
        async (lines, bom, newline, sizes) => {
          const bytes = encode(`${bom ? '\uFEFF' : ''}${lines.join(newline)}`);
          const expected: { type: string; line: number; value?: unknown; message?: string }[] = [];
          new TextDecoder()
            .decode(bytes)
            .split('\n')
            .forEach((text, i) => {
              if (/^[ \t\r]*$/.test(text)) return;
              let value: unknown;
              try {
                value = JSON.parse(text);
              } catch {
                expected.push({ type: 'malformed', line: i + 1 });
                return;
              }
              const message = oracleErrorMessage(value);
              if (message === undefined) expected.push({ type: 'value', line: i + 1, value });
              else expected.push({ type: 'error', line: i + 1, message });
            });
          const events = await collect(chunkedStream(bytes, sizes));
          expect(
            events.map((e) =>
              e.type === 'value'
                ? { type: e.type, line: e.line, value: e.value }
                : e.type === 'error'
                  ? { type: e.type, line: e.line, message: e.message }
                  : { type: e.type, line: e.line },
            ),
          ).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits a 4-byte character across every possible chunk boundary', async () => {
    const text = '{"t":"a😀b"}\n{"t":"€"}\n';
    const bytes = encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(values(await collect(stream))).toEqual([{ t: 'a😀b' }, { t: '€' }]);
    }
  });

  it('handles CRLF, blank lines, whitespace-only lines and a last line without newline', async () => {
    const text = '\r\n{"a":1}\r\n\r\n   \n\t\n{"a":2}\n{"a":3}';
    const events = await collect(chunkedStream(encode(text), [3]));
    expect(values(events)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(events.map((e) => e.line)).toEqual([2, 6, 7]);
  });

  it('reports a malformed line with its number and goes on', async () => {
    const text = '{"a":1}\n{"a":\n{not json}\n{"a":2}\n';
    const events = await collect(chunkedStream(encode(text), [5]));
    expect(events.map((e) => e.type)).toEqual(['value', 'malformed', 'malformed', 'value']);
    const bad = events[1] as Extract<NdjsonEvent, { type: 'malformed' }>;
    expect(bad.error).toBeInstanceOf(ProtocolError);
    expect(bad.error.code).toBe('malformed-line');
    expect(bad.error.line).toBe(2);
    expect(bad.error.excerpt).toBe('{"a":');
    expect(values(events)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('surfaces standalone error lines as error events, plain and JSON-RPC', async () => {
    const text = [
      '{"id":"m1","content":"x"}',
      '{"error":"Branch not found: dev"}',
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Invalid token"}}',
      '{"id":"m2","error":"not an error line: it has an id"}',
    ].join('\n');
    const events = await collect(chunkedStream(encode(text), [10]));
    expect(events.map((e) => e.type)).toEqual(['value', 'error', 'error', 'value']);
    expect(events[1]).toMatchObject({ type: 'error', message: 'Branch not found: dev', line: 2 });
    expect(events[2]).toMatchObject({ type: 'error', message: 'Invalid token', line: 3 });
    // The synchronous core gives the same, from text.
    const decoder = new NdjsonLineDecoder();
    const out: NdjsonEvent[] = [];
    decoder.push('{"error":{"detail":[1]}}\n{"error":null}', out);
    decoder.end(out);
    expect(out.map((e) => e.type)).toEqual(['error', 'value']);
    expect(out[0]).toMatchObject({ message: '{"detail":[1]}' });
  });

  it('skips a line longer than maxLineLength without holding it, then goes on', async () => {
    const long = `{"x":"${'y'.repeat(5000)}"}`;
    const text = `{"a":1}\n${long}\n{"a":2}\n`;
    const events = await collect(chunkedStream(encode(text), [100]), { maxLineLength: 1000 });
    expect(events.map((e) => e.type)).toEqual(['value', 'malformed', 'value']);
    expect((events[1] as { error: ProtocolError }).error.code).toBe('line-too-long');
    expect(events[1]!.line).toBe(2);
    expect(events[2]).toMatchObject({ value: { a: 2 }, line: 3 });
  });

  it('decodes a 5 MB single-line tool result arriving in 1 KB chunks', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => [`row-${i}`, i * 1.5, 'ünïcödé']);
    const result = JSON.stringify({ sqlQuery: 'SELECT 1', data: rows });
    const line = JSON.stringify({ id: 't', toolCall: { name: 'platformSqlApi', result } });
    expect(line.length).toBeGreaterThan(5_000_000);
    const events = await collect(chunkedStream(encode(`${line}\n`), [1024]));
    expect(events).toHaveLength(1);
    expect((events[0] as { value: ChatMessage }).value.toolCall?.result).toBe(result);
  });

  it('cancels the source and releases the reader when the consumer stops early', async () => {
    let cancelled: unknown = 'not cancelled';
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(encode(`{"n":${pulls}}\n`));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    for await (const event of decodeNdjson(stream)) {
      if (event.type === 'value' && (event.value as { n: number }).n === 3) break;
    }
    expect(cancelled).toBeUndefined();
    expect(stream.locked).toBe(false);
  });

  it('cancels the source when the signal aborts, and throws the reason', async () => {
    let cancelled = false;
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encode('{"n":1}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const event of decodeNdjson(stream, { signal: controller.signal })) {
        seen.push(event);
        controller.abort(new Error('stop'));
      }
    })();
    await expect(run).rejects.toThrow('stop');
    expect(cancelled).toBe(true);
    expect(seen).toHaveLength(1);
    expect(stream.locked).toBe(false);
  });

  it('reports a dropped connection as stream-interrupted, after the complete lines', async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(encode('{"n":1}\n{"n":'));
        else controller.error(new TypeError('network error'));
      },
    });
    const seen: NdjsonEvent[] = [];
    const error = await (async () => {
      try {
        for await (const event of decodeNdjson(stream)) seen.push(event);
      } catch (e) {
        return e;
      }
    })();
    expect(values(seen)).toEqual([{ n: 1 }]);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe('stream-interrupted');
    expect((error as ProtocolError).cause).toBeInstanceOf(TypeError);
  });

  it('works as a TransformStream, and cancelling its output cancels the source', async () => {
    const bytes = encode(toNdjson([{ a: 1 }, { a: 2 }]));
    const events: NdjsonEvent[] = [];
    await chunkedStream(bytes, [4])
      .pipeThrough(ndjsonDecoderStream())
      .pipeTo(new WritableStream({ write: (event) => void events.push(event) }));
    expect(values(events)).toEqual([{ a: 1 }, { a: 2 }]);

    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(encode('{"a":1}\n')),
      cancel: () => {
        cancelled = true;
      },
    });
    const reader = endless.pipeThrough(ndjsonDecoderStream()).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });
});
