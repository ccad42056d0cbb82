import {
  EmbedTenantAttributePageSchema,
  EmbedTenantGroupPageSchema,
  ErrorBodySchema,
  generateSessionRuleViolations,
  GenerateSessionRequestSchema,
  SessionSchema,
  type EmbedTenantAttribute,
  type EmbedTenantGroup,
  type GenerateSessionRequest,
  type Page,
  type PageParams,
  type Schema,
  type Session,
} from '../protocol';
import { EmbedApiError, EmbedRequestError, redact, redactJson } from './errors';

/** Options of {@link createEmbedClient}. */
export interface EmbedClientOptions {
  /** The account's base URL (`https://{account}.<platform-domain>`, or the mock's URL). */
  baseUrl: string;
  /** An admin API key. Kept in this closure: never logged, never in an error. */
  apiKey: string;
  /** Injected fetch (tests, proxies, instrumentation). Default: the global fetch. */
  fetch?: typeof fetch;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Client for Generate Session, session revocation and the embed-tenant admin endpoints. */
export interface EmbedClient {
  /**
   * Mints a session. The spec's rules are checked first (exactly one id, the internalId
   * exclusions, tenant name, creator-mode requirements, duplicate names, picture URL):
   * a request that breaks one throws {@link EmbedRequestError} and is never sent. A service
   * rejection throws {@link EmbedApiError} with its status and message.
   */
  generateSession(request: GenerateSessionRequest, options?: CallOptions): Promise<Session>;
  /** Ends a session (idempotent). */
  revokeSession(sessionId: string, options?: CallOptions): Promise<void>;
  /** One page of an embed tenant's groups. */
  listGroups(embedTenantName: string, params?: PageParams & CallOptions): Promise<Page<EmbedTenantGroup>>;
  /** Every group of an embed tenant, fetching pages of `first` as it goes. */
  groups(embedTenantName: string, params?: { first?: number } & CallOptions): AsyncGenerator<EmbedTenantGroup>;
  deleteGroup(embedTenantName: string, id: number, options?: CallOptions): Promise<void>;
  /** One page of an embed tenant's user-attribute definitions. */
  listUserAttributes(embedTenantName: string, params?: PageParams & CallOptions): Promise<Page<EmbedTenantAttribute>>;
  /** Every user-attribute definition of an embed tenant. */
  userAttributes(
    embedTenantName: string,
    params?: { first?: number } & CallOptions,
  ): AsyncGenerator<EmbedTenantAttribute>;
  deleteUserAttribute(embedTenantName: string, id: number, options?: CallOptions): Promise<void>;
}

/** Creates a client for a host's backend. Never use it in a browser: it holds the API key. */
export function createEmbedClient(options: EmbedClientOptions): EmbedClient {
  const { apiKey } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    schema: Schema<T> | null,
    signal?: AbortSignal,
  ): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Api-Key ${apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new EmbedApiError(0, redact(`Request to ${method} ${path} failed: ${reason}`, apiKey), undefined, {
        cause,
      });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? redactJson(JSON.parse(text), apiKey) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const message = ErrorBodySchema.is(parsed) ? parsed.error : `HTTP ${response.status} from ${method} ${path}`;
      throw new EmbedApiError(response.status, message, parsed);
    }
    if (schema === null) return undefined as T;
    const result = schema.safeParse(parsed, `response of ${method} ${path}`);
    if (!result.success) throw new EmbedApiError(response.status, redact(result.error.message, apiKey), parsed);
    return result.data;
  }

  const tenantPath = (name: string, collection: string) =>
    `/api/v1/embed-tenants/${encodeURIComponent(name)}/${collection}`;

  function query(params: PageParams = {}): string {
    const search = new URLSearchParams();
    if (params.first !== undefined) search.set('first', String(params.first));
    if (params.after !== undefined) search.set('after', params.after);
    const text = search.toString();
    return text ? `?${text}` : '';
  }

  async function* all<T>(
    list: (params: PageParams & CallOptions) => Promise<Page<T>>,
    first?: number,
    signal?: AbortSignal,
  ) {
    let after: string | undefined;
    for (;;) {
      const page = await list({
        ...(first === undefined ? {} : { first }),
        ...(after === undefined ? {} : { after }),
        signal,
      });
      yield* page.items;
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }

  const client: EmbedClient = {
    async generateSession(request, { signal } = {}) {
      const shape = GenerateSessionRequestSchema.safeParse(request, 'GenerateSessionRequest');
      if (!shape.success) throw new EmbedRequestError(shape.error.message, [], shape.error.issues);
      const violations = generateSessionRuleViolations(request);
      if (violations.length > 0) {
        throw new EmbedRequestError(violations.map((v) => v.message).join('; '), violations);
      }
      return call('POST', '/api/v1/embed/generate-session', request, SessionSchema, signal);
    },
    async revokeSession(sessionId, { signal } = {}) {
      await call('POST', '/api/v1/embed/session/revoke', { sessionId }, null, signal);
    },
    listGroups: (tenant, { signal, ...params } = {}) =>
      call('GET', `${tenantPath(tenant, 'groups')}${query(params)}`, undefined, EmbedTenantGroupPageSchema, signal),
    groups: (tenant, { first, signal } = {}) => all((params) => client.listGroups(tenant, params), first, signal),
    async deleteGroup(tenant, id, { signal } = {}) {
      await call('DELETE', `${tenantPath(tenant, 'groups')}/${id}`, undefined, null, signal);
    },
    listUserAttributes: (tenant, { signal, ...params } = {}) =>
      call(
        'GET',
        `${tenantPath(tenant, 'user-attributes')}${query(params)}`,
        undefined,
        EmbedTenantAttributePageSchema,
        signal,
      ),
    userAttributes: (tenant, { first, signal } = {}) =>
      all((params) => client.listUserAttributes(tenant, params), first, signal),
    async deleteUserAttribute(tenant, id, { signal } = {}) {
      await call('DELETE', `${tenantPath(tenant, 'user-attributes')}/${id}`, undefined, null, signal);
    },
  };
  return client;
}
