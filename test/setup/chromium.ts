import { findChromium } from '../../scripts/find-chromium.ts';

/**
 * The Chromium the browser tests drive (`scripts/find-chromium.ts`: `CHROMIUM_PATH`,
 * Playwright's browser cache, then `chromium` or Chrome on PATH). `npm test` installs one
 * first when there is none (`scripts/ensure-chromium.ts`); empty when none was found.
 */
export const CHROMIUM_PATH = (() => {
  try {
    return findChromium()?.path ?? '';
  } catch {
    return process.env.CHROMIUM_PATH ?? ''; // not an executable: chromium-missing.ts says so
  }
})();

/** Flags for headless Chromium on a closed network (no background connections to refuse). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
