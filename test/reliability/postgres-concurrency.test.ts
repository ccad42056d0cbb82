/**
 * Several app servers (processes of their own) on one real Postgres database: migrations raced
 * from several processes (with the adapter's lock, and without it, as `runMigrations` alone),
 * concurrent saves of one board through two servers (exactly one wins where all changed the
 * title; eight editors' changes of different widgets all kept, merged), and per-user limits
 * under requests all at once through both (boards and ratings exact; 240 conversation saves
 * against the list's limit: no 500, the list within it).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MIGRATIONS } from '../../src/server';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { boardDefinition, caller } from './app/client';
import { startAppProcess, type AppProcess } from './app/processes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `test/reliability/app/migrate-process.ts` on `url`: its exit code and output. */
function migrateInProcess(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/app/migrate-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function rows<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return (await pool.query(text, params)).rows as T[];
  } finally {
    await pool.end();
  }
}

describe('app servers sharing one real Postgres database', () => {
  let server: PostgresServer;
  const apps: AppProcess[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.kill()));
    await server?.close();
  });

  it('migrate when three start at once, through the adapter and through runMigrations alone', async () => {
    const locked = await server.database('raced_locked');
    const three = await Promise.all([1, 2, 3].map(() => startAppProcess(locked)));
    apps.push(...three);
    // Their first requests at once: each server migrates before its first query.
    const answers = await Promise.all(three.map((app) => caller(app.origin, 'ana').get('/api/boards')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const names = SERVER_MIGRATIONS.map((m) => m.name);
    expect(
      (await rows<{ name: string }>(locked, 'SELECT name FROM ek_migrations ORDER BY name')).map((r) => r.name),
    ).toEqual(names);

    const bare = await server.database('raced_bare');
    const runs = await Promise.all([1, 2, 3].map(() => migrateInProcess(bare)));
    expect(
      runs.map((r) => r.code),
      runs.map((r) => r.output).join('\n'),
    ).toEqual([0, 0, 0]);
    expect(
      (await rows<{ name: string }>(bare, 'SELECT name FROM ek_migrations ORDER BY name')).map((r) => r.name),
    ).toEqual(names);
  }, 180_000);

  it('let exactly one of many concurrent saves of one board win, through two servers', async () => {
    const url = await server.database('shared');
    const [a, b] = await Promise.all([
      startAppProcess(url, { boards: { boardsPerUser: 5 }, feedback: { ratingsPerUser: 25 } }),
      startAppProcess(url, { boards: { boardsPerUser: 5 }, feedback: { ratingsPerUser: 25 } }),
    ]);
    apps.push(a!, b!);
    const erinA = caller(a!.origin, 'erin');
    const erinB = caller(b!.origin, 'erin');
    const created = await erinA.post('/api/boards', { definition: boardDefinition('Plan') });
    expect(created.status).toBe(201);
    const id = (created.body!.board as { id: string }).id;
    for (let round = 1; round <= 3; round++) {
      const saves = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? erinB : erinA).put(`/api/boards/${id}`, {
            definition: boardDefinition(`Round ${round} tab ${i}`),
            revision: round,
          }),
        ),
      );
      const statuses = saves.map((s) => s.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
      const winner = saves.find((s) => s.status === 200)!.body!.board as { title: string; revision: number };
      expect(winner.revision).toBe(round + 1);
      for (const lost of saves.filter((s) => s.status === 409)) expect(lost.body!.revision).toBe(round + 1);
      const stored = (await erinB.get(`/api/boards/${id}`)).body!.board as { title: string; revision: number };
      expect(stored).toMatchObject({ title: winner.title, revision: round + 1 });
    }

    // Boards per user, through both servers at once: exactly the limit.
    const creates = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? erinB : erinA).post('/api/boards', { definition: boardDefinition(`Many ${i}`) }),
      ),
    );
    expect(creates.filter((c) => c.status === 201)).toHaveLength(4); // 5, the first board included
    expect(creates.filter((c) => c.status === 403).every((c) => c.body!.code === 'limit')).toBe(true);
    expect(
      (await rows<{ n: number }>(url, "SELECT count(*)::int AS n FROM ek_boards WHERE owner_id = 'erin'"))[0]!.n,
    ).toBe(5);

    // Ratings per user, new ones all at once: exactly the limit.
    const ratings = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? erinB : erinA).post('/api/feedback', { chatId: 'c', messageId: `m${i}`, rating: 'up' }),
      ),
    );
    expect(ratings.filter((r) => r.status === 204)).toHaveLength(25);
    expect(ratings.filter((r) => r.status !== 204).map((r) => r.status)).toEqual(Array.from({ length: 35 }, () => 403));
    expect(
      (await rows<{ n: number }>(url, "SELECT count(*)::int AS n FROM ek_feedback WHERE user_id = 'erin'"))[0]!.n,
    ).toBe(25);
  }, 180_000);

  it('keep every change of eight editors saving different widgets of one board at once, through two servers', async () => {
    const url = await server.database('team');
    const [a, b] = await Promise.all([startAppProcess(url), startAppProcess(url)]);
    apps.push(a!, b!);
    const editors = Array.from({ length: 8 }, (_, i) => `editor${i}`);
    const widgets = editors.map((_, i) => ({
      id: `w${i}`,
      kind: 'text',
      layout: { x: (i % 4) * 3, y: Math.floor(i / 4) * 2, w: 3, h: 2 },
      text: 'before',
    }));
    const definition = { version: 2, title: 'Team', widgets };
    const owner = caller(a!.origin, 'erin', ['team']);
    const created = await owner.post('/api/boards', {
      definition,
      grants: [{ type: 'group', id: 'team', role: 'edit' }],
    });
    expect(created.status).toBe(201);
    const id = (created.body!.board as { id: string }).id;
    // Each editor changes their own widget, all from revision 1, half through each server.
    const saves = await Promise.all(
      editors.map((editor, i) =>
        caller((i % 2 ? b : a)!.origin, editor, ['team']).put(`/api/boards/${id}`, {
          definition: { ...definition, widgets: widgets.map((w, j) => (j === i ? { ...w, text: editor } : w)) },
          revision: 1,
        }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(editors.map(() => 200));
    const stored = (await caller(b!.origin, 'editor0', ['team']).get(`/api/boards/${id}`)).body!.board as {
      revision: number;
      definition: typeof definition;
    };
    expect(stored.revision).toBe(9);
    expect(stored.definition.widgets.map((w) => w.text)).toEqual(editors);
    // What another server's open board polls: the same revision.
    expect((await caller(a!.origin, 'editor7', ['team']).get(`/api/boards/${id}/revision`)).body).toEqual({
      revision: 9,
    });
  }, 180_000);

  it('answer 240 concurrent conversation saves against the limit with no 500, and keep the list within it', async () => {
    const url = await server.database('threads_cap');
    const [a, b] = await Promise.all([
      startAppProcess(url, { threads: { threadsPerUser: 50 } }),
      startAppProcess(url, { threads: { threadsPerUser: 50 } }),
    ]);
    apps.push(a!, b!);
    const saves = await Promise.all(
      Array.from({ length: 240 }, (_, i) =>
        caller((i % 2 ? b : a)!.origin, 'tess').put(`/api/threads/c${i}`, {
          title: `Question ${i}`,
          createdAt: 1_700_000_000_000 + i,
          updatedAt: 1_700_000_000_000 + i,
        }),
      ),
    );
    const statuses = [...new Set(saves.map((s) => s.status))];
    // Every one stored (or, had a deadlock outlasted its retries, a 503 to try again): never a 500.
    expect(statuses.filter((s) => s !== 204 && s !== 503)).toEqual([]);
    expect(saves.filter((s) => s.status === 204).length).toBeGreaterThan(200);
    const kept = await rows<{ chat_id: string }>(
      url,
      "SELECT chat_id FROM ek_threads WHERE user_id = 'tess' ORDER BY updated_at DESC",
    );
    expect(kept.length).toBeLessThanOrEqual(50);
    // The most recent ones stay.
    expect(kept[0]!.chat_id).toBe('c239');
    const listed = await caller(a!.origin, 'tess').get('/api/threads');
    expect((listed.body!.threads as unknown[]).length).toBe(kept.length);
  }, 180_000);
});
