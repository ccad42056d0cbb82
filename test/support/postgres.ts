/**
 * A real PostgreSQL server for a test: its own cluster in a temporary folder, on a free
 * loopback port, started and stopped by the test (outages included). The programs come from
 * `findPostgres` (`npm test` installs Debian's package first when there are none:
 * scripts/ensure-postgres.ts). Postgres refuses to run as root, so as root every program runs
 * as the `postgres` system user (Debian's package creates it), which owns the folder.
 *
 *   const pg = await startPostgres();
 *   const pool = new Pool({ connectionString: pg.url });
 *   await pg.stop(); await pg.start();   // an outage and its end
 *   await pg.close();                    // stopped and its folder removed
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgres } from '../../scripts/find-postgres';

/** A running (or stopped) server of a test's own. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: trust auth, no password. */
  readonly url: string;
  readonly port: number;
  /** The cluster's folder (its log is `server.log` in it). */
  readonly dataDir: string;
  /** A database of its own on this server, as a URL (created on first use of the name). */
  database(name: string): Promise<string>;
  /** Starts the server again after `stop` or `kill` (same folder, same port). */
  start(): Promise<void>;
  /**
   * Stops it: `fast` (the default) ends every connection and shuts down cleanly; `immediate`
   * quits without a clean shutdown (recovery on the next start), as a crash would.
   */
  stop(mode?: 'fast' | 'immediate' | 'smart'): Promise<void>;
  /** SIGSTOP to the server's processes: it accepts connections and never answers. `resume` ends it. */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  resume(): void;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  /** Stops the server (immediately) and removes its folder. */
  close(): Promise<void>;
}

/** Options of {@link startPostgres}. */
export interface StartPostgresOptions {
  /** Extra server settings (`-c name=value`), such as `{ max_connections: '20' }`. */
  settings?: Record<string, string>;
}

const asRoot = process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('Running as root, and there is no `postgres` user to run PostgreSQL as (Debian makes one).');
  return { uid, gid };
}

/** A program of the server's, as the `postgres` user when we are root. */
function command(bin: string, program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
}

function run(bin: string, program: string, args: string[]): Promise<void> {
  const [cmd, argv] = command(bin, program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts a PostgreSQL server of the test's own (initdb in a temporary folder, then pg_ctl start). */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const found = findPostgres();
  if (!found)
    throw new Error(
      'No PostgreSQL server for this test (initdb, pg_ctl, postgres): `npm test` installs one first ' +
        '(scripts/ensure-postgres.ts), or set PG_BIN to a PostgreSQL bin folder.',
    );
  const { bin } = found;
  const dataDir = mkdtempSync(join(tmpdir(), 'ek-postgres-'));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dataDir, uid, gid);
  }
  await run(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dataDir,
    // A test server: no fsync (a killed server still loses nothing it acknowledged to the OS).
    fsync: 'off',
    full_page_writes: 'off',
    ...options.settings,
  };
  const serverArgs = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const logFile = join(dataDir, 'server.log');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const created = new Set<string>(['postgres']);
  let frozen: number[] = [];

  const postmasterPid = (): number | undefined => {
    try {
      return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  /** The postmaster and its children (the backends, the checkpointer…). */
  const serverPids = (): number[] => {
    const main = postmasterPid();
    if (!main) return [];
    const children = spawnSync('pgrep', ['-P', String(main)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    return [main, ...children];
  };

  const server: PostgresServer = {
    url,
    port,
    dataDir,
    async database(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      if (!created.has(name)) {
        // The name is checked above: createdb takes no parameters.
        await run(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]).catch((error) => {
          if (!/already exists/.test(String(error))) throw error;
        });
        created.add(name);
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    start: () => run(bin, 'pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', serverArgs]),
    stop: (mode = 'fast') => run(bin, 'pg_ctl', ['stop', '-w', '-t', '60', '-D', dataDir, '-m', mode]),
    freeze() {
      frozen = serverPids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // gone since
        }
      }
      frozen = [];
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async close() {
      server.resume();
      await server.stop('immediate').catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
