/**
 * Where the browser and story tests find Chromium, in order: `CHROMIUM_PATH`, Playwright's
 * own browser cache (`npx playwright install chromium`), then `chromium`, `chromium-browser`,
 * `google-chrome` or `google-chrome-stable` on `PATH`. Pure apart from the file checks, which
 * can be injected, so tests can describe any machine.
 */
import { chromium } from 'playwright';
import { findOnPath, isExecutableFile } from './executables';

/** A Chromium binary and where it was found. */
export interface FoundChromium {
  path: string;
  source: 'CHROMIUM_PATH' | 'playwright' | 'PATH';
}

/** What the finder may look at; every field defaults to this machine. */
export interface ChromiumSearch {
  env?: Record<string, string | undefined>;
  /** Whether a file exists and may be executed. */
  isExecutable?: (path: string) => boolean;
  /** Playwright's Chromium for its installed version (whether or not it is downloaded). */
  playwrightPath?: () => string | undefined;
}

/** Names tried on `PATH`, in order. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** A set `CHROMIUM_PATH` that is not an executable file: said plainly, never skipped silently. */
export class ChromiumPathError extends Error {
  override readonly name = 'ChromiumPathError';
}

/** The Chromium to use, or null when this machine has none (see `scripts/ensure-chromium.ts`). */
export function findChromium(search: ChromiumSearch = {}): FoundChromium | null {
  const env = search.env ?? process.env;
  const isExecutable = search.isExecutable ?? isExecutableFile;
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (isExecutable(explicit)) return { path: explicit, source: 'CHROMIUM_PATH' };
    throw new ChromiumPathError(`CHROMIUM_PATH is ${explicit}, which is not an executable file`);
  }
  const cached = (search.playwrightPath ?? playwrightChromium)();
  if (cached && isExecutable(cached)) return { path: cached, source: 'playwright' };
  const onPath = findOnPath(CHROMIUM_NAMES, env, isExecutable);
  return onPath ? { path: onPath, source: 'PATH' } : null;
}
