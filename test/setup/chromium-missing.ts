// Loaded instead of a browser only when Chromium is absent: every browser test file fails
// with the fix rather than with Playwright's hint to download a browser.
import { CHROMIUM_PATH } from './chromium.ts';

throw new Error(
  (CHROMIUM_PATH ? `Chromium not found at ${CHROMIUM_PATH}. ` : 'No Chromium found. ') +
    'Browser and story tests run in real Chromium: `npm test` sets one up first ' +
    '(`npx tsx scripts/ensure-chromium.ts` does that alone), or point CHROMIUM_PATH at a Chromium binary.',
);
