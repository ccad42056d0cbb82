// The board API from a browser: a BoardStore over `fetch`, so the board UI talks to a host's
// `createBoardApi` route as it would to any store. The server decides who the user is (its
// session cookie); the `user` each method takes is not sent. Answers are checked before use.
import { v, type Schema } from '../schema';
import type { StoreErrorCode } from '../store-error';
import {
  BoardDirectoryEntrySchema,
  BoardPageSchema,
  BoardRecordSchema,
  BoardStoreError,
  type BoardGrantInput,
  type BoardRecord,
  type BoardStore,
} from './store';

/** Options of {@link createBoardApiClient}. */
export interface BoardApiClientOptions {
  /** Where the board API is mounted (`/api/boards`, or an absolute URL). */
  url: string;
  /** Injected fetch. Default: the global fetch (same-origin, with the page's cookies). */
  fetch?: typeof fetch;
  /** Extra headers for every request (a CSRF token of the host's own). */
  headers?: Record<string, string>;
  /** Injected `EventSource` (for `followRevision`). Default: the global one, where there is one. */
  EventSource?: new (url: string, init?: { withCredentials?: boolean }) => BoardEventSource;
}

/** The part of the browser's `EventSource` that `followRevision` uses. */
export interface BoardEventSource {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** What {@link createBoardApiClient} answers: a store, and the API's own extras (added with team editing). */
export interface BoardApiClient extends BoardStore {
  searchDirectory: NonNullable<BoardStore['searchDirectory']>;
  /**
   * Follows a board's revision over the API's server-sent events (`events` on `createBoardApi`):
   * `onRevision` hears each revision the server announces (the current one first), `onGone` once
   * the user may no longer open the board. Returns a function that stops; the browser reconnects
   * by itself after a network error. Without `EventSource` (a server render) it does nothing:
   * poll `revision` instead.
   */
  followRevision(id: string, onRevision: (revision: number) => void, onGone?: () => void): () => void;
}

const OneSchema = v.object({ board: BoardRecordSchema });
const RevisionSchema = v.object({ revision: v.integer() });
const PrincipalsSchema = v.object({ principals: v.array(BoardDirectoryEntrySchema) });
const ErrorSchema = v.object({
  error: v.string(),
  code: v.optional(v.string()),
  revision: v.optional(v.integer()),
  conflicts: v.optional(v.array(v.object({ type: v.enum(['widget', 'field']), id: v.string() }))),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  limit: v.optional(v.object({ name: v.string(), max: v.integer() })),
});

/** The code of an answer that names none (an older server, a proxy's own answer). */
const CODES: Record<number, StoreErrorCode> = {
  400: 'invalid',
  401: 'signed-out',
  403: 'read-only',
  404: 'not-found',
  409: 'conflict',
  413: 'invalid',
};

/** The codes a 4xx answer may name; anything else is read from its status. */
const NAMED: readonly string[] = ['not-found', 'conflict', 'read-only', 'forbidden', 'limit', 'invalid', 'signed-out'];

/**
 * A {@link BoardStore} over the board API (`createBoardApi` on the host's server), with
 * `searchDirectory` asking its directory route (the people and groups a board can be shared
 * with). Each
 * refusal is the `BoardStoreError` the server's store raised (the answer's `code`, else read
 * from its status): `conflict` with `details.currentRevision` (and the widgets and fields both
 * sides changed, `details.conflicts`, when the server merged), `invalid` with the `issues` by
 * path, `not-found`, `read-only`, `forbidden`, `limit` with `details.limit`, `signed-out`
 * (401); a network failure, a server error or an answer of the wrong shape is `unavailable`.
 */
export function createBoardApiClient(options: BoardApiClientOptions): BoardApiClient {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T>(method: string, path: string, schema: Schema<T> | undefined, body?: unknown): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await response.text();
    } catch (cause) {
      throw new BoardStoreError('unavailable', 'The board API could not be reached', { cause });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.ok) {
      if (!schema) return undefined as T;
      const parsed = schema.safeParse(json, 'board API answer');
      if (parsed.success) return parsed.data;
      throw new BoardStoreError('unavailable', parsed.error.message, { cause: parsed.error });
    }
    const error = ErrorSchema.safeParse(json);
    const message = error.success ? error.data.error : `The board API answered ${response.status}`;
    const named = error.success && response.status < 500 ? error.data.code : undefined;
    const code = named && NAMED.includes(named) ? (named as StoreErrorCode) : (CODES[response.status] ?? 'unavailable');
    throw new BoardStoreError(code, message, {
      ...(code === 'conflict' && error.success && error.data.revision !== undefined
        ? { currentRevision: error.data.revision }
        : {}),
      ...(code === 'conflict' && error.success && error.data.conflicts
        ? { conflicts: error.data.conflicts.slice(0, 10) }
        : {}),
      ...(code === 'invalid' ? { issues: (error.success && error.data.issues) || [{ path: '', message }] } : {}),
      ...(code === 'limit' && error.success && error.data.limit ? { limit: error.data.limit } : {}),
    });
  }

  const one = (id: string) => `/${encodeURIComponent(id)}`;
  const board = async (method: string, path: string, body?: unknown) =>
    (await call(method, path, OneSchema, body)).board as BoardRecord;
  return {
    list: async (_user, query = {}) => {
      const search = new URLSearchParams();
      if (query.cursor !== undefined) search.set('cursor', query.cursor);
      if (query.limit !== undefined) search.set('limit', String(query.limit));
      if (query.filter !== undefined && query.filter !== 'all') search.set('filter', query.filter);
      if (query.search) search.set('q', query.search);
      return call('GET', search.size ? `?${search}` : '', BoardPageSchema);
    },
    get: (_user, id) => board('GET', one(id)),
    revision: async (_user, id) => (await call('GET', `${one(id)}/revision`, RevisionSchema)).revision,
    create: (_user, input) =>
      board('POST', '', { definition: input.definition, grants: input.grants, sharedWith: input.sharedWith }),
    save: (_user, id, save) => board('PUT', one(id), save),
    share: (_user, id, grants) =>
      board('PUT', `${one(id)}/grants`, {
        // A grant's name is the directory's, never sent; anything but an array is the server's to refuse.
        grants: Array.isArray(grants)
          ? grants.map((grant: BoardGrantInput) =>
              typeof grant === 'object' && grant !== null
                ? { type: grant.type, id: grant.id, role: grant.role }
                : grant,
            )
          : grants,
      }),
    remove: (_user, id) => call('DELETE', one(id), undefined),
    restore: (_user, id) => board('POST', `${one(id)}/restore`, {}),
    followRevision(id, onRevision, onGone) {
      const Source =
        options.EventSource ??
        (typeof EventSource === 'undefined'
          ? undefined
          : (EventSource as unknown as BoardApiClientOptions['EventSource']));
      if (!Source) return () => {};
      const source = new Source(`${base}${one(id)}/events`, { withCredentials: true });
      source.addEventListener('revision', (event) => {
        // Only a revision is taken from the stream: anything else is ignored.
        const match = typeof event.data === 'string' ? /^\{"revision":(\d{1,10})\}$/.exec(event.data) : null;
        if (match) onRevision(Number(match[1]));
      });
      source.addEventListener('gone', () => {
        source.close();
        onGone?.();
      });
      return () => source.close();
    },
    searchDirectory: async (_user, id, query) =>
      (await call('GET', `${one(id)}/principals?${new URLSearchParams({ q: query })}`, PrincipalsSchema)).principals,
  };
}
