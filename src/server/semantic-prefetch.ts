import {
  canonicalQuery,
  DataError,
  dataApiBaseUrl,
  dataErrorFromAnswer,
  isContinueWait,
  MetaResponseSchema,
  MultiLoadResponseSchema,
  parseLoadResponse,
  queryMembers,
  semanticMetaKey,
  semanticQueryKey,
  serviceUrlProblem,
  type MetaResponse,
  type SemanticQuery,
  type SemanticResult,
} from '../protocol';
import { chartQuery, MAX_CHART_ROWS } from '../protocol/semantic/chart-query';
import { cleanValues } from '../protocol/semantic/clean-values';
import { CUBESQL_MAX_BYTES, readCubeSqlAnswer, semanticSqlKey } from '../protocol/semantic/sql-result';
import { pinnedQuery } from '../protocol/board/pinned-query';
import type { AnswerWidget } from '../protocol/board/widget';
import type { SqlResult } from '../protocol/tools';

/** The data model (`/meta`), as {@link semanticMetaOptions} reads it and {@link pinnedAnswerOptions} takes it. */
export type { MetaResponse } from '../protocol';

// A server renders native widgets with their numbers: it asks the data API itself and puts
// each answer in the page's QueryClient under the exact key `useSemanticQuery` reads, in the
// exact shape the browser's data client stores, so the browser shows it and asks nothing.

/** Options of {@link semanticQueryOptions} and {@link semanticMetaOptions}. */
export interface SemanticPrefetchOptions {
  /** The data API: `{deploymentUrl}/cubejs-api/v1` (or the deployment URL). */
  apiUrl: string;
  /** A data token for the signed-in user (`createDataToken`, or the session path's). Never sent to the browser by this helper. */
  token: string;
  /** The page's `SemanticProvider` `scope` (its cache keys). Default `'default'`. */
  scope?: string;
  /** Injected fetch. Default: the global fetch. */
  fetch?: typeof fetch;
  /** The whole request's deadline, "Continue wait" polls included. Default 10 s (a page is waiting). */
  timeoutMs?: number;
  /** Largest answer read, in bytes. Default 16 MiB. */
  maxAnswerBytes?: number;
}

/** What `queryClient.prefetchQuery` / `fetchQuery` take: the key and the function. */
export interface SemanticQueryOptions<T> {
  queryKey: readonly unknown[];
  queryFn: (context?: { signal?: AbortSignal }) => Promise<T>;
}

const MAX_POLLS = 50;

