/**
 * Where the Firefox and WebKit runs (`npm run test:engines`) find their browsers: Firefox
 * from `FIREFOX_PATH`, else `firefox-esr` or `firefox` on `PATH` (driven over WebDriver BiDi
 * by puppeteer-core, no geckodriver); WebKit as WebKitGTK's `WebKitWebDriver` on `PATH` with
 * its `MiniBrowser` (`WEBKIT_MINIBROWSER` or the package's library folders), which needs a
 * display, so `xvfb-run` too. File checks can be injected, as in `find-chromium.ts`.
 */
import { findOnPath, isExecutableFile } from './executables';

/** The browsers and tools of the Firefox and WebKit runs; null where one is missing. */
export interface FoundEngines {
  firefox: string | null;
  webkitDriver: string | null;
  miniBrowser: string | null;
  xvfbRun: string | null;
}

/** What the finder may look at; every field defaults to this machine. */
export interface EngineSearch {
  env?: Record<string, string | undefined>;
  isExecutable?: (path: string) => boolean;
}

/** Debian's and Ubuntu's places for WebKitGTK's MiniBrowser (4.1 is the libsoup 3 build). */
export const MINIBROWSER_PATHS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];

/** The Debian packages that bring them, for `apt-get install`. */
export const ENGINE_PACKAGES = ['firefox-esr', 'webkit2gtk-driver', 'xvfb', 'xauth'];

/** Finds each part; a set variable that is not an executable counts as missing (and is named). */
export function findEngines(search: EngineSearch = {}): FoundEngines {
  const env = search.env ?? process.env;
  const isExecutable = search.isExecutable ?? isExecutableFile;
  const onPath = (...names: string[]) => findOnPath(names, env, isExecutable);
  const explicit = (name: string) => (env[name] ? (isExecutable(env[name]) ? env[name] : null) : undefined);
  const firefox = explicit('FIREFOX_PATH');
  const miniBrowser = explicit('WEBKIT_MINIBROWSER');
  return {
    firefox: firefox === undefined ? onPath('firefox-esr', 'firefox') : firefox,
    webkitDriver: onPath('WebKitWebDriver'),
    miniBrowser:
      miniBrowser === undefined ? (MINIBROWSER_PATHS.find((path) => isExecutable(path)) ?? null) : miniBrowser,
    xvfbRun: onPath('xvfb-run'),
  };
}

/** The parts still missing, by name. */
export function missingEngineParts(found: FoundEngines): string[] {
  return Object.entries(found)
    .filter(([, path]) => path === null)
    .map(([name]) => name);
}
