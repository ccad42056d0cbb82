/**
 * Finding a PostgreSQL server's programs (`initdb`, `pg_ctl`, `postgres`) for the tests that
 * start a real Postgres of their own (`test/support/postgres.ts`). Node built-ins only: it runs
 * before every `npm test`. Searched in order: `PG_BIN` (a folder), Debian's
 * `/usr/lib/postgresql/<version>/bin` (the newest version), then `PATH`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findOnPath, isExecutableFile } from './executables';

/** The programs the tests run, all from one folder. */
export const POSTGRES_PROGRAMS = ['initdb', 'pg_ctl', 'postgres', 'createdb'] as const;

/** A folder holding every one of {@link POSTGRES_PROGRAMS}. */
export interface FoundPostgres {
  bin: string;
  source: 'PG_BIN' | 'debian' | 'PATH';
}

/** `PG_BIN` names a folder without the server's programs: the user's to fix. */
export class PostgresPathError extends Error {
  override readonly name = 'PostgresPathError';
}

const complete = (bin: string, isExecutable: (path: string) => boolean) =>
  POSTGRES_PROGRAMS.every((name) => isExecutable(join(bin, name)));

/** Debian's versioned folders, newest first (`/usr/lib/postgresql/17/bin`, then 15…). */
function debianFolders(root: string): string[] {
  try {
    return readdirSync(root)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => join(root, version, 'bin'));
  } catch {
    return [];
  }
}

/** The folder of a Postgres server's programs on this machine, or null. */
export function findPostgres(
  env: Record<string, string | undefined> = process.env,
  isExecutable: (path: string) => boolean = isExecutableFile,
  debianRoot = '/usr/lib/postgresql',
): FoundPostgres | null {
  if (env.PG_BIN) {
    if (complete(env.PG_BIN, isExecutable)) return { bin: env.PG_BIN, source: 'PG_BIN' };
    throw new PostgresPathError(
      `PG_BIN is set to ${env.PG_BIN}, which does not hold ${POSTGRES_PROGRAMS.join(', ')}. ` +
        'Point it at a PostgreSQL bin folder, or unset it.',
    );
  }
  for (const bin of debianFolders(debianRoot)) if (complete(bin, isExecutable)) return { bin, source: 'debian' };
  // On PATH, the three must sit together (a client-only install has psql, never initdb).
  const initdb = findOnPath(['initdb'], env, isExecutable);
  if (initdb && complete(dirname(initdb), isExecutable)) return { bin: dirname(initdb), source: 'PATH' };
  return null;
}
