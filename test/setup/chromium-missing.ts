// Loaded instead of a browser only when Chromium is absent: every browser test file fails
// with the fix rather than with Playwright's hint to download a browser.
const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
throw new Error(
  `Chromium not found at ${path}. Browser and story tests run in real Chromium. ` +
    "Install Debian's package (sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium binary.",
);
