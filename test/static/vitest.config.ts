import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The static Storybook build, served by a plain static file server and driven in Chromium
 * (`npm run test:static`, after `npm run build-storybook`). Not part of `npm test`: it
 * needs the build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'static',
    environment: 'node',
    include: ['test/static/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results-static.json' }]] : ['default'],
  },
});
