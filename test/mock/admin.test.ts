import { describe, expect, it } from 'vitest';
import { MOCK_PERSONAL_KEY } from '../../src/mock';
import { EmbedTenantAttributePageSchema, EmbedTenantGroupPageSchema } from '../../src/protocol';
import { ADMIN, generate, useMock, type Transport } from './helpers';

async function get(t: Transport, path: string, headers: Record<string, string> = ADMIN) {
  const response = await t.fetch(`${t.baseUrl}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const del = (t: Transport, path: string, headers: Record<string, string> = ADMIN) =>
  t.fetch(`${t.baseUrl}${path}`, { method: 'DELETE', headers });

describe.each(['http', 'in-process'] as const)('embed-tenant admin endpoints (%s)', (kind) => {
  const mock = useMock(kind);
  const base = '/api/v1/embed-tenants/tenant-admin';

  it('is set up by a creator-mode session with seven groups and two attributes', async () => {
    const result = await generate(mock(), {
      deploymentId: 1,
      externalId: 'admin-test',
      creatorMode: true,
      embedTenantName: 'tenant-admin',
      groupDefinitions: Array.from({ length: 7 }, (_, i) => ({ name: `group-${i}` })),
      userAttributeDefinitions: [
        { name: 'region', type: 'string_array' },
        { name: 'level', type: 'number', displayName: 'Level' },
      ],
      groups: ['group-0', 'group-3'],
    });
    expect(result.status).toBe(200);
  });

  it('needs an admin key', async () => {
    expect((await get(mock(), `${base}/groups`, {})).status).toBe(401);
    expect((await get(mock(), `${base}/groups`, { Authorization: `Api-Key ${MOCK_PERSONAL_KEY}` })).status).toBe(403);
    expect((await del(mock(), `${base}/groups/1`, { Authorization: `Api-Key ${MOCK_PERSONAL_KEY}` })).status).toBe(403);
  });

  it('pages with first and after, and the pages join up to everything', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = `first=3${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const { status, body } = await get(mock(), `${base}/groups?${query}`);
      expect(status).toBe(200);
      const page = EmbedTenantGroupPageSchema.parse(body);
      expect(page.pageInfo.hasPreviousPage).toBe(pages > 0);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((g) => g.name));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `group-${i}`));
  });

  it('reports userCount per group and attribute definitions with their fields', async () => {
    const { body } = await get(mock(), `${base}/groups?first=100`);
    const counts = EmbedTenantGroupPageSchema.parse(body).items.map((g) => g.userCount);
    expect(counts).toEqual([1, 0, 0, 1, 0, 0, 0]);
    const attributes = EmbedTenantAttributePageSchema.parse((await get(mock(), `${base}/user-attributes`)).body);
    expect(attributes.items).toMatchObject([
      { name: 'region', type: 'string_array' },
      { name: 'level', type: 'number', displayName: 'Level' },
    ]);
    expect(attributes.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('rejects bad first and after values with 400', async () => {
    for (const query of ['first=0', 'first=-1', 'first=abc', 'first=1.5', 'first=101', 'after=%%%', 'after=bm9wZQ']) {
      expect((await get(mock(), `${base}/groups?${query}`)).status, query).toBe(400);
    }
  });

  it('answers 404 for an unknown embed tenant', async () => {
    expect((await get(mock(), '/api/v1/embed-tenants/no-such-tenant/groups')).status).toBe(404);
  });

  it('deletes a group (2xx, then 404) and removes its memberships', async () => {
    const { body } = await get(mock(), `${base}/groups?first=100`);
    const group = EmbedTenantGroupPageSchema.parse(body).items.find((g) => g.name === 'group-3')!;
    const first = await del(mock(), `${base}/groups/${group.id}`);
    expect(first.status).toBe(204);
    expect((await del(mock(), `${base}/groups/${group.id}`)).status).toBe(404);
    const after = EmbedTenantGroupPageSchema.parse((await get(mock(), `${base}/groups?first=100`)).body).items;
    expect(after.map((g) => g.name)).not.toContain('group-3');
    const user = mock().mock.state.accounts.get('acme')!.users.get('external:admin-test')!;
    expect(user.groups.get('embed:tenant-admin')).toEqual(['group-0']);
  });

  it('deletes an attribute so it can be recreated with another type', async () => {
    const attributes = EmbedTenantAttributePageSchema.parse((await get(mock(), `${base}/user-attributes`)).body).items;
    const level = attributes.find((a) => a.name === 'level')!;
    const recreate = {
      deploymentId: 1,
      externalId: 'admin-test',
      creatorMode: true,
      embedTenantName: 'tenant-admin',
      userAttributeDefinitions: [{ name: 'level', type: 'string' }],
    };
    expect((await generate(mock(), recreate)).status).toBe(409);
    expect((await del(mock(), `${base}/user-attributes/${level.id}`)).status).toBe(204);
    expect((await del(mock(), `${base}/user-attributes/${level.id}`)).status).toBe(404);
    expect((await generate(mock(), recreate)).status).toBe(200);
  });
});
