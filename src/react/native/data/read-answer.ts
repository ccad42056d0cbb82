import {
  CubeMetaSchema,
  DataError,
  dataErrorFromAnswer,
  errorLineMessage,
  isContinueWait,
  LoadRowSchema,
  MetaResponseSchema,
  parseLoadResponse,
  ProtocolError,
  type LoadResult,
  type LoadRow,
  type MetaResponse,
  type SemanticQuery,
  type SemanticResult,
  type SqlResult,
} from '../../../protocol';
import { isPrototypeKey, setOwn, withoutPrototypeKeys } from '../../../protocol/own-keys';
import { cleanValues } from '../../../protocol/semantic/clean-values';
import { CubeSqlDecoder } from '../../../protocol/semantic/sql-result';
import { jsonDepth, JsonSliceError, MAX_ANSWER_DEPTH, parseJsonSliced, type Pace } from './json-slices';

// What the data client does with an answer once its bytes are in: decode, parse, check
// against the data API's shapes, cut to what was asked, clean the values. The same code runs
// in the data client's worker (in one go) and on the main thread (in one go for a small
// answer, in slices that yield for a large one where no worker reads answers), so the
// widgets get the same rows either way.

/** An answer as it came off the wire: its status and its bytes (at most the client's cap). */
export interface AnswerBytes {
  status: number;
  chunks: Uint8Array[];
  /** Bytes in all. */
  size: number;
}

/** What to read an answer as. */
export type AnswerJob =
  | { endpoint: 'load'; query: SemanticQuery; members: readonly string[] }
  | { endpoint: 'meta' }
  | { endpoint: 'sql'; sql: string; maxRows: number };

/** An answer read: the widgets' shapes, or "Continue wait" (ask again). Failures are thrown as `DataError`s. */
export type AnswerOutcome =
  | { kind: 'load'; result: SemanticResult }
  | { kind: 'meta'; meta: MetaResponse }
  | { kind: 'sql'; result: SqlResult & { missing?: number } }
  | { kind: 'wait' };

/**
 * Most rows a `/load` answer keeps when its query names no `limit`: the data API's own
 * maximum (its default is 10,000), so more is never an answer it sends.
 */
export const MAX_LOAD_ROWS = 50_000;

/** Rows checked or cleaned between two looks at the clock. */
const ROWS_PER_CHECK = 1_000;
/** Bytes decoded between two looks at the clock (the sliced reading). */
const DECODE_BYTES = 256 * 1024;

/** How an answer is parsed: `JSON.parse` after a depth scan (one go), or in slices. */
export interface Reading {
  pace: Pace;
  sliced: boolean;
}

