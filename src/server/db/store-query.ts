// What every SQL store does around a statement: the library's migrations first (once per
// database, shared by the stores on it), then the statement, any failure of either an
// `unavailable` store error with the database's error as its cause (the APIs answer 503).
import { StoreError } from '../../protocol/store-error';
import { createDatabase, isDatabase, type Database } from './database';
import type { SqlClient } from './sql-client';

// A client given as it is (a `pg` Pool handed straight to a store) gets the adapter too, one
// per client, shared by the stores on it: a host that skips `createDatabase` still gets the
// pool's 'error' listener (without it a database restart ends the process) and the deadlines.
const adapted = new WeakMap<object, Database>();

/** The {@link Database} a store runs on: `client` itself, or the adapter made for it once. */
export function databaseOf(client: SqlClient): Database {
  if (isDatabase(client)) return client;
  let database = adapted.get(client);
  if (!database) adapted.set(client, (database = createDatabase(client)));
  return database;
}

/** A store's rows, as each driver hands them back (every field read one by one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StoreRows = any[];

/**
 * The statement runner of a store on `client`: `migrate: false` skips the migrations; a
 * failure becomes `unavailable(cause)` (a `StoreError`, or the store's own subclass).
 */
export function storeQuery(
  client: SqlClient,
  migrate: boolean | undefined,
  unavailable: (cause: unknown) => StoreError,
): (text: string, params: unknown[]) => Promise<StoreRows> {
  const database = databaseOf(client);
  return async (text, params) => {
    try {
      if (migrate !== false && database.options.migrate !== false) await database.migrate();
      return (await database.query(text, params)).rows;
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw unavailable(error);
    }
  };
}
