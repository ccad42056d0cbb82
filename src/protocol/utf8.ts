/**
 * The number of bytes at the end of `bytes` that start a UTF-8 character the chunk does not
 * finish (0 to 3): a lead byte followed by fewer continuation bytes than it announces.
 * Cutting right before a lead byte is always safe (a decoder meeting it mid-character emits
 * U+FFFD and starts afresh at it, as at the start of a chunk), and so is cutting after a
 * finished character.
 */
export function incompleteTail(bytes: Uint8Array): number {
  // The last byte that is no continuation byte (10xxxxxx), among the last four.
  for (let i = bytes.length - 1, stop = Math.max(0, bytes.length - 4); i >= stop; i--) {
    const byte = bytes[i]!;
    if (byte >> 6 !== 2) {
      const need = byte < 0xc2 ? 0 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : byte < 0xf5 ? 4 : 0;
      const have = bytes.length - i;
      return have < need ? have : 0;
    }
  }
  return 0; // nothing, or four continuation bytes: no character is pending
}

/**
 * Decodes UTF-8 chunk by chunk, exactly as one streaming `TextDecoder` does (a character
 * split between chunks stays whole, a BOM at the very start is dropped, invalid bytes
 * become U+FFFD), choosing per chunk the faster of two calls. A plain `decode()` is the fast
 * one for ASCII: Node takes it on a SIMD path, and once a `TextDecoder` has decoded with
 * `stream: true` it never takes that path again (4 MB of ASCII: about 2.5 ms against 6).
 * For other text the streaming call is the faster one there. So after an ASCII chunk the
 * next one is decoded by a plain call (a character it cuts off is handed to the streaming
 * decoder), and after other text the streaming decoder carries on until a chunk is ASCII.
 */
export class Utf8ChunkDecoder {
  private readonly whole = new TextDecoder('utf-8', { ignoreBOM: true });
  /** It starts the stream, so it drops a byte order mark at its start (and only there). */
  private readonly streaming = new TextDecoder('utf-8');
  /** True while the streaming decoder has the stream (it may hold part of a character). */
  private inStreaming = true;

  /** The text of `chunk`, less the start of a character it does not finish (kept for the next call). */
  decode(chunk: Uint8Array): string {
    const last = chunk.length - 1;
    if (this.inStreaming) {
      const text = this.streaming.decode(chunk, { stream: true });
      // ASCII that ends with an ASCII byte: the streaming decoder holds nothing, plain calls can take over.
      this.inStreaming = text.length !== chunk.length || last < 0 || chunk[last]! >= 0x80;
      return text;
    }
    const tail = incompleteTail(chunk);
    const text = this.whole.decode(tail > 0 ? chunk.subarray(0, chunk.length - tail) : chunk);
    if (tail === 0 && text.length === chunk.length) return text;
    // Not ASCII: the streaming decoder takes over, with the character this chunk began (U+FFFD
    // already when those bytes cannot start one).
    this.inStreaming = true;
    return tail > 0 ? text + this.streaming.decode(chunk.subarray(chunk.length - tail), { stream: true }) : text;
  }

  /** Ends the stream: the text of a character left unfinished (U+FFFD), if any. Ready for a new stream. */
  end(): string {
    this.inStreaming = true;
    return this.streaming.decode();
  }
}
