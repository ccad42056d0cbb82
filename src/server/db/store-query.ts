// What every SQL store does around a statement: the library's migrations first (once per
// database, shared by the stores on it), then the statement, any failure of either an
// `unavailable` store error with the database's error as its cause (the APIs answer 503).
import { StoreError } from '../../protocol/store-error';
import { isDatabase } from './database';
import { SERVER_MIGRATIONS } from './migrations';
import { runMigrations, type SqlClient } from './sql-client';

// Raw clients (not made by createDatabase): migrated once each, whichever store asks first.
const migratedClients = new WeakMap<object, Promise<unknown>>();

function migrated(client: SqlClient): Promise<unknown> {
  if (isDatabase(client)) return client.options.migrate === false ? Promise.resolve() : client.migrate();
  let done = migratedClients.get(client);
  if (!done) {
    done = runMigrations(client, SERVER_MIGRATIONS);
    // A failure is not kept: the next call tries again.
    done.catch(() => migratedClients.delete(client));
    migratedClients.set(client, done);
  }
  return done;
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
  return async (text, params) => {
    try {
      if (migrate !== false) await migrated(client);
      return (await client.query(text, params)).rows;
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw unavailable(error);
    }
  };
}
