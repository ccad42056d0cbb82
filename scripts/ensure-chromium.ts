/**
 * The first step of `npm test` (and `npm run test:browser`): makes sure the browser and story
 * tests have a Chromium. When `findChromium` finds one, nothing is installed. Otherwise it
 * says what it does and installs one: Playwright's own (`playwright install chromium`, plus
 * its system libraries through `playwright install-deps` when it cannot start without them),
 * and where that download is unreachable, Debian's `chromium` package with apt-get. apt runs
 * only as root or through a sudo that needs no password; nothing ever waits for input.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findOnPath } from './executables';
import { CHROMIUM_NAMES, ChromiumPathError, findChromium, type FoundChromium } from './find-chromium';

/** What provisioning may do on this machine; injected in tests. */
export interface ProvisionMachine {
  find: () => FoundChromium | null;
  /**
   * Runs a command with no stdin; true when it exits 0. Its output is shown, or with `quiet`
   * kept and its last line logged on failure (Playwright's download retries are long).
   */
  run: (command: string, args: string[], options?: { quiet?: boolean }) => boolean;
  /** Whether a browser binary starts (`--version`): a download without its libraries does not. */
  starts: (path: string) => boolean;
  /** Whether a command is on PATH. */
  has: (command: string) => boolean;
  isRoot: boolean;
  /** Playwright's command line (`playwright/cli.js`), run with this Node. */
  playwrightCli: string;
  log: (line: string) => void;
}

/** No Chromium could be found or installed: the message says what to do by hand. */
export class ChromiumSetupError extends Error {
  override readonly name = 'ChromiumSetupError';
}

const MANUAL = [
  'Install one, then run `npm test` again; any of:',
  '  npx playwright install --with-deps chromium',
  '  sudo apt-get install -y chromium              (Debian, Ubuntu)',
  '  CHROMIUM_PATH=/path/to/chromium npm test      (any Chromium or Chrome binary)',
].join('\n');

/** Finds Chromium, or installs one as described above; returns the one the tests will use. */
export function ensureChromium(machine: ProvisionMachine): FoundChromium {
  // A CHROMIUM_PATH that is not a binary throws: that is the user's to fix, not to install around.
  const found = machine.find();
  if (found) return found;
  const { log, run } = machine;
  log(
    'No Chromium for the browser and story tests: CHROMIUM_PATH is not set, Playwright has not downloaded ' +
      `its browser, and none of ${CHROMIUM_NAMES.join(', ')} is on PATH. Installing one:`,
  );
  // apt as root, or through sudo when it needs no password (`sudo -n` fails instead of asking).
  const sudo = machine.isRoot ? [] : machine.has('sudo') && run('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
  const apt = machine.has('apt-get') && sudo !== null;
  const asRoot = (command: string, args: string[]) =>
    sudo && sudo.length > 0 ? run(sudo[0]!, [...sudo.slice(1), command, ...args]) : run(command, args);

  log("→ Playwright's Chromium: playwright install chromium");
  const downloadedOk = run(process.execPath, [machine.playwrightCli, 'install', 'chromium'], { quiet: true });
  let downloaded = downloadedOk ? machine.find() : null;
  if (downloaded) {
    if (machine.starts(downloaded.path)) return downloaded;
    if (!apt) {
      throw new ChromiumSetupError(
        `Playwright's Chromium (${downloaded.path}) does not start: its system libraries are missing, and ` +
          `installing them needs apt-get as root or a sudo without password.\n${MANUAL}`,
      );
    }
    log('→ its system libraries: playwright install-deps chromium (apt-get)');
    if (asRoot(process.execPath, [machine.playwrightCli, 'install-deps', 'chromium'])) {
      downloaded = machine.find();
      if (downloaded && machine.starts(downloaded.path)) return downloaded;
    }
    throw new ChromiumSetupError(`Playwright's Chromium does not start, even after install-deps.\n${MANUAL}`);
  }
  log(
    downloadedOk
      ? '  Playwright reported success, but its browser is not where it says.'
      : "  The download failed (Playwright's download servers unreachable from here?).",
  );

  if (!apt) {
    const why = machine.has('apt-get') ? 'apt-get needs root or a sudo without password' : 'there is no apt-get';
    throw new ChromiumSetupError(`Could not set up Chromium: Playwright's download failed and ${why}.\n${MANUAL}`);
  }
  log(`→ Debian's chromium package: ${sudo!.length > 0 ? 'sudo ' : ''}apt-get update && apt-get install -y chromium`);
  if (asRoot('apt-get', ['update', '-qq']) && asRoot('apt-get', ['install', '-y', '-qq', 'chromium'])) {
    const installed = machine.find();
    if (installed && machine.starts(installed.path)) return installed;
  }
  throw new ChromiumSetupError(`Could not set up Chromium: apt-get install chromium failed.\n${MANUAL}`);
}

/** This machine, for real. */
export function thisMachine(): ProvisionMachine {
  return {
    find: () => findChromium(),
    run: (command, args, { quiet = false } = {}) => {
      const result = spawnSync(command, args, {
        stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
        encoding: 'utf8',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status !== 0 && quiet) {
        const lines = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.split('\n').filter((line) => /\S/.test(line));
        console.log(
          `  ${(lines.find((line) => /^Error: Failed/.test(line)) ?? lines.at(-1) ?? result.error?.message ?? '').replace(/, caused by$/, '')}`,
        );
      }
      return result.status === 0;
    },
    starts: (path) => spawnSync(path, ['--headless', '--no-sandbox', '--version'], { stdio: 'ignore' }).status === 0,
    has: (command) => findOnPath([command]) !== null,
    isRoot: process.getuid?.() === 0,
    // The package's `bin` (its `exports` do not list cli.js).
    playwrightCli: join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js'),
    log: (line) => console.log(line),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { path, source } = ensureChromium(thisMachine());
    console.log(`Chromium for the browser and story tests: ${path} (from ${source})`);
  } catch (error) {
    if (!(error instanceof ChromiumSetupError || error instanceof ChromiumPathError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
