import { v, type Infer } from './schema';

/** What went wrong while reading a stream. */
export type ProtocolErrorCode =
  /** A line that is not JSON. The stream goes on with the next line. */
  | 'malformed-line'
  /** A JSON line that is not a valid chat message. The stream goes on. */
  | 'invalid-message'
  /** A line longer than `maxLineLength`; it is skipped. */
  | 'line-too-long'
  /** The connection failed before the stream ended. */
  | 'stream-interrupted';

/** A typed error about the wire format, never thrown for an ordinary bad line: reported. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  /** 1-based line number in the stream, where the error is about a line. */
  readonly line: number | undefined;
  /** The start of the offending line (at most 200 characters). */
  readonly excerpt: string | undefined;

  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
    options: { line?: number; text?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.line = options.line;
    this.excerpt = options.text === undefined ? undefined : options.text.slice(0, 200);
  }
}

/** Error body the service (and the mock) answer with: `{ error: "<message>" }`. */
export const ErrorBodySchema = v.object({ error: v.string() });
/** `{ error }` body of a failed request. */
export type ErrorBody = Infer<typeof ErrorBodySchema>;
