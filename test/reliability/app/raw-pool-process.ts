/**
 * The wiring the docs showed before `createDatabase` (a `pg` Pool with no `'error'` listener),
 * as a control for the outage suite: it keeps idle connections and prints `ready`; when the
 * database restarts, Node exits with "Unhandled 'error' event". The suite checks that it does,
 * so a setup that could not show the bug would fail too.
 */
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
process.stdout.write('ready\n');
setInterval(() => {}, 1000); // stays up, as a server would
