// The database every store uses: the adapter, its errors, the migrations.
export {
  createDatabase,
  DEFAULT_DATABASE_TIMEOUTS,
  type Database,
  type DatabaseDriver,
  type DatabaseOptions,
} from './database';
export { DatabaseError, databaseErrorKind, type DatabaseErrorKind } from './errors';
export { SERVER_MIGRATIONS } from './migrations';
export { migrationStatements, runMigrations, type SqlClient, type SqlMigration } from './sql-client';
