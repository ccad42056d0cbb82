import { createMockService, MOCK_BASE_PATH_HEADER, type MockService, type MockServiceOptions } from './service';

/** The part of a service worker's global scope this uses (typed here: no `webworker` lib). */
export interface MockWorkerScope {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; respondWith(response: Promise<Response>): void }) => void,
  ): void;
}

/**
 * Serves a mock from inside a service worker: every request under `<scope>__mock/` (the
 * same routes {@link mockServicePlugin} serves in a dev server), page fetches and iframe
 * navigations alike, is answered by the mock running in the worker. This is what makes a
 * static build (Storybook, a demo) work from any static file server.
 *
 * A hand-written worker rather than MSW: MSW passes navigation requests through, so embed
 * pages in iframes would miss it, and the mock already is a fetch handler.
 * The worker's state (sessions, threads) lives as long as the browser keeps it running.
 */
export function serveMockFromWorker(
  scope: MockWorkerScope,
  options: MockServiceOptions & { prefix?: string; mock?: MockService } = {},
): MockService {
  const mock = options.mock ?? createMockService({ lineDelayMs: 20, ...options });
  const base = new URL(`${(options.prefix ?? '__mock').replace(/^\/+|\/+$/g, '')}/`, scope.registration.scope);
  scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
  // Take over pages that are already open, so the first page load needs no reload.
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
  // A page loaded without a controller (a hard reload) asks for one.
  scope.addEventListener('message', (event) => {
    if (event.data === CLAIM) void scope.clients.claim();
  });
  scope.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return;
    event.respondWith(
      forward(mock, event.request, `/${url.pathname.slice(base.pathname.length)}${url.search}`, base.pathname),
    );
  });
  return mock;
}

const CLAIM = 'react-embedded-analytics-mock:claim';

/** The request again, under the mock's own path. A navigation request cannot be copied as is. */
async function forward(mock: MockService, request: Request, path: string, basePath: string): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = new Headers(request.headers);
  // Where the mock is mounted, for the URLs it hands out (a deployment's deploymentUrl).
  headers.set(MOCK_BASE_PATH_HEADER, basePath.replace(/\/+$/, ''));
  const inner = new Request(new URL(path, request.url), {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
  });
  return mock.handle(inner);
}

/**
 * Registers the worker at `scriptUrl` (built from {@link serveMockFromWorker}) and resolves
 * once it controls this page, so the next request to `__mock/` reaches it. Browser only.
 */
export async function registerMockWorker(scriptUrl: string | URL): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container) throw new Error('Service workers are unavailable here (a secure context is required)');
  if (!container.controller) {
    const controlled = new Promise<void>((resolve) =>
      container.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
    await container.register(scriptUrl);
    const registration = await container.ready;
    if (!container.controller) registration.active?.postMessage(CLAIM);
    await controlled;
  }
}
