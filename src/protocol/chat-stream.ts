import { ChatMessageSchema, type ChatMessage } from './chat';
import { ProtocolError } from './errors';
import { decodeNdjsonBatches, type DecodeNdjsonOptions, type NdjsonEvent } from './ndjson';

/** One event of a decoded chat stream. */
export type ChatStreamEvent =
  | { type: 'message'; message: ChatMessage; line: number }
  /** The service reported an error inside the stream (`{"error": …}` line). */
  | { type: 'error'; message: string; body: Record<string, unknown>; line: number }
  /** A line that is not JSON or not a chat message; the stream goes on. */
  | { type: 'malformed'; error: ProtocolError; line: number };

/** Turns a decoded NDJSON event into a chat event, validating the message's shape. */
export function toChatStreamEvent(event: NdjsonEvent): ChatStreamEvent {
  if (event.type !== 'value') return event;
  const result = ChatMessageSchema.safeParse(event.value, 'chat message');
  if (result.success) return { type: 'message', message: result.data, line: event.line };
  const error = new ProtocolError('invalid-message', `Line ${event.line}: ${result.error.message}`, {
    line: event.line,
    text: JSON.stringify(event.value),
    cause: result.error,
  });
  return { type: 'malformed', error, line: event.line };
}

/**
 * Reads a chat response body as batches of chat events, one batch per network chunk.
 * See `decodeNdjsonBatches` for cancellation and interruption.
 */
export async function* decodeChatStreamBatches(
  stream: ReadableStream<Uint8Array>,
  options?: DecodeNdjsonOptions,
): AsyncGenerator<ChatStreamEvent[], void, undefined> {
  for await (const batch of decodeNdjsonBatches(stream, options)) yield batch.map(toChatStreamEvent);
}

/** Reads a chat response body one event per line. */
export async function* decodeChatStream(
  stream: ReadableStream<Uint8Array>,
  options?: DecodeNdjsonOptions,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  for await (const batch of decodeNdjsonBatches(stream, options)) {
    for (const event of batch) yield toChatStreamEvent(event);
  }
}
