import { describe, expect, it } from 'vitest';
import { ChromiumSetupError, ensureChromium, type ProvisionMachine } from '../../scripts/ensure-chromium';
import type { FoundChromium } from '../../scripts/find-chromium';

const APT_CHROMIUM = { path: '/usr/bin/chromium', source: 'PATH' } as const;
const PLAYWRIGHT_CHROMIUM = { path: '/root/.cache/ms-playwright/chromium-1255/chrome', source: 'playwright' } as const;

interface Fake {
  /** What is found before anything is installed. */
  browser?: FoundChromium;
  /** Whether Playwright's download works here. */
  download?: boolean;
  /** Whether Playwright's download starts before `install-deps`. */
  downloadStarts?: boolean;
  root?: boolean;
  commands?: readonly string[];
  /** Whether `sudo -n true` succeeds (no password needed). */
  sudoWithoutPassword?: boolean;
}

/** A machine that records every command and installs what a real one would. */
function fakeMachine(fake: Fake) {
  const ran: string[] = [];
  const logs: string[] = [];
  let browser: FoundChromium | null = fake.browser ?? null;
  let depsInstalled = false;
  const machine: ProvisionMachine = {
    find: () => browser,
    run: (command, args) => {
      const line = [command, ...args].join(' ').replace(process.execPath, 'node');
      ran.push(line);
      if (line === 'sudo -n true') return fake.sudoWithoutPassword ?? false;
      if (line.endsWith('playwright/cli.js install chromium')) {
        if (fake.download) browser = PLAYWRIGHT_CHROMIUM;
        return fake.download ?? false;
      }
      if (line.endsWith('install-deps chromium')) return (depsInstalled = true);
      if (line.endsWith('apt-get install -y -qq chromium')) browser = browser ?? APT_CHROMIUM;
      return true;
    },
    starts: (path) => path !== PLAYWRIGHT_CHROMIUM.path || (fake.downloadStarts ?? true) || depsInstalled,
    has: (command) => (fake.commands ?? ['apt-get', 'sudo']).includes(command),
    isRoot: fake.root ?? true,
    playwrightCli: '/repo/node_modules/playwright/cli.js',
    log: (line) => logs.push(line),
  };
  return { machine, ran, logs };
}

describe('ensureChromium', () => {
  it('installs nothing and runs nothing when a browser is there', () => {
    const { machine, ran, logs } = fakeMachine({ browser: APT_CHROMIUM });
    expect(ensureChromium(machine)).toBe(APT_CHROMIUM);
    expect(ran).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("uses Playwright's download where it works, and never apt", () => {
    const { machine, ran } = fakeMachine({ download: true });
    expect(ensureChromium(machine)).toBe(PLAYWRIGHT_CHROMIUM);
    expect(ran).toEqual(['node /repo/node_modules/playwright/cli.js install chromium']);
  });

  it("installs Debian's chromium as root when Playwright's download is unreachable, saying so", () => {
    const { machine, ran, logs } = fakeMachine({ download: false, root: true });
    expect(ensureChromium(machine)).toBe(APT_CHROMIUM);
    expect(ran).toEqual([
      'node /repo/node_modules/playwright/cli.js install chromium',
      'apt-get update -qq',
      'apt-get install -y -qq chromium',
    ]);
    expect(logs[0]).toMatch(/^No Chromium for the browser and story tests/);
    expect(logs.at(-1)).toBe("→ Debian's chromium package: apt-get update && apt-get install -y chromium");
  });

  it('goes through a sudo that needs no password when not root', () => {
    const { machine, ran } = fakeMachine({ root: false, sudoWithoutPassword: true });
    expect(ensureChromium(machine)).toBe(APT_CHROMIUM);
    expect(ran).toEqual([
      'sudo -n true',
      'node /repo/node_modules/playwright/cli.js install chromium',
      'sudo -n apt-get update -qq',
      'sudo -n apt-get install -y -qq chromium',
    ]);
  });

  it.each([
    [{ root: false, sudoWithoutPassword: false }, /apt-get needs root or a sudo without password/],
    [{ root: true, commands: [] }, /there is no apt-get/],
  ] as const)('never asks for a password or runs apt when it cannot: %j', (fake, reason) => {
    const { machine, ran } = fakeMachine(fake);
    expect(() => ensureChromium(machine)).toThrow(ChromiumSetupError);
    expect(() => ensureChromium(machine)).toThrow(reason);
    expect(ran.filter((line) => line.includes('apt-get'))).toEqual([]);
  });

  it("installs the system libraries of Playwright's download when it does not start", () => {
    const { machine, ran } = fakeMachine({
      download: true,
      downloadStarts: false,
      root: false,
      sudoWithoutPassword: true,
    });
    expect(ensureChromium(machine)).toBe(PLAYWRIGHT_CHROMIUM);
    expect(ran.at(-1)).toBe('sudo -n node /repo/node_modules/playwright/cli.js install-deps chromium');
  });

  it('says what to do by hand when apt fails', () => {
    const { machine } = fakeMachine({ root: true });
    machine.run = (command, args) => !args.includes('install');
    expect(() => ensureChromium(machine)).toThrow(
      /apt-get install chromium failed\.\nInstall one, then run `npm test`/,
    );
  });
});
