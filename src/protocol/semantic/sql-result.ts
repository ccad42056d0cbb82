import { NdjsonLineDecoder, type NdjsonEvent } from '../ndjson';
import { SqlColumnSchema, toSqlResult, type Cell, type SqlColumnWire, type SqlResult } from '../tools';
import { isTimeText, numberValue } from './clean-values';
import { DataError } from './data-error';
import { SEMANTIC_KEY_ROOT } from './query-key';

// The data API's SQL route (`POST {deploymentUrl}/cubejs-api/v1/cubesql`, `{query}`) answers
// as JSON lines: one `{schema}` line, then `{data: [[…]]}` lines, or an `{error}` line. A pinned
// answer re-runs its SQL there under the viewer's identity; every byte of the answer is the
// data API's, so it is read with caps and checked line by line.

/** Limits of {@link CubeSqlDecoder}. */
export interface CubeSqlLimits {
  /** Rows kept; later rows are counted (`totalRows`) and dropped (`truncated`). Default 5,000. */
  maxRows?: number;
  /** Bytes (or UTF-16 units, for text chunks) read in all; more is a `server` error. Default 16 MiB. */
  maxBytes?: number;
  /** Columns accepted in the schema; more is a `server` error. Default 200. */
  maxColumns?: number;
}

/**
 * The cache key of a pinned answer's rows from the SQL route: one request per SQL and provider
 * scope, the same for a server's prefetch and the browser. (Beside the decoder, not in the
 * protocol entry: only code that reads pinned answers needs it.)
 */
export const semanticSqlKey = (sql: string, scope = 'default') => [SEMANTIC_KEY_ROOT, scope, 'sql', sql] as const;

/** Default row cap of a pinned answer: more than any chart or table of a board shows. */
export const CUBESQL_MAX_ROWS = 5_000;
/** Default byte cap of a `/cubesql` answer. */
export const CUBESQL_MAX_BYTES = 16 * 1024 * 1024;
const MAX_COLUMNS = 200;
/** Longest error text kept from an `{error}` line: a message, not a page. */
const MAX_MESSAGE = 500;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (message: string) => new DataError('server', `the SQL answer is not what the data API sends: ${message}`);

/** An integer past 2^53 as text: kept as text, exact (as the chat keeps it). */
const BIG_INTEGER = /^\s*-?\d{16,}\s*$/;

/**
 * Reads a `/cubesql` answer pushed in chunks (any chunking), bounded by {@link CubeSqlLimits}.
 * `push` and `end` throw a {@link DataError} (`server` for a malformed, oversized or
 * out-of-order answer; `bad-query` for an `{error}` line) and nothing of the answer is kept.
 * `end` gives the chat's {@link SqlResult}: cells typed by the schema, and, as the native data
 * path cleans a `/load` answer, a number column's `"NaN"` or a time column's non-date made
 * `null` and counted in `missing`.
 */
export class CubeSqlDecoder {
  private readonly lines: NdjsonLineDecoder;
  private readonly maxRows: number;
  private readonly maxBytes: number;
  private readonly maxColumns: number;
  private bytes = 0;
  private schema: SqlColumnWire[] | undefined;
  private readonly rows: unknown[][] = [];
  private total = 0;
  private readonly events: NdjsonEvent[] = [];

  constructor(limits: CubeSqlLimits = {}) {
    this.maxRows = Math.max(0, Math.floor(limits.maxRows ?? CUBESQL_MAX_ROWS));
    this.maxBytes = limits.maxBytes ?? CUBESQL_MAX_BYTES;
    this.maxColumns = limits.maxColumns ?? MAX_COLUMNS;
    // A line can never be longer than the whole answer may be.
    this.lines = new NdjsonLineDecoder({ maxLineLength: this.maxBytes });
  }

  /** Reads one chunk of the answer. */
  push(chunk: Uint8Array | string): void {
    this.bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    if (this.bytes > this.maxBytes)
      throw new DataError('server', `the SQL answer is larger than ${this.maxBytes} bytes`);
    this.lines.push(chunk, this.events);
    this.drain();
  }

