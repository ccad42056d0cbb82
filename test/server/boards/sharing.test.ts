/**
 * The SQL board store's team contract (roles, grants, merges, restore, filtered lists) on PGlite
 * and on a real Postgres server of the test's own.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createSqlBoardStore, runMigrations, SERVER_MIGRATIONS, type SqlClient } from '../../../src/server';
import { startPostgres, type PostgresServer } from '../../support/postgres';
import { describeTeamBoardStore, type TeamStoreOptions } from '../../protocol/board/store-contract';
import { usePGlite } from '../db/pglite';

/** A store on `client`, its board tables emptied first. */
async function freshStore(client: SqlClient, options: TeamStoreOptions = {}) {
  await runMigrations(client, SERVER_MIGRATIONS);
  await client.query('TRUNCATE ek_boards, ek_board_grants, ek_board_revisions, ek_usage', []);
  return createSqlBoardStore({
    client,
    editorsMayShare: options.editorsMayShare,
    limits: options.revisionsKept ? { revisionsKept: options.revisionsKept } : undefined,
  });
}

const db = usePGlite();
describeTeamBoardStore('the SQL store on PGlite', (options) => freshStore(db(), options));

let server: PostgresServer | undefined;
let pool: pg.Pool | undefined;
beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: await server.database('sharing'), max: 4 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await server?.close();
});
describeTeamBoardStore('the SQL store on Postgres', (options) => freshStore(pool!, options));
