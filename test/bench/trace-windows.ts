// The main thread's own time in windows a bench page marks (`performance.mark('<name>#<n>:start')`
// and `…:end`): user timing marks carry the thread's clock (`tts`), so the difference is the
// time the main thread ran in the window, which other processes on a busy machine do not
// inflate (wall time counts the time they hold the cores too).
import type { Browser, Page } from 'playwright';

interface Mark {
  name: string;
  ph: string;
  tts?: number;
  cat?: string;
}

/** Trace categories for {@link threadTimes}. */
export const MARK_CATEGORIES = ['blink.user_timing', '__metadata'];

/** Runs `work` with the page traced; the main thread's time (ms) in each marked window, by name (without `#n`). */
export async function threadTimes<T>(
  browser: Browser,
  page: Page,
  work: () => Promise<T>,
): Promise<{ value: T; times: Map<string, number[]> }> {
  await browser.startTracing(page, { categories: MARK_CATEGORIES });
  let value: T;
  let trace: Buffer;
  try {
    value = await work();
  } finally {
    trace = await browser.stopTracing();
  }
  const starts = new Map<string, number>();
  const times = new Map<string, number[]>();
  for (const event of (JSON.parse(trace.toString('utf8')) as { traceEvents: Mark[] }).traceEvents) {
    if (event.cat !== 'blink.user_timing' || event.tts === undefined) continue;
    const match = /^(.+)#\d+:(start|end)$/.exec(event.name);
    if (!match) continue;
    const id = event.name.slice(0, event.name.lastIndexOf(':'));
    if (match[2] === 'start') starts.set(id, event.tts);
    else if (starts.has(id)) {
      const list = times.get(match[1]!) ?? [];
      list.push((event.tts - starts.get(id)!) / 1000);
      times.set(match[1]!, list);
    }
  }
  return { value: value!, times };
}