  /** Ends the answer: its rows as a {@link SqlResult} for `sqlQuery`. */
  end(sqlQuery: string): SqlResult & { missing?: number } {
    this.lines.end(this.events);
    this.drain();
    if (!this.schema) throw bad('no schema line');
    const result = toSqlResult({ sqlQuery, schema: this.schema, data: this.rows });
    const missing = clean(result);
    result.totalRows = this.total;
    result.truncated = this.total > result.rows.length;
    return missing > 0 ? { ...result, missing } : result;
  }

  private drain(): void {
    for (const event of this.events) this.take(event);
    this.events.length = 0;
  }

  /**
   * Reads one line already decoded (instead of `push`): a reader that parses the lines itself
   * (a browser's main thread, in slices) hands each one here; `maxBytes` is then its to check.
   */
  take(event: NdjsonEvent): void {
    if (event.type === 'malformed') throw bad(`line ${event.line} is not JSON`);
    if (event.type === 'error') throw new DataError('bad-query', event.message.slice(0, MAX_MESSAGE) || 'SQL error');
    const value = event.value;
    if (!isRecord(value)) throw bad(`line ${event.line} is not an object`);
    if (Object.hasOwn(value, 'schema')) {
      if (this.schema) throw bad('a second schema line');
      const schema = value.schema;
      if (!Array.isArray(schema) || !schema.every((column) => SqlColumnSchema.is(column)))
        throw bad('the schema is not a list of named columns');
      if (schema.length > this.maxColumns) throw bad(`more than ${this.maxColumns} columns`);
      this.schema = schema.map((column: SqlColumnWire) => ({
        name: column.name.slice(0, 200),
        column_type: String(column.column_type ?? column.columnType ?? '').slice(0, 100),
      }));
      return;
    }
    if (Object.hasOwn(value, 'data')) {
      if (!this.schema) throw bad('rows before the schema');
      const data = value.data;
      if (!Array.isArray(data)) throw bad(`line ${event.line}'s data is not a list`);
      const width = this.schema.length;
      for (const row of data) {
        if (!Array.isArray(row)) throw bad(`line ${event.line} has a row that is not a list`);
        this.total++;
        // Rows past the cap are counted, not kept; a row is cut or padded to the schema.
        if (this.rows.length < this.maxRows)
          this.rows.push(row.length === width ? row : Array.from({ length: width }, (_, i) => row[i] ?? null));
      }
      return;
    }
    throw bad(`line ${event.line} is neither schema nor data`);
  }
}

/** Nulls the cells that are not what their column says; returns how many. */
function clean(result: SqlResult): number {
  let missing = 0;
  result.columns.forEach((column, i) => {
    if (column.kind !== 'number' && column.kind !== 'time') return;
    for (const row of result.rows) {
      const cell = row[i];
      if (cell === null || cell === undefined) continue;
      let next: Cell = cell;
      if (column.kind === 'number') {
        if (typeof cell === 'string' && BIG_INTEGER.test(cell)) continue;
        next = numberValue(typeof cell === 'boolean' ? String(cell) : cell);
      } else if (!isTimeText(typeof cell === 'string' ? cell : undefined)) next = null;
      if (next === null) missing++;
      row[i] = next;
    }
  });
  return missing;
}

/**
 * Reads a whole `/cubesql` answer from a byte stream with {@link CubeSqlDecoder}; on any
 * failure (or `signal`'s abort) the stream is cancelled.
 */
export async function readCubeSqlAnswer(
  stream: ReadableStream<Uint8Array>,
  sqlQuery: string,
  options: CubeSqlLimits & { signal?: AbortSignal } = {},
): Promise<SqlResult & { missing?: number }> {
  const decoder = new CubeSqlDecoder(options);
  const reader = stream.getReader();
  const { signal } = options;
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) return decoder.end(sqlQuery);
      decoder.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (error instanceof DataError || signal?.aborted) throw error;
    throw new DataError('network', 'the SQL answer broke off before it ended', { cause: error });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}
