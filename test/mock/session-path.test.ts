import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { DATA_TOKEN_LIFETIME_SECONDS } from '../../src/mock';
import {
  DataTokenPayloadSchema,
  defaultSessionPathUrls,
  DeploymentResponseSchema,
  DeploymentTokenResponseSchema,
  EmbedTokenResponseSchema,
  embedTokenAuthorization,
  LoadResultSchema,
} from '../../src/protocol';
import { ADMIN, generate, useMock, type Transport } from './helpers';

const ELIAS = {
  deploymentId: 1,
  externalId: 'demo-elias',
  userAttributes: [{ name: 'region', value: ['Europe'] }],
};

async function call(t: Transport, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await t.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>, response };
}

async function sessionFor(t: Transport, request: object = ELIAS): Promise<string> {
  const { status, body } = await generate(t, request);
  expect(status, JSON.stringify(body)).toBe(200);
  return body!.sessionId as string;
}

/** The browser's exchange: no key, the single-use session is the credential. */
const exchange = (t: Transport, sessionId: string, headers: Record<string, string> = {}) =>
  call(
    t,
    'POST',
    defaultSessionPathUrls.embedToken(t.baseUrl),
    { 'Content-Type': 'application/json', ...headers },
    { sessionId },
  );

describe.each(['http', 'in-process'] as const)('the session path on the mock (%s)', (kind) => {
  const mock = useMock(kind);

  it('exchanges a session once for an embed token, from a browser with no key or with the API key', async () => {
    const t = mock();
    const sessionId = await sessionFor(t);
    const first = await exchange(t, sessionId);
    expect(first.status).toBe(200);
    expect(EmbedTokenResponseSchema.is(first.body)).toBe(true);
    const again = await exchange(t, sessionId);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/single-use/);
    // The Node client sends its key; an embed page cannot then reuse the session either.
    const keyed = await sessionFor(t);
    expect((await exchange(t, keyed, { Authorization: ADMIN.Authorization })).status).toBe(200);
    const page = await t.fetch(`${t.baseUrl}/embed/d/1/dashboard/sales-overview?session=${keyed}`);
    expect(page.status).toBe(401);
    // A wrong key, a made-up session, a non-JSON body.
    expect((await exchange(t, await sessionFor(t), { Authorization: 'Api-Key nope' })).status).toBe(401);
    expect((await exchange(t, 'sess_made_up')).status).toBe(401);
    const text = await call(
      t,
      'POST',
      defaultSessionPathUrls.embedToken(t.baseUrl),
      { 'Content-Type': 'text/plain' },
      { sessionId: await sessionFor(t) },
    );
    expect(text.status).toBe(415);
  });

  it('gives the deployment URL and a data token with the session identity; the data API then shows that user rows', async () => {
    const t = mock();
    const { body } = await exchange(t, await sessionFor(t));
    const auth = { Authorization: embedTokenAuthorization(body.token as string) };
    const deployment = await call(t, 'GET', defaultSessionPathUrls.deployment(t.baseUrl, 1), auth);
    expect(deployment.status).toBe(200);
    const { deploymentUrl } = DeploymentResponseSchema.parse(deployment.body);
    expect(deploymentUrl).toBe(kind === 'http' ? t.baseUrl : 'http://mock.local');
    const minted = await call(t, 'POST', defaultSessionPathUrls.deploymentToken(t.baseUrl, 1), auth);
    expect(minted.status).toBe(200);
    const { cubeApiToken } = DeploymentTokenResponseSchema.parse(minted.body);
    const payload = DataTokenPayloadSchema.parse(decodeJwt(cubeApiToken));
    expect(payload).toMatchObject({
      externalId: 'demo-elias',
      userAttributes: [{ name: 'region', value: ['Europe'] }],
    });
    expect(payload.exp! - payload.iat!).toBe(DATA_TOKEN_LIFETIME_SECONDS);
    const query = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
    const load = await call(
      t,
      'GET',
      `${deploymentUrl}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`,
      {
        Authorization: cubeApiToken,
      },
    );
    expect(load.status).toBe(200);
    expect(LoadResultSchema.parse(load.body).data.map((r) => r['orders.region'])).toEqual(['Europe']);
  });

  it('refuses a missing, made-up or wrongly-schemed embed token, another deployment and a chat-only session', async () => {
    const t = mock();
    const { body } = await exchange(t, await sessionFor(t));
    const token = body.token as string;
    const url = defaultSessionPathUrls.deploymentToken(t.baseUrl, 1);
    expect((await call(t, 'POST', url, {})).status).toBe(401);
    expect((await call(t, 'POST', url, { Authorization: embedTokenAuthorization('embt_made_up') })).status).toBe(401);
    expect((await call(t, 'POST', url, { Authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await call(t, 'GET', url, { Authorization: embedTokenAuthorization(token) })).status).toBe(405);
    const other = await call(t, 'GET', defaultSessionPathUrls.deployment(t.baseUrl, 2), {
      Authorization: embedTokenAuthorization(token),
    });
    expect(other.status).toBe(404);
    const chatOnly = await exchange(t, await sessionFor(t, { externalId: 'chat-only-user' }));
    expect(chatOnly.status).toBe(200);
    const refused = await call(t, 'GET', defaultSessionPathUrls.deployment(t.baseUrl, 1), {
      Authorization: embedTokenAuthorization(chatOnly.body.token as string),
    });
    expect(refused.status).toBe(403);
  });

  it('answers preflights for the browser routes', async () => {
    const t = mock();
    for (const url of [
      defaultSessionPathUrls.embedToken(t.baseUrl),
      defaultSessionPathUrls.deploymentToken(t.baseUrl, 1),
    ]) {
      const preflight = await t.fetch(url, { method: 'OPTIONS', headers: { Origin: 'https://app.example' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    }
    // Generate Session stays server-only: no CORS on it.
    const generate = await t.fetch(`${t.baseUrl}/api/v1/embed/generate-session`, { method: 'OPTIONS' });
    expect(generate.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('embed token expiry on the mock', () => {
  let clock = Date.now();
  const mock = useMock('in-process', { now: () => clock });
  it('refuses an embed token past its lifetime, and never signs a data token past it', async () => {
    const t = mock();
    const { body } = await exchange(t, await sessionFor(t));
    const auth = { Authorization: embedTokenAuthorization(body.token as string) };
    clock += 23 * 3600 * 1000 - 60_000;
    const late = await call(t, 'POST', defaultSessionPathUrls.deploymentToken(t.baseUrl, 1), auth);
    const payload = decodeJwt(late.body.cubeApiToken as string);
    expect(payload.exp! - payload.iat!).toBe(60);
    clock += 61_000;
    expect((await call(t, 'GET', defaultSessionPathUrls.deployment(t.baseUrl, 1), auth)).status).toBe(401);
  });
});
