import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, startMockServer, type MockServer } from '../../src/mock';
import { ADMIN, chat, chatUrl, useMock } from './helpers';

/** Whether this machine can listen on the IPv6 loopback (some containers have IPv4 only). */
const ipv6 = await new Promise<boolean>((resolve) => {
  const probe = createServer()
    .once('error', () => resolve(false))
    .listen(0, '::1', () => probe.close(() => resolve(true)));
});

describe('startMockServer', () => {
  const servers: MockServer[] = [];
  afterAll(async () => Promise.all(servers.map((server) => server.close())));

  it('rejects when the port is in use, instead of crashing the process', async () => {
    const first = await startMockServer(createMockService());
    servers.push(first);
    await expect(startMockServer(createMockService(), { port: first.port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  // Skipped where there is no IPv6 loopback, and the report's test name says so.
  it.skipIf(!ipv6)(
    `brackets an IPv6 host in its URL${ipv6 ? '' : ' (skipped: this machine has no IPv6 loopback, ::1)'}`,
    async () => {
      const server = await startMockServer(createMockService(), { host: '::1' });
      servers.push(server);
      expect(server.url).toBe(`http://[::1]:${server.port}`);
      expect((await fetch(`${server.url}/embed/d/1/chat`)).status).toBe(401);
    },
  );
});

describe.each(['http', 'in-process'] as const)('a request body over 1 MiB (%s)', (kind) => {
  const t = useMock(kind);
  it('is 413, and unkept; the service answers on', async () => {
    const huge = JSON.stringify({ input: 'x'.repeat(2 << 20), sessionSettings: { externalId: 'ann' } });
    const over = await t().fetch(chatUrl(t()), { method: 'POST', headers: ADMIN, body: huge });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: `Request body is over ${1 << 20} bytes` });
    const under = await chat(t(), { input: 'Revenue by region', sessionSettings: { externalId: 'ann' } });
    expect(under.response.status).toBe(200);
    expect(under.thread.messages.length).toBeGreaterThan(2);
  });
});
