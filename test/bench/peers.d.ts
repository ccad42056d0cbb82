// can-ndjson-stream ships no types: a ReadableStream of bytes in, one of parsed values out.
declare module 'can-ndjson-stream' {
  export default function ndjsonStream(body: ReadableStream<Uint8Array>): ReadableStream<unknown>;
}
