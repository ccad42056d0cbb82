/** How often the chat store applies what it has read: at frame rate while that is cheap, less often when not. */

/** Options of {@link createFlushCadence} (the defaults suit a browser; tests inject a clock). */
export interface FlushCadenceOptions {
  /**
   * The share of the main thread the streamed updates may take (default 0.1): a flush that
   * costs `c` ms comes at most every `c / share` ms, never sooner than a frame.
   */
  share?: number;
  /** The longest wait between two flushes while lines keep coming (default 200 ms). */
  maxMs?: number;
  /** Default `performance.now`. */
  now?: () => number;
  /** Calls back at the next frame (default `requestAnimationFrame`, else a 16 ms timer); returns a cancel. */
  frame?: (callback: () => void) => () => void;
  /** Calls back after `ms` (default `setTimeout`); returns a cancel. */
  wait?: (callback: () => void, ms: number) => () => void;
  /** Calls back once the current task's work is done (default a microtask); returns a cancel. */
  soon?: (callback: () => void) => () => void;
}

/** One frame at 60 Hz. */
export const FRAME_MS = 1000 / 60;

const timeout = (callback: () => void, ms: number) => {
  const id = setTimeout(callback, ms);
  return () => clearTimeout(id);
};

const microtask = (callback: () => void) => {
  let live = true;
  queueMicrotask(() => live && callback());
  return () => void (live = false);
};

const animationFrame = (callback: () => void) => {
  if (typeof requestAnimationFrame !== 'function') return timeout(callback, FRAME_MS);
  const id = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(id);
};

/**
 * The store's default `scheduleFlush`, one per store. The first lines after a pause (no
 * flush for an interval) are applied at once, after the read that brought them, so they
 * are rendered before the next frame and painted in it (the first token shows within a
 * frame); then at frames. Each flush is timed
 * from its start to the next task, so the time counts React's render and commit (a store
 * update renders in a microtask) and the browser's style, layout and paint of that frame;
 * the interval between flushes is that cost (a moving average) over `share`, between a
 * frame and `maxMs`. Cheap commits come every frame; when a fast stream makes them costly
 * they come less often, leaving the main thread to reading the stream. Reading never waits
 * on a flush: lines are buffered as they come.
 */
export function createFlushCadence(options: FlushCadenceOptions = {}): (flush: () => void) => () => void {
  const {
    share = 0.1,
    maxMs = 200,
    now = () => performance.now(),
    frame = animationFrame,
    wait = timeout,
    soon = microtask,
  } = options;
  /** The cost of a flush, a moving average (ms); the start of the last flush. */
  let cost = 0;
  let last = -Infinity;
  /** The interval the cost allows (ms). */
  const interval = () => Math.min(maxMs, Math.max(FRAME_MS, cost / share));

  return (flush) => {
    let cancel: () => void;
    const run = () => {
      const start = (last = now());
      flush();
      // Not cancelled with the schedule: the measure of a flush that ran is always taken.
      wait(() => {
        const spent = now() - start;
        cost = cost === 0 ? spent : cost * 0.7 + spent * 0.3;
      }, 0);
    };
    // After a pause: at once. Else waits until half a frame before the interval is up, then
    // takes the next frame (at frame rate: every frame; else within a frame of the interval).
    const since = now() - last;
    const due = interval() - FRAME_MS / 2 - since;
    if (since >= interval()) cancel = soon(run);
    else if (due > 0) cancel = wait(() => (cancel = frame(run)), due);
    else cancel = frame(run);
    return () => cancel();
  };
}
