import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_DATA_API_SECRET } from '../../src/mock';
import { LoadResultSchema, ValidationError } from '../../src/protocol';
import { createDataToken, DEFAULT_DATA_TOKEN_SECONDS, MAX_DATA_TOKEN_SECONDS } from '../../src/server';

const user = { externalId: 'demo-elias', userAttributes: [{ name: 'region', value: ['Europe'] }] };

describe('createDataToken', () => {
  it('signs an HS256 JWT whose payload is the identity, for 15 minutes by default', async () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, expiresAt } = await createDataToken({ apiSecret: MOCK_DATA_API_SECRET, user, now: () => now });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const payload = decodeJwt(token);
    expect(payload).toEqual({ ...user, iat: now / 1000, exp: now / 1000 + DEFAULT_DATA_TOKEN_SECONDS });
    expect(expiresAt).toBe(now + DEFAULT_DATA_TOKEN_SECONDS * 1000);
  });

  it('carries only the identity fields, and the data API shows that identity its rows', async () => {
    const mock = createMockService();
    const host = { ...user, groups: [], securityContext: { team: 'emea' }, password: 'hunter2', role: 'admin' };
    const { token } = await createDataToken({ apiSecret: MOCK_DATA_API_SECRET, user: host as never });
    expect(Object.keys(decodeJwt(token)).sort()).toEqual(
      ['exp', 'externalId', 'groups', 'iat', 'securityContext', 'userAttributes'].sort(),
    );
    const query = encodeURIComponent(JSON.stringify({ measures: ['orders.revenue'], dimensions: ['orders.region'] }));
    const response = await mock.fetch(`http://mock.local/cubejs-api/v1/load?query=${query}`, {
      headers: { Authorization: token },
    });
    expect(LoadResultSchema.parse(await response.json()).data.map((r) => r['orders.region'])).toEqual(['Europe']);
  });

  it('bounds the lifetime: 1 s to 24 h, whole seconds', async () => {
    const { token } = await createDataToken({
      apiSecret: MOCK_DATA_API_SECRET,
      user,
      expiresInSeconds: MAX_DATA_TOKEN_SECONDS,
    });
    const payload = decodeJwt(token);
    expect(payload.exp! - payload.iat!).toBe(MAX_DATA_TOKEN_SECONDS);
    for (const expiresInSeconds of [0, -5, 1.5, MAX_DATA_TOKEN_SECONDS + 1, Number.NaN, '60' as never]) {
      await expect(createDataToken({ apiSecret: MOCK_DATA_API_SECRET, user, expiresInSeconds })).rejects.toThrow(
        /expiresInSeconds/,
      );
    }
  });

  it('validates the secret and the user, and never puts the secret in an error or a log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const short = 'short-secret-value-1234';
    const spaced = ` ${MOCK_DATA_API_SECRET} `;
    const cases: [unknown, unknown, RegExp][] = [
      [undefined, user, /apiSecret: must be a string/],
      [12345, user, /apiSecret: must be a string/],
      [short, user, /at least 32/],
      [spaced, user, /whitespace/],
      [MOCK_DATA_API_SECRET, {}, /exactly one of externalId or internalId/],
      [MOCK_DATA_API_SECRET, { externalId: 'a', internalId: 'b' }, /exactly one/],
      [MOCK_DATA_API_SECRET, { externalId: '  ' }, /must not be empty/],
      [MOCK_DATA_API_SECRET, { externalId: 'a', groups: 'sales' }, /user\.groups/],
      [MOCK_DATA_API_SECRET, null, /user/],
    ];
    for (const [apiSecret, who, message] of cases) {
      const error = await createDataToken({ apiSecret: apiSecret as string, user: who as never }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      const text = `${(error as Error).message} ${JSON.stringify(error)} ${(error as Error).stack}`;
      expect((error as Error).message).toMatch(message);
      for (const secret of [short, MOCK_DATA_API_SECRET]) expect(text).not.toContain(secret);
    }
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    log.mockRestore();
    warn.mockRestore();
  });
});
