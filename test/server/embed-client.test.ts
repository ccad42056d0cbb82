import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, MOCK_PERSONAL_KEY, startMockServer, type MockServer } from '../../src/mock';
import type { GenerateSessionRequest } from '../../src/protocol';
import { createEmbedClient, EmbedApiError, EmbedRequestError } from '../../src/server';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer(createMockService());
});
afterAll(() => server.close());

function client(apiKey = MOCK_ADMIN_KEY) {
  const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return { api: createEmbedClient({ baseUrl: `${server.url}/`, apiKey, fetch: fetchSpy }), fetchSpy };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createEmbedClient against the mock over HTTP', () => {
  it('mints sessions', async () => {
    const { api } = client();
    const session = await api.generateSession({ deploymentId: 1, externalId: 'client-user' });
    expect(session.sessionId).toEqual(expect.any(String));
    const page = await fetch(`${server.url}/embed/dashboard/sales-overview?session=${session.sessionId}`);
    expect(page.status).toBe(200);
  });

  const local: [string, GenerateSessionRequest, RegExp][] = [
    ['no id', { deploymentId: 1 }, /Exactly one of externalId or internalId/],
    ['both ids', { deploymentId: 1, externalId: 'a', internalId: 'b' }, /Exactly one/],
    [
      'internalId with groups',
      { deploymentId: 1, internalId: 'ana@acme.test', groups: ['x'] },
      /groups must not be sent with internalId/,
    ],
    [
      'internalId with userProfile',
      { deploymentId: 1, internalId: 'ana@acme.test', userProfile: {} },
      /userProfile must not/,
    ],
    ['tenant name', { deploymentId: 1, externalId: 'a', embedTenantName: 'Bad_Name' }, /embedTenantName/],
    [
      'definitions without creator mode',
      { deploymentId: 1, externalId: 'a', embedTenantName: 'tenant-one', groupDefinitions: [{ name: 'g' }] },
      /require creatorMode/,
    ],
    [
      'definitions without tenant',
      {
        deploymentId: 1,
        externalId: 'a',
        creatorMode: true,
        userAttributeDefinitions: [{ name: 'a', type: 'string' }],
      },
      /require embedTenantName/,
    ],
    [
      'duplicate attribute values',
      {
        deploymentId: 1,
        externalId: 'a',
        userAttributes: [
          { name: 'x', value: 1 },
          { name: 'x', value: 2 },
        ],
      },
      /Duplicate userAttributes names: x/,
    ],
    [
      'duplicate group definitions',
      {
        deploymentId: 1,
        externalId: 'a',
        creatorMode: true,
        embedTenantName: 'tenant-one',
        groupDefinitions: [{ name: 'g' }, { name: 'g' }],
      },
      /Duplicate groupDefinitions/,
    ],
    [
      'picture URL',
      { deploymentId: 1, externalId: 'a', userProfile: { picture: 'javascript:alert(1)' } },
      /picture must be an absolute http/,
    ],
    [
      'value type vs definition',
      {
        deploymentId: 1,
        externalId: 'a',
        creatorMode: true,
        embedTenantName: 'tenant-one',
        userAttributeDefinitions: [{ name: 'n', type: 'number' }],
        userAttributes: [{ name: 'n', value: 'x' }],
      },
      /must be of type number/,
    ],
  ];
  it.each(local)('refuses before the network: %s', async (_, request, message) => {
    const { api, fetchSpy } = client();
    const error = await rejection(api.generateSession(request));
    expect(error).toBeInstanceOf(EmbedRequestError);
    expect(error.message).toMatch(message);
    expect((error as EmbedRequestError).violations.length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a body of the wrong shape before the network, with paths', async () => {
    const { api, fetchSpy } = client();
    const error = await rejection(api.generateSession({ deploymentId: '1' } as unknown as GenerateSessionRequest));
    expect(error).toBeInstanceOf(EmbedRequestError);
    expect((error as EmbedRequestError).issues[0]?.path).toBe('deploymentId');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an embedTheme whose colours or font are not colours and fonts, before the network', async () => {
    const { api, fetchSpy } = client();
    const error = await rejection(
      api.generateSession({
        deploymentId: 1,
        externalId: 'themed',
        embedTheme: { primaryColor: 'url(https://evil.test/beacon.svg#p)', font: 'x; src: url(//evil.test/f)' },
      }),
    );
    expect(error).toBeInstanceOf(EmbedRequestError);
    expect((error as EmbedRequestError).issues.map((issue) => issue.path)).toEqual([
      'embedTheme.font',
      'embedTheme.primaryColor',
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports server rejections with status and message', async () => {
    const { api, fetchSpy } = client();
    const groups = await rejection(api.generateSession({ deploymentId: 1, externalId: 'a', groups: ['ghosts'] }));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(groups).toBeInstanceOf(EmbedApiError);
    expect(groups).toMatchObject({
      status: 400,
      message: 'Groups with names ghosts not found',
      body: { error: 'Groups with names ghosts not found' },
    });
    const attrs = await rejection(
      api.generateSession({ deploymentId: 1, externalId: 'a', userAttributes: [{ name: 'nope', value: 'x' }] }),
    );
    expect(attrs).toMatchObject({ status: 400, message: 'User attributes not found' });
    await api.generateSession({
      deploymentId: 1,
      externalId: 'a',
      creatorMode: true,
      embedTenantName: 'tenant-typed',
      userAttributeDefinitions: [{ name: 't', type: 'number' }],
    });
    const type = await rejection(
      api.generateSession({
        deploymentId: 1,
        externalId: 'a',
        creatorMode: true,
        embedTenantName: 'tenant-typed',
        userAttributeDefinitions: [{ name: 't', type: 'string' }],
      }),
    );
    expect(type.message).toMatch(/cannot change type/);
    const internal = await rejection(api.generateSession({ deploymentId: 1, internalId: 'nobody@acme.test' }));
    expect(internal).toMatchObject({ status: 404 });
  });

  it('never puts the API key in an error', async () => {
    const personal = client(MOCK_PERSONAL_KEY).api;
    const forbidden = await rejection(personal.generateSession({ deploymentId: 1, externalId: 'a' }));
    expect(forbidden).toMatchObject({ status: 403 });
    const unreachable = createEmbedClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'secret-key-123' });
    const network = await rejection(unreachable.generateSession({ deploymentId: 1, externalId: 'a' }));
    expect(network).toMatchObject({ status: 0 });
    // A service that echoes the key back.
    const echo = createEmbedClient({
      baseUrl: 'http://echo.test',
      apiKey: 'secret-key-123',
      fetch: async (_input, init) =>
        new Response(JSON.stringify({ error: `bad key ${String(new Headers(init?.headers).get('Authorization'))}` }), {
          status: 401,
        }),
    });
    const echoed = await rejection(echo.generateSession({ deploymentId: 1, externalId: 'a' }));
    for (const error of [forbidden, network, echoed]) {
      const text = `${error.message} ${error.stack} ${JSON.stringify(error)}`;
      expect(text).not.toContain('secret-key-123');
      expect(text).not.toContain(MOCK_PERSONAL_KEY);
    }
    expect(echoed.message).toBe('bad key Api-Key [redacted]');
  });

  it('lists admin pages and iterates all of them, then deletes', async () => {
    const { api } = client();
    await api.generateSession({
      deploymentId: 1,
      externalId: 'lister',
      creatorMode: true,
      embedTenantName: 'tenant-list',
      groupDefinitions: Array.from({ length: 5 }, (_, i) => ({ name: `g${i}` })),
      userAttributeDefinitions: [
        { name: 'a1', type: 'string' },
        { name: 'a2', type: 'number_array' },
      ],
    });
    const page = await api.listGroups('tenant-list', { first: 2 });
    expect(page.items.map((g) => g.name)).toEqual(['g0', 'g1']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await api.listGroups('tenant-list', { first: 2, after: page.pageInfo.endCursor! });
    expect(next.items.map((g) => g.name)).toEqual(['g2', 'g3']);
    const all: string[] = [];
    for await (const group of api.groups('tenant-list', { first: 2 })) all.push(group.name);
    expect(all).toEqual(['g0', 'g1', 'g2', 'g3', 'g4']);
    const attributes: string[] = [];
    for await (const attribute of api.userAttributes('tenant-list', { first: 1 }))
      attributes.push(`${attribute.name}:${attribute.type}`);
    expect(attributes).toEqual(['a1:string', 'a2:number_array']);
    await api.deleteGroup('tenant-list', page.items[0]!.id);
    await expect(api.deleteGroup('tenant-list', page.items[0]!.id)).rejects.toMatchObject({ status: 404 });
    const a1 = (await api.listUserAttributes('tenant-list')).items[0]!;
    await api.deleteUserAttribute('tenant-list', a1.id);
    expect((await api.listUserAttributes('tenant-list')).items.map((a) => a.name)).toEqual(['a2']);
    await expect(api.listGroups('tenant-list', { first: 0 })).rejects.toMatchObject({ status: 400 });
    await expect(api.listGroups('no-such-tenant')).rejects.toMatchObject({ status: 404 });
  });

  it('revokes a session', async () => {
    const { api } = client();
    const { sessionId } = await api.generateSession({ deploymentId: 1, externalId: 'revoked' });
    await api.revokeSession(sessionId);
    const page = await fetch(`${server.url}/embed/dashboard/sales-overview?session=${sessionId}`);
    expect(page.status).toBe(401);
  });

  it('passes an abort signal through', async () => {
    const { api } = client();
    const controller = new AbortController();
    controller.abort(new Error('cancelled by host'));
    await expect(
      api.generateSession({ deploymentId: 1, externalId: 'x' }, { signal: controller.signal }),
    ).rejects.toThrow('cancelled by host');
  });
});
