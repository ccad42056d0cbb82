import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { build } from 'esbuild';

const workerEntry = fileURLToPath(new URL('./mock-service-worker.ts', import.meta.url));

/**
 * The static build has no dev server to serve the mock, so the mock goes into a service
 * worker (`mock-service-worker.js`, next to iframe.html) that serves `__mock/` in the page.
 */
function mockServiceWorker() {
  return {
    name: 'react-embedded-analytics:mock-service-worker',
    apply: 'build' as const,
    async generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void }) {
      const result = await build({
        entryPoints: [workerEntry],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        // Node-only code paths of the mock (its HTTP server) are never reached in a worker.
        external: ['node:*'],
      });
      this.emitFile({ type: 'asset', fileName: 'mock-service-worker.js', source: result.outputFiles[0]!.text });
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/react-vite',
    // Storybook gets its own small Vite config: the root one is a library build.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // A catalogue for a team, not a tutorial: no onboarding checklist.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: [...(viteConfig.plugins ?? []), mockServiceWorker()] }),
};

export default config;
