/**
 * App servers (processes of their own, the library's three APIs on `createDatabase(pool)`) on
 * a real Postgres server the test starts and stops: the database stopped and crashed under
 * load (the servers stay up, answer 503 while it is down, recover with no restart, and no
 * acknowledged write is lost), a database that accepts and never answers (every request ends,
 * 503, within its deadline), and an app server killed mid-save (nothing acknowledged lost,
 * nothing torn). A control shows the wiring before the adapter dying on a restart.
 *
 * Behaviour is asserted (statuses, survival, what the database holds), never tight times: the
 * machine may be loaded.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { boardDefinition, caller, type Answer } from './app/client';
import { startAppProcess, type AppProcess } from './app/processes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deadlines short enough for a test, long enough for a loaded machine. */
const FAST = {
  database: { connectTimeoutMs: 1_500, statementTimeoutMs: 2_000, queryTimeoutMs: 3_000, reportEveryMs: 1_000 },
  requestTimeoutMs: 6_000,
};

/** What one worker was told, and what it saw. */
interface Worker {
  user: string;
  boardId?: string;
  /** The last save acknowledged (200): its revision and title. */
  acked?: { revision: number; title: string };
  threads: string[];
  ratings: string[];
  statuses: Map<number, number>;
  /** Acknowledged writes since the mark was last reset. */
  recent: number;
}

/** Writes as a user would, through `origin`: a board saved again and again, conversations, ratings. */
async function work(origin: string, worker: Worker, running: () => boolean): Promise<void> {
  const api = caller(origin, worker.user);
  const count = (answer: Answer) => worker.statuses.set(answer.status, (worker.statuses.get(answer.status) ?? 0) + 1);
  let revision = 1;
  let n = 0;
  while (running()) {
    n++;
    if (!worker.boardId) {
      const created = await api.post('/api/boards', { definition: boardDefinition(`${worker.user} 0`) });
      count(created);
      if (created.status === 201) {
        worker.boardId = (created.body!.board as { id: string }).id;
        worker.acked = { revision: 1, title: `${worker.user} 0` };
        worker.recent++;
      } else await sleep(50);
      continue;
    }
    const title = `${worker.user} ${n}`;
    const saved = await api.put(`/api/boards/${worker.boardId}`, { definition: boardDefinition(title), revision });
    count(saved);
    if (saved.status === 200) {
      revision = (saved.body!.board as { revision: number }).revision;
      worker.acked = { revision, title };
      worker.recent++;
    } else if (saved.status === 409) {
      // A save that went through without its answer (the connection died after the commit).
      revision = saved.body!.revision as number;
    } else await sleep(50);
    const chatId = `${worker.user}-t${n}`;
    const thread = await api.put(`/api/threads/${chatId}`, { title: chatId, createdAt: n, updatedAt: n });
    count(thread);
    if (thread.status === 204) worker.threads.push(chatId);
    const messageId = `${worker.user}-m${n}`;
    const rated = await api.post('/api/feedback', { chatId: 'outage', messageId, rating: n % 2 ? 'up' : 'down' });
    count(rated);
    if (rated.status === 204) worker.ratings.push(messageId);
  }
}

/** Checks what the database holds against every acknowledged write. */
async function checkNothingLost(url: string, workers: Worker[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    for (const worker of workers) {
      if (!worker.boardId) continue;
      const { rows } = await pool.query<{ revision: number; title: string }>(
        "SELECT revision, definition->>'title' AS title FROM ek_boards WHERE id = $1",
        [worker.boardId],
      );
      const stored = rows[0]!;
      // A later save may have gone through unacknowledged; an acknowledged one is never undone.
      expect(stored.revision, worker.user).toBeGreaterThanOrEqual(worker.acked!.revision);
      if (stored.revision === worker.acked!.revision) expect(stored.title).toBe(worker.acked!.title);
      const threads = await pool.query<{ chat_id: string }>('SELECT chat_id FROM ek_threads WHERE user_id = $1', [
        worker.user,
      ]);
      const kept = new Set(threads.rows.map((r) => r.chat_id));
      expect(
        worker.threads.filter((id) => !kept.has(id)),
        worker.user,
      ).toEqual([]);
      const ratings = await pool.query<{ message_id: string }>(
        'SELECT message_id FROM ek_feedback WHERE user_id = $1',
        [worker.user],
      );
      const rated = new Set(ratings.rows.map((r) => r.message_id));
      expect(
        worker.ratings.filter((id) => !rated.has(id)),
        worker.user,
      ).toEqual([]);
    }
    // The per-user counts match the rows.
    const drift = await pool.query(
      `SELECT u.user_id FROM ek_usage u WHERE u.kind = 'boards'
         AND u.used <> (SELECT count(*) FROM ek_boards b WHERE b.owner_id = u.user_id)`,
    );
    expect(drift.rows).toEqual([]);
  } finally {
    await pool.end();
  }
}

