import { DataError } from '../../../protocol';
import { mainThreadPace } from './json-slices';
import type { AnswerBytes } from './read-answer';

// The data API's requests as the data client makes them: the host's `fetch`, the token as
// `Authorization`, no redirect followed, answers read as bytes up to a size and within the
// deadline. What the bytes say is read afterwards, in the data client's worker or in slices
// (read-answer.ts), never here on the main thread.

/** Limits on one request to the data API. */
export interface TransportLimits {
  /** Largest answer read, in bytes. Default 16 MiB. */
  maxAnswerBytes: number;
  /** "Continue wait" answers accepted before giving up with `timeout`. Default 120. */
  maxPolls: number;
}

/** The default {@link TransportLimits}. */
export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = { maxAnswerBytes: 16 * 1024 * 1024, maxPolls: 120 };

/** One request of {@link requestAnswer}. */
export interface AnswerRequest {
  /** The data API's base, `{deploymentUrl}/cubejs-api/v1`. */
  apiUrl: string;
  token: string;
  /** `load`, `meta` or `cubesql`. */
  endpoint: string;
  /** The request's fields: in the URL while it is short (GET), else a JSON body (POST). */
  params: Record<string, unknown>;
  fetch: typeof fetch;
  maxAnswerBytes: number;
  /** Aborted on unmount (the query's signal) or at the deadline. */
  signal: AbortSignal;
  /**
   * Aborted at the deadline only: a request (and its body) ends then even when the host's
   * `fetch` ignores `signal`. A cancel is left to `fetch` (the caller has moved on).
   */
  deadline: AbortSignal;
  /** Asked for whether the deadline passed (then an abort is a `timeout`, not a cancel). */
  timedOut: () => boolean;
  /** Always POST with a JSON body (the SQL route). */
  post?: boolean;
  /** Called once the answer has passed this many bytes (the worker starts while the rest arrives). */
  large?: { bytes: number; then: () => void };
}

/**
 * Sends one request to the data API and reads its answer's bytes: any status (the reader
 * types a failing one), no redirect followed (a `redirect` error), at most `maxAnswerBytes`
 * (a `server` error past it), within the deadline (`timeout`); a broken connection is
 * `network`; a cancel stays a cancel.
 */
export async function requestAnswer(request: AnswerRequest): Promise<AnswerBytes> {
  const { apiUrl, token, endpoint, params, signal, deadline } = request;
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const search = new URLSearchParams(query).toString();
  const getUrl = `${apiUrl}/${endpoint}${search ? `?${search}` : ''}`;
  // As `@cubejs-client/core`'s own transport: GET while the URL is short, else POST the same fields.
  const post = request.post || getUrl.length >= 2000;
  const init: RequestInit = {
    method: post ? 'POST' : 'GET',
    headers: post ? { Authorization: token, 'Content-Type': 'application/json' } : { Authorization: token },
    body: post ? JSON.stringify(Object.fromEntries(Object.entries(params).filter(([k]) => k in query))) : null,
    // A redirect could send the query to another origin and show its numbers: none is followed.
    redirect: 'manual',
    signal,
  };
  /** A failure of the request or of reading its body, typed (a cancel stays a cancel). */
  const failed = (error: unknown, what: string): unknown => {
    if (error instanceof DataError) return error;
    if (request.timedOut()) return new DataError('timeout', 'the data API did not answer in time', { cause: error });
    if (signal.aborted) return error; // cancelled: TanStack Query drops the request
    return new DataError('network', what, { cause: error });
  };
  let response: Response;
  try {
    response = await beforeAbort(request.fetch(post ? `${apiUrl}/${endpoint}` : getUrl, init), deadline);
  } catch (error) {
    throw failed(error, 'could not reach the data API');
  }
  const redirect = redirectProblem(response, new URL(apiUrl).origin);
  if (redirect) {
    void response.body?.cancel().catch(() => undefined);
    throw redirect;
  }
  try {
    return await readBytes(response, request.maxAnswerBytes, deadline, request.large);
  } catch (error) {
    throw failed(error, 'the connection to the data API broke');
  }
}

/**
 * `pending`, or a rejection with the signal's reason once `signal` aborts: a deadline holds
 * even when a host's `fetch` (or its body) ignores the signal.
 */
export function beforeAbort<T>(pending: T | Promise<T>, signal: AbortSignal): Promise<T> {
  // A host callback may answer with a plain value: taken as a settled promise.
  const promise = Promise.resolve(pending);
  if (signal.aborted) {
    // Its own failure (a fetch given an aborted signal rejects too) is seen, not left unhandled.
    promise.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}

/**
 * The redirect `response` is, if it is one: `redirect: 'manual'` gives a browser's opaque
 * redirect (or a 3xx where the target is visible); a host's own `fetch` may have followed one
 * to `response.url`. A redirect within `origin` that was already followed is kept.
 */
export function redirectProblem(response: Response, origin: string): DataError | undefined {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    return new DataError('redirect', 'the data API redirected the request (not followed)', {
      status: response.status,
    });
  if (!response.redirected || !response.url) return undefined;
  let target: string;
  try {
    target = new URL(response.url).origin;
  } catch {
    target = 'an unknown origin';
  }
  return target === origin
    ? undefined
    : new DataError('redirect', `the data API redirected the request to another origin (${target.slice(0, 100)})`, {
        status: response.status,
      });
}

/**
 * Reads a body up to `max` bytes; more is a `server` error and the rest is not read. Each
 * read waits for `signal` at most: a body that stalls ends at the deadline.
 */
export async function readCapped(response: Response, max: number, signal: AbortSignal): Promise<string> {
  const { chunks } = await readBytes(response, max, signal);
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/**
 * Reads a body's bytes up to `max`; more is a `server` error and the rest is not read. Each
 * read waits for `signal` at most: a body that stalls ends at the deadline.
 */
export async function readBytes(
  response: Response,
  max: number,
  signal: AbortSignal,
  large?: { bytes: number; then: () => void },
): Promise<AnswerBytes> {
  const tooLarge = () =>
    new DataError('server', `the data API's answer is larger than ${max} bytes`, { status: response.status });
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  let told = false;
  const tell = () => {
    if (told || !large) return;
    told = true;
    large.then();
  };
  if (Number.isFinite(declared) && large && declared > large.bytes) tell();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) {
    const whole = new Uint8Array(await beforeAbort(response.arrayBuffer(), signal));
    if (whole.byteLength > max) throw tooLarge();
    return { status: response.status, chunks: [whole], size: whole.byteLength };
  }
  const reader = response.body.getReader();
  // Chunks the browser holds already are read in one go otherwise (a fast network's burst):
  // the page gets a turn every few milliseconds of reading.
  const pace = mainThreadPace(4);
  for (;;) {
    if (pace.due()) await pace.pause();
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await beforeAbort(reader.read(), signal);
    } catch (error) {
      void reader.cancel().catch(() => undefined);
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
    if (large && size > large.bytes) tell();
  }
  return { status: response.status, chunks, size };
}
