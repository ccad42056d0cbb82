// What a database failure means for a request: the server cannot be reached or went away, it
// is too slow, shutting down or out of resources (all of which pass, so the APIs answer 503 and
// the next request tries again), two statements collided (run again at once), or a statement
// itself failed (the SQL or the schema: a bug, reported as such). Read from Postgres's SQLSTATE
// (`code`), Node's socket errors and the drivers' own messages; nothing of a driver is imported.

/** What kind of failure a {@link DatabaseError} is. */
export type DatabaseErrorKind =
  /** The server cannot be reached, or the connection was lost (refused, reset, 08xxx). */
  | 'connection'
  /** No answer in time: connecting, waiting for a connection, or a statement (57014). */
  | 'timeout'
  /** The server is shutting down, starting, or not taking writes (57P01-57P03, 25006). */
  | 'shutdown'
  /** The server is out of connections, memory or disk (53xxx). */
  | 'overloaded'
  /** A deadlock or serialization failure (40P01, 40001): nothing was written; run it again. */
  | 'conflict'
  /** The statement failed (its SQL, the schema, permissions): not something that passes. */
  | 'query';

/** A database failure, classified, with the driver's error as its `cause`. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
  /** True for every kind but `query`: the failure passes by itself (the APIs answer 503). */
  readonly transient: boolean;
  /**
   * How many more failures of this kind the adapter heard since the last one it reported
   * (it reports a passing failure once per `reportEveryMs`, not once per request).
   */
  suppressed = 0;
  constructor(
    readonly kind: DatabaseErrorKind,
    message: string,
    /** Postgres's SQLSTATE, when the server answered with one (`57P01`). */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.transient = kind !== 'query';
  }
}

const SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// The drivers' own words for a lost or unusable connection and for a deadline passed (pg,
// pg-pool, PGlite), matched on the start of the message.
const LOST =
  /^(?:Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed|Connection ended|terminating connection)/i;
const SLOW =
  /^(?:timeout exceeded when trying to connect|Query read timeout|Connection terminated due to connection timeout)/i;

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

function kindOf(error: unknown): DatabaseErrorKind | undefined {
  const code = field(error, 'code');
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) {
      if (code === '57014' || code === '55P03') return 'timeout';
      if (code === '40001' || code === '40P01') return 'conflict';
      if (/^57P0[123]$/.test(code) || code === '25006') return 'shutdown';
      if (code.startsWith('08')) return 'connection';
      if (code.startsWith('53')) return 'overloaded';
      return 'query';
    }
    if (SOCKET.has(code)) return code === 'ETIMEDOUT' ? 'timeout' : 'connection';
  }
  const message = field(error, 'message');
  if (typeof message === 'string') {
    if (SLOW.test(message)) return 'timeout';
    if (LOST.test(message)) return 'connection';
  }
  return undefined;
}

/**
 * What kind of failure `error` is (a driver's error, or one it wraps as its `cause`, a few
 * levels down; an `AggregateError` by its first error): `query` when nothing says otherwise.
 */
export function databaseErrorKind(error: unknown): DatabaseErrorKind {
  let current = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof DatabaseError) return current.kind;
    const kind = kindOf(current);
    if (kind) return kind;
    const errors = field(current, 'errors');
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : field(current, 'cause');
  }
  return 'query';
}

const WORDS: Record<DatabaseErrorKind, string> = {
  connection: 'The database could not be reached',
  timeout: 'The database did not answer in time',
  shutdown: 'The database is shutting down or starting',
  overloaded: 'The database is out of resources',
  conflict: 'The statement collided with another',
  query: 'A database statement failed',
};

/** `error` as a {@link DatabaseError} (itself when it is one), its message naming the kind and the driver's words. */
export function toDatabaseError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const kind = databaseErrorKind(error);
  const code = field(error, 'code');
  const said = field(error, 'message');
  // The driver's first line only, bounded: a log line, not a dump.
  const detail = typeof said === 'string' && said ? `: ${said.split('\n')[0]!.slice(0, 300)}` : '';
  return new DatabaseError(kind, `${WORDS[kind]}${detail}`, typeof code === 'string' ? code : undefined, {
    cause: error,
  });
}

/** Errors a database adapter's `onError` heard or counted as suppressed (an API need not report them again). */
export const reportedErrors = new WeakSet<object>();
