import { describe, expect, it } from 'vitest';
import { createMockService, defaultFixture, MOCK_PERSONAL_KEY } from '../../src/mock';
import { ADMIN, generate, postJson, useMock, type Transport } from './helpers';

const ext = (id: string, extra: Record<string, unknown> = {}) => ({ deploymentId: 1, externalId: id, ...extra });

async function adminList(t: Transport, tenant: string, collection: 'groups' | 'user-attributes') {
  const response = await t.fetch(`${t.baseUrl}/api/v1/embed-tenants/${tenant}/${collection}?first=100`, {
    headers: ADMIN,
  });
  return (await response.json()) as { items: { id: number; name: string; [k: string]: unknown }[] };
}

function userOf(t: Transport, id: string) {
  return t.mock.state.accounts.get('acme')!.users.get(`external:${id}`);
}

describe.each(['http', 'in-process'] as const)('Generate Session conformance (%s)', (kind) => {
  const mock = useMock(kind);

  it('returns { sessionId } for a valid request', async () => {
    const { status, body } = await generate(mock(), ext('conf-ok'));
    expect(status).toBe(200);
    expect(body).toEqual({ sessionId: expect.any(String) });
  });

  it('authenticates with an admin Api-Key', async () => {
    expect((await generate(mock(), ext('a'), { 'Content-Type': 'application/json' })).status).toBe(401);
    expect((await generate(mock(), ext('a'), { ...ADMIN, Authorization: 'Api-Key wrong' })).status).toBe(401);
    const personal = await generate(mock(), ext('a'), { ...ADMIN, Authorization: `Api-Key ${MOCK_PERSONAL_KEY}` });
    expect(personal).toMatchObject({ status: 403, body: { error: expect.any(String) } });
  });

  it('answers malformed JSON and wrong types with 400 and an error body, never 500', async () => {
    expect(await generate(mock(), '{"deploymentId": 1,')).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/JSON/) },
    });
    expect(await generate(mock(), { deploymentId: '1', externalId: 'x' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/deploymentId/) },
    });
    expect((await generate(mock(), ext('x', { groups: 'sales' }))).status).toBe(400);
    expect((await generate(mock(), [])).status).toBe(400);
    expect((await generate(mock(), { deploymentId: 99, externalId: 'x' })).status).toBe(404);
  });

  it('needs exactly one of externalId and internalId', async () => {
    expect((await generate(mock(), { deploymentId: 1 })).status).toBe(400);
    expect((await generate(mock(), { deploymentId: 1, externalId: 'a', internalId: 'ana@acme.test' })).status).toBe(
      400,
    );
  });

  it('rule 1: internalId needs an existing user and forbids the provisioning fields', async () => {
    expect((await generate(mock(), { deploymentId: 1, internalId: 'ana@acme.test' })).status).toBe(200);
    expect((await generate(mock(), { deploymentId: 1, internalId: 'nobody@acme.test' })).status).toBe(404);
    for (const field of [
      { groups: [] },
      { userAttributes: [] },
      { securityContext: {} },
      { userProfile: { displayName: 'x' } },
      { groupDefinitions: [] },
      { userAttributeDefinitions: [] },
    ]) {
      const result = await generate(mock(), { deploymentId: 1, internalId: 'ana@acme.test', ...field });
      expect(result.status, JSON.stringify(field)).toBe(400);
      expect(String(result.body?.error)).toMatch(/must not be sent with internalId/);
    }
  });

  it('rule 2: a later userProfile overwrites what it carries; omitted values are kept', async () => {
    await generate(
      mock(),
      ext('profile-user', { userProfile: { displayName: 'Ann', picture: 'https://cdn.test/a.png' } }),
    );
    await generate(mock(), ext('profile-user', { userProfile: { displayName: 'Ann B' } }));
    await generate(mock(), ext('profile-user'));
    expect(userOf(mock(), 'profile-user')?.profile).toEqual({
      displayName: 'Ann B',
      picture: 'https://cdn.test/a.png',
    });
  });

  it('keys external users lowercase and trimmed', async () => {
    await generate(mock(), ext('  Mixed.Case  ', { email: 'm@x.test' }));
    expect(userOf(mock(), 'mixed.case')?.email).toBe('m@x.test');
  });

  it('rule 3: duplicate userAttributes names are a 400; later calls overwrite only supplied names', async () => {
    const dup = await generate(
      mock(),
      ext('attr-user', {
        userAttributes: [
          { name: 'tier', value: 'a' },
          { name: 'tier', value: 'b' },
        ],
      }),
    );
    expect(dup.status).toBe(400);
    await generate(
      mock(),
      ext('attr-user', {
        userAttributes: [
          { name: 'tier', value: 'gold' },
          { name: 'quota', value: 5 },
        ],
      }),
    );
    await generate(mock(), ext('attr-user', { userAttributes: [{ name: 'quota', value: 9 }] }));
    const values = userOf(mock(), 'attr-user')!.attributes.get('tenant')!;
    expect(Object.fromEntries(values)).toEqual({ tier: 'gold', quota: 9 });
    await generate(mock(), ext('attr-user', { userAttributes: [{ name: 'quota', value: null }] }));
    expect(Object.fromEntries(values)).toEqual({ tier: 'gold' });
  });

  it('rule 4: an attribute absent from the tenant-wide catalog fails with "User attributes not found"', async () => {
    const result = await generate(mock(), ext('a4', { userAttributes: [{ name: 'shoe_size', value: '42' }] }));
    expect(result).toMatchObject({ status: 400, body: { error: 'User attributes not found' } });
  });

  it('checks attribute values against the definition type', async () => {
    const result = await generate(mock(), ext('a4t', { userAttributes: [{ name: 'region', value: 5 }] }));
    expect(result.status).toBe(400);
    expect(String(result.body?.error)).toMatch(/region must be of type string_array/);
  });

  it('rule 5 and 7: creator mode resolves groups and attributes in the embed tenant only', async () => {
    const creator = { creatorMode: true, embedTenantName: 'tenant-one' };
    expect(
      (await generate(mock(), ext('c5', { ...creator, userAttributes: [{ name: 'region', value: ['Europe'] }] })))
        .status,
    ).toBe(200);
    // 'tier' exists tenant-wide only.
    expect(
      (await generate(mock(), ext('c5', { ...creator, userAttributes: [{ name: 'tier', value: 'x' }] }))).body,
    ).toEqual({
      error: 'User attributes not found',
    });
    expect((await generate(mock(), ext('c5', { ...creator, groups: ['viewers'] }))).status).toBe(200);
    expect((await generate(mock(), ext('c5', { ...creator, groups: ['emea-sales'] }))).body).toEqual({
      error: 'Groups with names emea-sales not found',
    });
    // And read-only mode the other way round.
    expect((await generate(mock(), ext('c5', { groups: ['viewers'] }))).status).toBe(400);
    expect(userOf(mock(), 'c5')!.groups.get('embed:tenant-one')).toEqual(['viewers']);
  });

  it('rule 6: groups omitted keep, [] clears, a list replaces', async () => {
    await generate(mock(), ext('g6', { groups: ['emea-sales', 'executives'] }));
    await generate(mock(), ext('g6'));
    expect(userOf(mock(), 'g6')!.groups.get('tenant')).toEqual(['emea-sales', 'executives']);
    await generate(mock(), ext('g6', { groups: ['executives'] }));
    expect(userOf(mock(), 'g6')!.groups.get('tenant')).toEqual(['executives']);
    await generate(mock(), ext('g6', { groups: [] }));
    expect(userOf(mock(), 'g6')!.groups.get('tenant')).toEqual([]);
  });

  it('rule 8: unresolved group names are listed in the error', async () => {
    const result = await generate(mock(), ext('g8', { groups: ['executives', 'ghosts', 'phantoms'] }));
    expect(result).toMatchObject({ status: 400, body: { error: 'Groups with names ghosts, phantoms not found' } });
  });

  it('rule 9: definitions need creatorMode, embedTenantName and the useCreatorMode flag, and apply first', async () => {
    const defs = { groupDefinitions: [{ name: 'fresh' }] };
    expect((await generate(mock(), ext('d9', { ...defs, embedTenantName: 'tenant-one' }))).status).toBe(400);
    expect((await generate(mock(), ext('d9', { ...defs, creatorMode: true }))).status).toBe(400);
    const starter = { ...ADMIN, Authorization: 'Api-Key mock-starter-key' };
    const flagless = await generate(
      mock(),
      { deploymentId: 7, externalId: 'd9', creatorMode: true, embedTenantName: 'starter-tenant', ...defs },
      starter,
    );
    expect(flagless.status).toBe(403);
    // Definitions are applied before memberships and values in the same request.
    const ok = await generate(
      mock(),
      ext('d9', {
        creatorMode: true,
        embedTenantName: 'tenant-nine',
        groupDefinitions: [{ name: 'fresh', description: 'New' }],
        userAttributeDefinitions: [{ name: 'plan', type: 'string' }],
        groups: ['fresh'],
        userAttributes: [{ name: 'plan', value: 'pro' }],
      }),
    );
    expect(ok.status).toBe(200);
    expect((await adminList(mock(), 'tenant-nine', 'groups')).items).toMatchObject([
      { name: 'fresh', description: 'New', userCount: 1 },
    ]);
    // Never tenant-wide.
    expect((await generate(mock(), ext('d9', { groups: ['fresh'] }))).status).toBe(400);
  });

  it('rule 9: definition descriptions update when supplied and different, and are never cleared', async () => {
    const base = { creatorMode: true, embedTenantName: 'tenant-desc' };
    await generate(
      mock(),
      ext('dd', {
        ...base,
        groupDefinitions: [{ name: 'g', description: 'one' }],
        userAttributeDefinitions: [{ name: 'a', type: 'number', displayName: 'A' }],
      }),
    );
    await generate(
      mock(),
      ext('dd', {
        ...base,
        groupDefinitions: [{ name: 'g' }],
        userAttributeDefinitions: [{ name: 'a', type: 'number', description: 'desc' }],
      }),
    );
    expect((await adminList(mock(), 'tenant-desc', 'groups')).items[0]).toMatchObject({
      name: 'g',
      description: 'one',
    });
    expect((await adminList(mock(), 'tenant-desc', 'user-attributes')).items[0]).toMatchObject({
      name: 'a',
      displayName: 'A',
      description: 'desc',
    });
  });

  it('rule 10: duplicate names inside definitions are rejected', async () => {
    const base = { creatorMode: true, embedTenantName: 'tenant-ten' };
    expect(
      (await generate(mock(), ext('d10', { ...base, groupDefinitions: [{ name: 'x' }, { name: 'x' }] }))).status,
    ).toBe(400);
    const attrs = [
      { name: 'y', type: 'string' },
      { name: 'y', type: 'number' },
    ];
    expect((await generate(mock(), ext('d10', { ...base, userAttributeDefinitions: attrs }))).status).toBe(400);
  });

  it('rule 11: changing a definition type fails with "cannot change type" and upserts nothing', async () => {
    const base = { creatorMode: true, embedTenantName: 'tenant-eleven' };
    await generate(mock(), ext('d11', { ...base, userAttributeDefinitions: [{ name: 'score', type: 'number' }] }));
    const result = await generate(
      mock(),
      ext('d11', {
        ...base,
        groupDefinitions: [{ name: 'should-not-exist' }],
        userAttributeDefinitions: [
          { name: 'extra', type: 'string' },
          { name: 'score', type: 'string' },
        ],
      }),
    );
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(String(result.body?.error)).toMatch(/cannot change type/);
    expect((await adminList(mock(), 'tenant-eleven', 'user-attributes')).items.map((i) => i.name)).toEqual(['score']);
    expect((await adminList(mock(), 'tenant-eleven', 'groups')).items).toEqual([]);
  });

  it('a request rejected late changes nothing (atomic)', async () => {
    const base = { creatorMode: true, embedTenantName: 'tenant-atomic' };
    const result = await generate(
      mock(),
      ext('atomic-user', {
        ...base,
        groupDefinitions: [{ name: 'made' }],
        groups: ['made', 'missing'],
        userProfile: { displayName: 'X' },
      }),
    );
    expect(result.status).toBe(400);
    expect(userOf(mock(), 'atomic-user')).toBeUndefined();
    const tenants = await mock().fetch(`${mock().baseUrl}/api/v1/embed-tenants/tenant-atomic/groups`, {
      headers: ADMIN,
    });
    expect(tenants.status).toBe(404);
  });

  it('rule 12: repeating an identical request yields the same end state', async () => {
    const request = ext('idem', {
      creatorMode: true,
      embedTenantName: 'tenant-idem',
      groupDefinitions: [{ name: 'g1', description: 'd' }],
      userAttributeDefinitions: [{ name: 'a1', type: 'string_array' }],
      groups: ['g1'],
      userAttributes: [{ name: 'a1', value: ['x'] }],
    });
    await generate(mock(), request);
    const first = [
      await adminList(mock(), 'tenant-idem', 'groups'),
      await adminList(mock(), 'tenant-idem', 'user-attributes'),
    ];
    const user = structuredClone(userOf(mock(), 'idem'));
    await generate(mock(), request);
    expect([
      await adminList(mock(), 'tenant-idem', 'groups'),
      await adminList(mock(), 'tenant-idem', 'user-attributes'),
    ]).toEqual(first);
    expect(userOf(mock(), 'idem')).toEqual(user);
  });

  it('validates embedTenantName and picture URLs', async () => {
    for (const name of ['abc', 'Tenant-one', '1tenant', 'tenant-', 'ten ant', 'a'.repeat(37)]) {
      expect((await generate(mock(), ext('n', { embedTenantName: name }))).status, name).toBe(400);
    }
    for (const name of ['abcde', 'a'.repeat(36), 'tenant-2']) {
      expect((await generate(mock(), ext('n', { embedTenantName: name }))).status, name).toBe(200);
    }
    for (const picture of ['ftp://x.test/a.png', 'javascript:alert(1)', '/relative.png', 'not a url']) {
      expect((await generate(mock(), ext('p', { userProfile: { picture } }))).status, picture).toBe(400);
    }
  });

  it('revokes a session (204, idempotent)', async () => {
    const { body } = await generate(mock(), ext('rev'));
    expect((await postJson(mock(), '/api/v1/embed/session/revoke', { sessionId: body!.sessionId })).status).toBe(204);
    expect((await postJson(mock(), '/api/v1/embed/session/revoke', { sessionId: body!.sessionId })).status).toBe(204);
    const page = await mock().fetch(
      `${mock().baseUrl}/embed/dashboard/sales-overview?session=${String(body!.sessionId)}`,
    );
    expect(page.status).toBe(401);
  });
});

describe('external user limit', () => {
  it('refuses a new persistent external user past the fixture limit, not existing ones', async () => {
    const fixture = defaultFixture();
    fixture.accounts[0]!.maxExternalUsers = 2;
    const mock = createMockService({ fixture });
    const t = { name: 'in-process' as const, mock, baseUrl: 'http://m', fetch: mock.fetch };
    expect((await generate(t, ext('u1'))).status).toBe(200);
    expect((await generate(t, ext('u2'))).status).toBe(200);
    const third = await generate(t, ext('u3'));
    expect(third).toMatchObject({ status: 403, body: { error: 'External user limit of 2 reached' } });
    expect((await generate(t, ext('u1'))).status).toBe(200);
  });
});
