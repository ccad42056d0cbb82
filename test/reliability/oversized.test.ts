// Issue 12, oversized input through the chat store: a 50 MB stream, a 5 MB line, 100k rows
// and a 1 MB message. Memory stays bounded (the stream is consumed, not held), an over-long
// line is a clear non-fatal error, and the turn still ends.
import { describe, expect, it } from 'vitest';
import { parseToolCall, type ChatMessage } from '../../src/protocol';
import { createChatStore, type ChatTransport } from '../../src/react';

const encoder = new TextEncoder();

/** A transport streaming `lines()` lazily, so the test itself holds no copy of the body. */
function streaming(lines: () => Generator<string>): ChatTransport {
  return {
    url: 'http://big.test/chat',
    idleTimeoutMs: 0,
    fetch: async () => {
      const source = lines();
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = source.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(`${next.value}\n`));
        },
      });
      return new Response(body);
    },
  };
}

const line = (message: ChatMessage) => JSON.stringify(message);
const store = (transport: ChatTransport) =>
  createChatStore({ transport: () => transport, scheduleFlush: (flush) => (flush(), () => {}) });

describe('oversized input', () => {
  it('a 50 MB stream of deltas: one bounded message per id, heap growth bounded', async () => {
    const piece = 'x'.repeat(1000);
    const chunks = 50_000; // 50k lines of ~1.1 KB ≈ 55 MB on the wire
    const s = store(
      streaming(function* () {
        yield line({ id: '__cutoff__', state: { chatId: 'big', isStreaming: true } });
        for (let i = 0; i < chunks; i++) {
          // Deltas to 50 thinking messages in turn: the text kept is the text sent, nothing more.
          yield line({
            id: `m${i % 50}`,
            role: 'assistant',
            thinking: piece,
            isDelta: true,
            isInProcess: true,
            sort: i % 50,
          });
        }
        // The closing state: without it the turn would count as broken off (and be re-joined).
        yield line({ id: '__state__', state: { chatId: 'big', isStreaming: false } });
      }),
    );
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    await s.getState().send('go');
    const { status, thread } = s.getState();
    expect(status).toBe('idle');
    expect(thread.messages).toHaveLength(50);
    expect(thread.messages.every((m) => m.thinking!.length === 1000 * (chunks / 50))).toBe(true);
    (globalThis as { gc?: () => void }).gc?.();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    // The thread holds 50 MB of text (UTF-16 strings are 1 byte per Latin-1 char in V8); the
    // decoder must not hold the stream on top of it.
    expect(grownMb).toBeLessThan(200);
  }, 120_000);

  it('a 5 MB line is decoded whole and the turn ends', async () => {
    const transport = streaming(function* () {
      yield line({ id: '__cutoff__', state: { chatId: 'big', isStreaming: true } });
      yield line({ id: 'huge', role: 'assistant', content: 'y'.repeat(5 * 1024 * 1024), sort: 1 });
      yield line({
        id: 'final',
        role: 'assistant',
        content: 'done',
        isInProcess: false,
        sort: 2,
        graphPath: ['final'],
      });
    });
    const s = store(transport);
    await s.getState().send('go');
    expect(s.getState()).toMatchObject({ status: 'idle', error: null });
    expect(s.getState().thread.messages.map((m) => m.id)).toEqual(['huge', 'final']);
    expect(s.getState().thread.messages[0]!.content).toHaveLength(5 * 1024 * 1024);
  }, 60_000);

  it('100k rows in a tool result and a 1 MB message are kept whole', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [`r${i}`, String(i)]);
    const s = store(
      streaming(function* () {
        yield line({ id: '__cutoff__', state: { chatId: 'big', isStreaming: true } });
        yield line({
          id: 'sql',
          role: 'assistant',
          sort: 1,
          isInProcess: false,
          toolCall: {
            name: 'platformSqlApi',
            result: JSON.stringify({
              sqlQuery: 'SELECT *',
              schema: [
                { name: 'k', column_type: 'String' },
                { name: 'v', column_type: 'Double' },
              ],
              data: rows,
              totalRows: rows.length,
            }),
          },
        });
        yield line({ id: 'msg', role: 'assistant', content: 'z'.repeat(1024 * 1024), sort: 2, isInProcess: false });
        yield line({ id: '__state__', state: { chatId: 'big', isStreaming: false } });
      }),
    );
    await s.getState().send('go');
    expect(s.getState().status).toBe('idle');
    const [sql, msg] = s.getState().thread.messages;
    const call = parseToolCall(sql!.toolCall!);
    expect(call).toMatchObject({ kind: 'sql', status: 'done' });
    expect(call.kind === 'sql' && call.result?.rows).toHaveLength(100_000);
    expect(msg!.content).toHaveLength(1024 * 1024);
  }, 60_000);
});
