import { v, type Infer } from '../protocol';

/** Faults to inject, per mock instance or per request (header `X-Mock-Faults: <JSON>`). */
export const MockFaultsSchema = v.object({
  /** Delay before each line the agent streams, in ms (also slows the turn itself). */
  lineDelayMs: v.optional(v.number()),
  /** Delay before the response starts, in ms. */
  firstByteDelayMs: v.optional(v.number()),
  /** The connection drops after this many lines; the turn goes on on the server. */
  dropAfterLines: v.optional(v.number()),
  /** After this many lines the response sends nothing more but stays open (a stalled stream). */
  stallAfterLines: v.optional(v.number()),
  /** Line N (1-based) is cut in half and the response ends there, cleanly (a truncated last line). */
  truncateAtLine: v.optional(v.number()),
  /** A malformed line is sent before line N (1-based) of the response. */
  malformedLineAt: v.optional(v.number()),
  /** An `{"error": …}` line is sent before line N (1-based) of the response. */
  errorLineAt: v.optional(v.number()),
  /** Message of the injected error line. */
  errorMessage: v.optional(v.string()),
  /** Every request is answered with this HTTP status and `{ error }`. */
  httpStatus: v.optional(v.number()),
  /** With `httpStatus`: a `Retry-After` header of this many seconds (a 429's, typically). */
  retryAfterSeconds: v.optional(v.number()),
  /**
   * Chat answers HTTP 200 with an HTML error page (`text/html`), as a gateway in front of the
   * service can; the request never reaches the service.
   */
  htmlBody: v.optional(v.boolean()),
  /** Chat answers HTTP 200 with a JSON-RPC authentication error, as the real service can. */
  jsonRpcAuthError: v.optional(v.boolean()),
  /**
   * The data API's `/load` answers HTTP 200 `{"error":"Continue wait"}` this many times for
   * a query before its answer (as a long query does; clients poll), then again next time.
   */
  continueWaitTimes: v.optional(v.integer()),
  /**
   * The data API refuses ungrouped queries that leave out the model's primary key (a 400
   * naming it), as servers with that check on do: Cube before 1.0 by default, later ones with
   * `allowUngroupedWithoutPrimaryKey` off. The model's primary key (`orders.id`) is hidden,
   * so such a server lists no single rows of it.
   */
  ungroupedNeedsPrimaryKey: v.optional(v.boolean()),
});
/** Fault injection settings; all optional, none by default. */
export type MockFaults = Infer<typeof MockFaultsSchema>;

/** Header carrying per-request faults as JSON. */
export const FAULTS_HEADER = 'X-Mock-Faults';

/** The instance's faults with the request's header merged over them. */
export function faultsFor(request: Request, instance: MockFaults): MockFaults {
  const header = request.headers.get(FAULTS_HEADER);
  if (!header) return instance;
  try {
    const parsed = JSON.parse(header) as unknown;
    if (MockFaultsSchema.is(parsed)) return { ...instance, ...parsed };
  } catch {
    // An unreadable header injects nothing.
  }
  return instance;
}
