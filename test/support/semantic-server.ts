/**
 * The open-source semantic-layer server (Cube 0.33.65's REST API) for a test, over a real
 * Postgres loaded with the mock fixture's orders, with the data model of
 * test/mock/differential/server/model and the fixture's row-level security as its
 * `queryRewrite`. It runs as a process of its own with NODE_ENV=production (the only mode in
 * which it checks tokens), on a free loopback port.
 *
 *   const real = await startSemanticServer({ fixture, secret });
 *   await fetch(`${real.url}/cubejs-api/v1/meta`, { headers: { Authorization: token } });
 *   await real.close();   // the server, then its Postgres
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { dataModel } from '../../src/mock/data-api/model';
import { formatLocal } from '../../src/protocol/semantic/date-range';
import type { MockFixture } from '../../src/mock';
import { ensureSemanticServer, SEMANTIC_SERVER_DIR } from '../../scripts/ensure-semantic-server';
import { startPostgres, type PostgresServer } from './postgres';

/** A running server and the Postgres under it. */
export interface SemanticServer {
  /** `http://127.0.0.1:<port>`: the REST API is at `${url}/cubejs-api/v1`. */
  url: string;
  postgres: PostgresServer;
  /** What the server wrote to stderr so far (its errors; its log with `DIFF_LOG=1`). */
  log(): string;
  close(): Promise<void>;
}

/** Options of {@link startSemanticServer}. */
export interface SemanticServerOptions {
  fixture: MockFixture;
  /** The API secret the server checks tokens with. */
  secret: string;
  /** How long the server may take to start, in ms. Default 120 s (a loaded 2-core machine). */
  startTimeoutMs?: number;
}

/** Creates the orders table and loads the mock's rows into it, as the mock's model reads them. */
export async function loadOrders(url: string, fixture: MockFixture): Promise<number> {
  const model = dataModel(fixture);
  if (!model) throw new Error('The fixture has no orders table the mock models');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      CREATE TABLE orders (
        id integer PRIMARY KEY,
        created_at timestamp NOT NULL,
        region text, country text, category text, customer text,
        revenue numeric(14, 2) NOT NULL,
        orders integer NOT NULL
      )`);
    const columns = ['id', 'created_at', 'region', 'country', 'category', 'customer', 'revenue', 'orders'];
    // A few hundred rows per statement: parameters stay well under Postgres's 65,535.
    for (let start = 0; start < model.rows.length; start += 500) {
      const chunk = model.rows.slice(start, start + 500);
      const values: unknown[] = [];
      const tuples = chunk.map((row, i) => {
        values.push(
          start + i + 1,
          formatLocal(row.time),
          row.strings.get('orders.region'),
          row.strings.get('orders.country'),
          row.strings.get('orders.category'),
          row.strings.get('orders.customer'),
          row.cents / 100,
          row.orders,
        );
        return `(${columns.map((_, c) => `$${i * columns.length + c + 1}`).join(', ')})`;
      });
      await client.query(`INSERT INTO orders (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
    }
    return model.rows.length;
  } finally {
    await client.end();
  }
}

/** Starts Postgres, loads the fixture's orders, then the server; resolves once it listens. */
export async function startSemanticServer(options: SemanticServerOptions): Promise<SemanticServer> {
  ensureSemanticServer();
  const postgres = await startPostgres();
  let child: ChildProcess | undefined;
  let stderr = '';
  try {
    await loadOrders(postgres.url, options.fixture);
    child = spawn(process.execPath, ['server.mjs'], {
      cwd: SEMANTIC_SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        CUBEJS_TELEMETRY: 'false',
        DIFF_PG_URL: postgres.url,
        DIFF_SECRET: options.secret,
        DIFF_RLS: JSON.stringify(options.fixture.dataset.rowLevelSecurity),
        DIFF_PORT: '0',
        ...(process.env.DIFF_LOG ? { DIFF_LOG: '1' } : {}),
      },
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      // The last 64 KB: a test's failure message, not a log file.
      stderr = (stderr + chunk.toString()).slice(-65_536);
    });
    const running = child;
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The semantic-layer server did not start in time:\n${stderr}`)),
        options.startTimeoutMs ?? 120_000,
      );
      running.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The semantic-layer server exited (${code}) before it listened:\n${stderr}`));
      });
      // Its own warnings come first (no Cube Store: it caches in memory, as configured).
      createInterface({ input: running.stdout! }).on('line', (line) => {
        const ready = /^listening (\{.*\})$/.exec(line);
        if (!ready) return;
        clearTimeout(timer);
        resolve((JSON.parse(ready[1]!) as { port: number }).port);
      });
    });
    return {
      url: `http://127.0.0.1:${port}`,
      postgres,
      log: () => stderr,
      async close() {
        if (running.exitCode === null) {
          const exited = new Promise((resolve) => running.once('exit', resolve));
          running.kill('SIGTERM');
          const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await postgres.close();
      },
    };
  } catch (error) {
    child?.kill('SIGKILL');
    await postgres.close();
    throw error;
  }
}
