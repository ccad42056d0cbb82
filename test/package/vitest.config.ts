import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The packed-tarball smoke test (`npm run test:package`): slow, so not part of `npm test`. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'package',
    environment: 'node',
    include: ['test/package/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results-package.json' }]] : ['default'],
  },
});
