/**
 * A step of `npm run test:engines` (the only command that runs them): makes sure the Firefox and WebKit runs have
 * their browsers, as `ensure-chromium.ts` does for Chromium. When `findEngines` finds them all,
 * nothing runs. Otherwise it says what is missing and installs Debian's packages (Firefox ESR,
 * WebKitGTK's WebDriver and MiniBrowser, xvfb) with apt-get, as root or through a sudo that
 * needs no password; nothing ever waits for input. Playwright's own Firefox and WebKit are not
 * used: their download hosts are out of reach on CI machines, and these packages are not.
 */
import { spawnSync } from 'node:child_process';
import type { ProvisionMachine } from './ensure-chromium';
import { findOnPath } from './executables';
import { ENGINE_PACKAGES, findEngines, missingEngineParts, type FoundEngines } from './find-engines';

/** What provisioning may do on this machine; injected in tests. */
export interface EngineMachine extends Pick<ProvisionMachine, 'run' | 'has' | 'isRoot' | 'log'> {
  find: () => FoundEngines;
}

/** Firefox or WebKit could not be found or installed: the message says what to do by hand. */
export class EngineSetupError extends Error {
  override readonly name = 'EngineSetupError';
}

const MANUAL = [
  'Install them, then run the tests again:',
  `  sudo apt-get install -y ${ENGINE_PACKAGES.join(' ')}     (Debian, Ubuntu)`,
  '  FIREFOX_PATH=/path/to/firefox, WEBKIT_MINIBROWSER=/path/to/MiniBrowser   (elsewhere)',
].join('\n');

/** Finds the engines, or installs them as described above; returns what the runs will use. */
export function ensureEngines(machine: EngineMachine): FoundEngines {
  const found = machine.find();
  const missing = missingEngineParts(found);
  if (!missing.length) return found;
  const { log, run } = machine;
  log(`No ${missing.join(', ')} for the Firefox and WebKit runs. Installing Debian's packages:`);
  const sudo = machine.isRoot ? [] : machine.has('sudo') && run('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
  if (!machine.has('apt-get') || sudo === null) {
    const why = machine.has('apt-get') ? 'apt-get needs root or a sudo without password' : 'there is no apt-get';
    throw new EngineSetupError(`Could not set up ${missing.join(', ')}: ${why}.\n${MANUAL}`);
  }
  const asRoot = (args: string[]) =>
    sudo.length ? run(sudo[0]!, [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args);
  log(`→ ${sudo.length ? 'sudo ' : ''}apt-get update && apt-get install -y ${ENGINE_PACKAGES.join(' ')}`);
  if (asRoot(['update', '-qq']) && asRoot(['install', '-y', '-qq', ...ENGINE_PACKAGES])) {
    const installed = machine.find();
    const still = missingEngineParts(installed);
    if (!still.length) return installed;
    throw new EngineSetupError(
      `apt-get installed ${ENGINE_PACKAGES.join(' ')}, but ${still.join(', ')} is still missing.\n${MANUAL}`,
    );
  }
  throw new EngineSetupError(`Could not set up ${missing.join(', ')}: apt-get install failed.\n${MANUAL}`);
}

/** This machine, for real (without loading Playwright: this runs before every `npm test`). */
export function thisMachine(): EngineMachine {
  return {
    find: () => findEngines(),
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
    const { firefox, webkitDriver, miniBrowser } = ensureEngines(thisMachine());
    console.log(`Firefox and WebKit for the engine runs: ${firefox}, ${webkitDriver} with ${miniBrowser}`);
  } catch (error) {
    if (!(error instanceof EngineSetupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
