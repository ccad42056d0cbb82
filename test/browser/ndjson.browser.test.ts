import { describe, expect, it } from 'vitest';
import { applyChatMessages, decodeChatStreamBatches, EMPTY_THREAD, selectFinalAnswer } from '../../src/protocol';
import { recordedTurn, toNdjson } from '../fixtures/chat-stream';

describe('chat stream decoding in Chromium', () => {
  it('reads a fetch Response body streamed in small chunks, split UTF-8 included', async () => {
    const bytes = new TextEncoder().encode(toNdjson(recordedTurn()));
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 13));
        offset += 13;
      },
    });
    const response = new Response(body, { headers: { 'Content-Type': 'application/json' } });
    let thread = EMPTY_THREAD;
    for await (const batch of decodeChatStreamBatches(response.body!)) {
      thread = applyChatMessages(
        thread,
        batch.flatMap((event) => (event.type === 'message' ? [event.message] : [])),
      );
    }
    expect(thread.chatId).toBe('chat-7f3a');
    expect(selectFinalAnswer(thread)?.content).toBe(
      'Île-de-France leads with **1 200,5 €**; 東京 follows. São Paulo has no data. ✅',
    );
  });

  it('cancels the response body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode('{"id":"x","content":"a"}\n')),
      cancel: () => {
        cancelled = true;
      },
    });
    const response = new Response(body);
    for await (const batch of decodeChatStreamBatches(response.body!)) {
      expect(batch[0]?.type).toBe('message');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancelled).toBe(true);
  });
});
