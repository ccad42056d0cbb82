// The example's database: PGlite in a folder of the example by default (`npm run dev` needs
// nothing installed), a Postgres server when DATABASE_URL is set. Both through the library's
// `query(text, params)` interface, so the board store and the example's own tables do not care
// which. Migrations (the boards' and the example's .sql files) run once, before the first query.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOARD_MIGRATIONS, runMigrations, type SqlClient, type SqlMigration } from 'react-embedded-analytics/server';

/** Where PGlite keeps its files when DATABASE_URL is unset (gitignored). */
const PGLITE_DIR = process.env.PGLITE_DIR ?? join(process.cwd(), '.data', 'pglite');

/** The example's own migrations: lib/migrations/*.sql, in name order. */
function exampleMigrations(): SqlMigration[] {
  const dir = join(process.cwd(), 'lib', 'migrations');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name: `example/${name}`, sql: readFileSync(join(dir, name), 'utf8') }));
}

async function open(): Promise<SqlClient> {
  const url = process.env.DATABASE_URL;
  // Loaded on demand: a PGlite setup never loads pg, and the other way round.
  let client: SqlClient;
  if (url) client = new (await import('pg')).default.Pool({ connectionString: url });
  else {
    mkdirSync(PGLITE_DIR, { recursive: true }); // PGlite makes the folder, not its parents
    client = await (await import('@electric-sql/pglite')).PGlite.create(PGLITE_DIR);
  }
  // Safe with several servers starting at once (runMigrations retries a lost race).
  await runMigrations(client, [...BOARD_MIGRATIONS, ...exampleMigrations()]);
  return client;
}

// Next.js may load this module once per route bundle: one database per process, on globalThis
// (two PGlite instances on one folder would corrupt it).
const shared = globalThis as { exampleDatabase?: Promise<SqlClient> };

/** The database, migrated. A failed start is retried on the next call rather than kept. */
export function database(): Promise<SqlClient> {
  shared.exampleDatabase ??= open().catch((error: unknown) => {
    shared.exampleDatabase = undefined;
    throw error;
  });
  return shared.exampleDatabase;
}

/** The database as a `SqlClient` to hand to stores at import time: each query waits for the start. */
export const db: SqlClient = {
  query: async (text, params) => (await database()).query(text, params),
};
