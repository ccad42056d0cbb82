import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, startMockServer, type MockServer } from '../../src/mock';

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

  it('brackets an IPv6 host in its URL', async () => {
    const server = await startMockServer(createMockService(), { host: '::1' }).catch(() => null);
    if (!server) return; // no IPv6 loopback on this machine
    servers.push(server);
    expect(server.url).toBe(`http://[::1]:${server.port}`);
    expect((await fetch(`${server.url}/embed/d/1/chat`)).status).toBe(401);
  });
});
