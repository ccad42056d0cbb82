import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, startMockServer, type MockServer } from '../../src/mock';
import { ADMIN, chat, chatUrl, useMock } from './helpers';

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
