// Loaded instead of a browser only when Chromium is absent: every browser test file fails
// with the fix rather than with Playwright's hint to download a browser.
import { CHROMIUM_PATH } from './chromium.ts';

throw new Error(
  `Chromium not found at ${CHROMIUM_PATH}. Browser and story tests run in real Chromium. ` +
    "Install Debian's package (sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium binary.",
);
