import { dataApiUrl, SemanticQuerySchema, serviceUrlProblem, v, ValidationError } from '../protocol';
import { checkAllowedOrigins, checkBrowserRequest, readBodyText } from './browser-request';
import { jsonError, parseJson, relayUpstream } from './proxy-response';

/** Default of {@link DataProxyOptions.maxBodyBytes}: 64 KiB (a query is a few hundred bytes). */
export const DEFAULT_DATA_PROXY_MAX_BODY_BYTES = 64 * 1024;

/** Options of {@link createDataProxy}. */
export interface DataProxyOptions {
  /** The deployment's URL; the data API is `{deploymentUrl}/cubejs-api/v1`. */
  deploymentUrl: string;
  /**
   * The data token for this browser request, decided by the host from its own session
   * (`(await createDataToken({ apiSecret, user })).token`). Return null to refuse (401).
   * Whatever `Authorization` the browser sent is ignored.
   */
  getDataToken(request: Request): string | null | undefined | Promise<string | null | undefined>;
  /** Origins besides the proxy's own whose pages may call it. Default none (see `checkBrowserRequest`). */
  allowedOrigins?: readonly string[];
  /** Largest request body, in bytes; a larger one is 413, read no further. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Injected fetch. Default: the global fetch. */
  fetch?: typeof fetch;
}

const LoadBodySchema = v.object({ query: v.unknown(), queryType: v.optional(v.enum(['multi'])) });

/** A query (or a list of them, the multi form's blending) checked before it leaves the host. */
function queryProblem(query: unknown): string | undefined {
  for (const item of Array.isArray(query) ? query : [query]) {
    const parsed = SemanticQuerySchema.safeParse(item, 'query');
    if (!parsed.success) return parsed.error.message;
  }
  return Array.isArray(query) && query.length === 0 ? 'query: no query given' : undefined;
}

/**
 * A fetch handler for hosts that keep the data API private: mount it on a route ending in
 * `/meta` and `/load` (say `/api/data/meta`, `/api/data/load`) and point the client's data
 * API URL at `/api/data`. It forwards `GET meta`, `GET load?query=` and `POST load {query}`
 * only, with the host-decided data token; anything else is 404 or 405.
 *
 * It trusts the browser no further than the chat proxy does: cross-site requests are 403,
 * a POST body that is not `application/json` is 415, one over `maxBodyBytes` is 413 (read
 * no further), a query that is not of the REST API's format is 400.
 */
export function createDataProxy(options: DataProxyOptions): (request: Request) => Promise<Response> {
  const urlProblem = serviceUrlProblem(options.deploymentUrl);
  if (urlProblem)
    throw new ValidationError([{ path: 'deploymentUrl', message: urlProblem }], 'createDataProxy options');
  checkAllowedOrigins(options.allowedOrigins);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_DATA_PROXY_MAX_BODY_BYTES;

  return async (request) => {
    const url = new URL(request.url);
    const endpoint = /\/(meta|load)\/*$/.exec(url.pathname)?.[1] as 'meta' | 'load' | undefined;
    if (!endpoint) return jsonError(404, 'Not found: the data proxy serves meta and load only');
    const method = request.method.toUpperCase();
    if (method !== 'GET' && !(endpoint === 'load' && method === 'POST')) return jsonError(405, 'Method not allowed');
    const refused = checkBrowserRequest(request, {
      allowedOrigins: options.allowedOrigins,
      maxBodyBytes,
      requireJson: method === 'POST',
    });
    if (refused) return refused;

    let upstreamUrl = dataApiUrl(options.deploymentUrl, endpoint);
    let body: string | undefined;
    if (endpoint === 'load') {
      let raw: unknown;
      let queryType: string | undefined;
      if (method === 'GET') {
        const text = url.searchParams.get('query');
        if (text === null) return jsonError(400, 'The query parameter is required');
        if (text.length > maxBodyBytes) return jsonError(413, `Query over ${maxBodyBytes} bytes`);
        raw = parseJson(text);
        queryType = url.searchParams.get('queryType') ?? undefined;
        if (queryType !== undefined && queryType !== 'multi') return jsonError(400, 'queryType must be multi');
      } else {
        const text = await readBodyText(request, maxBodyBytes);
        if (text === undefined) return jsonError(413, `Request body over ${maxBodyBytes} bytes`);
        const parsed = LoadBodySchema.safeParse(parseJson(text), 'load request');
        if (!parsed.success) return jsonError(400, parsed.error.message);
        raw = parsed.data.query;
        queryType = parsed.data.queryType;
      }
      const problem = queryProblem(raw);
      if (problem) return jsonError(400, problem);
      // Re-serialised from the parsed query: nothing but the query reaches the data API.
      if (method === 'GET') {
        const params = new URLSearchParams({ query: JSON.stringify(raw) });
        if (queryType) params.set('queryType', queryType);
        upstreamUrl += `?${params}`;
      } else body = JSON.stringify(queryType ? { query: raw, queryType } : { query: raw });
    }

    const token = await options.getDataToken(request);
    if (!token) return jsonError(401, 'Not signed in');
    return relayUpstream(
      doFetch,
      upstreamUrl,
      {
        method,
        headers: {
          Authorization: token,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body,
        signal: request.signal,
      },
      // The token never goes back in an error body.
      { service: 'The data API', secret: token, cacheControl: 'no-store' },
    );
  };
}
