// The request handling the library's APIs share (boards, conversations, feedback), as a
// web-standard `(Request) => Promise<Response>`: the route (`{basePath}` or `{basePath}/{id}`),
// the methods it takes (405 with `Allow`), the browser checks (403 cross-site, 415, 413 by
// `Content-Length`), the user (401), the body read within its size and deadline (413, 408) and
// parsed (400), a deadline for the whole request (503), and every failure as its status: a
// store's refusal by its code, anything else a 500 the host's `onError` hears.
import { StoreError } from '../../protocol/store-error';
import { BodyTimeoutError, checkAllowedOrigins, checkBrowserRequest, readBodyText } from '../browser-request';
import { reportedErrors } from '../db/errors';
import { invalidAnswer, refusal, storeErrorAnswer } from './answers';
import { jsonTextIssue, type JsonTextLimits } from './json-text';

/** Options every API of the library takes (besides its store). */
export interface ApiOptions<User> {
  /**
   * Who is calling, from the host's own session (a cookie, a verified token). Return null when
   * signed out (401). Nothing the browser sends names the user.
   */
  getUser(request: Request): User | null | undefined | Promise<User | null | undefined>;
  /** The path the API is mounted at. */
  basePath?: string;
  /** Origins besides the API's own whose pages may call it. Default none (see `checkBrowserRequest`). */
  allowedOrigins?: readonly string[];
  /**
   * Longest a request may take, in ms, from its arrival to its answer (the user, the body, the
   * database): past it the answer is 503, whatever is still running. Default 15,000.
   */
  requestTimeoutMs?: number;
  /** Longest the request's body may take to arrive, in ms: a stalled body is 408. Default 10,000. */
  bodyTimeoutMs?: number;
  /**
   * Hears failures: the store's (answered 503; not again those the database adapter's own
   * `onError` already heard), anything unexpected (500), and a request past its deadline.
   */
  onError?(error: unknown, request: Request): void;
}

/** The defaults of {@link ApiOptions}' deadlines, in ms. */
export const DEFAULT_API_TIMEOUTS = { requestTimeoutMs: 15_000, bodyTimeoutMs: 10_000 } as const;

/** A request that passed every check, as a route sees it. */
export interface ApiCall<User> {
  request: Request;
  url: URL;
  /** Upper case. */
  method: string;
  user: User;
  /** The `{id}` of `{basePath}/{id}`, decoded; undefined on `{basePath}` itself. */
  id: string | undefined;
  /** The `{action}` of `{basePath}/{id}/{action}` (one of the spec's `actions`); undefined on the item itself. */
  action: string | undefined;
  /** The body as JSON (read once, within the size and time limits; a refusal is thrown as an answer). */
  json(): Promise<unknown>;
}

/** A refusal decided while handling a request: thrown, answered as it is. */
export class ApiRefusal extends Error {
  constructor(readonly response: Response) {
    super(`Refused with ${response.status}`);
  }
}

/** How one API is served. */
export interface JsonApiSpec<User> extends ApiOptions<User> {
  /** What it serves, for its messages ("board", "conversation list", "feedback"). */
  noun: string;
  basePath: string;
  /**
   * Methods on `{basePath}` and on `{basePath}/{id}` (none: that route is 404), and on each
   * `{basePath}/{id}/{action}` it has.
   */
  methods: {
    collection: readonly string[];
    item: readonly string[];
    actions?: Readonly<Record<string, readonly string[]>>;
  };
  /** Methods whose requests carry a JSON body. */
  withBody: readonly string[];
  maxBodyBytes: number;
  /** Bounds of each top-level field of a body, checked on its text before it is parsed (400). */
  bodyLimits: JsonTextLimits;
  /** Answer for an `{id}` that cannot be one (not decodable). */
  notFound: string;
  handle(call: ApiCall<User>): Promise<Response>;
}

