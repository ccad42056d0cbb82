/**
 * Migrations as a host without `createDatabase` runs them (`runMigrations` on a bare `pg` Pool,
 * no lock): several of these at once on one fresh database must all succeed. Prints the
 * migrations it applied, as JSON.
 */
import pg from 'pg';
import { runMigrations, SERVER_MIGRATIONS } from '../../../src/server';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
try {
  process.stdout.write(`${JSON.stringify(await runMigrations(pool, SERVER_MIGRATIONS))}\n`);
} finally {
  await pool.end();
}
