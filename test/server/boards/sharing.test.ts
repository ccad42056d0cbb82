/**
 * The SQL board store's team contract (roles, grants, merges, restore, filtered lists) on PGlite
 * and on a real Postgres server of the test's own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlBoardStore, runMigrations, SERVER_MIGRATIONS, type SqlClient } from '../../../src/server';
import { startPostgres, type PostgresServer } from '../../support/postgres';
import { describeTeamBoardStore, erin, teamBoard, type TeamStoreOptions } from '../../protocol/board/store-contract';
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

describe('the SQL store keeps a bounded history', () => {
  it('holds at most revisionsKept earlier definitions per board, and none of a deleted one', async () => {
    const store = await freshStore(db(), { revisionsKept: 3 });
    const board = await store.create(erin, { definition: teamBoard() });
    let revision = 1;
    for (let i = 0; i < 12; i++)
      revision = (await store.save(erin, board.id, { definition: teamBoard(`Save ${i}`), revision })).revision;
    const kept = async () =>
      (
        await db().query<{ revision: number }>(
          'SELECT revision FROM ek_board_revisions WHERE board_id = $1 ORDER BY revision',
          [board.id],
        )
      ).rows.map((row) => row.revision);
    expect(await kept()).toEqual([10, 11, 12]);
    await store.remove(erin, board.id);
    expect(await kept()).toEqual([]);
  });
});
