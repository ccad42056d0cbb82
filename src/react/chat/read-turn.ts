import {
  chatAbortUrl,
  decodeChatStreamBatches,
  ProtocolError,
  rebaseRejoinLine,
  summariseLines,
  type ChatError,
  type ChatErrorKind,
  type ChatMessage,
  type ChatTurn,
  type ChatTurnEvent,
} from '../../protocol';

import type { ChatTransport } from './transport';

/** The reducer rides in this chunk: the store applies the lines it takes only once it has loaded. */
export { applyChatMessages } from '../../protocol';
/** So does the default flush cadence: nothing is flushed before lines are read. */
export { createFlushCadence } from './flush-cadence';

/** The abort URL of a transport. */
export function abortUrlOf(transport: ChatTransport): string {
  if (transport.abortUrl) return transport.abortUrl;
  const absolute = new URL(transport.url, typeof location === 'undefined' ? 'http://localhost' : location.href);
  const derived = chatAbortUrl(absolute.toString(), transport.abortUrlStyle);
  return /^[a-z]+:/i.test(transport.url) ? derived : derived.slice(absolute.origin.length);
}

/**
 * Asks the service to stop the chat `chatId` (Stop, or a turn stopped before its first line
 * named its chat) with the store's `post`: here, as there is something to stop only once a
 * turn is read. The store reads the answer; a network failure rejects.
 */
export function stopChat(
  transport: ChatTransport,
  chatId: string,
  post: (url: string, body: unknown) => Promise<Response>,
): Promise<Response> {
  return post(abortUrlOf(transport), {
    chatId,
    ...(transport.sessionSettings ? { sessionSettings: transport.sessionSettings } : {}),
  });
}

/**
 * What reading one response of a turn needs from the store that hosts it. (The store also
 * sends the request and checks the response: this module holds only what reading a chat
 * stream adds, so nothing of it is loaded before a question is asked.)
 */
export interface TurnRead {
  turn: ChatTurn;
  signal: AbortSignal;
  /** The longest line read (the transport's `maxLineLength`). */
  maxLineLength: number;
  /** Restarts the idle alarm (a chunk arrived). */
  rearm: () => void;
  /** Stopped before its first line: read on only until that line names the chat to stop. */
  watching: () => boolean;
  /** Still the turn's request: its lines belong in the thread. */
  current: () => boolean;
  /** Ids the thread had before the turn (an echo is new); `had`: before a re-join (it may replay). */
  known: ReadonlySet<string>;
  had: ReadonlySet<string> | null;
  emit: (event: ChatTurnEvent) => void;
  take: (messages: ChatMessage[]) => void;
  /** A `ChatError` (made by the host: its class stays out of this chunk). */
  error: (kind: ChatErrorKind, message: string, options?: ChatError['options']) => ChatError;
  warn: (warning: ChatError) => void;
  /** Tells the service to stop the chat (a request stopped before its first line). */
  stop: (chatId: string) => void;
  /** Flushes, and says whether the thread shows the turn finished. */
  settled: () => boolean;
}

/** The service's answer to a second question while a turn runs. */
const BUSY = 'Streaming for thread is in progress';

/**
 * Reads one response of a turn with the protocol's decoder, reporting what happens as the
 * machine's events. Loaded with the first request.
 */
export async function readTurn(read: TurnRead, body: ReadableStream<Uint8Array>, status: number): Promise<void> {
  const { turn, signal, emit } = read;
  const { seq } = turn;
  const seen = new Set<string>();
  let failure: ChatError | null = null;
  try {
    let first = true;
    for await (const batch of decodeChatStreamBatches(body, { signal, maxLineLength: read.maxLineLength })) {
      read.rearm();
      const messages: ChatMessage[] = [];
      for (const event of batch) {
        if (event.type === 'message') {
          const { had } = read;
          messages.push(...(had ? rebaseRejoinLine(event.message, (id) => had.has(id), seen) : [event.message]));
        } else if (event.type === 'error') {
          const unauthorized = 'jsonrpc' in event.body || /unauthori[sz]ed|api key/i.test(event.message);
          failure = read.error(
            unauthorized ? 'unauthorized' : event.message === BUSY ? 'busy' : 'stream',
            event.message,
            unauthorized ? { status: 401 } : {},
          );
        } else if (first) {
          // Not a chat stream at all (e.g. a gateway's HTML page served as JSON).
          failure = read.error('bad-response', 'The chat service answered with something other than a chat stream', {
            status,
            cause: event.error,
          });
          break;
        } else read.warn(read.error('protocol', event.error.message, { fatal: false, cause: event.error }));
        first = false;
      }
      if (failure?.kind === 'bad-response') break;
      if (messages.length === 0) continue;
      if (read.watching()) {
        const { chatId, live } = summariseLines(messages, undefined, () => true);
        if (chatId !== undefined && live) read.stop(chatId);
        return;
      }
      if (!read.current()) return;
      read.take(messages);
      emit({ type: 'lines', seq, ...summariseLines(messages, turn.input, (id) => read.known.has(id)) });
    }
    emit(failure ? { type: 'error', seq, error: failure } : { type: 'end', seq, clean: true, settled: read.settled() });
  } catch (error) {
    if (signal.aborted) return;
    emit(
      failure
        ? { type: 'error', seq, error: failure }
        : error instanceof ProtocolError && error.code === 'stream-interrupted'
          ? { type: 'end', seq, clean: false }
          : { type: 'error', seq, error: read.error('stream', 'The chat stream could not be read', { cause: error }) },
    );
  }
}
