import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, startMockServer, type MockServer } from '../../src/mock';
import { chatStreamUrl } from '../../src/protocol';

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

  it('a body over 1 MiB is 413, unkept, over HTTP and in-process; the server serves on', async () => {
    const mock = createMockService();
    const server = await startMockServer(mock);
    servers.push(server);
    const url = chatStreamUrl({
      origin: server.url,
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    });
    const headers = { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' };
    const huge = JSON.stringify({ input: 'x'.repeat(2 << 20) });
    const over = await fetch(url, { method: 'POST', headers, body: huge });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: `Request body is over ${1 << 20} bytes` });
    const inProcess = await mock.fetch(url, { method: 'POST', headers, body: huge });
    expect(inProcess.status).toBe(413);
    // Under the limit the request reaches the service: the question is answered.
    const under = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ input: 'Revenue by region', sessionSettings: { externalId: 'ann' } }),
    });
    expect(under.status).toBe(200);
    await under.text();
  });

  it('brackets an IPv6 host in its URL', async () => {
    const server = await startMockServer(createMockService(), { host: '::1' }).catch(() => null);
    if (!server) return; // no IPv6 loopback on this machine
    servers.push(server);
    expect(server.url).toBe(`http://[::1]:${server.port}`);
    expect((await fetch(`${server.url}/embed/d/1/chat`)).status).toBe(401);
  });
});
