import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The static Storybook build in Firefox and WebKit (`npm run test:engines`, after
 * `npm run build-storybook`), one file per engine, run side by side. No retry: a story that
 * fails in an engine fails the run.
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
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results-engines.json' }]] : ['default'],
  },
});