const ms = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/** A fetch handler serving `spec`. */
export function createJsonApi<User>(spec: JsonApiSpec<User>): (request: Request) => Promise<Response> {
  checkAllowedOrigins(spec.allowedOrigins);
  const base = spec.basePath.replace(/\/+$/, '');
  const requestTimeoutMs = ms(spec.requestTimeoutMs, DEFAULT_API_TIMEOUTS.requestTimeoutMs);
  const bodyTimeoutMs = ms(spec.bodyTimeoutMs, DEFAULT_API_TIMEOUTS.bodyTimeoutMs);

  function report(error: unknown, request: Request) {
    try {
      spec.onError?.(error, request);
    } catch {
      // a logger that throws must not change the answer
    }
  }

  async function serve(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    let id: string | undefined;
    let action: string | undefined;
    if (path !== base) {
      const rest = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : '';
      const [item, sub, ...more] = rest.split('/');
      if (!item || more.length > 0 || spec.methods.item.length === 0) return refusal(404, 'Not found');
      if (sub !== undefined) {
        if (!spec.methods.actions || !Object.hasOwn(spec.methods.actions, sub)) return refusal(404, 'Not found');
        action = sub;
      }
      try {
        id = decodeURIComponent(item);
      } catch {
        return refusal(404, spec.notFound, { code: 'not-found' });
      }
    }
    const method = request.method.toUpperCase();
    const allowed =
      id === undefined
        ? spec.methods.collection
        : action === undefined
          ? spec.methods.item
          : spec.methods.actions![action]!;
    if (!allowed.includes(method)) return refusal(405, 'Method not allowed', {}, { Allow: allowed.join(', ') });
    const hasBody = spec.withBody.includes(method);
    const refused = checkBrowserRequest(request, {
      allowedOrigins: spec.allowedOrigins,
      maxBodyBytes: spec.maxBodyBytes,
      requireJson: hasBody,
    });
    if (refused) return refusal(refused.status, ((await refused.json()) as { error: string }).error);

    try {
      const user = await spec.getUser(request);
      if (!user) return refusal(401, 'Not signed in', { code: 'signed-out' });
      let body: Promise<unknown> | undefined;
      const json = () =>
        (body ??= (async () => {
          let text: string | undefined;
          try {
            text = await readBodyText(request, spec.maxBodyBytes, bodyTimeoutMs);
          } catch (error) {
            if (error instanceof BodyTimeoutError)
              throw new ApiRefusal(refusal(408, `The request body took over ${bodyTimeoutMs} ms to arrive`));
            throw new ApiRefusal(refusal(400, 'The request body could not be read'));
          }
          if (text === undefined) throw new ApiRefusal(refusal(413, `Request body over ${spec.maxBodyBytes} bytes`));
          // Refused while it is read: a body past its bounds is never parsed into objects.
          const issue = jsonTextIssue(text, spec.bodyLimits);
          if (issue) throw new ApiRefusal(invalidAnswer([issue]));
          try {
            return JSON.parse(text) as unknown;
          } catch {
            throw new ApiRefusal(
              invalidAnswer([{ path: '', message: 'The request body is not valid JSON (cut off?)' }]),
            );
          }
        })());
      return await spec.handle({ request, url, method, user, id, action, json });
    } catch (error) {
      if (error instanceof ApiRefusal) return error.response;
      if (error instanceof StoreError) {
        if (error.code === 'unavailable' && !reportedErrors.has(error.cause as object)) report(error, request);
        return storeErrorAnswer(error);
      }
      report(error, request);
      return refusal(500, `The ${spec.noun} request failed`);
    }
  }

  return async (request) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Response>((resolve) => {
      timer = setTimeout(() => {
        report(new Error(`The ${spec.noun} request took over ${requestTimeoutMs} ms`), request);
        resolve(refusal(503, `The ${spec.noun} request took too long; try again`, { code: 'unavailable' }));
      }, requestTimeoutMs);
    });
    try {
      return await Promise.race([serve(request), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The `limit` and `cursor` of a list's URL (`?limit=50&cursor=…`), or a 400. */
export function listQueryOf(url: URL): { limit?: number; cursor?: string } {
  const limit = url.searchParams.get('limit');
  const cursor = url.searchParams.get('cursor');
  const query: { limit?: number; cursor?: string } = {};
  if (limit !== null) {
    if (!/^\d{1,6}$/.test(limit))
      throw new ApiRefusal(invalidAnswer([{ path: 'limit', message: 'expected a positive integer' }]));
    query.limit = Number(limit);
  }
  if (cursor !== null) query.cursor = cursor;
  return query;
}
