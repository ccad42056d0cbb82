// The example's database: PGlite in a folder of the example by default (`npm run dev` needs
// nothing installed), a Postgres server when DATABASE_URL is set (a `pg` Pool). One call makes
// it what every store uses: deadlines, the pool's error listener, failures answered 503 and
// logged once, and the tables of boards, conversations and ratings made before the first
// query (once, under a lock when several servers start together).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, type Database } from 'react-embedded-analytics/server';

/** Where PGlite keeps its files when DATABASE_URL is unset (gitignored). */
const PGLITE_DIR = process.env.PGLITE_DIR ?? join(process.cwd(), '.data', 'pglite');

async function open() {
  const url = process.env.DATABASE_URL;
  // Loaded on demand: a PGlite setup never loads pg, and the other way round.
  if (url) return new (await import('pg')).default.Pool({ connectionString: url });
  mkdirSync(PGLITE_DIR, { recursive: true }); // PGlite makes the folder, not its parents
  return (await import('@electric-sql/pglite')).PGlite.create(PGLITE_DIR);
}

// Next.js may load this module once per route bundle: one database per process, on globalThis
// (two PGlite instances on one folder would corrupt it).
const shared = globalThis as { exampleDatabase?: Database };

/** The database, opened on its first query (`next build` runs without one); a failed start is tried again. */
export const db: Database = (shared.exampleDatabase ??= createDatabase(open, {
  onError: (error) => console.error(`database (${error.kind}):`, error.message),
}));
