/**
 * The board API of a copy of the library (`EK_SRC`, its `src` folder; this checkout's by
 * default) on an in-memory PGlite, over HTTP on loopback, for `server-abuse.bench.ts`: it
 * prints `listening <origin>`. A copy from before a change measures what the change did.
 */
import { PGlite } from '@electric-sql/pglite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { serveHandler } from '../reliability/app/serve';

const src = resolve(process.env.EK_SRC ?? fileURLToPath(new URL('../../src', import.meta.url)));
// The same two calls in every version: the board store on a client, the API on the store.
const server = (await import(pathToFileURL(`${src}/server/index.ts`).href)) as {
  createSqlBoardStore(options: { client: unknown }): unknown;
  createBoardApi(options: {
    store: unknown;
    getUser(request: Request): unknown;
  }): (request: Request) => Promise<Response>;
};
const api = server.createBoardApi({
  store: server.createSqlBoardStore({ client: await PGlite.create() }),
  getUser: (request) => {
    const id = /user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
    return id ? { id, groups: [] } : null;
  },
});
const listening = await serveHandler(api);
process.stdout.write(`listening ${listening.origin}\n`);
