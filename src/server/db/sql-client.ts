// The one thing the SQL store needs from a database: `query(text, params)`. `pg`'s Pool and
// Client and PGlite have it as they are; nothing of either is imported here.

/**
 * A Postgres connection or pool: `pg.Pool`, `pg.Client`, `PGlite` and `@vercel/postgres`'s
 * `db` fit as they are. Values always travel as `params` (`$1`, `$2`…), never in `text`.
 * Each call must run as its own statement (autocommit): the store needs no transaction,
 * every change it makes is one statement.
 */
export interface SqlClient {
  // `any[]` as pg and PGlite type their rows; the store reads each row field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(text: string, params?: any[]): Promise<{ rows: any[] }>;
}

/** A migration: its name (kept in `ek_migrations` once applied) and its SQL file's text. */
export interface SqlMigration {
  name: string;
  sql: string;
}

/**
 * The statements of a migration file, each sent alone (PGlite's `query` and pg's parameterised
 * queries take one statement): comments dropped, split at each `;` that ends a line. The
 * files hold no function bodies or strings with `;` at a line's end.
 */
export function migrationStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;[ \t]*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

// Two servers creating the same table at once: Postgres checks `IF NOT EXISTS` before it takes
// its locks, so the slower one can still fail on the catalog's unique index (23505) or find the
// object there (42P07 relation, 42710 object). Run again, the statement sees it and does nothing.
const RACED = new Set(['23505', '42P07', '42710']);

async function idempotent(client: SqlClient, statement: string): Promise<void> {
  try {
    await client.query(statement);
  } catch (error) {
    if (!RACED.has((error as { code?: unknown } | null)?.code as string)) throw error;
    await client.query(statement);
  }
}

/**
 * Applies the migrations not yet recorded in `ek_migrations`, in order, and records each.
 * Statements are idempotent (`IF NOT EXISTS`), and one that lost a race with another server
 * creating the same object is run once more, so two servers starting at once, or a run cut
 * off halfway, do no harm: the next run completes it.
 */
export async function runMigrations(client: SqlClient, migrations: readonly SqlMigration[]): Promise<string[]> {
  await idempotent(
    client,
    'CREATE TABLE IF NOT EXISTS ek_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query('SELECT name FROM ek_migrations');
  const done = new Set(rows.map((row: { name: string }) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    for (const statement of migrationStatements(migration.sql)) await idempotent(client, statement);
    await client.query('INSERT INTO ek_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [migration.name]);
    applied.push(migration.name);
  }
  return applied;
}
