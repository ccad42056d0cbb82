import { ProtocolError } from './errors';
import { Utf8ChunkDecoder } from './utf8';

/** One decoded line of an NDJSON stream. */
export type NdjsonEvent =
  /** A JSON value. */
  | { type: 'value'; value: unknown; line: number }
  /**
   * A standalone error line: an object with an `error` property and no string `id`, as the
   * service sends mid-stream (`{"error": "…"}`) or as a JSON-RPC error object.
   */
  | { type: 'error'; message: string; body: Record<string, unknown>; line: number }
  /** A line that could not be used; decoding carries on with the next one. */
  | { type: 'malformed'; error: ProtocolError; line: number };

/** Options of the NDJSON decoders. */
export interface NdjsonDecoderOptions {
  /**
   * Longest line accepted, in UTF-16 code units; a longer one is reported as
   * `line-too-long` and skipped without being held in memory. Default 64 Mi.
   */
  maxLineLength?: number;
}

/** Options of {@link decodeNdjson}. */
export interface DecodeNdjsonOptions extends NdjsonDecoderOptions {
  /** Aborting cancels the underlying stream; the iterator then throws the abort reason. */
  signal?: AbortSignal;
}

const DEFAULT_MAX_LINE = 64 * 1024 * 1024;

/** The message of an error line, or undefined when `value` is not one. */
export function errorLineMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  // A chat message has a string id; JSON-RPC errors carry `"id": null`.
  if (typeof record.id === 'string' || !('error' in record) || record.error == null) return undefined;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return JSON.stringify(error) ?? 'Unknown error';
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/**
 * The synchronous core of NDJSON decoding: feed it chunks, it appends one event per
 * complete line. Correct for any chunking (multi-byte characters split across chunks stay
 * intact) and linear: a partial line is kept as pieces and only new text is scanned for
 * newlines.
 */
export class NdjsonLineDecoder {
  private readonly decoder = new Utf8ChunkDecoder();
  private readonly maxLineLength: number;
  private pieces: string[] = [];
  private pendingLength = 0;
  private skipping = false;
  private lineNumber = 0;

  constructor(options: NdjsonDecoderOptions = {}) {
    this.maxLineLength = options.maxLineLength ?? DEFAULT_MAX_LINE;
  }

  /** Decodes a chunk (bytes or text) and appends the events of the lines it completes. */
  push(chunk: Uint8Array | string, out: NdjsonEvent[]): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk);
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      let line: string;
      if (this.pieces.length > 0) {
        this.pieces.push(text.slice(start, newline));
        line = this.pieces.join('');
        this.pieces = [];
        this.pendingLength = 0;
      } else {
        line = text.slice(start, newline);
      }
      this.lineNumber++;
      if (this.skipping) this.skipping = false;
      else if (line.length > this.maxLineLength) out.push(this.tooLong());
      else this.handle(line, out);
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    if (start < text.length && !this.skipping) {
      this.pendingLength += text.length - start;
      if (this.pendingLength > this.maxLineLength) {
        // Report now and drop what we hold: a runaway line must not grow memory.
        out.push(this.tooLong(this.lineNumber + 1));
        this.pieces = [];
        this.pendingLength = 0;
        this.skipping = true;
      } else {
        this.pieces.push(start === 0 ? text : text.slice(start));
      }
    }
  }

  /** Ends the stream: a last line without a trailing newline is decoded too. */
  end(out: NdjsonEvent[]): void {
    const tail = this.decoder.end();
    if (tail) this.push(tail, out);
    if (this.pieces.length > 0 && !this.skipping) {
      const line = this.pieces.join('');
      this.pieces = [];
      this.pendingLength = 0;
      this.lineNumber++;
      this.handle(line, out);
    }
  }

  private tooLong(line = this.lineNumber): NdjsonEvent {
    const error = new ProtocolError('line-too-long', `Line ${line} is longer than ${this.maxLineLength} characters`, {
      line,
    });
    return { type: 'malformed', error, line };
  }

  private handle(line: string, out: NdjsonEvent[]): void {
    if (isBlank(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      const n = this.lineNumber;
      const error = new ProtocolError('malformed-line', `Line ${n} is not valid JSON`, { line: n, text: line, cause });
      out.push({ type: 'malformed', error, line: n });
      return;
    }
    const message = errorLineMessage(value);
    if (message !== undefined) {
      out.push({ type: 'error', message, body: value as Record<string, unknown>, line: this.lineNumber });
    } else {
      out.push({ type: 'value', value, line: this.lineNumber });
    }
  }
}

/**
 * NDJSON as a `TransformStream`: pipe a response body through it to get one event per
 * line. Cancelling the readable side cancels the source.
 */
export function ndjsonDecoderStream(options?: NdjsonDecoderOptions): TransformStream<Uint8Array | string, NdjsonEvent> {
  const core = new NdjsonLineDecoder(options);
  const out: NdjsonEvent[] = [];
  const drain = (controller: TransformStreamDefaultController<NdjsonEvent>) => {
    for (const event of out) controller.enqueue(event);
    out.length = 0;
  };
  return new TransformStream({
    transform(chunk, controller) {
      core.push(chunk, out);
      drain(controller);
    },
    flush(controller) {
      core.end(out);
      drain(controller);
    },
  });
}

/**
 * Reads a byte stream as NDJSON, yielding the events of each chunk as one batch (so a
 * consumer can apply and render once per chunk). Stopping early, or aborting `signal`,
 * cancels the stream and releases its reader. A failing read throws a `ProtocolError`
 * with code `stream-interrupted`.
 */
export async function* decodeNdjsonBatches(
  stream: ReadableStream<Uint8Array>,
  options: DecodeNdjsonOptions = {},
): AsyncGenerator<NdjsonEvent[], void, undefined> {
  const { signal } = options;
  signal?.throwIfAborted();
  const reader = stream.getReader();
  const core = new NdjsonLineDecoder(options);
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let ended = false;
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (cause) {
        signal?.throwIfAborted();
        ended = true; // the stream is errored: nothing left to cancel
        throw new ProtocolError('stream-interrupted', 'The stream was interrupted before it ended', { cause });
      }
      signal?.throwIfAborted();
      const out: NdjsonEvent[] = [];
      if (result.done) {
        ended = true;
        core.end(out);
        if (out.length > 0) yield out;
        return;
      }
      core.push(result.value, out);
      if (out.length > 0) yield out;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!ended) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Reads a byte stream as NDJSON, one event per line; see {@link decodeNdjsonBatches}. */
export async function* decodeNdjson(
  stream: ReadableStream<Uint8Array>,
  options?: DecodeNdjsonOptions,
): AsyncGenerator<NdjsonEvent, void, undefined> {
  for await (const batch of decodeNdjsonBatches(stream, options)) yield* batch;
}
