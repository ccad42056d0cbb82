/**
 * The database adapter against a real Postgres server of the test's own (and PGlite, and fake
 * clients for what a server will not do on demand): what it sets on a host's pool, a restart
 * with idle connections (reported, never a crash, recovered without a new pool), a statement
 * past its deadline, a server that accepts and never answers, migrations under a lock, failures
 * classified and reported once per interval.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  DatabaseError,
  databaseErrorKind,
  SERVER_MIGRATIONS,
  type SqlClient,
} from '../../../src/server';
import { startPostgres, type PostgresServer } from '../../support/postgres';

/** The rejection of `call`, or a failure when it resolved. */
async function failure(call: Promise<unknown>): Promise<DatabaseError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseError);
    return error as DatabaseError;
  }
  throw new Error('expected a DatabaseError');
}

describe('databaseErrorKind', () => {
  it("reads Postgres's codes, Node's socket errors and the drivers' words", () => {
    const cases: [unknown, string][] = [
      [{ code: '57P01', message: 'terminating connection due to administrator command' }, 'shutdown'],
      [{ code: '57P03' }, 'shutdown'],
      [{ code: '25006' }, 'shutdown'],
      [{ code: '08006' }, 'connection'],
      [{ code: '08P01' }, 'connection'],
      [{ code: '57014', message: 'canceling statement due to statement timeout' }, 'timeout'],
      [{ code: '55P03' }, 'timeout'],
      [{ code: '53300', message: 'sorry, too many clients already' }, 'overloaded'],
      [{ code: '40P01' }, 'conflict'],
      [{ code: '40001' }, 'conflict'],
      [{ code: '42P01', message: 'relation "x" does not exist' }, 'query'],
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), 'connection'],
      [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'connection'],
      [Object.assign(new Error('x'), { code: 'ETIMEDOUT' }), 'timeout'],
      [new Error('Connection terminated unexpectedly'), 'connection'],
      [new Error('timeout exceeded when trying to connect'), 'timeout'],
      [new Error('Query read timeout'), 'timeout'],
      [new Error('Connection terminated due to connection timeout', { cause: new Error('x') }), 'timeout'],
      [new Error('PGlite is closed'), 'connection'],
      [new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), 'connection'],
      [new Error('wrapped', { cause: { code: '57P01' } }), 'shutdown'],
      [new Error('something else'), 'query'],
      ['a string', 'query'],
      [null, 'query'],
    ];
    for (const [error, kind] of cases) expect(databaseErrorKind(error), JSON.stringify(error)).toBe(kind);
  });
});

