/**
 * A `pg` Pool handed straight to a store, without `createDatabase` (a host that forgot it): the
 * store adapts the pool itself, so a database restart is `unavailable` and then fine again,
 * never an exit. It lists boards every 100 ms and prints `ok` or the store error's code.
 */
import pg from 'pg';
import { createSqlBoardStore } from '../../../src/server';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
const store = createSqlBoardStore({ client: pool });
await store.list({ id: 'control' });
// Idle connections in the pool when the database goes: the case that ends a process without a listener.
await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
process.stdout.write('ready\n');
setInterval(() => {
  store.list({ id: 'control' }).then(
    () => process.stdout.write('ok\n'),
    (error: { code?: string }) => process.stdout.write(`${error.code ?? 'error'}\n`),
  );
}, 100);