describe('app servers on a real Postgres through its outages', () => {
  let server: PostgresServer;
  const apps: AppProcess[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.kill()));
    await server?.close();
  });

  it("control: the wiring before the adapter (a pool without an 'error' listener) exits when Postgres restarts", async () => {
    const url = await server.database('control');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/app/raw-pool-process.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 60_000 }).toContain('ready');
    await server.stop('fast');
    try {
      expect(await exited).not.toBe(0);
      expect(output).toMatch(/Unhandled 'error' event|terminating connection due to administrator command/);
    } finally {
      await server.start();
    }
  }, 120_000);

  it('a pool handed straight to a store (no createDatabase) gets the adapter: unavailable while Postgres restarts, then fine, never an exit', async () => {
    const url = await server.database('store_pool');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/app/store-pool-process.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exit: number | null | undefined;
    child.on('exit', (code) => (exit = code));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain('ready');
      await server.stop('fast');
      await expect.poll(() => output, { timeout: 60_000 }).toContain('unavailable');
      await server.start();
      const seen = output.length;
      await expect.poll(() => output.slice(seen), { timeout: 60_000 }).toContain('ok');
      expect(exit).toBeUndefined();
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  it('stay up through a stop and a crash of the database under load: 503 while down, recovered, nothing acknowledged lost', async () => {
    const url = await server.database('outage');
    const [a, b] = await Promise.all([startAppProcess(url, FAST), startAppProcess(url, FAST)]);
    apps.push(a!, b!);
    const workers: Worker[] = Array.from({ length: 6 }, (_, i) => ({
      user: `worker-${i}`,
      threads: [],
      ratings: [],
      statuses: new Map(),
      recent: 0,
    }));
    let running = true;
    const load = Promise.all(workers.map((w, i) => work((i % 2 ? b : a)!.origin, w, () => running)));
    const untilEveryoneWrites = async () => {
      for (const w of workers) w.recent = 0;
      await expect.poll(() => workers.every((w) => w.recent >= 2), { timeout: 60_000, interval: 100 }).toBe(true);
    };
    try {
      await untilEveryoneWrites();
      for (const mode of ['fast', 'immediate'] as const) {
        const before = workers.reduce((sum, w) => sum + (w.statuses.get(503) ?? 0), 0);
        await server.stop(mode);
        await sleep(2_000);
        // While it is down: answers, all 503 (counted below), and both servers up.
        expect([a!.alive(), b!.alive()]).toEqual([true, true]);
        expect(workers.reduce((sum, w) => sum + (w.statuses.get(503) ?? 0), 0)).toBeGreaterThan(before);
        await server.start();
        // Back without a restart of either app server.
        await untilEveryoneWrites();
      }
    } finally {
      running = false;
      await load;
    }
    expect([a!.alive(), b!.alive()]).toEqual([true, true]);
    const seen = new Map<number, number>();
    for (const w of workers) for (const [status, n] of w.statuses) seen.set(status, (seen.get(status) ?? 0) + n);
    // Only successes, a conflict after a save answered by no one, and 503: no 500, no dropped connection.
    expect([...seen.keys()].filter((status) => ![200, 201, 204, 409, 503].includes(status))).toEqual([]);
    expect(seen.get(503)).toBeGreaterThan(0);
    await checkNothingLost(url, workers);
    // The database adapter said what happened, in a few lines, not one per request.
    const reports = `${a!.errors()}${b!.errors()}`.trim().split('\n').filter(Boolean);
    expect(reports.some((line) => /"kind":"(connection|shutdown)"/.test(line))).toBe(true);
    const requests = [...seen.values()].reduce((sum, n) => sum + n, 0);
    expect(reports.length).toBeLessThan(requests);
  }, 240_000);

  it('ends every request within its deadline when the database accepts and never answers', async () => {
    const url = await server.database('frozen');
    const app = await startAppProcess(url, FAST);
    apps.push(app);
    const api = caller(app.origin, 'fay');
    const created = await api.post('/api/boards', { definition: boardDefinition('Before') });
    expect(created.status).toBe(201);
    const id = (created.body!.board as { id: string }).id;
    server.freeze();
    let answers: Answer[];
    try {
      answers = await Promise.all([
        ...Array.from({ length: 4 }, () => api.get('/api/boards')),
        ...Array.from({ length: 4 }, (_, i) =>
          api.put(`/api/boards/${id}`, { definition: boardDefinition(`Frozen ${i}`), revision: 1 }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          api.put(`/api/threads/f${i}`, { title: 'x', createdAt: 1, updatedAt: 1 }),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          api.post('/api/feedback', { chatId: 'f', messageId: `m${i}`, rating: 'up' }),
        ),
        api.get('/health'),
      ]);
    } finally {
      // Only once every request has its answer: none waited for the database to wake up.
      server.resume();
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    for (const answer of answers.slice(0, -1)) expect(answer.body!.code).toBe('unavailable');
    expect(app.alive()).toBe(true);
    // Awake again: answered as before, with what was saved before the freeze.
    await expect
      .poll(async () => (await api.get(`/api/boards/${id}`)).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    const board = (await api.get(`/api/boards/${id}`)).body!.board as { revision: number; title: string };
    expect(board.revision).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('loses nothing acknowledged and tears nothing when an app server is killed mid-save', async () => {
    const url = await server.database('killed');
    const first = await startAppProcess(url, FAST);
    apps.push(first);
    const users = Array.from({ length: 8 }, (_, i) => `kim-${i}`);
    const boards = new Map<string, { id: string; revision: number; titles: Set<string>; acked?: string }>();
    for (const user of users) {
      const created = await caller(first.origin, user).post('/api/boards', {
        definition: boardDefinition(`${user} 0`),
      });
      expect(created.status).toBe(201);
      boards.set(user, { id: (created.body!.board as { id: string }).id, revision: 1, titles: new Set([`${user} 0`]) });
    }
    let running = true;
    let answered = 0;
    let cut = 0; // requests the kill left without an answer
    const save = async (user: string) => {
      const api = caller(first.origin, user);
      const board = boards.get(user)!;
      for (let n = 1; running; n++) {
        // A large definition: the statement takes long enough to be cut in the middle.
        const title = `${user} ${n}`;
        const definition = { ...boardDefinition(title), padding: 'p'.repeat(200_000) };
        board.titles.add(title);
        const answer = await api.put(`/api/boards/${board.id}`, { definition, revision: board.revision });
        if (answer.status === 0) cut++;
        if (answer.status !== 200) return;
        answered++;
        board.revision++;
        board.acked = title;
      }
    };
    const load = Promise.all(users.map(save));
    await expect.poll(() => answered, { timeout: 60_000, interval: 20 }).toBeGreaterThan(10);
    await first.kill();
    running = false;
    await load;
    expect(first.exit()!.signal).toBe('SIGKILL');
    expect(cut).toBeGreaterThan(0);

    const second = await startAppProcess(url, FAST);
    apps.push(second);
    for (const user of users) {
      const board = boards.get(user)!;
      const read = await caller(second.origin, user).get(`/api/boards/${board.id}`);
      expect(read.status).toBe(200);
      const stored = read.body!.board as { revision: number; title: string; definition: { title: string } };
      // The last acknowledged save, or one more that went through unanswered; whole either way.
      expect([board.revision, board.revision + 1]).toContain(stored.revision);
      if (stored.revision === board.revision && board.acked) expect(stored.title).toBe(board.acked);
      expect(board.titles.has(stored.definition.title)).toBe(true);
      expect(stored.definition.title).toBe(stored.title);
    }
  }, 180_000);
});
