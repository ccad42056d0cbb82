/**
 * The floors of the decoding bench: the least work that turns the bench's bytes into parsed
 * lines, without validation, line numbers, error lines or events.
 */
import { incompleteTail } from '../../src/protocol/utf8';
import { streamOf } from './protocol-streams';

/** Parses each non-empty line of `text`; returns how many. */
function parseLines(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (line) {
      JSON.parse(line);
      n++;
    }
  }
  return n;
}

/**
 * The in-memory floor: the whole stream already in memory, decoded to text in one call,
 * split on newlines, `JSON.parse` per line. No reads, no streaming.
 */
export function inMemoryFloor(bytes: Uint8Array): number {
  return parseLines(new TextDecoder().decode(bytes));
}

/**
 * A streaming floor: reads every chunk from the stream and keeps the bytes; at a chunk with
 * a newline, decodes what it kept up to the chunk's last newline in one call, splits and
 * parses. A long line is decoded once, when its newline arrives.
 */
export async function keptBytesFloor(parts: Uint8Array[]): Promise<number> {
  const reader = streamOf(parts).getReader();
  const decoder = new TextDecoder();
  let kept: Uint8Array[] = [];
  let keptBytes = 0;
  let n = 0;
  const decodeKept = () => {
    const all = kept.length === 1 ? kept[0]! : new Uint8Array(keptBytes);
    if (kept.length > 1) {
      let at = 0;
      for (const piece of kept) {
        all.set(piece, at);
        at += piece.length;
      }
    }
    n += parseLines(decoder.decode(all));
  };
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    if (chunk.indexOf(10) === -1) {
      kept.push(chunk);
      keptBytes += chunk.length;
      continue;
    }
    const last = chunk.lastIndexOf(10);
    kept.push(chunk.subarray(0, last));
    keptBytes += last;
    decodeKept();
    kept = [chunk.subarray(last + 1)];
    keptBytes = chunk.length - last - 1;
  }
  if (keptBytes > 0) decodeKept();
  return n;
}

/** Splits decoded text into lines and parses them; a line spread over chunks is kept as pieces and joined at its newline. */
class LineSplitter {
  private pieces: string[] = [];
  lines = 0;

  push(text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      if (this.pieces.length > 0) {
        this.pieces.push(text.slice(start, newline));
        this.parse(this.pieces.join(''));
        this.pieces = [];
      } else {
        this.parse(text.slice(start, newline));
      }
      start = newline + 1;
    }
    if (start < text.length) this.pieces.push(text.slice(start));
  }

  end(): number {
    this.parse(this.pieces.join(''));
    return this.lines;
  }

  private parse(line: string): void {
    if (line) {
      JSON.parse(line);
      this.lines++;
    }
  }
}

/** A streaming floor: reads every chunk and decodes it at once with one streaming `TextDecoder`. */
export async function streamingDecoderFloor(parts: Uint8Array[]): Promise<number> {
  const reader = streamOf(parts).getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    lines.push(decoder.decode(read.value, { stream: true }));
  }
  lines.push(decoder.decode());
  return lines.end();
}

/**
 * A streaming floor: reads every chunk and decodes it at once with plain (not streaming)
 * `TextDecoder.decode()` calls, which Node takes on its fast path; a character split between
 * chunks is carried over to the next one.
 */
export async function wholeCallsFloor(parts: Uint8Array[]): Promise<number> {
  const reader = streamOf(parts).getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const lines = new LineSplitter();
  let carry: Uint8Array | undefined;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    let chunk = read.value;
    if (carry) {
      const joined = new Uint8Array(carry.length + chunk.length);
      joined.set(carry);
      joined.set(chunk, carry.length);
      chunk = joined;
      carry = undefined;
    }
    const tail = incompleteTail(chunk);
    if (tail > 0) {
      carry = chunk.slice(chunk.length - tail);
      chunk = chunk.subarray(0, chunk.length - tail);
    }
    lines.push(decoder.decode(chunk));
  }
  if (carry) lines.push(decoder.decode(carry));
  return lines.end();
}
