/**
 * The board API's sharing routes as a host wires them: a directory that names people and groups,
 * the share rule (`canShare`) deciding every grant a share adds or raises, the directory search
 * the Share dialog asks, the revision an open board polls, restore after a delete; every answer
 * bounded whatever the directory or the request holds.
 */
import { describe, expect, it, vi } from 'vitest';
import type {
  BoardDefinition,
  BoardDirectory,
  BoardDirectoryEntry,
  BoardRecord,
  BoardUser,
} from '../../../src/protocol/board';
import { createBoardApi, createSqlBoardStore, type BoardApiOptions } from '../../../src/server';
import { usePGlite } from '../db/pglite';

const ORIGIN = 'https://host.example';
const USERS: Record<string, BoardUser> = {
  erin: { id: 'erin', groups: ['sales', 'americas'] },
  elias: { id: 'elias', groups: ['sales', 'emea'] },
  yuki: { id: 'yuki', groups: ['sales', 'apac'] },
  mallory: { id: 'mallory', groups: ['support'] },
};

/** The host's directory: everyone sees everyone's name; a search matches names and ids. */
const PEOPLE: BoardDirectoryEntry[] = [
  { type: 'user', id: 'erin', name: 'Erin Example', detail: 'erin@host.example' },
  { type: 'user', id: 'elias', name: 'Elias Ek', detail: 'elias@host.example' },
  { type: 'user', id: 'yuki', name: 'Yuki Tanaka', detail: 'yuki@host.example' },
  { type: 'user', id: 'mallory', name: 'Mallory Mal' },
  { type: 'group', id: 'sales', name: 'Sales' },
  { type: 'group', id: 'emea', name: 'Europe' },
  { type: 'group', id: 'apac', name: 'Asia Pacific' },
  { type: 'group', id: 'americas', name: 'Americas' },
  { type: 'group', id: 'support', name: 'Support' },
];
const directory: BoardDirectory = {
  search: (_user, query) => PEOPLE.filter((p) => `${p.id} ${p.name}`.toLowerCase().includes(query.toLowerCase())),
  describe: (_user, principals) => PEOPLE.filter((p) => principals.some((q) => q.type === p.type && q.id === p.id)),
};

const definition = (title = 'Quarter'): BoardDefinition => ({
  version: 2,
  title,
  widgets: [
    { id: 'a', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: 'a' },
    { id: 'b', kind: 'text', layout: { x: 6, y: 0, w: 6, h: 2 }, text: 'b' },
  ],
});

function call(method: string, path: string, user: string, body?: unknown): Request {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', Cookie: `user=${user}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown>;
}

