// The session path and the data API where the mock is mounted under a prefix: the Vite
// plugin's middleware (`/__mock`) and the service worker (`<scope>__mock/`). The
// deploymentUrl must point back through the same prefix, whatever a client claims.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../setup/listen';
import { MOCK_ADMIN_KEY, MOCK_BASE_PATH_HEADER, mockServicePlugin } from '../../src/mock';
import { serveMockFromWorker, type MockWorkerScope } from '../../src/mock/service-worker';
import {
  defaultSessionPathUrls,
  DeploymentResponseSchema,
  embedTokenAuthorization,
  LoadResultSchema,
} from '../../src/protocol';

type Send = (request: Request) => Promise<Response>;

/** Generate Session → exchange → deployment → data token → a load through the deploymentUrl. */
async function walk(base: string, send: Send) {
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    send(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
  const minted = await post(
    `${base}/api/v1/embed/generate-session`,
    { deploymentId: 1, externalId: 'mounted', groups: ['emea-sales'] },
    {
      Authorization: `Api-Key ${MOCK_ADMIN_KEY}`,
    },
  );
  const { sessionId } = (await minted.json()) as { sessionId: string };
  const { token } = (await (await post(defaultSessionPathUrls.embedToken(base), { sessionId }, {})).json()) as {
    token: string;
  };
  // A client cannot choose where the deploymentUrl points.
  const auth = { Authorization: embedTokenAuthorization(token), [MOCK_BASE_PATH_HEADER]: '/evil' };
  const deployment = await send(new Request(defaultSessionPathUrls.deployment(base, 1), { headers: auth }));
  const { deploymentUrl } = DeploymentResponseSchema.parse(await deployment.json());
  const { cubeApiToken } = (await (await post(defaultSessionPathUrls.deploymentToken(base, 1), {}, auth)).json()) as {
    cubeApiToken: string;
  };
  const query = encodeURIComponent(JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.region'] }));
  const load = await send(
    new Request(`${deploymentUrl}/cubejs-api/v1/load?query=${query}`, { headers: { Authorization: cubeApiToken } }),
  );
  return { deploymentUrl, regions: LoadResultSchema.parse(await load.json()).data.map((r) => r['orders.region']) };
}

describe('the data API where the mock is mounted under a prefix', () => {
  it('through the Vite plugin middleware (/__mock), over HTTP', async () => {
    const plugin = mockServicePlugin();
    const stack: ((req: never, res: never, next: () => void) => void)[] = [];
    plugin.configureServer({ middlewares: { use: (handler) => stack.push(handler) } });
    const server = createServer((req, res) =>
      stack[0]!(req as never, res as never, () => {
        res.statusCode = 404;
        res.end();
      }),
    );
    const { origin, close } = await listenOnLoopback(server);
    try {
      const base = `${origin}/__mock`;
      const { deploymentUrl, regions } = await walk(base, (request) => fetch(request));
      expect(deploymentUrl).toBe(base);
      expect(regions).toEqual(['Europe']);
    } finally {
      await close();
    }
  });

  it('through the service worker (<scope>__mock/)', async () => {
    let listener: ((event: never) => void) | undefined;
    const worker = {
      registration: { scope: 'https://static.test/catalogue/' },
      skipWaiting: async () => {},
      clients: { claim: async () => {} },
      addEventListener: (type: string, l: (event: never) => void) => {
        if (type === 'fetch') listener = l;
      },
    } as unknown as MockWorkerScope;
    serveMockFromWorker(worker);
    const send: Send = (request) => {
      let response: Promise<Response> | undefined;
      listener!({ request, respondWith: (r: Promise<Response>) => (response = r) } as never);
      if (!response) throw new Error(`not served: ${request.url}`);
      return response;
    };
    const { deploymentUrl, regions } = await walk('https://static.test/catalogue/__mock', send);
    expect(deploymentUrl).toBe('https://static.test/catalogue/__mock');
    expect(regions).toEqual(['Europe']);
  });
});
