import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incompleteTail, Utf8ChunkDecoder } from '../../src/protocol/utf8';

const encode = (text: string) => new TextEncoder().encode(text);

/** Decodes `chunks` one by one, then ends the stream. */
function decodeChunks(chunks: Uint8Array[]): string {
  const decoder = new Utf8ChunkDecoder();
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk);
  return text + decoder.end();
}

/** `bytes` cut at `sizes` (repeated until the bytes run out; a 0 is an empty chunk). */
function cut(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  if (!sizes.some((size) => size > 0)) return [bytes];
  const chunks: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/**
 * Bytes near UTF-8: runs of ASCII (so whole-call decoding takes over), characters of every
 * length, lone lead and continuation bytes, the BOM, and bytes no UTF-8 has.
 */
const utf8ish = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map(encode),
      fc.string({ unit: 'binary', maxLength: 6 }).map(encode),
      fc.constantFrom(...['é', '€', '東', '😀', '\uFEFF', '\n'].map(encode)),
      fc
        .constantFrom(0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x9f, 0xa0, 0x8f, 0x90)
        .map((b) => Uint8Array.of(b)),
      fc.uint8Array({ maxLength: 8 }),
    ),
    { maxLength: 30 },
  )
  .map((pieces) => {
    const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const piece of pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    return out;
  });

describe('Utf8ChunkDecoder', () => {
  it('decodes any bytes in any chunking exactly as one TextDecoder decodes them whole', () => {
    fc.assert(
      fc.property(
        utf8ish,
        fc.array(fc.integer({ min: 1, max: 70 }), { minLength: 1, maxLength: 12 }),
        (bytes, sizes) => {
          expect(decodeChunks(cut(bytes, sizes))).toBe(new TextDecoder().decode(bytes));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('cuts every 2-, 3- and 4-byte character at every byte, after ASCII and after other text', () => {
    for (const prefix of ['plain ascii ', 'déjà ']) {
      for (const char of ['é', '€', '東', '😀']) {
        const bytes = encode(`${prefix}${char}${char}x${char}`);
        for (let a = 1; a < bytes.length; a++) {
          for (let b = a + 1; b <= bytes.length; b++) {
            const chunks = [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)];
            expect(decodeChunks(chunks)).toBe(`${prefix}${char}${char}x${char}`);
            // Empty chunks (a stream may deliver them) change nothing, the decoder's state included.
            const withEmpty = [chunks[0]!, new Uint8Array(0), chunks[1]!, new Uint8Array(0), chunks[2]!];
            expect(decodeChunks(withEmpty)).toBe(`${prefix}${char}${char}x${char}`);
          }
        }
      }
    }
  });

  it('drops a byte order mark at the start of the stream only, even split over three chunks', () => {
    const bytes = encode('\uFEFF{"a":1}\n\uFEFF{"a":2}\n');
    expect(decodeChunks([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)])).toBe(
      '{"a":1}\n\uFEFF{"a":2}\n',
    );
    expect(decodeChunks([bytes])).toBe('{"a":1}\n\uFEFF{"a":2}\n');
  });

  it('ends an unfinished character as U+FFFD, and starts the next stream afresh', () => {
    const decoder = new Utf8ChunkDecoder();
    expect(decoder.decode(Uint8Array.of(0x61, 0xe2, 0x82))).toBe('a');
    expect(decoder.end()).toBe('\uFFFD');
    expect(decoder.decode(encode('\uFEFFb'))).toBe('b');
    expect(decoder.end()).toBe('');
  });
});

describe('incompleteTail', () => {
  it('finds the start of a character the chunk does not finish, and only that', () => {
    expect(incompleteTail(encode('abc'))).toBe(0);
    expect(incompleteTail(encode('é'))).toBe(0);
    expect(incompleteTail(encode('😀'))).toBe(0);
    expect(incompleteTail(encode('a😀').subarray(0, 4))).toBe(3);
    expect(incompleteTail(encode('a😀').subarray(0, 2))).toBe(1);
    expect(incompleteTail(encode('€').subarray(0, 2))).toBe(2);
    // Invalid starts too: the streaming decoder that takes them over replaces them as a whole decode does.
    expect(incompleteTail(Uint8Array.of(0xe0, 0x80))).toBe(2);
    expect(incompleteTail(Uint8Array.of(0xf4, 0x90))).toBe(2);
    expect(incompleteTail(Uint8Array.of(0xf0, 0x90, 0x80))).toBe(3);
    expect(incompleteTail(Uint8Array.of(0xc0))).toBe(0); // never a lead byte
    expect(incompleteTail(Uint8Array.of(0x61, 0x80))).toBe(0); // a stray continuation byte
    expect(incompleteTail(Uint8Array.of(0x80, 0x80, 0x80, 0x80))).toBe(0);
    expect(incompleteTail(new Uint8Array(0))).toBe(0);
  });
});