const NOT_JSON = Symbol('not JSON');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bytes as text, chunk by chunk with a look at the clock between (the sliced reading). */
async function decodeSliced(answer: AnswerBytes, pace: Pace): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (const chunk of answer.chunks) {
    // At most 256 KB at a time (a fraction of a millisecond), whatever one read gave.
    for (let at = 0; at < chunk.byteLength; at += DECODE_BYTES) {
      parts.push(decoder.decode(chunk.subarray(at, at + DECODE_BYTES), { stream: true }));
      if (pace.due()) await pace.pause();
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The chunks as one buffer. */
function joined(answer: AnswerBytes): Uint8Array {
  if (answer.chunks.length === 1) return answer.chunks[0]!;
  const out = new Uint8Array(answer.size);
  let at = 0;
  for (const chunk of answer.chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const tooDeep = (status: number) =>
  new DataError('server', `the data API's answer is nested more than ${MAX_ANSWER_DEPTH} deep`, { status });

/**
 * The answer's JSON, or {@link NOT_JSON} (a 200 that is not JSON), or its text (a failing
 * status's body that is not JSON). A 200 nested deeper than {@link MAX_ANSWER_DEPTH} is
 * refused with a `DataError`: `JSON.parse` takes any depth, the copies made of its value
 * later (structured clone, a cache's deep compare) do not. Read in one go, the depth is found
 * by a scan of the bytes before `JSON.parse`; in slices, by the parser.
 */
async function parse(answer: AnswerBytes, reading: Reading): Promise<unknown> {
  let text: string;
  let deep = false;
  if (reading.sliced) text = await decodeSliced(answer, reading.pace);
  else {
    const bytes = joined(answer);
    deep = jsonDepth(bytes) > MAX_ANSWER_DEPTH;
    text = new TextDecoder().decode(bytes);
  }
  try {
    if (deep) throw new JsonSliceError('nested too deep', 0, true);
    return reading.sliced ? await parseJsonSliced(text, reading.pace) : JSON.parse(text);
  } catch (error) {
    if (answer.status !== 200) return text;
    if (error instanceof JsonSliceError && error.tooDeep) throw tooDeep(answer.status);
    return NOT_JSON;
  }
}

/**
 * Reads a `/load`, `/meta` or `/cubesql` answer of the data API: a failing status as its
 * `DataError`, "Continue wait" as `wait`, anything not in the data API's shapes as a `server`
 * error; rows past the query's `limit` (or {@link MAX_LOAD_ROWS}) dropped before they are
 * checked and counted in `dropped`; prototype keys dropped; values that are not what their
 * member says made `null` and counted in `missing`.
 */
export async function readAnswer(job: AnswerJob, answer: AnswerBytes, reading: Reading): Promise<AnswerOutcome> {
  if (job.endpoint === 'sql') return { kind: 'sql', result: await readSql(job, answer, reading) };
  const body = await parse(answer, reading);
  if (body === NOT_JSON)
    throw new DataError('server', 'the data API answered with something other than JSON', { status: 200 });
  if (answer.status !== 200) throw dataErrorFromAnswer(answer.status, body, job.endpoint === 'load' ? job.members : []);
  if (isContinueWait(body)) return { kind: 'wait' };
  try {
    if (job.endpoint === 'meta') return { kind: 'meta', meta: await checkMeta(body, reading.pace) };
    return { kind: 'load', result: await checkLoad(body, job.query, reading.pace) };
  } catch (error) {
    if (error instanceof DataError) throw error;
    throw new DataError('server', `the data API's ${job.endpoint} answer is not valid`, { status: 200, cause: error });
  }
}

/** The rows a `/load` answer keeps for `query`: its `limit`, never more than {@link MAX_LOAD_ROWS}. */
export function rowCap(query: SemanticQuery): number {
  const limit = query.limit;
  return typeof limit === 'number' && limit >= 0 ? Math.min(Math.floor(limit), MAX_LOAD_ROWS) : MAX_LOAD_ROWS;
}

/** A `/load` answer (either form) as the cache's {@link SemanticResult}. */
async function checkLoad(body: unknown, query: SemanticQuery, pace: Pace): Promise<SemanticResult> {
  // One query was sent: the first result is its answer, more are dropped unread.
  const multi = isRecord(body) && Array.isArray(body.results) ? body : undefined;
  const result: unknown = multi ? (multi.results as unknown[])[0] : body;
  const rows = isRecord(result) && Array.isArray(result.data) ? (result.data as unknown[]) : undefined;
  // Everything but the rows is checked at once (it is small); the rows, cut first, in slices.
  const shell = rows ? { ...(result as Record<string, unknown>), data: [] } : result;
  const [first] = parseLoadResponse(multi ? { ...multi, results: [shell] } : shell) as [LoadResult];
  const cap = rowCap(query);
  const kept = rows && rows.length > cap ? rows.slice(0, cap) : (rows ?? []);
  const data: LoadRow[] = new Array(kept.length);
  for (let i = 0; i < kept.length; i++) {
    if (i % ROWS_PER_CHECK === 0 && pace.due()) await pace.pause();
    const row = kept[i];
    if (!LoadRowSchema.test(row)) LoadRowSchema.parse(row, `load answer row ${i}`);
    data[i] = withoutPrototypeKeys(row as LoadRow);
  }
  const out: SemanticResult = { query, data, annotation: first.annotation };
  if (typeof first.total === 'number') out.total = first.total;
  const pivotQuery = multi?.pivotQuery;
  if (isRecord(pivotQuery)) out.pivotQuery = pivotQuery;
  if (rows && rows.length > kept.length) out.dropped = rows.length - kept.length;
  const missing = await cleanInSlices(out, pace);
  if (missing) out.missing = missing;
  return out;
}

/** {@link cleanValues} over the rows a slice at a time; the counts summed. */
async function cleanInSlices(result: SemanticResult, pace: Pace): Promise<Record<string, number> | undefined> {
  let missing: Record<string, number> | undefined;
  for (let start = 0; start < result.data.length; start += ROWS_PER_CHECK) {
    if (pace.due()) await pace.pause();
    const counts = cleanValues({ ...result, data: result.data.slice(start, start + ROWS_PER_CHECK) });
    for (const [key, count] of Object.entries(counts ?? {}))
      setOwn((missing ??= {}), key, (Object.hasOwn(missing, key) ? missing[key]! : 0) + count);
  }
  return missing;
}

/** A `/meta` answer, checked a cube at a time; members named like a prototype key dropped. */
async function checkMeta(body: unknown, pace: Pace): Promise<MetaResponse> {
  if (!isRecord(body) || !Array.isArray(body.cubes)) return MetaResponseSchema.parse(body, 'meta answer');
  const cubes = body.cubes as unknown[];
  for (let i = 0; i < cubes.length; i++) {
    if (pace.due()) await pace.pause();
    if (!CubeMetaSchema.test(cubes[i])) CubeMetaSchema.parse(cubes[i], `meta answer cube ${i}`);
  }
  const meta = body as MetaResponse;
  // The data model's members are looked up by name: one named `__proto__` would reach a prototype.
  const named = (item: { name: string }) => !isPrototypeKey(item.name);
  if (meta.cubes.every((cube) => named(cube) && cube.measures.every(named) && cube.dimensions.every(named)))
    return meta;
  return {
    ...meta,
    cubes: meta.cubes.filter(named).map((cube) => ({
      ...cube,
      measures: cube.measures.filter(named),
      dimensions: cube.dimensions.filter(named),
    })),
  };
}

/**
 * A `/cubesql` answer (JSON lines) as the chat's `SqlResult`, by the protocol's decoder: in
 * one go, or a line at a time with each line parsed in slices.
 */
async function readSql(
  job: { sql: string; maxRows: number },
  answer: AnswerBytes,
  reading: Reading,
): Promise<SqlResult & { missing?: number }> {
  const decoder = new CubeSqlDecoder({ maxRows: job.maxRows, maxBytes: Math.max(answer.size, 1) });
  if (!reading.sliced) {
    const bytes = joined(answer);
    if (jsonDepth(bytes) > MAX_ANSWER_DEPTH) throw tooDeep(answer.status);
    decoder.push(bytes);
    return decoder.end(job.sql);
  }
  const text = await decodeSliced(answer, reading.pace);
  let line = 0;
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const piece = text.slice(start, end);
    start = end + 1;
    line++;
    if (piece.trim() === '') continue;
    let value: unknown;
    try {
      value = await parseJsonSliced(piece, reading.pace);
    } catch (cause) {
      if (cause instanceof JsonSliceError && cause.tooDeep) throw tooDeep(answer.status);
      const error = new ProtocolError('malformed-line', `Line ${line} is not valid JSON`, { line, cause });
      decoder.take({ type: 'malformed', error, line });
      continue;
    }
    const message = errorLineMessage(value);
    decoder.take(
      message === undefined
        ? { type: 'value', value, line }
        : { type: 'error', message, body: value as Record<string, unknown>, line },
    );
  }
  return decoder.end(job.sql);
}
