import type { ITransport, ITransportResponse } from '@cubejs-client/core';
import { DataError, isContinueWait, MetaResponseSchema, parseLoadResponse } from '../../../protocol';
import { isPrototypeKey } from '../../../protocol/own-keys';

// `@cubejs-client/core`'s own transport calls the global `fetch`, reads any answer whole and
// hands its text to the client as it came. This one is what the client gets instead: the
// host's `fetch`, answers read up to a size, checked against the data API's shapes (keys
// that reach a prototype dropped), and "Continue wait" polled a bounded number of times.

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
  /** Asked for whether the deadline passed (then an abort is a `timeout`, not a cancel). */
  timedOut: () => boolean;
  /** Called with each "Continue wait". */
  onWait?: () => void;
}

/** Reads a body up to `max` bytes; more is a `server` error and the rest is not read. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new DataError('server', `the data API's answer is larger than ${max} bytes`, { status: response.status });
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new DataError('server', `the data API's answer is larger than ${max} bytes`, { status: response.status });
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** A 200 answer of `endpoint`, checked; a cleaned copy's text when checking dropped keys. */
function checkedText(endpoint: string, text: string, body: unknown): string {
  if (endpoint === 'load') {
    const results = parseLoadResponse(body);
    const original = body as { results?: unknown[] };
    const multi = Array.isArray(original.results);
    const changed = multi ? results.some((result, i) => result !== original.results![i]) : results[0] !== body;
    if (!changed) return text;
    return JSON.stringify(multi ? { ...(body as object), results } : results[0]);
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
 * provider, sends the token as `Authorization`, caps answers, validates them, and bounds
 * the "Continue wait" poll. A failure it finds is thrown as a `DataError`.
 */
export function createSafeTransport(options: TransportOptions): ITransport<CheckedAnswer> {
  const { apiUrl, token, limits, signal } = options;
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
        signal,
      };
      const run = async (): Promise<CheckedAnswer> => {
        let response: Response;
        try {
          response = await options.fetch(post ? `${apiUrl}/${endpoint}` : getUrl, init);
        } catch (error) {
          if (options.timedOut())
            throw new DataError('timeout', 'the data API did not answer in time', { cause: error });
          if (signal.aborted) throw error; // cancelled: TanStack Query drops the request
          throw new DataError('network', 'could not reach the data API', { cause: error });
        }
        const text = await readCapped(response, limits.maxAnswerBytes);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          if (response.status === 200)
            throw new DataError('server', 'the data API answered with something other than JSON', { status: 200 });
          return { status: response.status, text: async () => text };
        }
        if (response.status !== 200) return { status: response.status, text: async () => text };
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
          checked = checkedText(endpoint, text, body);
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
