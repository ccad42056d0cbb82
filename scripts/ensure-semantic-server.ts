/**
 * A step of `npm test`: makes sure the differential test (test/mock/differential) has the
 * open-source semantic-layer server it runs. The server lives in a package folder of its own,
 * apart from the root's dependencies (test/mock/differential/server: package.json and its
 * lockfile), installed with `npm ci --ignore-scripts` (no install script runs: the server's
 * native module and Cube Store's binary download from outside the registry, and the REST
 * API of this version does without both). Nothing is installed when the folder's
 * `node_modules` matches its lockfile (a stamp holds the lockfile's hash), so a second run
 * costs nothing; npm's own cache makes a reinstall quick.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's package folder. */
export const SEMANTIC_SERVER_DIR = fileURLToPath(new URL('../test/mock/differential/server/', import.meta.url));

const STAMP = join(SEMANTIC_SERVER_DIR, 'node_modules', '.lockfile-hash');

/** Could not install the server: the message says what failed and what to run by hand. */
export class SemanticServerSetupError extends Error {
  override readonly name = 'SemanticServerSetupError';
}

const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(join(SEMANTIC_SERVER_DIR, 'package-lock.json')))
    .digest('hex');

/** Whether the folder's `node_modules` was installed from its lockfile as it is now. */
export function semanticServerInstalled(): boolean {
  try {
    return readFileSync(STAMP, 'utf8').trim() === lockHash();
  } catch {
    return false;
  }
}

/**
 * Installs the server's folder when it is not installed from its current lockfile; returns
 * whether it installed. Throws a {@link SemanticServerSetupError} when npm fails.
 */
export function ensureSemanticServer(log: (line: string) => void = console.log): boolean {
  if (semanticServerInstalled()) return false;
  // One install at a time (two test processes may ask at once): the others wait for it.
  const lock = join(SEMANTIC_SERVER_DIR, '.installing');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes is a crashed install's.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 600_000) rmSync(lock, { force: true, recursive: true });
      if (Date.now() - started > 600_000) throw new SemanticServerSetupError(`Another install holds ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return semanticServerInstalled() ? false : install(log);
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

function install(log: (line: string) => void): boolean {
  const command = 'npm ci --ignore-scripts --no-audit --no-fund';
  log(
    `The differential test's semantic-layer server is not installed. Installing it:\n→ ${command} (in ${SEMANTIC_SERVER_DIR})`,
  );
  const started = Date.now();
  const result = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: SEMANTIC_SERVER_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || !existsSync(join(SEMANTIC_SERVER_DIR, 'node_modules', '@cubejs-backend', 'server-core')))
    throw new SemanticServerSetupError(
      `Could not install the semantic-layer server (${command} in ${SEMANTIC_SERVER_DIR}):\n${result.stderr || result.stdout}`,
    );
  writeFileSync(STAMP, `${lockHash()}\n`);
  log(`Installed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureSemanticServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
