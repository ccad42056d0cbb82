import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The static Storybook build in Firefox and WebKit (`npm run test:engines`, after
 * `npm run build-storybook`), one file per engine, run side by side. In CI a test gets one
 * more try, as in the Chromium browser projects (the shared machine stalls a tab now and
 * then); one that passed only on its retry is listed by name at the end of the CI run.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'engines',
    environment: 'node',
    include: ['test/engines/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The two engines side by side: much of a story's time is its mock's pacing, not CPU.
    maxWorkers: 2,
    retry: process.env.CI ? 1 : 0,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results-engines.json' }]] : ['default'],
  },
});
