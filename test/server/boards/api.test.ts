import { describe, expect, it, vi } from 'vitest';
import type { BoardDefinition, BoardRecord, BoardUser } from '../../../src/protocol/board';
import { createBoardApi, createSqlBoardStore, type BoardApiOptions } from '../../../src/server';
import { usePGlite } from '../db/pglite';

const ORIGIN = 'https://host.example';
const USERS: Record<string, BoardUser> = {
  erin: { id: 'erin', groups: ['sales'] },
  elias: { id: 'elias', groups: ['sales'] },
  mallory: { id: 'mallory', groups: [] },
};

const definition = (title = 'My board'): BoardDefinition => ({
  version: 2,
  title,
  widgets: [
    { id: 'note', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: 'Quarter notes' },
    { id: 'later', kind: 'funnel', layout: { x: 6, y: 0, w: 6, h: 2 }, stages: ['a', 'b'] },
  ],
});

/** A request from the host's own page, signed in as `user` (a cookie the host's getUser reads). */
function call(
  method: string,
  path: string,
  options: { user?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', ...options.headers };
  if (options.user) headers.Cookie = `user=${options.user}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('the board API', () => {
  const db = usePGlite();
  const api = (options: Partial<BoardApiOptions> = {}) =>
    createBoardApi({
      store: createSqlBoardStore({ client: db() }),
      getUser: (request) => USERS[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? ''] ?? null,
      ...options,
    });
  const send = async (request: Request, options?: Partial<BoardApiOptions>) => answer(await api(options)(request));

  it('creates, lists, reads, saves and deletes a board with the statuses of each', async () => {
    const created = await send(call('POST', '/api/boards', { user: 'erin', body: { definition: definition() } }));
    expect(created.status).toBe(201);
    const board = created.body!.board as BoardRecord;
    expect(board).toMatchObject({ ownerId: 'erin', revision: 1, title: 'My board', definition: definition() });

    const list = await send(call('GET', '/api/boards/', { user: 'erin' }));
    expect(list.status).toBe(200);
    expect((list.body!.boards as { id: string }[]).map((b) => b.id)).toEqual([board.id]);

    const read = await api()(call('GET', `/api/boards/${board.id}`, { user: 'erin' }));
    expect(read.headers.get('Cache-Control')).toBe('no-store');
    expect(((await read.json()) as { board: BoardRecord }).board.definition).toEqual(definition());

    const saved = await send(
      call('PUT', `/api/boards/${board.id}`, {
        user: 'erin',
        body: { definition: definition('Renamed'), revision: 1 },
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body!.board).toMatchObject({ revision: 2, title: 'Renamed' });

    expect((await send(call('DELETE', `/api/boards/${board.id}`, { user: 'erin' }))).status).toBe(204);
    expect((await send(call('GET', `/api/boards/${board.id}`, { user: 'erin' }))).status).toBe(404);
  });

  it('refuses signed out (401), cross-site (403), other types (415), big bodies (413) before reading them', async () => {
    const getUser = vi.fn(() => USERS.erin!);
    const body = { definition: definition() };
    expect((await send(call('GET', '/api/boards'))).status).toBe(401);
    expect((await send(call('POST', '/api/boards', { body }))).status).toBe(401);
    const crossSite = [
      call('GET', '/api/boards', { user: 'erin', headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      call('POST', '/api/boards', { user: 'erin', body, headers: { 'Sec-Fetch-Site': 'same-site' } }),
      new Request(`${ORIGIN}/api/boards/some-id`, {
        method: 'DELETE',
        headers: { Origin: 'https://evil.example', Cookie: 'user=erin' },
      }),
    ];
    for (const request of crossSite) expect((await send(request, { getUser })).status).toBe(403);
    const form = call('POST', '/api/boards', {
      user: 'erin',
      body: 'definition=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect((await send(form, { getUser })).status).toBe(415);
    const declared = call('POST', '/api/boards', {
      user: 'erin',
      body,
      headers: { 'Content-Length': String(10 * 1024 * 1024) },
    });
    expect((await send(declared, { getUser })).status).toBe(413);
    expect(getUser).not.toHaveBeenCalled();

    // 10 MB streamed with no length: read up to the cap, then refused.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 10 * 1024 * 1024) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const streamed = new Request(`${ORIGIN}/api/boards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'user=erin' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const refused = await send(streamed, { maxBodyBytes: 256 * 1024 });
    expect(refused.status).toBe(413);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('answers 400 naming the invalid path, for a cut-off body, another version, a bad widget', async () => {
    const text = JSON.stringify({ definition: definition() });
    const cases: [unknown, RegExp][] = [
      [text.slice(0, text.length / 2), /not valid JSON/],
      ['', /not valid JSON/],
      [[], /expected an object/],
      [{}, /definition: is required/],
      [{ definition: { ...definition(), version: 3 } }, /definition\.version: saved by a newer version \(3\)/],
      [{ definition: { ...definition(), version: 'two' } }, /definition\.version: expected a board definition version/],
      [
        {
          definition: {
            ...definition(),
            widgets: [{ id: 'x', kind: 'text', layout: { x: 0, y: 0, w: 20, h: 1 }, text: '' }],
          },
        },
        /definition\.widgets\[0\]\.layout\.w: must be an integer from 1 to 12/,
      ],
      [{ definition: definition(), sharedWith: 'everyone' }, /sharedWith: expected an array/],
      [{ definition: definition(), sharedWith: [''] }, /sharedWith\[0\]/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answered } = await send(call('POST', '/api/boards', { user: 'erin', body }));
      expect(status, String(message)).toBe(400);
      expect(answered!.error).toMatch(message);
    }
    const created = await send(call('POST', '/api/boards', { user: 'erin', body: { definition: definition() } }));
    const id = (created.body!.board as BoardRecord).id;
    const noRevision = await send(
      call('PUT', `/api/boards/${id}`, { user: 'erin', body: { definition: definition() } }),
    );
    expect(noRevision.status).toBe(400);
    expect(noRevision.body!.issues).toEqual([{ path: 'revision', message: 'is required' }]);
  });

  it("answers 404 for someone else's board, never its contents; 403 to save one shared to read", async () => {
    const secret = definition('Secret plans');
    const created = await send(call('POST', '/api/boards', { user: 'erin', body: { definition: secret } }));
    const id = (created.body!.board as BoardRecord).id;
    for (const request of [
      call('GET', `/api/boards/${id}`, { user: 'mallory' }),
      call('PUT', `/api/boards/${id}`, { user: 'mallory', body: { definition: definition('Mine now'), revision: 1 } }),
      call('DELETE', `/api/boards/${id}`, { user: 'mallory' }),
      call('GET', `/api/boards/${id}`, { user: 'elias' }),
    ]) {
      const { status, text } = await send(request);
      expect(status).toBe(404);
      expect(text).not.toMatch(/Secret|Quarter|erin/);
    }
    const list = await send(call('GET', '/api/boards', { user: 'mallory' }));
    expect(list.text).not.toContain(id);

    const shared = await send(
      call('POST', '/api/boards', { user: 'erin', body: { definition: definition('Team'), sharedWith: ['sales'] } }),
    );
    const sharedId = (shared.body!.board as BoardRecord).id;
    expect((await send(call('GET', `/api/boards/${sharedId}`, { user: 'elias' }))).status).toBe(200);
    const write = await send(
      call('PUT', `/api/boards/${sharedId}`, { user: 'elias', body: { definition: definition('Taken'), revision: 1 } }),
    );
    expect(write.status).toBe(403);
    expect((await send(call('GET', `/api/boards/${sharedId}`, { user: 'erin' }))).body!.board).toMatchObject({
      title: 'Team',
      revision: 1,
    });
  });

  it('answers 409 with the current revision to a stale save; of concurrent saves exactly one wins', async () => {
    const created = await send(call('POST', '/api/boards', { user: 'erin', body: { definition: definition() } }));
    const id = (created.body!.board as BoardRecord).id;
    const save = (title: string, revision: number) =>
      send(call('PUT', `/api/boards/${id}`, { user: 'erin', body: { definition: definition(title), revision } }));
    const answers = await Promise.all([save('Tab A', 1), save('Tab B', 1), save('Tab C', 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const conflict of answers.filter((a) => a.status === 409)) {
      expect(conflict.body).toEqual({
        error: expect.stringMatching(/changed/) as string,
        code: 'conflict',
        revision: 2,
        // What both changed: the title (each tab's own).
        conflicts: [{ type: 'field', id: 'title' }],
      });
    }
    // The losing tab reloads revision 2 and saves over it: nothing is lost, nothing overwritten blindly.
    expect((await save('Tab B again', 2)).status).toBe(200);
  });

  it('takes ids only as values: injection, odd encodings and unknown routes are 404', async () => {
    const paths = [
      "/api/boards/'%20OR%20'1'='1",
      '/api/boards/%00',
      '/api/boards/%E0%A4%A',
      '/api/boards/x/y',
      '/api/boardsx',
      '/api/other',
      '/api/boards/%2e%2e',
    ];
    for (const path of paths) expect((await send(call('GET', path, { user: 'erin' }))).status, path).toBe(404);
    const mounted = await send(call('GET', '/base/boards', { user: 'erin' }), { basePath: '/base/boards/' });
    expect(mounted.status).toBe(200);
  });

  it('answers 405 with Allow, 503 when the store fails (heard by onError), 500 for anything else', async () => {
    const wrong = await api()(call('PATCH', '/api/boards/x', { user: 'erin' }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('GET, PUT, DELETE');
    expect((await api()(call('PUT', '/api/boards', { user: 'erin' }))).headers.get('Allow')).toBe('GET, POST');

    const onError = vi.fn();
    const down = createSqlBoardStore({ client: { query: () => Promise.reject(new Error('ECONNREFUSED')) } });
    const failed = await send(call('GET', '/api/boards', { user: 'erin' }), { store: down, onError });
    expect(failed.status).toBe(503);
    expect(failed.text).not.toMatch(/ECONNREFUSED/);
    expect(onError).toHaveBeenCalledTimes(1);
    const broken = await send(call('GET', '/api/boards', { user: 'erin' }), {
      getUser: () => {
        throw new Error('session store down');
      },
      onError,
    });
    expect(broken.status).toBe(500);
    expect(broken.text).not.toMatch(/session store/);
    expect(() => createBoardApi({ store: down, getUser: () => null, allowedOrigins: ['https://*.example'] })).toThrow(
      /no wildcards/,
    );
  });
});
