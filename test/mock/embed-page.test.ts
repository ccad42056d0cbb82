import { describe, expect, it } from 'vitest';
import { createMockService, SESSION_EXCHANGE_WINDOW_MS } from '../../src/mock';
import { chat, generate, useMock, type Transport } from './helpers';

async function mint(t: Transport, body: Record<string, unknown>) {
  const { status, body: session } = await generate(t, { deploymentId: 1, ...body });
  expect(status).toBe(200);
  return String(session!.sessionId);
}

async function page(t: Transport, path: string) {
  const response = await t.fetch(`${t.baseUrl}${path}`);
  const html = await response.text();
  const model = JSON.parse(/<script type="application\/json" id="model">(.*?)<\/script>/s.exec(html)![1]!) as {
    error: string | null;
    user: string;
    rows: string[][];
    columns: string[];
    mode: string;
    surface: string;
  };
  return { response, html, model };
}

const regions = (model: { rows: string[][]; columns: string[] }) =>
  [...new Set(model.rows.map((row) => row[model.columns.indexOf('region')]))].sort();

describe.each(['http', 'in-process'] as const)('embed pages (%s)', (kind) => {
  const mock = useMock(kind);

  it('exchanges a session once: the second load is an error page', async () => {
    const id = await mint(mock(), { externalId: 'once' });
    const first = await page(mock(), `/embed/d/1/dashboard/sales-overview?session=${id}`);
    expect(first.response.status).toBe(200);
    expect(first.model.error).toBeNull();
    const second = await page(mock(), `/embed/d/1/dashboard/sales-overview?session=${id}`);
    expect(second.response.status).toBe(401);
    expect(second.model.error).toMatch(/already used/);
    expect(second.html).toContain("post('error'");
  });

  it('shows an error page for unknown sessions, another deployment and unknown dashboards', async () => {
    expect((await page(mock(), '/embed/dashboard/sales-overview?session=nope')).model.error).toBe('Invalid session');
    expect((await page(mock(), '/embed/dashboard/sales-overview')).model.error).toMatch(/No session/);
    const other = await mint(mock(), { externalId: 'dep' });
    expect((await page(mock(), `/embed/d/7/dashboard/sales-overview?session=${other}`)).model.error).toMatch(
      /another deployment/,
    );
    const missing = await mint(mock(), { externalId: 'dep' });
    const result = await page(mock(), `/embed/dashboard/nope?session=${missing}`);
    expect(result.response.status).toBe(404);
    expect(result.model.error).toMatch(/not found/);
  });

  it('filters rows by the user attributes and groups (row-level security)', async () => {
    const europe = await mint(mock(), {
      externalId: 'eu-attr',
      userAttributes: [{ name: 'region', value: ['Europe'] }],
    });
    expect(regions((await page(mock(), `/embed/dashboard/sales-overview?session=${europe}`)).model)).toEqual([
      'Europe',
    ]);
    const two = await mint(mock(), {
      externalId: 'two',
      userAttributes: [{ name: 'region', value: ['Europe', 'Asia Pacific'] }],
    });
    expect(regions((await page(mock(), `/embed/dashboard/sales-overview?session=${two}`)).model)).toEqual([
      'Asia Pacific',
      'Europe',
    ]);
    const group = await mint(mock(), { externalId: 'eu-group', groups: ['emea-sales'] });
    expect(regions((await page(mock(), `/embed/dashboard/sales-overview?session=${group}`)).model)).toEqual(['Europe']);
    const all = await mint(mock(), {
      externalId: 'boss',
      groups: ['executives'],
      userProfile: { displayName: 'The Boss' },
    });
    const everything = await page(mock(), `/embed/dashboard/sales-overview?session=${all}`);
    expect(regions(everything.model)).toHaveLength(4);
    expect(everything.model.user).toBe('The Boss');
  });

  it('names the user by the displayName sent, after the chat met them first, and keeps it when omitted', async () => {
    await chat(mock(), { input: 'revenue by region', sessionSettings: { externalId: 'erin-dn' } });
    const named = await mint(mock(), { externalId: 'erin-dn', userProfile: { displayName: 'Erin Example' } });
    expect((await page(mock(), `/embed/dashboard/sales-overview?session=${named}`)).model.user).toBe('Erin Example');
    const again = await mint(mock(), { externalId: 'erin-dn' });
    expect((await page(mock(), `/embed/dashboard/sales-overview?session=${again}`)).model.user).toBe('Erin Example');
    const unnamed = await mint(mock(), { externalId: 'nobody-dn' });
    expect((await page(mock(), `/embed/dashboard/sales-overview?session=${unnamed}`)).model.user).toBe('nobody-dn');
  });

  it('serves every embed URL shape and reports the mode', async () => {
    const shapes = [
      '/embed/dashboard/sales-overview?session=',
      '/embed/d/1/chat?session=',
      '/embed/chat?sessionId=',
      '/embed/d/1/app?session=',
    ];
    for (const shape of shapes) {
      const id = await mint(mock(), {
        externalId: 'shapes',
        creatorMode: shape.includes('/app'),
        embedTenantName: 'tenant-one',
      });
      const { response, model } = await page(mock(), `${shape}${id}`);
      expect(response.status, shape).toBe(200);
      expect(model.mode).toBe(shape.includes('/app') ? 'creator' : 'read-only');
    }
  });

  it('keeps untrusted text inert: a strict CSP and no way out of the data script', async () => {
    const id = await mint(mock(), {
      externalId: 'xss',
      userProfile: { displayName: '</script><script>alert(1)</script>' },
    });
    const { response, html, model } = await page(mock(), `/embed/dashboard/sales-overview?session=${id}`);
    expect(response.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'; script-src 'nonce-/);
    expect(html).not.toContain('<script>alert(1)');
    expect(model.user).toBe('</script><script>alert(1)</script>');
  });
});

describe('session lifetime', () => {
  it('expires a session not exchanged within 5 minutes', async () => {
    let now = 1_000_000;
    const mock = createMockService({ now: () => now });
    const t = { name: 'in-process' as const, mock, baseUrl: 'http://m', fetch: mock.fetch };
    const late = await mint(t, { externalId: 'late' });
    const onTime = await mint(t, { externalId: 'on-time' });
    now += SESSION_EXCHANGE_WINDOW_MS - 1;
    expect((await page(t, `/embed/dashboard/sales-overview?session=${onTime}`)).response.status).toBe(200);
    now += 2;
    const expired = await page(t, `/embed/dashboard/sales-overview?session=${late}`);
    expect(expired.response.status).toBe(401);
    expect(expired.model.error).toMatch(/expired/);
  });
});
