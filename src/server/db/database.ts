// The one call that turns a host's database into what every store uses: a `pg` Pool (or
// Client), a PGlite, or anything with `query(text, params)`. It owns what a host forgets: the
// pool's `'error'` listener (without one, Node exits when Postgres restarts while connections
// sit idle), deadlines for connecting and for each statement (pg waits forever by default),
// failures classified (a lost or slow database is `transient`: the APIs answer 503 and the
// next request tries again), a deadlock run again, logging through `onError` (a passing
// failure once per `reportEveryMs`, not once per request), and the library's migrations run
// once, under a lock, when several servers start at once. Nothing of `pg` or PGlite is imported:
// each is recognised by its shape.
import { type DatabaseError, reportedErrors, toDatabaseError } from './errors';
import { SERVER_MIGRATIONS } from './migrations';
import { runMigrations, type SqlClient } from './sql-client';

/** Options of {@link createDatabase}. */
export interface DatabaseOptions {
  /**
   * Longest wait for a connection, in ms: to connect, or for a free one in a busy pool (else a
   * `timeout`, answered 503). Default 5,000. Set on a `pg` Pool as `connectionTimeoutMillis`
   * unless the pool has its own.
   */
  connectTimeoutMs?: number;
  /**
   * Longest a statement may run on the server, in ms (Postgres's `statement_timeout`, set on a
   * `pg` Pool's new connections unless it has its own). Default 10,000.
   */
  statementTimeoutMs?: number;
  /**
   * Longest wait for a statement's answer in this process, in ms: a server that accepts
   * connections but never answers (stopped, or cut off) ends here, its connection dropped.
   * Default `statementTimeoutMs` + 2,000.
   */
  queryTimeoutMs?: number;
  /** How long an unused pooled connection is kept, in ms. Default: the pool's own (pg: 10,000). */
  idleTimeoutMs?: number;
  /**
   * Run the library's migrations (`SERVER_MIGRATIONS`) before a store's first query. Default
   * true; false when your own migration tool runs them.
   */
  migrate?: boolean;
  /** How many more times a statement that lost a deadlock or serialization check runs. Default 2. */
  retries?: number;
  /**
   * Hears every failure, classified: each failing statement (`kind: 'query'`), and a passing
   * failure (`transient`: connection, timeout, shutdown, overloaded) once per `reportEveryMs`
   * per kind, with how many were `suppressed` since; and a pooled connection lost while idle.
   * Default none (failures still reach the callers as errors).
   */
  onError?(error: DatabaseError): void;
  /** How often a passing failure of one kind is reported, in ms. Default 10,000. */
  reportEveryMs?: number;
}

/** A database as the stores use it: `query` with deadlines and classified errors, migrations, a health check. */
export interface Database extends SqlClient {
  /** Runs one statement; a failure is a {@link DatabaseError} (`transient` when it passes). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(text: string, params?: any[]): Promise<{ rows: any[] }>;
  /** Applies the library's migrations once (again after a failure); stores call it before their first query. */
  migrate(): Promise<void>;
  /** One round trip (`SELECT 1`): resolves when the database answers, else a {@link DatabaseError} (for a health check). */
  check(): Promise<void>;
  /** What it wraps: a `pg` Pool, a `pg` Client, PGlite, or another client. Known once the client is. */
  readonly driver: DatabaseDriver | undefined;
  /** The options it was made with. */
  readonly options: Readonly<DatabaseOptions>;
}

/** The kinds of client {@link createDatabase} knows by their shape. */
export type DatabaseDriver = 'pg-pool' | 'pg-client' | 'pglite' | 'other';

/** The defaults of {@link DatabaseOptions}' deadlines, in ms. */
export const DEFAULT_DATABASE_TIMEOUTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 10_000 } as const;

