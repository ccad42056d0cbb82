// One PGlite (Postgres in WASM) per test file: starting one takes seconds on a loaded machine.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';

/** Registers a fresh in-memory database for the file; the getter is valid inside tests. */
export function usePGlite(): () => PGlite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await PGlite.create();
  }, 120_000);
  afterAll(async () => db?.close());
  return () => {
    if (!db) throw new Error('PGlite not started');
    return db;
  };
}
