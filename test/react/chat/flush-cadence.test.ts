import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlushCadence, FRAME_MS } from '../../../src/react/chat/flush-cadence';

/**
 * A fake clock: frames every 16.7 ms on vitest's fake timers, `now` from the same clock. A
 * flush "costs" what `work` says: the clock moves on by that much while it runs (as a real
 * commit's render, layout and paint hold the main thread).
 */
function setup(options: { share?: number; maxMs?: number } = {}) {
  let work = 0;
  const flushes: number[] = [];
  const now = () => Date.now();
  const frame = (callback: () => void) => {
    // The next frame boundary from now.
    const next = Math.ceil((now() + 0.001) / FRAME_MS) * FRAME_MS;
    const id = setTimeout(callback, next - now());
    return () => clearTimeout(id);
  };
  const schedule = createFlushCadence({ ...options, now, frame });
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel = null;
    flushes.push(now());
    vi.setSystemTime(now() + work);
  };
  return {
    /** Schedules a flush, as the chat store does. */
    schedule: () => schedule(flush),
    /** Lines read: a flush is scheduled unless one is pending (the store's `take`). */
    take: () => void (cancel ??= schedule(flush)),
    flushes,
    setWork: (ms: number) => void (work = ms),
  };
}

/** Lines arrive every `everyMs` for `forMs`; returns the times of the flushes meanwhile. */
async function stream(c: ReturnType<typeof setup>, everyMs: number, forMs: number) {
  const flushed = c.flushes.length;
  const end = Date.now() + forMs;
  while (Date.now() < end) {
    c.take();
    await vi.advanceTimersByTimeAsync(everyMs);
  }
  await vi.advanceTimersByTimeAsync(500);
  return c.flushes.slice(flushed);
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('flush cadence', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes the first lines after a pause at once, once the read that brought them is done', async () => {
    const c = setup();
    const asked = Date.now();
    c.schedule();
    expect(c.flushes).toHaveLength(0); // not inside the read
    await Promise.resolve();
    expect(c.flushes).toEqual([asked]); // before any timer or frame
  });

  it('flushes every frame while a flush is cheap', async () => {
    const c = setup();
    c.setWork(1); // 1 ms a flush: 6% of a frame, under the default share of 10%
    const times = await stream(c, 4, 1_000);
    expect(times.length).toBeGreaterThanOrEqual(55);
    expect(Math.max(...gaps(times))).toBeLessThan(2 * FRAME_MS);
    // Never two in one frame.
    expect(Math.min(...gaps(times))).toBeGreaterThanOrEqual(FRAME_MS / 2);
  });

  it('widens the interval to cost / share when flushes are costly, and narrows it again', async () => {
    const c = setup();
    c.setWork(6); // 6 ms a flush: every 60 ms keeps it to a tenth of the main thread
    const costly = await stream(c, 4, 2_000);
    const settled = gaps(costly).slice(5);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(60 - FRAME_MS / 2);
    expect(Math.max(...settled)).toBeLessThanOrEqual(60 + FRAME_MS);
    // Busy share of the main thread: about a tenth.
    expect((costly.length * 6) / 2_000).toBeLessThan(0.12);

    c.setWork(0.5);
    const cheap = await stream(c, 4, 1_000);
    expect(Math.max(...gaps(cheap).slice(8))).toBeLessThan(2 * FRAME_MS);
  });

  it('takes the share given, and never waits longer than maxMs', async () => {
    const wide = setup({ share: 0.5 });
    wide.setWork(20); // 20 ms / 0.5: every 40 ms
    const every40 = gaps(await stream(wide, 4, 1_000)).slice(5);
    expect(Math.min(...every40)).toBeGreaterThanOrEqual(40 - FRAME_MS / 2);
    expect(Math.max(...every40)).toBeLessThanOrEqual(40 + FRAME_MS);

    const capped = setup({ maxMs: 100 });
    capped.setWork(50); // 50 ms / 0.1 would be 500 ms: capped at 100
    const every100 = gaps(await stream(capped, 4, 2_000)).slice(5);
    expect(Math.min(...every100)).toBeGreaterThanOrEqual(100 - FRAME_MS / 2);
    expect(Math.max(...every100)).toBeLessThanOrEqual(100 + FRAME_MS);
  });

  it('a flush after a pause longer than the interval comes at once, however costly the last', async () => {
    const c = setup();
    c.setWork(15); // every 150 ms while streaming
    await stream(c, 4, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    const asked = Date.now();
    const before = c.flushes.length;
    c.schedule();
    await Promise.resolve();
    expect(c.flushes.slice(before)).toEqual([asked]);
  });

  it('a cancelled schedule does not flush', async () => {
    const c = setup();
    c.schedule()();
    await vi.advanceTimersByTimeAsync(100);
    expect(c.flushes).toHaveLength(0);
    // Nor a cancelled wait for the interval.
    c.setWork(10);
    c.schedule();
    await vi.advanceTimersByTimeAsync(1);
    expect(c.flushes).toHaveLength(1);
    c.schedule()();
    await vi.advanceTimersByTimeAsync(500);
    expect(c.flushes).toHaveLength(1);
  });
});