describe('the board API: sharing with roles, names from the directory, the share rule', () => {
  const db = usePGlite();
  const api = (options: Partial<BoardApiOptions> = {}, store: { editorsMayShare?: boolean } = {}) => {
    const handler = createBoardApi({
      store: createSqlBoardStore({ client: db(), ...store }),
      getUser: (request) => USERS[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? ''] ?? null,
      directory,
      ...options,
    });
    return async (method: string, path: string, user: string, body?: unknown): Promise<Answer> => {
      const response = await handler(call(method, path, user, body));
      const text = await response.text();
      return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    };
  };
  const boardOf = (answer: Answer) => answer.body.board as BoardRecord;

  it('names the owner, the last editor and each grant from the directory, never by an id alone', async () => {
    const send = api();
    const created = await send('POST', '/api/boards', 'erin', {
      definition: definition('Pipeline'),
      grants: [
        { type: 'group', id: 'sales', role: 'view' },
        // A name sent by the browser is dropped: names come from the directory.
        { type: 'user', id: 'elias', role: 'edit', name: 'The Boss' },
      ],
    });
    expect(created.status).toBe(201);
    expect(boardOf(created)).toMatchObject({
      ownerName: 'Erin Example',
      grants: [
        { type: 'group', id: 'sales', role: 'view', name: 'Sales' },
        { type: 'user', id: 'elias', role: 'edit', name: 'Elias Ek' },
      ],
    });
    const id = boardOf(created).id;
    const saved = await send('PUT', `/api/boards/${id}`, 'elias', {
      definition: definition('Pipeline v2'),
      revision: 1,
    });
    expect(boardOf(saved)).toMatchObject({ role: 'edit', updatedBy: 'elias', updatedByName: 'Elias Ek' });
    const seen = await send('GET', `/api/boards/${id}`, 'yuki');
    expect(boardOf(seen)).toMatchObject({ role: 'view', ownerName: 'Erin Example', title: 'Pipeline v2' });
    const listed = await send('GET', '/api/boards?filter=shared&q=pipeline', 'yuki');
    expect(listed.body.boards).toEqual([
      expect.objectContaining({ id, ownerName: 'Erin Example', updatedByName: 'Elias Ek', role: 'view' }),
    ]);
    expect((await send('GET', '/api/boards?filter=theirs', 'yuki')).status).toBe(400);

    // A directory that fails, or is late, leaves names out (and is heard): the board still opens.
    const onError = vi.fn();
    const failing = api({
      directory: { search: () => [], describe: () => Promise.reject(new Error('LDAP down')) },
      onError,
    });
    const unnamed = await failing('GET', `/api/boards/${id}`, 'yuki');
    expect(unnamed.status).toBe(200);
    expect(boardOf(unnamed)).not.toHaveProperty('ownerName');
    expect(unnamed.text).not.toMatch(/LDAP/);
    const late = api({
      directory: { search: () => [], describe: () => new Promise(() => {}) },
      directoryTimeoutMs: 50,
      onError,
    });
    expect((await late('GET', `/api/boards/${id}`, 'yuki')).status).toBe(200);
    expect(onError).toHaveBeenCalledTimes(2);
    // A hostile directory (names of a megabyte, other people, not an array) cannot grow an answer.
    const hostile = api({
      directory: {
        search: () => [],
        describe: (_user, principals) => [
          ...principals.map((p) => ({ ...p, name: 'N'.repeat(1_000_000) })),
          ...Array.from({ length: 10_000 }, (_, i) => ({ type: 'user' as const, id: `u${i}`, name: 'x' })),
        ],
      },
    });
    const big = await hostile('GET', `/api/boards/${id}`, 'yuki');
    expect(boardOf(big).ownerName).toHaveLength(200);
    expect(big.text.length).toBeLessThan(3_000);
    const notArray = api({ directory: { search: () => [], describe: () => 'everyone' as never } });
    expect((await notArray('GET', `/api/boards/${id}`, 'yuki')).status).toBe(200);
  });

  it('lets the share rule decide every grant a share adds or raises: refused principals are 403, nothing changed', async () => {
    const send = api();
    const id = boardOf(await send('POST', '/api/boards', 'erin', { definition: definition() })).id;
    const share = (user: string, grants: unknown) => send('PUT', `/api/boards/${id}/grants`, user, { grants });
    // The default rule: the sharer's own groups, and users the directory names for them.
    const ok = await share('erin', [
      { type: 'group', id: 'americas', role: 'view' },
      { type: 'user', id: 'yuki', role: 'edit' },
    ]);
    expect(ok.status).toBe(200);
    for (const grants of [
      [{ type: 'group', id: 'emea', role: 'view' }],
      [{ type: 'group', id: 'everyone', role: 'view' }],
      [{ type: 'user', id: 'nobody-the-directory-knows', role: 'view' }],
    ]) {
      const refused = await share('erin', grants);
      expect([refused.status, refused.body.code], JSON.stringify(grants)).toEqual([403, 'forbidden']);
      expect(refused.text.length).toBeLessThan(400);
    }
    // Creating shared at once is held to the same rule.
    const pushed = await send('POST', '/api/boards', 'mallory', {
      definition: definition('Ad'),
      grants: [{ type: 'group', id: 'sales', role: 'view' }],
    });
    expect([pushed.status, pushed.body.code]).toEqual([403, 'forbidden']);

    // A host rule of its own: sharing within one's regions only, edit for sales only.
    const canShare = vi.fn((sharer: BoardUser, principal: { type: string; id: string }, context: { role: string }) =>
      principal.type === 'group'
        ? sharer.groups!.includes(principal.id) && (context.role === 'view' || principal.id === 'sales')
        : principal.id !== 'mallory',
    );
    const ruled = api({ canShare });
    const lowered = await ruled('PUT', `/api/boards/${id}/grants`, 'erin', {
      grants: [
        // Kept as it was (asked about nothing), and lowered: neither is the rule's to refuse.
        { type: 'group', id: 'americas', role: 'view' },
        { type: 'user', id: 'yuki', role: 'view' },
        { type: 'group', id: 'sales', role: 'edit' },
      ],
    });
    expect(lowered.status).toBe(200);
    expect(canShare.mock.calls.map(([, principal, context]) => [principal.id, context.role])).toEqual([
      ['sales', 'edit'],
    ]);
    const refused = await ruled('PUT', `/api/boards/${id}/grants`, 'erin', {
      grants: [{ type: 'group', id: 'americas', role: 'edit' }],
    });
    expect(refused.status).toBe(403);
    expect(boardOf(await send('GET', `/api/boards/${id}`, 'erin')).grants.map((g) => [g.id, g.role])).toEqual([
      ['americas', 'view'],
      ['sales', 'edit'],
      ['yuki', 'view'],
    ]);
  });

  it("refuses a viewer's and an editor's share, and an editor's unless the store allows it", async () => {
    const send = api();
    const id = boardOf(
      await send('POST', '/api/boards', 'erin', {
        definition: definition(),
        grants: [
          { type: 'user', id: 'elias', role: 'edit' },
          { type: 'user', id: 'yuki', role: 'view' },
        ],
      }),
    ).id;
    const grants = { grants: [{ type: 'group', id: 'sales', role: 'view' }] };
    const viewer = await send('PUT', `/api/boards/${id}/grants`, 'yuki', grants);
    expect([viewer.status, viewer.body.code]).toEqual([403, 'read-only']);
    const editor = await send('PUT', `/api/boards/${id}/grants`, 'elias', grants);
    expect([editor.status, editor.body.code]).toEqual([403, 'forbidden']);
    for (const user of ['yuki', 'elias']) {
      const search = await send('GET', `/api/boards/${id}/principals?q=a`, user);
      expect(search.status).toBe(403);
    }
    expect((await send('GET', `/api/boards/${id}/principals?q=a`, 'mallory')).status).toBe(404);
    // Where editors may share, Elias may, within the rule (his own groups).
    const open = api({}, { editorsMayShare: true });
    const shared = await open('PUT', `/api/boards/${id}/grants`, 'elias', {
      grants: [
        { type: 'user', id: 'elias', role: 'edit' },
        { type: 'user', id: 'yuki', role: 'view' },
        { type: 'group', id: 'emea', role: 'view' },
      ],
    });
    expect(shared.status).toBe(200);
    const pushed = await open('PUT', `/api/boards/${id}/grants`, 'elias', {
      grants: [{ type: 'group', id: 'americas', role: 'view' }],
    });
    expect([pushed.status, pushed.body.code]).toEqual([403, 'forbidden']);
    expect((await send('DELETE', `/api/boards/${id}`, 'elias')).status).toBe(403);
    expect((await send('DELETE', `/api/boards/${id}`, 'yuki')).status).toBe(403);
    expect(boardOf(await send('GET', `/api/boards/${id}`, 'erin')).grants.map((g) => g.id)).toEqual([
      'emea',
      'elias',
      'yuki',
    ]);
  });

  it('searches the directory for the Share dialog: checked, the rule applied, at most 20', async () => {
    const flood: BoardDirectory = {
      search: () => [
        { type: 'user', id: 'erin', name: 'Erin Example' },
        { type: 'group', id: 'emea', name: 'Europe' },
        { type: 'group', id: 'sales', name: 'Sales' },
        { type: 'user', id: 'bad', name: '   ' },
        { type: 'robot', id: 'r2', name: 'R2' } as never,
        ...Array.from({ length: 5_000 }, (_, i) => ({ type: 'user' as const, id: `u${i}`, name: `User ${i}` })),
      ],
      describe: (_user, principals) => principals.map((p) => ({ ...p, name: p.id })),
    };
    const send = api({ directory: flood });
    const id = boardOf(await send('POST', '/api/boards', 'erin', { definition: definition() })).id;
    const found = await send('GET', `/api/boards/${id}/principals?q=e`, 'erin');
    expect(found.status).toBe(200);
    const principals = found.body.principals as BoardDirectoryEntry[];
    // The owner is left out, a group she is not in is left out by the rule, the malformed dropped.
    expect(principals[0]).toEqual({ type: 'group', id: 'sales', name: 'Sales' });
    expect(principals).toHaveLength(20);
    expect(found.text.length).toBeLessThan(2_000);
    for (const q of ['', '%20%20', 'x'.repeat(101)])
      expect((await send('GET', `/api/boards/${id}/principals?q=${q}`, 'erin')).status, q).toBe(400);
    // The host's directory as it is: names and details.
    const real = await api()('GET', `/api/boards/${id}/principals?q=yuki`, 'erin');
    expect(real.body.principals).toEqual([
      { type: 'user', id: 'yuki', name: 'Yuki Tanaka', detail: 'yuki@host.example' },
    ]);
    // A directory that fails is an outage (503, heard), for the search and for a share it decides.
    const onError = vi.fn();
    const down = api({
      directory: {
        search: () => Promise.reject(new Error('LDAP down')),
        describe: () => {
          throw new Error('LDAP down');
        },
      },
      onError,
    });
    const searched = await down('GET', `/api/boards/${id}/principals?q=e`, 'erin');
    expect([searched.status, searched.body.code]).toEqual([503, 'unavailable']);
    const shared = await down('PUT', `/api/boards/${id}/grants`, 'erin', {
      grants: [{ type: 'user', id: 'yuki', role: 'view' }],
    });
    expect(shared.status).toBe(503);
    expect(shared.text).not.toMatch(/LDAP/);
    expect(onError).toHaveBeenCalledTimes(2);
    // The default rule asks the directory once about all the users a share adds.
    const describe = vi.fn(directory.describe);
    const counted = api({ directory: { search: directory.search, describe } });
    const many = await counted('PUT', `/api/boards/${id}/grants`, 'erin', {
      grants: ['elias', 'yuki', 'mallory'].map((who) => ({ type: 'user', id: who, role: 'view' })),
    });
    expect(many.status).toBe(200);
    // Once for the rule, once for the answer's names.
    expect(describe).toHaveBeenCalledTimes(2);
    // Without a directory: nobody is found.
    expect((await api({ directory: undefined })('GET', `/api/boards/${id}/principals?q=e`, 'erin')).body).toEqual({
      principals: [],
    });
  });

  it('answers the revision an open board polls, merges two editors, and restores a deleted board', async () => {
    const send = api();
    const created = boardOf(
      await send('POST', '/api/boards', 'erin', {
        definition: definition(),
        grants: [
          { type: 'user', id: 'elias', role: 'edit' },
          { type: 'user', id: 'yuki', role: 'view' },
        ],
      }),
    );
    const id = created.id;
    expect((await send('GET', `/api/boards/${id}/revision`, 'yuki')).body).toEqual({ revision: 1 });
    expect((await send('GET', `/api/boards/${id}/revision`, 'mallory')).status).toBe(404);
    expect((await send('PUT', `/api/boards/${id}/revision`, 'erin', {})).status).toBe(405);

    const change = (widget: string, text: string) => ({
      definition: {
        ...definition(),
        widgets: definition().widgets.map((w) => (w.id === widget ? { ...w, text } : w)),
      },
      revision: 1,
    });
    const [first, second] = await Promise.all([
      send('PUT', `/api/boards/${id}`, 'erin', change('a', 'Erin')),
      send('PUT', `/api/boards/${id}`, 'elias', change('b', 'Elias')),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await send('GET', `/api/boards/${id}/revision`, 'yuki')).body).toEqual({ revision: 3 });
    const now = boardOf(await send('GET', `/api/boards/${id}`, 'yuki'));
    expect(now.definition.widgets.map((w) => (w as { text?: string }).text)).toEqual(['Erin', 'Elias']);
    const conflict = await send('PUT', `/api/boards/${id}`, 'elias', change('a', 'Elias too'));
    expect(conflict.body).toEqual({
      error: expect.stringMatching(/changed/) as string,
      code: 'conflict',
      revision: 3,
      conflicts: [{ type: 'widget', id: 'a' }],
    });
    expect(conflict.status).toBe(409);

    expect((await send('DELETE', `/api/boards/${id}`, 'erin')).status).toBe(204);
    expect((await send('GET', `/api/boards/${id}/revision`, 'yuki')).status).toBe(404);
    for (const user of ['elias', 'yuki', 'mallory'])
      expect((await send('POST', `/api/boards/${id}/restore`, user, {})).status, user).toBe(404);
    const back = await send('POST', `/api/boards/${id}/restore`, 'erin', {});
    expect(back.status).toBe(200);
    expect(boardOf(back)).toMatchObject({ id, revision: 3, ownerName: 'Erin Example' });
    expect((await send('GET', `/api/boards/${id}`, 'yuki')).status).toBe(200);
  });
});
