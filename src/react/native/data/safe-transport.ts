import type { ITransport, ITransportResponse } from '@cubejs-client/core';
import {
  DataError,
  dataErrorFromAnswer,
  isContinueWait,
  MetaResponseSchema,
  parseLoadResponse,
} from '../../../protocol';
import { isPrototypeKey } from '../../../protocol/own-keys';

// `@cubejs-client/core`'s own transport calls the global `fetch`, reads any answer whole and
// hands its text to the client as it came. This one is what the client gets instead: the
// host's `fetch`, answers read up to a size and within the deadline, redirects refused, rows
// past the query's `limit` dropped before they are checked, answers checked against the data
// API's shapes (keys that reach a prototype dropped), and "Continue wait" polled a bounded
// number of times.

/** Limits on one request to the data API. */
export interface TransportLimits {
  /** Largest answer read, in bytes. Default 16 MiB. */
  maxAnswerBytes: number;
  /** "Continue wait" answers accepted before giving up with `timeout`. Default 120. */
  maxPolls: number;
}

/** The default {@link TransportLimits}. */
export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = { maxAnswerBytes: 16 * 1024 * 1024, maxPolls: 120 };

/** What the client reads from an answer (a fetch `Response` has more; it uses these two). */
export interface CheckedAnswer {
  status: number;
  text(): Promise<string>;
}

interface TransportOptions {
  apiUrl: string;
  token: string;
  fetch: typeof fetch;
  limits: TransportLimits;
  /** Aborted on unmount (the query's signal) or at the deadline. */
  signal: AbortSignal;
  /**
   * Aborted at the deadline only: a request (and its body) ends then even when the host's
   * `fetch` ignores `signal`. A cancel is left to `fetch` (the caller has moved on).
   */
  deadline?: AbortSignal;
  /** Asked for whether the deadline passed (then an abort is a `timeout`, not a cancel). */
  timedOut: () => boolean;
  /** Called with each "Continue wait". */
  onWait?: () => void;
  /** The query's members, to name the one a 400 answer is about. */
  members?: readonly string[];
  /** Called with each checked `/load` answer: the rows dropped past the query's `limit`. */
  onDropped?: (rows: number) => void;
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
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    void response.body?.cancel().catch(() => undefined);
    throw new DataError('server', `the data API's answer is larger than ${max} bytes`, { status: response.status });
  }
  if (!response.body) return beforeAbort(response.text(), signal);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
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
      throw new DataError('server', `the data API's answer is larger than ${max} bytes`, { status: response.status });
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A `/load` answer cut to what was asked: as many results as queries sent, and in each no
 * more rows than its query's `limit` (sliced before the rows are checked: what is dropped
 * costs nothing past the parse). The same object when nothing was cut.
 */
export function boundedLoad(body: unknown, sent: unknown): { body: unknown; dropped: number } {
  const queries: unknown[] = Array.isArray(sent) ? sent : [sent];
  let dropped = 0;
  const cut = (result: unknown, i: number): unknown => {
    const limit = isRecord(queries[i]) ? queries[i].limit : undefined;
    if (!isRecord(result) || !Array.isArray(result.data) || typeof limit !== 'number' || !(limit >= 0)) return result;
    if (result.data.length <= limit) return result;
    dropped += result.data.length - limit;
    return { ...result, data: result.data.slice(0, limit) };
  };
  if (isRecord(body) && Array.isArray(body.results)) {
    const kept = body.results.length > queries.length ? body.results.slice(0, queries.length) : body.results;
    const results = kept.map(cut);
    const changed = kept !== body.results || results.some((result, i) => result !== kept[i]);
    return { body: changed ? { ...body, results } : body, dropped };
  }
  return { body: cut(body, 0), dropped };
}

