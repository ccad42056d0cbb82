/**
 * An app server of the reliability suites in a process of its own: the three APIs on a `pg`
 * Pool of `DATABASE_URL` through `createDatabase`, on 127.0.0.1:`PORT` (0: a free one). It
 * prints `listening <origin>` once it serves, and each failure it hears as a JSON line on
 * stderr. Settings come from `EK_APP` (JSON of `TestAppOptions` without `onError`).
 *
 *   node --import tsx test/reliability/app/server-process.ts
 */
import pg from 'pg';
import { createTestApp, type TestAppOptions } from './app';
import { serveHandler } from './serve';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const settings = JSON.parse(process.env.EK_APP ?? '{}') as TestAppOptions;
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.EK_POOL_MAX ?? 10) });
const app = createTestApp(pool, {
  ...settings,
  onError: (source, error) => {
    const e = error as { name?: string; kind?: string; message?: string; cause?: { kind?: string } };
    process.stderr.write(
      `${JSON.stringify({ source, name: e.name, kind: e.kind ?? e.cause?.kind, message: e.message?.slice(0, 200) })}\n`,
    );
  },
});
const listening = await serveHandler((request) => app.handle(request), Number(process.env.PORT ?? 0));
process.stdout.write(`listening ${listening.origin}\n`);
