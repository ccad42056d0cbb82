// The board API a host mounts for its pages: web-standard `(Request) => Promise<Response>`,
// with the chat proxy's checks (cross-site 403, 415, 413, 401) and the store's answers as
// statuses (404 for a board the user cannot see, never its contents; 409 with the current
// revision on a stale save).
import { v, type ValidationIssue } from '../../protocol';
import { BoardStoreError, parseBoardDefinition, type BoardStore, type BoardUser } from '../../protocol/board';
import { checkAllowedOrigins, checkBrowserRequest, readBodyText } from '../browser-request';
import { jsonError } from '../proxy-response';

/** Default of {@link BoardApiOptions.maxBodyBytes}: 1 MiB (a board of 200 widgets with specs fits). */
export const DEFAULT_BOARD_MAX_BODY_BYTES = 1024 * 1024;

/** Options of {@link createBoardApi}. */
export interface BoardApiOptions {
  /** Where boards are kept (`createSqlBoardStore({ client })`). */
  store: BoardStore;
  /**
   * Who is calling, from the host's own session (a cookie, a verified token): their id and
   * groups. Return null when signed out (401). Nothing the browser sends names the user.
   */
  getUser(request: Request): BoardUser | null | undefined | Promise<BoardUser | null | undefined>;
  /** The path the API is mounted at; boards are `{basePath}/{id}`. Default `/api/boards`. */
  basePath?: string;
  /** Origins besides the API's own whose pages may call it. Default none (see `checkBrowserRequest`). */
  allowedOrigins?: readonly string[];
  /** Largest request body, in bytes; a larger one is 413, read no further. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Hears the store's failures (answered 503) and anything unexpected (500), for the host's logs. */
  onError?(error: unknown, request: Request): void;
}

const CreateBodySchema = v.object({ definition: v.unknown(), sharedWith: v.optional(v.array(v.string())) });
const SaveBodySchema = v.object({
  definition: v.unknown(),
  revision: v.integer(),
  sharedWith: v.optional(v.array(v.string())),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    // Boards are the user's own: never kept by a shared cache.
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

const invalid = (issues: readonly ValidationIssue[]) =>
  json(400, {
    error: `Invalid request: ${issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join('; ')}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`,
    issues,
  });

const STATUS = {
  'not-found': 404,
  conflict: 409,
  'read-only': 403,
  invalid: 400,
  unavailable: 503,
  'signed-out': 401,
} as const;

/**
 * A fetch handler for the board API, mounted at `basePath` (a Next.js catch-all route
 * `app/api/boards/[[...id]]/route.ts` exports it as GET, POST, PUT and DELETE):
 *
 * - `GET {basePath}`: 200 `{ boards }`, the user's own and those shared with their groups
 * - `POST {basePath}` `{ definition, sharedWith? }`: 201 `{ board }`
 * - `GET {basePath}/{id}`: 200 `{ board }`
 * - `PUT {basePath}/{id}` `{ definition, revision, sharedWith? }`: 200 `{ board }` at the next
 *   revision; 409 `{ error, revision }` (the current one) when another save came first
 * - `DELETE {basePath}/{id}`: 204
 *
 * Refusals are `{ error }`: 403 cross-site (or a board shared read-only), 415 a body that is
 * not JSON's type, 413 over `maxBodyBytes`, 401 signed out, 400 naming each invalid path
 * (`issues`), 404 a board the user cannot see (someone else's reads as absent), 405, 503
 * when the store fails.
 */
export function createBoardApi(options: BoardApiOptions): (request: Request) => Promise<Response> {
  checkAllowedOrigins(options.allowedOrigins);
  const base = (options.basePath ?? '/api/boards').replace(/\/+$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_BOARD_MAX_BODY_BYTES;

  return async (request) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    let id: string | undefined;
    if (path !== base) {
      const rest = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : '';
      if (!rest || rest.includes('/')) return jsonError(404, 'Not found');
      try {
        id = decodeURIComponent(rest);
      } catch {
        return jsonError(404, 'Board not found');
      }
    }
    const method = request.method.toUpperCase();
    const allowed = id === undefined ? ['GET', 'POST'] : ['GET', 'PUT', 'DELETE'];
    if (!allowed.includes(method))
      return new Response(JSON.stringify({ error: 'Method not allowed' }), {
        status: 405,
        headers: { 'Content-Type': 'application/json', Allow: allowed.join(', ') },
      });
    const hasBody = method === 'POST' || method === 'PUT';
    const refused = checkBrowserRequest(request, {
      allowedOrigins: options.allowedOrigins,
      maxBodyBytes,
      requireJson: hasBody,
    });
    if (refused) return refused;

    try {
      const user = await options.getUser(request);
      if (!user) return jsonError(401, 'Not signed in');
      const { store } = options;
      if (!hasBody) {
        if (id === undefined) return json(200, { boards: await store.list(user) });
        if (method === 'GET') return json(200, { board: await store.get(user, id) });
        await store.remove(user, id);
        return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
      }

      const text = await readBodyText(request, maxBodyBytes);
      if (text === undefined) return jsonError(413, `Request body over ${maxBodyBytes} bytes`);
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return jsonError(400, 'The request body is not valid JSON (cut off?)');
      }
      const body = (method === 'POST' ? CreateBodySchema : SaveBodySchema).safeParse(raw, 'board request');
      if (!body.success) return invalid(body.error.issues);
      const definition = parseBoardDefinition(body.data.definition);
      if (!definition.success)
        return invalid(
          definition.error.issues.map((i) => ({ ...i, path: i.path ? `definition.${i.path}` : 'definition' })),
        );
      const { sharedWith } = body.data;
      if (method === 'POST')
        return json(201, { board: await store.create(user, { definition: definition.data, sharedWith }) });
      const revision = (body.data as unknown as { revision: number }).revision;
      return json(200, { board: await store.save(user, id!, { definition: definition.data, revision, sharedWith }) });
    } catch (error) {
      if (!(error instanceof BoardStoreError)) {
        options.onError?.(error, request);
        return jsonError(500, 'The board request failed');
      }
      if (error.code === 'unavailable') options.onError?.(error, request);
      if (error.code === 'conflict')
        return json(409, { error: error.message, revision: error.details.currentRevision });
      if (error.code === 'invalid') return invalid(error.details.issues ?? [{ path: '', message: error.message }]);
      return jsonError(STATUS[error.code], error.message);
    }
  };
}