/** A 200 answer of `endpoint`, checked; a cleaned copy's text when checking dropped keys or rows. */
function checkedText(
  endpoint: string,
  text: string,
  body: unknown,
  params: Record<string, unknown>,
  onDropped?: (rows: number) => void,
): string {
  if (endpoint === 'load') {
    const bounded = boundedLoad(body, params.query);
    onDropped?.(bounded.dropped);
    const results = parseLoadResponse(bounded.body);
    const original = bounded.body as { results?: unknown[] };
    const multi = Array.isArray(original.results);
    const changed =
      bounded.body !== body ||
      (multi ? results.some((result, i) => result !== original.results![i]) : results[0] !== bounded.body);
    if (!changed) return text;
    return JSON.stringify(multi ? { ...(bounded.body as object), results } : results[0]);
  }
  if (endpoint === 'meta') {
    const meta = MetaResponseSchema.parse(body, 'meta answer');
    // The client indexes members by name: a member named `__proto__` would reach a prototype.
    const named = (item: { name: string }) => !isPrototypeKey(item.name);
    if (meta.cubes.every((cube) => named(cube) && cube.measures.every(named) && cube.dimensions.every(named)))
      return text;
    return JSON.stringify({
      cubes: meta.cubes.filter(named).map((cube) => ({
        ...cube,
        measures: cube.measures.filter(named),
        dimensions: cube.dimensions.filter(named),
      })),
    });
  }
  return text;
}

/**
 * A transport for `@cubejs-client/core` (its `transport` option) that uses `fetch` from the
 * provider, sends the token as `Authorization`, follows no redirect, reads answers within
 * the deadline and up to a size, drops rows past the query's `limit`, validates answers, and
 * bounds the "Continue wait" poll. A failure it finds is thrown as a `DataError`.
 */
export function createSafeTransport(options: TransportOptions): ITransport<CheckedAnswer> {
  const { apiUrl, token, limits, signal } = options;
  const deadline = options.deadline ?? signal;
  const origin = new URL(apiUrl).origin;
  let polls = 0;
  return {
    authorization: token,
    request(endpoint: string, params: Record<string, unknown>): ITransportResponse<CheckedAnswer> {
      const query: Record<string, string> = Object.create(null);
      for (const [key, value] of Object.entries(params)) {
        // The client's own bookkeeping is not part of the request.
        if (key === 'signal' || key === 'baseRequestId' || key === 'method' || value === undefined) continue;
        query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
      const search = new URLSearchParams(query).toString();
      const getUrl = `${apiUrl}/${endpoint}${search ? `?${search}` : ''}`;
      // As the client's own transport: GET while the URL is short, else POST the same fields.
      const post = getUrl.length >= 2000;
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
        if (options.timedOut())
          return new DataError('timeout', 'the data API did not answer in time', { cause: error });
        if (signal.aborted) return error; // cancelled: TanStack Query drops the request
        return new DataError('network', what, { cause: error });
      };
      const run = async (): Promise<CheckedAnswer> => {
        let response: Response;
        try {
          response = await beforeAbort(options.fetch(post ? `${apiUrl}/${endpoint}` : getUrl, init), deadline);
        } catch (error) {
          throw failed(error, 'could not reach the data API');
        }
        const redirect = redirectProblem(response, origin);
        if (redirect) {
          void response.body?.cancel().catch(() => undefined);
          throw redirect;
        }
        let text: string;
        try {
          text = await readCapped(response, limits.maxAnswerBytes, deadline);
        } catch (error) {
          throw failed(error, 'the connection to the data API broke');
        }
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          if (response.status === 200)
            throw new DataError('server', 'the data API answered with something other than JSON', { status: 200 });
          body = text;
        }
        // A failure is typed here, not handed to the client: it polls again, without end, a 502
        // and any answer whose error mentions "Continue wait", whatever its status.
        if (response.status !== 200) throw dataErrorFromAnswer(response.status, body, options.members ?? []);
        if (isContinueWait(body)) {
          polls += 1;
          options.onWait?.();
          if (polls > limits.maxPolls)
            throw new DataError('timeout', `the query was still running after ${limits.maxPolls} polls`, {
              status: 200,
            });
          return { status: 200, text: async () => text };
        }
        let checked: string;
        try {
          checked = checkedText(endpoint, text, body, params, options.onDropped);
        } catch (error) {
          throw new DataError('server', `the data API's ${endpoint} answer is not valid`, {
            status: 200,
            cause: error,
          });
        }
        return { status: 200, text: async () => checked };
      };
      return {
        async subscribe(callback) {
          // A poll after "Continue wait" waits a little once the first few were quick.
          if (polls > 3) await new Promise((resolve) => setTimeout(resolve, Math.min(100 * polls, 1_000)));
          return callback(await run(), () => this.subscribe(callback));
        },
      };
    },
  };
}
