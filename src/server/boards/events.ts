// Server-sent events of a board's revision, for a host that enables them (`events` on the board
// API): an open board hears of another person's save as soon as the server sees it, instead
// of asking for the revision itself. The server asks the store (one indexed query per stream
// and interval, so it is right with several app servers on one database), sends a `revision`
// event when it moved on, a comment now and then to keep proxies from closing the stream, and
// ends the stream after a while (the browser's EventSource reconnects by itself). Bounded:
// streams per user, their length, and nothing of the board but its revision.
import { BoardStoreError, type BoardStore, type BoardUser } from '../../protocol/board';

/** Options of the board API's revision events (`events: true` takes every default). */
export interface BoardEventsOptions {
  /** How often the server asks the store for the revision of each open stream, in ms. Default 2,000. */
  intervalMs?: number;
  /** Longest one stream stays open, in ms (the browser then reconnects). Default 300,000 (5 minutes). */
  maxMs?: number;
  /** Most streams one user has open at once on this server; one more is 403 `limit`. Default 10. */
  streamsPerUser?: number;
}

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // No buffering by a proxy in between (nginx).
  'X-Accel-Buffering': 'no',
};

/** The events' settings, defaults filled in. */
export function boardEventsSettings(options: BoardEventsOptions | true): Required<BoardEventsOptions> {
  const given = options === true ? {} : options;
  const pick = (value: number | undefined, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
  return {
    intervalMs: pick(given.intervalMs, 2_000),
    maxMs: pick(given.maxMs, 300_000),
    streamsPerUser: pick(given.streamsPerUser, 10),
  };
}

/**
 * Makes the revision-event streams of one board API: `open(user, id, request)` answers the
 * stream (after the store said the user may open the board: `not-found` otherwise), or throws
 * the store's refusal, or `limit` past `streamsPerUser`.
 */
export function createRevisionEvents(store: BoardStore, settings: Required<BoardEventsOptions>) {
  const open = new Map<string, number>();
  return {
    /** Streams open now, per user id (for tests and metrics). */
    openStreams: (userId: string) => open.get(userId) ?? 0,

    async open(user: BoardUser, id: string, request: Request): Promise<Response> {
      const count = open.get(user.id) ?? 0;
      if (count >= settings.streamsPerUser)
        throw new BoardStoreError('limit', `At most ${settings.streamsPerUser} boards followed at once`, {
          limit: { name: 'streamsPerUser', max: settings.streamsPerUser },
        });
      let last = await store.revision(user, id);
      open.set(user.id, count + 1);
      const encoder = new TextEncoder();
      const started = Date.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let quietSince = started;
      let closed = false;
      let controller!: ReadableStreamDefaultController<Uint8Array>;

      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', close);
        const left = (open.get(user.id) ?? 1) - 1;
        if (left > 0) open.set(user.id, left);
        else open.delete(user.id);
        try {
          controller.close();
        } catch {
          // closed by the reader already
        }
      };
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const tick = async () => {
        if (closed) return;
        if (Date.now() - started >= settings.maxMs) return close();
        try {
          const revision = await store.revision(user, id);
          if (revision !== last) {
            last = revision;
            quietSince = Date.now();
            send(`event: revision\ndata: {"revision":${revision}}\n\n`);
          }
        } catch (error) {
          // Gone, or no longer theirs: said once, then the stream ends. An outage: tried again.
          if (error instanceof BoardStoreError && error.code !== 'unavailable') {
            send('event: gone\ndata: {}\n\n');
            return close();
          }
        }
        if (Date.now() - quietSince >= 15_000) {
          quietSince = Date.now();
          send(': still here\n\n');
        }
        if (!closed) timer = setTimeout(() => void tick(), settings.intervalMs);
      };

      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          controller = streamController;
          send(`retry: ${settings.intervalMs}\nevent: revision\ndata: {"revision":${last}}\n\n`);
          timer = setTimeout(() => void tick(), settings.intervalMs);
        },
        cancel: close,
      });
      request.signal?.addEventListener('abort', close);
      return new Response(body, { status: 200, headers: HEADERS });
    },
  };
}
