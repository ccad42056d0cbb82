import { describe, expect, it, vi } from 'vitest';
import { createTokenManager, jwtExpiry, type DataToken } from '../../../src/react/native/data/token-manager';

const token = (name: string, expiresAt?: number): DataToken => ({
  token: name,
  apiUrl: 'https://data.example/cubejs-api/v1',
  ...(expiresAt === undefined ? {} : { expiresAt }),
});

describe('createTokenManager', () => {
  it('reuses a token until a minute before it expires, then mints once', async () => {
    let now = 1_000_000;
    let count = 0;
    const mint = vi.fn(async () => token(`t${++count}`, now + 15 * 60_000));
    const tokens = createTokenManager({ mint, now: () => now });
    expect((await tokens.get()).token).toBe('t1');
    now += 13 * 60_000; // 2 minutes left: still fresh
    expect((await tokens.get()).token).toBe('t1');
    now += 60_000 + 1; // under a minute left: replaced
    expect((await tokens.get()).token).toBe('t2');
    expect((await tokens.get()).token).toBe('t2');
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it('reuses a token shorter-lived than the margin for half its life: no mint per request', async () => {
    let now = 1_000_000;
    let count = 0;
    // A host minting 30 s tokens; the margin is 60 s, so each looked stale on arrival.
    const mint = vi.fn(async () => token(`t${++count}`, now + 30_000));
    const tokens = createTokenManager({ mint, now: () => now });
    expect((await tokens.get()).token).toBe('t1');
    now += 14_999;
    expect((await Promise.all([tokens.get(), tokens.get()])).map((t) => t.token)).toEqual(['t1', 't1']);
    now += 1; // halfway: replaced, once for every caller asking together
    expect((await Promise.all([tokens.get(), tokens.get(), tokens.get()])).map((t) => t.token)).toEqual([
      't2',
      't2',
      't2',
    ]);
    expect(mint).toHaveBeenCalledTimes(2);
    // A minute of requests every 100 ms: a mint per 15 s, not one per request.
    for (let i = 0; i < 600; i++) {
      await tokens.get();
      now += 100;
    }
    expect(mint.mock.calls.length).toBeLessThanOrEqual(7);
    expect(mint.mock.calls.length).toBeGreaterThanOrEqual(5);
  });

  it('tries a token that arrives already expired for 5 s, and a refusal re-mints once', async () => {
    let now = 1_000_000;
    let count = 0;
    // This clock runs ahead of the server's: every token looks expired on arrival.
    const mint = vi.fn(async () => token(`t${++count}`, now - 10_000));
    const tokens = createTokenManager({ mint, now: () => now });
    const first = await tokens.get();
    for (let i = 0; i < 49; i++) {
      now += 100;
      expect((await tokens.get()).token).toBe('t1');
    }
    expect(mint).toHaveBeenCalledTimes(1);
    tokens.refused(first);
    tokens.refused(first);
    expect((await Promise.all([tokens.get(), tokens.get()])).map((t) => t.token)).toEqual(['t2', 't2']);
    expect(mint).toHaveBeenCalledTimes(2);
    now += 5_000;
    expect((await tokens.get()).token).toBe('t3');
  });

  it('shares one mint among callers asking at the same time', async () => {
    let release!: (value: DataToken) => void;
    const mint = vi.fn(() => new Promise<DataToken>((resolve) => (release = resolve)));
    const tokens = createTokenManager({ mint });
    const asks = Array.from({ length: 8 }, () => tokens.get());
    release(token('shared'));
    const got = await Promise.all(asks);
    expect(new Set(got.map((t) => t.token))).toEqual(new Set(['shared']));
    expect(mint).toHaveBeenCalledTimes(1);
  });

  it('re-mints once when N callers report the same refused token', async () => {
    let count = 0;
    const mint = vi.fn(async () => token(`t${++count}`));
    const tokens = createTokenManager({ mint });
    const stale = await tokens.get();
    for (let i = 0; i < 5; i++) tokens.refused(stale);
    const fresh = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(fresh.map((t) => t.token)).toEqual(['t2', 't2', 't2']);
    // The old token reported again, after the new one exists, changes nothing.
    tokens.refused(stale);
    expect((await tokens.get()).token).toBe('t2');
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed mint: the next caller tries again', async () => {
    const mint = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(token('ok'));
    const tokens = createTokenManager({ mint });
    await expect(tokens.get()).rejects.toThrow('down');
    expect((await tokens.get()).token).toBe('ok');
  });

  it('keeps a token without an expiry until it is refused, and forgets all on clear', async () => {
    let count = 0;
    const tokens = createTokenManager({ mint: async () => token(`t${++count}`), now: () => Number.MAX_SAFE_INTEGER });
    expect((await tokens.get()).token).toBe('t1');
    expect((await tokens.get()).token).toBe('t1');
    tokens.clear();
    expect((await tokens.get()).token).toBe('t2');
  });
});

describe('jwtExpiry', () => {
  const jwt = (payload: object) =>
    `e30.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
  it('reads exp in ms, and nothing from a token that is not a JWT', () => {
    expect(jwtExpiry(jwt({ exp: 1_700_000_000, sub: 'ü?>' }))).toBe(1_700_000_000_000);
    expect(jwtExpiry(jwt({ sub: 'x' }))).toBeUndefined();
    expect(jwtExpiry(jwt({ exp: 'soon' }))).toBeUndefined();
    expect(jwtExpiry('opaque-token')).toBeUndefined();
    expect(jwtExpiry('a.!!!.c')).toBeUndefined();
  });
});
