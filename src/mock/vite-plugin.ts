import { toNodeHandler } from './node-server';
import { createMockService, type MockService, type MockServiceOptions } from './service';

/** The default path prefix the mock is mounted under by {@link mockServicePlugin}. */
export const MOCK_PREFIX = '/__mock';

/** The part of a Vite plugin this uses (typed structurally: no dependency on Vite's types). */
interface DevServer {
  middlewares: { use(handler: (req: never, res: never, next: () => void) => void): void };
}

/**
 * A Vite plugin that serves a mock on the dev server's own origin under `prefix` (default
 * `/__mock`): the demo, Storybook and browser tests get real embed pages in iframes and
 * real HTTP chat streams with no second server. Dev and preview only; never in a build.
 */
export function mockServicePlugin(options: MockServiceOptions & { prefix?: string; mock?: MockService } = {}) {
  const prefix = options.prefix ?? MOCK_PREFIX;
  const mock = options.mock ?? createMockService({ lineDelayMs: 20, ...options });
  const handler = toNodeHandler(mock, prefix);
  const install = (server: DevServer) => {
    server.middlewares.use(((req: { url?: string }, res: unknown, next: () => void) => {
      if (req.url === prefix || req.url?.startsWith(`${prefix}/`)) void handler(req as never, res as never);
      else next();
    }) as never);
  };
  return {
    name: 'react-embedded-analytics:mock-service',
    configureServer: install,
    configurePreviewServer: install,
    /** The mock behind the middleware, for tests that inspect its state. */
    mock,
  };
}