// The parts of pg's Pool and Client the adapter touches, as their shapes.
interface PgPoolLike extends SqlClient {
  options: Record<string, unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  connect(): Promise<SqlClient & { release(error?: unknown): void }>;
  totalCount: number;
}
interface PgClientLike extends SqlClient {
  on(event: 'error', listener: (error: Error) => void): unknown;
  connectionParameters: unknown;
}
/** pg's query config: the statement with its own deadline. */
interface PgQueryable {
  query(config: { text: string; values?: unknown[]; query_timeout: number }): Promise<{ rows: unknown[] }>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

function driverOf(client: SqlClient): DatabaseDriver {
  const c = client as unknown as Record<string, unknown>;
  const has = (name: string) => typeof c[name] === 'function';
  if (has('connect') && has('on') && isObject(c.options) && typeof c.totalCount === 'number') return 'pg-pool';
  if (has('connect') && has('on') && 'connectionParameters' in c) return 'pg-client';
  if (has('exec') && has('transaction') && 'waitReady' in c) return 'pglite';
  return 'other';
}

/** A number of ms from an option, or the default. */
const ms = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

// One lock key for the library's migrations (any constant; "ek" migrations), so servers
// starting together migrate one after another.
const MIGRATION_LOCK = 7_283_741_205;

const databases = new WeakSet<object>();

/** True for a {@link Database} made by {@link createDatabase}. */
export const isDatabase = (client: unknown): client is Database => isObject(client) && databases.has(client);

/**
 * The database every store uses, from a `pg` Pool the host creates (or PGlite, or any client
 * with `query(text, params)`), given as it is, as a promise, or as a function called on the
 * first query (retried after a failure: a build or a start without the database is fine).
 *
 * With a `pg` Pool it sets what the pool leaves unset (the connection and statement deadlines,
 * TCP keep-alive) on its options before its first connection, listens to its `'error'` event
 * (an idle connection lost: reported, never a crash), gives each statement a deadline, and
 * runs the migrations on one connection under an advisory lock. A `pg` Client is used as it
 * is (one connection cannot recover from its loss: prefer a Pool). PGlite needs none of it.
 */
export function createDatabase(
  client: SqlClient | PromiseLike<SqlClient> | (() => SqlClient | PromiseLike<SqlClient>),
  options: DatabaseOptions = {},
): Database {
  const connectTimeoutMs = ms(options.connectTimeoutMs, DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs);
  const statementTimeoutMs = ms(options.statementTimeoutMs, DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs);
  const queryTimeoutMs = ms(options.queryTimeoutMs, statementTimeoutMs + 2_000);
  const retries = Math.max(0, Math.floor(ms(options.retries, 2)));
  const reportEveryMs = ms(options.reportEveryMs, 10_000);
  let driver: DatabaseDriver | undefined;
  let opened: Promise<SqlClient> | undefined;
  let migrated: Promise<void> | undefined;
  const lastReport = new Map<string, { at: number; suppressed: number }>();

  function report(error: DatabaseError): void {
    if (!options.onError) return;
    // Heard here, told or counted: an API's onError need not hear it again.
    reportedErrors.add(error);
    if (error.transient) {
      const now = Date.now();
      const last = lastReport.get(error.kind);
      if (last && now - last.at < reportEveryMs) {
        last.suppressed++;
        return;
      }
      error.suppressed = last?.suppressed ?? 0;
      lastReport.set(error.kind, { at: now, suppressed: 0 });
    }
    try {
      options.onError(error);
    } catch {
      // a logger that throws must not turn a 503 into a crash
    }
  }

  function prepare(found: SqlClient): SqlClient {
    if (!isObject(found) || typeof found.query !== 'function')
      throw new TypeError('createDatabase needs a pg Pool, PGlite or a client with query(text, params)');
    driver = driverOf(found);
    if (driver === 'pg-pool' || driver === 'pg-client') {
      const listening = found as unknown as PgClientLike;
      // An idle pooled connection the server closed (a restart, a failover): the pool has
      // already dropped it; without a listener Node would exit.
      listening.on('error', (error) => report(toDatabaseError(error)));
    }
    if (driver === 'pg-pool') {
      const settings = (found as unknown as PgPoolLike).options;
      settings.connectionTimeoutMillis ??= connectTimeoutMs;
      settings.statement_timeout ??= statementTimeoutMs;
      // A transaction a host's own code left open holds its locks no longer than this.
      settings.idle_in_transaction_session_timeout ??= 60_000;
      settings.keepAlive ??= true;
      if (options.idleTimeoutMs !== undefined) settings.idleTimeoutMillis = options.idleTimeoutMs;
    }
    return found;
  }

  function open(): Promise<SqlClient> {
    opened ??= Promise.resolve()
      .then(() => (typeof client === 'function' ? client() : client))
      .then(prepare)
      .catch((error: unknown) => {
        opened = undefined; // tried again on the next query
        throw error;
      });
    return opened;
  }

  async function run(text: string, params: unknown[] | undefined): Promise<{ rows: unknown[] }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const found = await open();
        // pg takes a per-statement deadline in its query config; other drivers get the text.
        if (driver === 'pg-pool' || driver === 'pg-client')
          return await (found as unknown as PgQueryable).query({ text, values: params, query_timeout: queryTimeoutMs });
        return await found.query(text, params);
      } catch (cause) {
        const error = toDatabaseError(cause);
        // Nothing of a deadlock's loser was written: running it again is safe.
        if (error.kind === 'conflict' && attempt < retries) continue;
        report(error);
        throw error;
      }
    }
  }

  /** The migrations on one pooled connection, holding an advisory lock: servers starting together take turns. */
  async function migrateLocked(pool: PgPoolLike): Promise<void> {
    const connection = await pool.connect();
    // Each statement with its deadline: a server that stops answering ends the migration too.
    const locked: SqlClient = {
      query: (text, values) =>
        (connection as unknown as PgQueryable).query({ text, values, query_timeout: queryTimeoutMs }),
    };
    let failed: unknown;
    try {
      await locked.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await runMigrations(locked, SERVER_MIGRATIONS);
      } finally {
        await locked.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } catch (error) {
      failed = error;
      throw error;
    } finally {
      // A connection that failed is closed rather than reused (its lock goes with it).
      connection.release(failed);
    }
  }

  const database: Database = {
    query: (text, params) => run(text, params) as Promise<{ rows: never[] }>,
    migrate() {
      migrated ??= (async () => {
        const found = await open();
        if (driver === 'pg-pool') await migrateLocked(found as unknown as PgPoolLike);
        else await runMigrations(database, SERVER_MIGRATIONS);
      })().catch((cause: unknown) => {
        migrated = undefined; // tried again on the next call
        const error = toDatabaseError(cause);
        if (!reportedErrors.has(error)) report(error);
        throw error;
      });
      return migrated;
    },
    async check() {
      await run('SELECT 1', []);
    },
    get driver() {
      return driver;
    },
    options,
  };
  databases.add(database);
  return database;
}
