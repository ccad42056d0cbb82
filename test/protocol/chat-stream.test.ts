import { describe, expect, it } from 'vitest';
import { decodeChatStream, type ChatStreamEvent } from '../../src/protocol';
import { chunkedStream } from '../fixtures/chat-stream';

describe('decodeChatStream', () => {
  it('validates each line as a chat message and reports the rest, going on', async () => {
    const text = [
      '{"id":"__cutoff__","state":{"chatId":"c1","isStreaming":true}}',
      '{"id":"m1","role":"assistant","content":"Hi","isDelta":true}',
      '{"role":"assistant","content":"no id"}',
      '{"id":"m2","toolCall":{"name":"x","input":{"not":"a string"}}}',
      '{"error":"Streaming for thread is in progress"}',
      '[1,2]',
      '{"id":"m3","content":"still here"}',
    ].join('\n');
    const events: ChatStreamEvent[] = [];
    for await (const event of decodeChatStream(chunkedStream(new TextEncoder().encode(text), [9]))) events.push(event);
    expect(events.map((e) => e.type)).toEqual([
      'message',
      'message',
      'malformed',
      'malformed',
      'error',
      'malformed',
      'message',
    ]);
    const invalid = events[3] as Extract<ChatStreamEvent, { type: 'malformed' }>;
    expect(invalid.error.code).toBe('invalid-message');
    expect(invalid.error.message).toMatch(/Line 4: Invalid chat message: toolCall\.input: expected a string/);
    expect(events[2]).toMatchObject({
      line: 3,
      error: { code: 'invalid-message', message: expect.stringMatching(/id: is required/) },
    });
    expect(events[4]).toMatchObject({ type: 'error', message: 'Streaming for thread is in progress' });
    expect(events[6]).toMatchObject({ type: 'message', message: { id: 'm3', content: 'still here' } });
  });
});
