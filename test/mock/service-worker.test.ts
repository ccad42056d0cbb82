import { describe, expect, it } from 'vitest';
import { MOCK_ADMIN_KEY } from '../../src/mock';
import { serveMockFromWorker, type MockWorkerScope } from '../../src/mock/service-worker';

type Listener = (event: never) => void;

/** A service worker scope that records listeners, registered at `scope`. */
function fakeScope(scope: string) {
  const listeners = new Map<string, Listener>();
  const worker = {
    registration: { scope },
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as MockWorkerScope;
  /** Dispatches a fetch event; the response the worker chose, or undefined if it passed. */
  const fetch = (request: Request) => {
    let response: Promise<Response> | undefined;
    listeners.get('fetch')!({ request, respondWith: (r: Promise<Response>) => (response = r) } as never);
    return response;
  };
  return { worker, fetch };
}

describe('serveMockFromWorker', () => {
  it('answers the mock routes under <scope>__mock/, API calls and embed pages, and nothing else', async () => {
    const { worker, fetch } = fakeScope('https://static.test/catalogue/');
    serveMockFromWorker(worker);
    const minted = await fetch(
      new Request('https://static.test/catalogue/__mock/api/v1/embed/generate-session', {
        method: 'POST',
        headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ deploymentId: 1, externalId: 'worker-user' }),
      }),
    );
    expect(minted).toBeDefined();
    const { sessionId } = (await (await minted!).json()) as { sessionId: string };
    const page = await fetch(
      new Request(`https://static.test/catalogue/__mock/embed/dashboard/sales-overview?session=${sessionId}`),
    )!;
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('worker-user');

    expect(fetch(new Request('https://static.test/catalogue/iframe.html'))).toBeUndefined();
    expect(fetch(new Request('https://static.test/__mock/api/v1/embed/generate-session'))).toBeUndefined();
    expect(fetch(new Request('https://elsewhere.test/catalogue/__mock/x'))).toBeUndefined();
  });
});
