/**
 * A step of `npm test`: makes sure the tests that start a real PostgreSQL server of their own
 * (`test/support/postgres.ts`) have its programs. When `findPostgres` finds them, nothing is
 * installed. Otherwise it says what it does and installs Debian's `postgresql` package with
 * apt-get (as root, or through a sudo that needs no password); nothing ever waits for input.
 * Debian's package starts a cluster of its own on port 5432 as it installs; the tests never
 * use it (each starts its own in a temporary folder on a free port), so it is stopped again.
 */
import { spawnSync } from 'node:child_process';
import { findOnPath } from './executables';
import { findPostgres, PostgresPathError, type FoundPostgres } from './find-postgres';

/** What provisioning may do on this machine; injected in tests. */
export interface PostgresMachine {
  find: () => FoundPostgres | null;
  /** Runs a command with no stdin; true when it exits 0. */
  run: (command: string, args: string[]) => boolean;
  has: (command: string) => boolean;
  isRoot: boolean;
  log: (line: string) => void;
}

/** No PostgreSQL could be found or installed: the message says what to do by hand. */
export class PostgresSetupError extends Error {
  override readonly name = 'PostgresSetupError';
}

const MANUAL = [
  'Install a PostgreSQL server (any version from 13), then run `npm test` again; any of:',
  '  sudo apt-get install -y postgresql            (Debian, Ubuntu)',
  '  brew install postgresql                        (macOS)',
  '  PG_BIN=/path/to/postgresql/bin npm test        (a folder with initdb, pg_ctl and postgres)',
].join('\n');

/** Finds the server's programs, or installs Debian's package; returns the folder the tests use. */
export function ensurePostgres(machine: PostgresMachine): FoundPostgres {
  const found = machine.find();
  if (found) return found;
  const { log, run } = machine;
  const sudo = machine.isRoot ? [] : machine.has('sudo') && run('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
  if (!machine.has('apt-get') || sudo === null) {
    const why = machine.has('apt-get') ? 'apt-get needs root or a sudo without password' : 'there is no apt-get';
    throw new PostgresSetupError(`No PostgreSQL server for the database tests, and ${why}.\n${MANUAL}`);
  }
  const asRoot = (command: string, args: string[]) =>
    sudo.length > 0 ? run(sudo[0]!, [...sudo.slice(1), command, ...args]) : run(command, args);
  log('No PostgreSQL server for the database tests (initdb, pg_ctl, postgres). Installing one:');
  log(
    `→ Debian's postgresql package: ${sudo.length > 0 ? 'sudo ' : ''}apt-get update && apt-get install -y postgresql`,
  );
  if (asRoot('apt-get', ['update', '-qq']) && asRoot('apt-get', ['install', '-y', '-qq', 'postgresql'])) {
    // The package's own cluster is not ours to keep running.
    if (machine.has('pg_ctlcluster') || machine.has('service')) asRoot('service', ['postgresql', 'stop']);
    const installed = machine.find();
    if (installed) return installed;
  }
  throw new PostgresSetupError(`Could not set up PostgreSQL: apt-get install postgresql failed.\n${MANUAL}`);
}

/** This machine, for real. */
export function thisMachine(): PostgresMachine {
  return {
    find: () => findPostgres(),
    run: (command, args) =>
      spawnSync(command, args, {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0,
    has: (command) => findOnPath([command]) !== null,
    isRoot: process.getuid?.() === 0,
    log: (line) => console.log(line),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { bin, source } = ensurePostgres(thisMachine());
    console.log(`PostgreSQL for the database tests: ${bin} (from ${source})`);
  } catch (error) {
    if (!(error instanceof PostgresSetupError || error instanceof PostgresPathError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
