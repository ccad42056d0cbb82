import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { createMockService, defaultFixture, MOCK_ADMIN_KEY, startMockServer } from '../src/mock';
import { createHostBackend } from './server/host-backend';
import { toMiddleware } from './server/node-adapter';

/**
 * `npm run demo`: the demo as a plain Vite app with a real host backend in the dev server
 * (session route and chat proxy from react-embedded-analytics/server), against the mock service over HTTP
 * on its own port, as the real service would be. Swap the mock's URL and key for yours.
 */
function hostBackend(): Plugin {
  return {
    name: 'demo:host-backend',
    async configureServer(server) {
      const fixture = defaultFixture();
      const service = await startMockServer(createMockService({ fixture, lineDelayMs: 20 }), {
        port: Number(process.env.MOCK_PORT ?? 0),
      });
      server.httpServer?.on('close', () => void service.close());
      const account = fixture.accounts[0]!;
      const handler = createHostBackend({
        serviceUrl: service.url,
        apiKey: MOCK_ADMIN_KEY,
        agent: { cloudRegion: account.cloudRegion, accountName: account.name, agentId: account.agents[0]!.id },
        dashboards: account.deployments.flatMap((deployment) =>
          deployment.dashboards.map(({ publicId, title }) => ({ publicId, title, deploymentId: deployment.id })),
        ),
      });
      // The embed iframes load from the service's origin; the browser learns it here.
      server.middlewares.use('/api/config', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ embedBaseUrl: service.url }));
      });
      server.middlewares.use(toMiddleware(handler));
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), hostBackend()],
  server: { port: Number(process.env.PORT ?? 5173), host: '127.0.0.1' },
});