describe('createDatabase with fake clients', () => {
  it('runs a statement that lost a deadlock again (retries), and reports a passing failure once per interval', async () => {
    let calls = 0;
    const deadlocking: SqlClient = {
      query: async () => {
        calls++;
        if (calls <= 2) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return { rows: [{ ok: 1 }] };
      },
    };
    const reported: DatabaseError[] = [];
    const db = createDatabase(deadlocking, { onError: (e) => reported.push(e) });
    expect((await db.query('UPDATE x')).rows).toEqual([{ ok: 1 }]);
    expect(calls).toBe(3);
    expect(reported).toEqual([]);
    calls = 0;
    const once = createDatabase(deadlocking, { retries: 0, onError: (e) => reported.push(e) });
    expect((await failure(once.query('UPDATE x'))).kind).toBe('conflict');

    reported.length = 0;
    const down = createDatabase(
      { query: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) },
      { onError: (e) => reported.push(e), reportEveryMs: 200 },
    );
    for (let i = 0; i < 20; i++) {
      const error = await failure(down.query('SELECT 1'));
      expect([error.kind, error.transient]).toEqual(['connection', true]);
      expect(error.message).toMatch(/^The database could not be reached: connect ECONNREFUSED/);
    }
    expect(reported).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await failure(down.query('SELECT 1'));
    expect(reported).toHaveLength(2);
    expect(reported[1]!.suppressed).toBe(19);
    // A statement that fails on its own (not transient) is reported every time.
    const broken = createDatabase(
      { query: () => Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' })) },
      { onError: (e) => reported.push(e), reportEveryMs: 60_000 },
    );
    await failure(broken.query('SELEC'));
    await failure(broken.query('SELEC'));
    expect(reported.slice(2).map((e) => [e.kind, e.transient, e.code])).toEqual([
      ['query', false, '42601'],
      ['query', false, '42601'],
    ]);
    // A logger that throws changes nothing for the caller.
    const loud = createDatabase(
      { query: () => Promise.reject(new Error('Connection terminated unexpectedly')) },
      {
        onError: () => {
          throw new Error('logger down');
        },
      },
    );
    expect((await failure(loud.query('SELECT 1'))).kind).toBe('connection');
  });

  it('opens a lazy client on the first query, and tries again after a failed start', async () => {
    let opened = 0;
    const db = createDatabase(async () => {
      opened++;
      if (opened === 1) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return { query: async () => ({ rows: [{ n: opened }] }) };
    });
    expect(db.driver).toBeUndefined();
    expect((await failure(db.query('SELECT 1'))).kind).toBe('connection');
    expect((await db.query('SELECT 1')).rows).toEqual([{ n: 2 }]);
    expect((await db.query('SELECT 1')).rows).toEqual([{ n: 2 }]);
    expect([opened, db.driver]).toEqual([2, 'other']);
    await expect(createDatabase({} as SqlClient).query('SELECT 1')).rejects.toThrow(/pg Pool, PGlite/);
  });

  it('runs migrations on PGlite as they are, once', async () => {
    const lite = await PGlite.create();
    try {
      const db = createDatabase(lite);
      await Promise.all([db.migrate(), db.migrate()]);
      expect(db.driver).toBe('pglite');
      const { rows } = await lite.query<{ name: string }>('SELECT name FROM ek_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(SERVER_MIGRATIONS.map((m) => m.name));
      await db.check();
      await lite.close();
      expect((await failure(db.check())).kind).toBe('connection');
    } finally {
      if (!lite.closed) await lite.close();
    }
  }, 120_000);
});

describe('createDatabase on a real Postgres server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => server?.close());

  it("sets what a host's pool leaves unset, and keeps what it set", async () => {
    const bare = new pg.Pool({ connectionString: server.url });
    const own = new pg.Pool({ connectionString: server.url, connectionTimeoutMillis: 1234, statement_timeout: 4321 });
    try {
      const a = createDatabase(bare, { idleTimeoutMs: 2000 });
      const b = createDatabase(own);
      await a.check();
      await b.check();
      expect([a.driver, b.driver]).toEqual(['pg-pool', 'pg-pool']);
      expect(bare.options).toMatchObject({
        connectionTimeoutMillis: 5000,
        statement_timeout: 10_000,
        idle_in_transaction_session_timeout: 60_000,
        keepAlive: true,
        idleTimeoutMillis: 2000,
      });
      expect(own.options).toMatchObject({ connectionTimeoutMillis: 1234, statement_timeout: 4321 });
      // Set on the connections themselves, by the server.
      const { rows } = await a.query('SHOW statement_timeout');
      expect(rows[0]).toEqual({ statement_timeout: '10s' });
      expect(bare.listenerCount('error')).toBe(1);
    } finally {
      await Promise.all([bare.end(), own.end()]);
    }
  });

  it('survives a restart with idle connections (reported, no crash) and recovers with the same pool', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    const reported: DatabaseError[] = [];
    const db = createDatabase(pool, { onError: (e) => reported.push(e), reportEveryMs: 0 });
    try {
      // Four connections, then idle in the pool.
      await Promise.all([1, 2, 3, 4].map(() => db.query('SELECT pg_sleep(0.05)')));
      expect(pool.idleCount).toBe(4);
      await server.stop('fast');
      // The pool's idle connections were told the server is shutting down: heard, not thrown.
      await expect.poll(() => reported.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(reported[0]!.kind).toBe('shutdown');
      expect(reported[0]!.code).toBe('57P01');
      const down = await failure(db.query('SELECT 1'));
      expect([down.kind, down.transient]).toEqual(['connection', true]);
      await server.start();
      expect((await db.query('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('ends a statement past its deadline, and a server that never answers, as timeouts', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 2 });
    const db = createDatabase(pool, { statementTimeoutMs: 300, queryTimeoutMs: 1500, connectTimeoutMs: 1500 });
    try {
      const slow = await failure(db.query('SELECT pg_sleep(5)'));
      expect([slow.kind, slow.code]).toEqual(['timeout', '57014']);
      await db.check(); // an idle connection stays in the pool
      server.freeze();
      const started = Date.now();
      // One statement on the idle connection (no answer), one on a new one (no handshake).
      const [idle, fresh] = await Promise.all([failure(db.query('SELECT 1')), failure(db.query('SELECT 2'))]);
      expect([idle.kind, fresh.kind]).toEqual(['timeout', 'timeout']);
      // Within the deadlines (generously: the machine is shared), not held until the server wakes.
      expect(Date.now() - started).toBeLessThan(30_000);
      server.resume();
      await expect
        .poll(
          () =>
            db.check().then(
              () => true,
              () => false,
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
    } finally {
      server.resume();
      await pool.end();
    }
  }, 60_000);

  it('migrates under a lock when several servers start at once', async () => {
    const url = await server.database('raced');
    const pools = [1, 2, 3, 4].map(() => new pg.Pool({ connectionString: url, max: 2 }));
    try {
      await Promise.all(pools.map((pool) => createDatabase(pool).migrate()));
      const { rows } = await pools[0]!.query<{ name: string }>('SELECT name FROM ek_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(SERVER_MIGRATIONS.map((m) => m.name));
      const tables = await pools[0]!.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('ek_boards', 'ek_threads', 'ek_feedback', 'ek_usage')",
      );
      expect(tables.rows[0]!.n).toBe(4);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  }, 60_000);
});
