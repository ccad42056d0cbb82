/**
 * The number of bytes at the end of `bytes` that start a UTF-8 character the chunk does not
 * finish (0 to 3): a lead byte followed by fewer continuation bytes than it announces.
 * Cutting right before a lead byte is always safe (a decoder meeting it mid-character emits
 * U+FFFD and starts afresh at it, as at the start of a chunk), and so is cutting after a
 * finished character.
 */
export function incompleteTail(bytes: Uint8Array): number {
  const length = bytes.length;
  const stop = Math.max(0, length - 4);
  let i = length - 1;
  while (i >= stop && (bytes[i]! & 0xc0) === 0x80) i--;
  if (i < stop) return 0; // nothing, or four continuation bytes: no character is pending
  const lead = bytes[i]!;
  const need = lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0;
  const have = length - i;
  return have < need ? have : 0;
}

/**
 * Decodes UTF-8 chunk by chunk, exactly as one streaming `TextDecoder` does (a character
 * split between chunks stays whole, a BOM at the very start is dropped, invalid bytes
 * become U+FFFD), choosing per chunk the faster of two calls. A non-streaming `decode()`
 * is the fast one for ASCII: Node takes it on a SIMD path, and once a `TextDecoder` has
 * decoded with `stream: true` it never takes that path again (4 MB of ASCII: about 2.5 ms
 * against 6). For other text the streaming call is the faster one there. So a chunk after
 * ASCII text is decoded whole (a character it cuts off is handed to the streaming decoder),
 * and after other text the streaming decoder carries on until a chunk is ASCII again.
 */
export class Utf8ChunkDecoder {
  private readonly whole = new TextDecoder('utf-8', { ignoreBOM: true });
  private streaming: TextDecoder | undefined;
  /** True while the streaming decoder has the stream (it may hold part of a character). */
  private inStreaming = false;
  private atStart = true;

  /** The text of `chunk`, less the start of a character it does not finish (kept for the next call). */
  decode(chunk: Uint8Array): string {
    let text: string;
    if (this.inStreaming) {
      text = this.streaming!.decode(chunk, { stream: true });
      // ASCII that ends with an ASCII byte: the streaming decoder holds nothing, whole calls can take over.
      if (text.length === chunk.length && chunk.length > 0 && chunk[chunk.length - 1]! < 0x80) {
        this.inStreaming = false;
      }
    } else {
      const tail = incompleteTail(chunk);
      const body = tail === 0 ? chunk : chunk.subarray(0, chunk.length - tail);
      text = this.whole.decode(body);
      if (tail > 0 || text.length !== body.length) {
        // Not ASCII: the streaming decoder takes over, with the character this chunk began.
        this.streaming ??= new TextDecoder('utf-8', { ignoreBOM: true });
        // Usually nothing yet; U+FFFD already when the bytes so far cannot start a character.
        if (tail > 0) text += this.streaming.decode(chunk.subarray(chunk.length - tail), { stream: true });
        this.inStreaming = true;
      }
    }
    return this.atStart ? this.first(text) : text;
  }

  /** Ends the stream: the text of a character left unfinished (U+FFFD), if any. Ready for a new stream. */
  end(): string {
    const text = this.inStreaming ? this.streaming!.decode() : '';
    this.inStreaming = false;
    const out = this.atStart ? this.first(text) : text;
    this.atStart = true;
    return out;
  }

  /** The stream's first text: a byte order mark is not part of it. */
  private first(text: string): string {
    if (text.length === 0) return text;
    this.atStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
