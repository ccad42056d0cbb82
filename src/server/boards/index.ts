// Boards on the host's server: the SQL store, its migrations and the board API.
export { createBoardApi, DEFAULT_BOARD_MAX_BODY_BYTES, type BoardApiOptions } from './api';
export { createSqlBoardStore, type SqlBoardStoreOptions } from './sql-store';
export { migrationStatements, runMigrations, type SqlClient, type SqlMigration } from './sql-client';
export { BOARD_MIGRATIONS } from './migrations';
