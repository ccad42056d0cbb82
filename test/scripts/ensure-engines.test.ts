import { describe, expect, it } from 'vitest';
import { EngineSetupError, ensureEngines, type EngineMachine } from '../../scripts/ensure-engines';
import { findEngines, MINIBROWSER_PATHS, type FoundEngines } from '../../scripts/find-engines';

const ALL: FoundEngines = {
  firefox: '/usr/bin/firefox-esr',
  webkitDriver: '/usr/bin/WebKitWebDriver',
  miniBrowser: MINIBROWSER_PATHS[0]!,
  xvfbRun: '/usr/bin/xvfb-run',
};
const NONE: FoundEngines = { firefox: null, webkitDriver: null, miniBrowser: null, xvfbRun: null };

/** A machine that records every command; apt-get install brings everything (or `aptBrings`). */
function fakeMachine(options: {
  found?: FoundEngines;
  root?: boolean;
  sudo?: boolean;
  apt?: boolean;
  aptBrings?: FoundEngines;
}) {
  const ran: string[] = [];
  const logs: string[] = [];
  let found = options.found ?? NONE;
  const machine: EngineMachine = {
    find: () => found,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (line === 'sudo -n true') return options.sudo ?? false;
      if (line.includes('apt-get install')) found = options.aptBrings ?? ALL;
      return true;
    },
    has: (command) => (command === 'apt-get' ? (options.apt ?? true) : command === 'sudo'),
    isRoot: options.root ?? true,
    log: (line) => logs.push(line),
  };
  return { machine, ran, logs };
}

describe('ensureEngines', () => {
  it('runs nothing when Firefox, WebKitWebDriver, MiniBrowser and xvfb-run are there', () => {
    const { machine, ran, logs } = fakeMachine({ found: ALL });
    expect(ensureEngines(machine)).toBe(ALL);
    expect(ran).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("installs Debian's packages as root when any part is missing, saying which", () => {
    const { machine, ran, logs } = fakeMachine({ found: { ...ALL, miniBrowser: null, xvfbRun: null } });
    expect(ensureEngines(machine)).toEqual(ALL);
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb xauth']);
    expect(logs[0]).toBe("No miniBrowser, xvfbRun for the Firefox and WebKit runs. Installing Debian's packages:");
  });

  it('goes through a sudo that needs no password when not root', () => {
    const { machine, ran } = fakeMachine({ root: false, sudo: true });
    expect(ensureEngines(machine)).toEqual(ALL);
    expect(ran).toEqual([
      'sudo -n true',
      'sudo -n apt-get update -qq',
      'sudo -n apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb xauth',
    ]);
  });

  it.each([
    [{ root: false, sudo: false }, /apt-get needs root or a sudo without password/],
    [{ root: true, apt: false }, /there is no apt-get/],
  ] as const)('never asks for a password or runs apt when it cannot: %j', (options, reason) => {
    const { machine, ran } = fakeMachine(options);
    expect(() => ensureEngines(machine)).toThrow(EngineSetupError);
    expect(() => ensureEngines(machine)).toThrow(reason);
    expect(ran.filter((line) => line.includes('apt-get'))).toEqual([]);
  });

  it('says what is still missing after the install', () => {
    const { machine } = fakeMachine({ aptBrings: { ...ALL, webkitDriver: null } });
    expect(() => ensureEngines(machine)).toThrow(/but webkitDriver is still missing/);
  });
});

describe('findEngines', () => {
  const files = [
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
    '/usr/bin/WebKitWebDriver',
    '/usr/bin/xvfb-run',
    MINIBROWSER_PATHS[0]!,
  ];
  const isExecutable = (path: string) => files.includes(path) || path === '/opt/ff';

  it("finds Debian's packages on PATH and in the library folder", () => {
    expect(findEngines({ env: { PATH: '/usr/local/bin:/usr/bin' }, isExecutable })).toEqual(ALL);
  });

  it('takes FIREFOX_PATH first, and counts one that is not an executable as missing', () => {
    expect(findEngines({ env: { PATH: '/usr/bin', FIREFOX_PATH: '/opt/ff' }, isExecutable }).firefox).toBe('/opt/ff');
    expect(findEngines({ env: { PATH: '/usr/bin', FIREFOX_PATH: '/nope' }, isExecutable }).firefox).toBeNull();
  });

  it('finds nothing on an empty machine', () => {
    expect(findEngines({ env: { PATH: '/usr/bin' }, isExecutable: () => false })).toEqual(NONE);
  });
});
