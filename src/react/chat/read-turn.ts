import {
  ChatError,
  chatTurnRequest,
  decodeChatStreamBatches,
  ProtocolError,
  rebaseRejoinLine,
  summariseLines,
  type ChatMessage,
  type ChatTurn,
  type ChatTurnEvent,
} from '../../protocol';
import { chatBody, post, responseError, type ChatTransport } from './transport';

/** What reading one request of a turn needs from the store that hosts it. */
export interface TurnRead {
  turn: ChatTurn;
  transport: ChatTransport;
  signal: AbortSignal;
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
  warn: (warning: ChatError) => void;
  /** Tells the service to stop the chat (a request stopped before its first line). */
  stop: (chatId: string) => void;
  /** Flushes, and says whether the thread shows the turn finished. */
  settled: () => boolean;
}

/** The service's answer to a second question while a turn runs. */
const BUSY = 'Streaming for thread is in progress';

/**
 * Sends one request of a turn and reads its stream with the protocol's decoder, reporting
 * what happens as the machine's events. Loaded with the first request: nothing of it is
 * needed before a question is asked.
 */
export async function readTurn(read: TurnRead): Promise<void> {
  const { turn, transport, signal, emit } = read;
  const { seq } = turn;
  const seen = new Set<string>();
  let failure: ChatError | null = null;
  try {
    const response = await post(transport, transport.url, chatBody(transport, chatTurnRequest(turn)), signal);
    if (!response.ok) throw await responseError(response);
    const type = response.headers.get('Content-Type');
    // NDJSON comes as application/json (or x-ndjson, text/plain…): a gateway's HTML page does not.
    if (!response.body || (type && !/json|^text\/plain/i.test(type))) {
      throw new ChatError('bad-response', `The chat service answered with ${type || 'no body'}`, {
        status: response.status,
      });
    }
    let first = true;
    for await (const batch of decodeChatStreamBatches(response.body, { signal })) {
      read.rearm();
      const messages: ChatMessage[] = [];
      for (const event of batch) {
        if (event.type === 'message') {
          const { had } = read;
          messages.push(...(had ? rebaseRejoinLine(event.message, (id) => had.has(id), seen) : [event.message]));
        } else if (event.type === 'error') {
          const unauthorized = 'jsonrpc' in event.body || /unauthori[sz]ed|api key/i.test(event.message);
          failure = new ChatError(
            unauthorized ? 'unauthorized' : event.message === BUSY ? 'busy' : 'stream',
            event.message,
            unauthorized ? { status: 401 } : {},
          );
        } else if (first) {
          throw new ChatError('bad-response', 'The chat service answered with something other than a chat stream', {
            status: response.status,
            cause: event.error,
          });
        } else read.warn(new ChatError('protocol', event.error.message, { fatal: false, cause: event.error }));
        first = false;
      }
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
    const cut = error instanceof ProtocolError && error.code === 'stream-interrupted';
    emit(
      error instanceof ChatError || failure
        ? { type: 'error', seq, error: error instanceof ChatError ? error : failure! }
        : cut
          ? { type: 'end', seq, clean: false }
          : {
              type: 'error',
              seq,
              error: new ChatError('network', 'The chat service could not be reached', { cause: error }),
            },
    );
  }
}
