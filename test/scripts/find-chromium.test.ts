import { describe, expect, it } from 'vitest';
import { ChromiumPathError, findChromium } from '../../scripts/find-chromium';

/** A machine where exactly `files` are executables. */
const machine = (
  files: string[],
  env: Record<string, string | undefined>,
  playwright = '/pw/chromium-1255/chrome',
) => ({
  env,
  isExecutable: (path: string) => files.includes(path),
  playwrightPath: () => playwright,
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', () => {
    const search = machine(['/opt/chrome', '/pw/chromium-1255/chrome', '/usr/bin/chromium'], {
      CHROMIUM_PATH: '/opt/chrome',
      PATH: '/usr/bin',
    });
    expect(findChromium(search)).toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH that is not an executable, instead of using another browser', () => {
    const search = machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nope/chrome', PATH: '/usr/bin' });
    expect(() => findChromium(search)).toThrow(ChromiumPathError);
    expect(() => findChromium(search)).toThrow('CHROMIUM_PATH is /nope/chrome, which is not an executable file');
  });

  it("then Playwright's downloaded browser, then chromium or Chrome on PATH, in order", () => {
    const env = { PATH: '/home/u/bin:/usr/bin' };
    expect(findChromium(machine(['/pw/chromium-1255/chrome', '/usr/bin/chromium'], env))).toEqual({
      path: '/pw/chromium-1255/chrome',
      source: 'playwright',
    });
    expect(findChromium(machine(['/usr/bin/google-chrome', '/usr/bin/chromium-browser'], env))).toEqual({
      path: '/usr/bin/chromium-browser',
      source: 'PATH',
    });
    expect(findChromium(machine(['/usr/bin/google-chrome-stable', '/home/u/bin/google-chrome'], env))).toEqual({
      path: '/home/u/bin/google-chrome',
      source: 'PATH',
    });
  });

  it('finds nothing on a machine without a browser (an empty CHROMIUM_PATH counts as unset)', () => {
    expect(findChromium(machine(['/usr/bin/node'], { PATH: '/usr/bin:', CHROMIUM_PATH: '' }))).toBeNull();
    expect(findChromium(machine([], {}, undefined as unknown as string))).toBeNull();
  });

  it('on this machine: a Chromium the tests can launch', () => {
    expect(findChromium()).not.toBeNull();
  });
});
