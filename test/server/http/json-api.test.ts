/**
 * What every API of the library shares, on the board API: the origin compared by scheme, host
 * and port; deadlines for the body and for the whole request; error answers of a bounded size
 * whatever the request held; 500s that say nothing of their cause.
 */
import { describe, expect, it, vi } from 'vitest';
import { createBoardApi, createSqlBoardStore, type BoardApiOptions } from '../../../src/server';
import { sessionUser } from '../../reliability/app/app';
import { usePGlite } from '../db/pglite';
import { call, ORIGIN, read } from './request';

describe("the APIs' shared handling", () => {
  const db = usePGlite();
  const api = (options: Partial<BoardApiOptions> = {}) =>
    createBoardApi({ store: createSqlBoardStore({ client: db() }), getUser: sessionUser, ...options });

  it('compares an Origin without Sec-Fetch-Site by scheme, host and port', async () => {
    const from = (origin: string, url = ORIGIN) =>
      new Request(`${url}/api/boards`, { headers: { Origin: origin, Cookie: 'user=erin' } });
    const handler = api();
    expect((await handler(from(ORIGIN))).status).toBe(200);
    for (const origin of ['http://host.example', 'https://host.example:8443', 'https://evil.example', 'null'])
      expect((await handler(from(origin))).status, origin).toBe(403);
    expect((await handler(from('http://127.0.0.1:3000', 'http://127.0.0.1:3000'))).status).toBe(200);
    expect((await handler(from('http://127.0.0.1:3001', 'http://127.0.0.1:3000'))).status).toBe(403);
    // Listed as another origin allowed in: fine.
    expect((await api({ allowedOrigins: ['https://app.example'] })(from('https://app.example'))).status).toBe(200);
  });

  it('ends a stalled body with 408, and a request past its deadline with 503', async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"definition":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`${ORIGIN}/api/boards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'user=erin', 'Sec-Fetch-Site': 'same-origin' },
      body: stalled,
      duplex: 'half',
    } as RequestInit);
    const body = await read(await api({ bodyTimeoutMs: 200 })(request));
    expect(body.status).toBe(408);
    expect(cancelled).toBe(true);

    const onError = vi.fn();
    const slow = await read(
      await api({ requestTimeoutMs: 200, onError, getUser: () => new Promise(() => {}) })(
        call('GET', '/api/boards', { user: 'erin' }),
      ),
    );
    expect([slow.status, slow.body!.code, slow.headers.get('Retry-After')]).toEqual([503, 'unavailable', '2']);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/took over 200 ms/) }),
      expect.anything(),
    );
  });

  it('keeps every error answer to a few KB: ten issues at most, each cut short', async () => {
    // 200 widgets, each wrong in several ways with long keys and values.
    const widgets = Array.from({ length: 200 }, (_, i) => ({
      id: `bad id ${'x'.repeat(500)} ${i}`,
      kind: 'text',
      layout: { x: 99, y: -1, w: 0, h: 0 },
      text: 5,
      title: 'y'.repeat(1_000),
    }));
    const answer = await read(
      await api()(
        call('POST', '/api/boards', { user: 'erin', body: { definition: { version: 2, title: 't', widgets } } }),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThan(6_000);
    expect((answer.body!.issues as unknown[]).length).toBe(10);
    expect(answer.body!.more).toBeGreaterThan(1_000);
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    // A long title key path in filters: the path is cut.
    const keyed = await read(
      await api()(
        call('POST', '/api/boards', {
          user: 'erin',
          body: {
            definition: { version: 2, title: 't', widgets: [], filters: { values: { ['k'.repeat(50_000)]: 5 } } },
          },
        }),
      ),
    );
    expect(keyed.status).toBe(400);
    expect(keyed.bytes).toBeLessThan(2_000);
  });

  it('answers 500 without a word of the cause, which onError hears', async () => {
    const onError = vi.fn();
    const broken = await read(
      await api({
        onError,
        getUser: () => {
          throw new Error('session store down: secret-host:5432');
        },
      })(call('GET', '/api/boards', { user: 'erin' })),
    );
    expect(broken.status).toBe(500);
    expect(broken.text).not.toMatch(/secret|session/);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