async function readJson(response: Response, maxBytes: number): Promise<unknown> {
  const text = await response.text();
  if (text.length > maxBytes) throw new DataError('server', `the data API's answer is over ${maxBytes} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    if (response.ok) throw new DataError('server', 'the data API answered with something other than JSON');
    return text;
  }
}

/** One GET of the data API, "Continue wait" polled, failures as typed `DataError`s. */
async function ask(
  options: SemanticPrefetchOptions,
  path: string,
  members: readonly string[],
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const problem = serviceUrlProblem(options.apiUrl);
  if (problem) throw new DataError('server', `apiUrl: ${problem}`);
  if (typeof options.token !== 'string' || options.token === '') throw new DataError('unauthorized', 'no data token');
  const url = `${dataApiBaseUrl(options.apiUrl)}/${path}`;
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const maxBytes = options.maxAnswerBytes ?? 16 * 1024 * 1024;
  for (let poll = 0; ; poll++) {
    let response: Response;
    try {
      response = await fetcher(url, { headers: { Authorization: options.token }, signal: combined });
    } catch (error) {
      if (deadline.aborted) throw new DataError('timeout', 'the data API did not answer in time', { cause: error });
      throw new DataError('network', 'could not reach the data API', { cause: error });
    }
    const body = await readJson(response, maxBytes);
    if (!response.ok) throw dataErrorFromAnswer(response.status, body, members);
    if (!isContinueWait(body)) return body;
    if (poll >= MAX_POLLS) throw new DataError('timeout', `the query was still running after ${MAX_POLLS} polls`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * (poll + 1), 1_000)));
  }
}

/** JSON without `undefined` (a dehydrated page carries plain JSON only). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Runs one query against the data API, as the browser's data client would: the canonical
 * query, the multi form, the answer checked (prototype keys dropped), rows past the query's
 * `limit` dropped and counted, values that are not what their member says made missing, and
 * returned as the cache's {@link SemanticResult}. Rejects with a `DataError`.
 */
export async function fetchSemanticQuery(
  query: SemanticQuery,
  options: SemanticPrefetchOptions,
  signal?: AbortSignal,
): Promise<SemanticResult> {
  const sent = canonicalQuery(query);
  const search = new URLSearchParams({ query: JSON.stringify(sent), queryType: 'multi' });
  const body = await ask(options, `load?${search}`, queryMembers(sent), signal);
  let first;
  try {
    first = parseLoadResponse(body)[0];
  } catch (error) {
    throw new DataError('server', "the data API's load answer is not valid", { cause: error });
  }
  if (!first) throw new DataError('server', "the data API's load answer has no result");
  // As the browser's client: rows past the query's limit dropped (and counted), then values
  // that are not what their member says made missing, so the page draws what the browser would.
  const limit = sent.limit;
  const over = typeof limit === 'number' && limit >= 0 ? Math.max(0, first.data.length - limit) : 0;
  const data = over > 0 ? first.data.slice(0, limit) : first.data;
  const result: SemanticResult = { query: sent, data, annotation: first.annotation };
  if (over > 0) result.dropped = over;
  const missing = cleanValues(result);
  if (missing) result.missing = missing;
  if (typeof first.total === 'number') result.total = first.total;
  const pivotQuery = MultiLoadResponseSchema.is(body) ? body.pivotQuery : undefined;
  if (pivotQuery) result.pivotQuery = pivotQuery;
  return plain(result);
}

/**
 * For a server render: `queryClient.prefetchQuery(semanticQueryOptions(query, options))`
 * puts the answer in the cache under the key `useSemanticQuery` reads for the same query
 * (member and filter order do not matter where the rows' order is the same), so after `dehydrate` and `HydrationBoundary` the
 * widget shows its number in the server's HTML and the browser does not ask again while it
 * is fresh. The query must be the one the widget sends (a `KpiCard`'s period, the shared
 * filters merged, a `QueryChart`'s through `chartQuery`) and `scope` the page provider's.
 */
export function semanticQueryOptions(
  query: SemanticQuery,
  options: SemanticPrefetchOptions,
): SemanticQueryOptions<SemanticResult> {
  return {
    queryKey: semanticQueryKey(query, options.scope),
    queryFn: (context) => fetchSemanticQuery(query, options, context?.signal),
  };
}

/** As {@link semanticQueryOptions}, for the data model (`/meta`: titles and formats before any answer). */
export function semanticMetaOptions(options: SemanticPrefetchOptions): SemanticQueryOptions<MetaResponse> {
  return {
    queryKey: semanticMetaKey(options.scope),
    queryFn: async (context) => {
      const body = await ask(options, 'meta', [], context?.signal);
      const parsed = MetaResponseSchema.safeParse(body, 'meta answer');
      if (!parsed.success)
        throw new DataError('server', "the data API's meta answer is not valid", { cause: parsed.error });
      return plain(parsed.data);
    },
  };
}

/** Longest error answer read from the SQL route (a message, not a page). */
const MAX_SQL_ERROR_BYTES = 64 * 1024;

/** An error answer's body (JSON, else its text), its first {@link MAX_SQL_ERROR_BYTES} only. */
async function readError(response: Response): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_SQL_ERROR_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  // No Buffer: an edge runtime has none.
  const bytes = new Uint8Array(Math.min(size, MAX_SQL_ERROR_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs SQL on the data API's SQL route (`POST …/cubesql`) as the browser's data client does for
 * a pinned answer run as pinned: no redirect followed, the whole exchange within the deadline,
 * the answer read line by line with its caps (at most `MAX_CHART_ROWS` rows kept, a number
 * column's "NaN" or a time column's non-date made missing), and returned as the chat's
 * `SqlResult` the browser keeps. Rejects with a `DataError`.
 */
export async function fetchSemanticSql(
  sql: string,
  options: SemanticPrefetchOptions,
  signal?: AbortSignal,
): Promise<SqlResult & { missing?: number }> {
  const problem = serviceUrlProblem(options.apiUrl);
  if (problem) throw new DataError('server', `apiUrl: ${problem}`);
  if (typeof options.token !== 'string' || options.token === '') throw new DataError('unauthorized', 'no data token');
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const maxBytes = options.maxAnswerBytes ?? CUBESQL_MAX_BYTES;
  const typed = (error: unknown): unknown =>
    error instanceof DataError
      ? error
      : deadline.aborted
        ? new DataError('timeout', 'the data API did not answer in time', { cause: error })
        : signal?.aborted
          ? signal.reason
          : new DataError('network', 'could not reach the data API', { cause: error });
  try {
    const response = await fetcher(`${dataApiBaseUrl(options.apiUrl)}/cubesql`, {
      method: 'POST',
      headers: { Authorization: options.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: sql }),
      // A redirect could take the SQL (and the token) elsewhere: none is followed.
      redirect: 'manual',
      signal: combined,
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => undefined);
      throw new DataError('redirect', 'the data API redirected the request (not followed)', {
        status: response.status,
      });
    }
    if (!response.ok) throw dataErrorFromAnswer(response.status, await readError(response));
    if (!response.body) throw new DataError('server', 'the SQL answer has no body', { status: response.status });
    return plain(await readCubeSqlAnswer(response.body, sql, { maxRows: MAX_CHART_ROWS, maxBytes, signal: combined }));
  } catch (error) {
    throw typed(error);
  }
}

/**
 * As {@link semanticQueryOptions}, for a pinned answer whose SQL runs as pinned: its rows under
 * the key the board's pinned answer reads, so the server's HTML has them and the browser does
 * not ask again while they are fresh.
 */
export function semanticSqlOptions(
  sql: string,
  options: SemanticPrefetchOptions,
): SemanticQueryOptions<SqlResult & { missing?: number }> {
  return {
    queryKey: semanticSqlKey(sql, options.scope),
    queryFn: (context) => fetchSemanticSql(sql, options, context?.signal),
  };
}

/**
 * For a server render of a board: what a pinned answer on it reads, given the data model
 * (`meta`, prefetched with {@link semanticMetaOptions} under the same scope). Where its SQL is one
 * grouped query over the model, the board draws it as that query (a chart: its query with the
 * row limit, as `chartQuery` has it); otherwise its SQL runs as pinned ({@link semanticSqlOptions}).
 * Undefined for an answer drawn as a native table (it asks for a page as tall as its cell, in the
 * browser). For a board and page without filters: filters change the query.
 *
 * ```ts
 * const meta = await client.fetchQuery(semanticMetaOptions(options));
 * for (const widget of board.widgets.filter((w) => w.kind === 'answer')) {
 *   const answer = pinnedAnswerOptions(widget, meta, options);
 *   if (answer) await client.prefetchQuery(answer);
 * }
 * ```
 */
export function pinnedAnswerOptions(
  widget: AnswerWidget,
  meta: MetaResponse,
  options: SemanticPrefetchOptions,
): SemanticQueryOptions<SemanticResult | (SqlResult & { missing?: number })> | undefined {
  const query = pinnedQuery(widget.sqlQuery, widget.view, meta);
  if (!query) return semanticSqlOptions(widget.sqlQuery, options);
  return widget.view === 'chart' ? semanticQueryOptions(chartQuery(query), options) : undefined;
}
