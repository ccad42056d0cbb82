/**
 * The board API's revision events (`events`), over real HTTP on loopback: an open board hears
 * another person's save within the interval, a user who loses access hears `gone`, a stranger
 * gets 404, streams are bounded per user and in length and end when the reader goes; the
 * client's `followRevision` takes only revisions from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardApiClient, type BoardDefinition, type BoardUser } from '../../../src/protocol/board';
import { createBoardApi, createSqlBoardStore } from '../../../src/server';
import { serveHandler } from '../../reliability/app/serve';
import { usePGlite } from '../db/pglite';

const USERS: Record<string, BoardUser> = {
  erin: { id: 'erin', groups: ['sales'] },
  elias: { id: 'elias', groups: ['sales'] },
  mallory: { id: 'mallory', groups: [] },
};
const definition = (title: string): BoardDefinition => ({
  version: 2,
  title,
  widgets: [{ id: 'a', kind: 'text', layout: { x: 0, y: 0, w: 6, h: 2 }, text: title }],
});

/** A reader of one event stream: the events so far, and a wait for the next matching one. */
async function follow(origin: string, user: string, id: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/boards/${id}/events`, {
    headers: { Cookie: `user=${user}`, 'Sec-Fetch-Site': 'same-origin' },
    signal: controller.signal,
  });
  const events: { event: string; data: string }[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? '' });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    async next(event: string, count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (events.filter((e) => e.event === event).length < count && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return events.filter((e) => e.event === event);
    },
    async stop() {
      controller.abort();
      await reading;
    },
    reading,
  };
}

describe('the board API: revision events', () => {
  const db = usePGlite();
  let origin: string;
  let close: () => Promise<void>;
  let events: ReturnType<typeof createBoardApi>;
  const getUser = (request: Request) =>
    USERS[/user=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? ''] ?? null;

  beforeAll(async () => {
    const store = createSqlBoardStore({ client: db() });
    events = createBoardApi({ store, getUser, events: { intervalMs: 50, maxMs: 3_000, streamsPerUser: 2 } });
    const listening = await serveHandler((request) => events(request));
    origin = listening.origin;
    close = listening.close;
  });
  afterAll(async () => close?.());

  const call = async (user: string, path: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${origin}/api/boards${path}`, {
      method,
      headers: { Cookie: `user=${user}`, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  };

  it("tells an open board of another person's save, and a user who loses access that it is gone", async () => {
    const created = await call('erin', '', 'POST', {
      definition: definition('Live'),
      grants: [{ type: 'group', id: 'sales', role: 'view' }],
    });
    const { id } = created.body.board as { id: string };
    const elias = await follow(origin, 'elias', id);
    expect(elias.response.status).toBe(200);
    expect(elias.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(elias.response.headers.get('Cache-Control')).toBe('no-store');
    expect(await elias.next('revision', 1)).toEqual([{ event: 'revision', data: '{"revision":1}' }]);
    await call('erin', `/${id}`, 'PUT', { definition: definition('Live 2'), revision: 1 });
    expect((await elias.next('revision', 2)).map((e) => e.data)).toEqual(['{"revision":1}', '{"revision":2}']);
    // Nothing of the board but its revision.
    expect(JSON.stringify(elias.events)).not.toMatch(/Live/);
    // Erin stops sharing: Elias's stream says gone, and ends.
    await call('erin', `/${id}/grants`, 'PUT', { grants: [] });
    expect(await elias.next('gone', 1)).toHaveLength(1);
    await elias.reading;
    expect(elias.ended()).toBe(true);
  });

  it('refuses a stranger (404) and a third stream of one user (403 limit); a stream ends with its reader and in time', async () => {
    const { id } = (await call('erin', '', 'POST', { definition: definition('Mine') })).body.board as { id: string };
    const stranger = await follow(origin, 'mallory', id);
    expect(stranger.response.status).toBe(404);
    await stranger.stop();
    const one = await follow(origin, 'erin', id);
    const two = await follow(origin, 'erin', id);
    const three = await follow(origin, 'erin', id);
    expect([one.response.status, two.response.status, three.response.status]).toEqual([200, 200, 403]);
    await three.stop();
    // The reader goes: its stream is closed and counted no more.
    await one.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await follow(origin, 'erin', id);
    expect(again.response.status).toBe(200);
    // maxMs (3 s): the server ends it (the browser would reconnect).
    await again.reading;
    expect(again.ended()).toBe(true);
    await two.stop();
    // Off by default: the route is not there.
    const off = createBoardApi({ store: createSqlBoardStore({ client: db() }), getUser });
    const answer = await off(
      new Request(`${origin}/api/boards/${id}/events`, {
        headers: { Cookie: 'user=erin', 'Sec-Fetch-Site': 'same-origin' },
      }),
    );
    expect(answer.status).toBe(404);
  }, 20_000);

  it("the client's followRevision takes revisions only, and stops", () => {
    const listeners = new Map<string, (event: { data?: unknown }) => void>();
    let closed = 0;
    let opened = '';
    class FakeSource {
      constructor(url: string) {
        opened = url;
      }
      addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
        listeners.set(type, listener);
      }
      close() {
        closed++;
      }
    }
    const client = createBoardApiClient({ url: '/api/boards/', EventSource: FakeSource });
    const heard: number[] = [];
    let gone = 0;
    const stop = client.followRevision(
      'a b',
      (revision) => heard.push(revision),
      () => gone++,
    );
    expect(opened).toBe('/api/boards/a%20b/events');
    for (const data of ['{"revision":3}', '{"revision":"4"}', '<script>', 5, '{"revision":6,"x":1}', '{"revision":7}'])
      listeners.get('revision')!({ data });
    expect(heard).toEqual([3, 7]);
    listeners.get('gone')!({ data: '{}' });
    expect([gone, closed]).toEqual([1, 1]);
    stop();
    expect(closed).toBe(2);
    // Without EventSource (a server render): nothing, and a stop that does nothing.
    expect(createBoardApiClient({ url: '/api/boards' }).followRevision('x', () => {})()).toBeUndefined();
  });
});
