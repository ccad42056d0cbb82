// The explorer's bench page: the default layout over a meta of 2,000 members and an in-page data
// source that answers after 800 ms and records each request (and whether it was cancelled);
// long tasks, slow events and layout shifts are recorded on `window.exploreBench`.
import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import type { SemanticQuery } from '../../../src/protocol';
import { Explore } from '../../../src/react/explore';
import { SemanticProvider, type DataSource } from '../../../src/react/native';
import { benchMeta } from '../explore-meta';

/** What the runner reads. */
export interface ExploreBenchState {
  loads: { query: SemanticQuery; aborted: boolean; at: number; done?: number }[];
  longTasks: number[];
  /** Durations of input events (from the event to the next paint), ms. */
  events: { type: string; duration: number }[];
  cls: number;
  /** What moved in each counted shift (class names and rectangles), to find a shift's cause. */
  shifts: string[];
}

declare global {
  interface Window {
    exploreBench: ExploreBenchState;
  }
}

const state: ExploreBenchState = { loads: [], longTasks: [], events: [], cls: 0, shifts: [] };
window.exploreBench = state;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) state.events.push({ type: entry.name, duration: entry.duration });
}).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
new PerformanceObserver((list) => {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  for (const entry of list.getEntries() as Shift[]) {
    if (entry.hadRecentInput) continue;
    state.cls += entry.value;
    for (const source of entry.sources)
      state.shifts.push(
        `${(source.node as Element | undefined)?.className || source.node?.nodeName} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
      );
  }
}).observe({ type: 'layout-shift', buffered: true });

const meta = benchMeta();
const source: DataSource = {
  load: (query, signal) => {
    const record: ExploreBenchState['loads'][number] = { query, aborted: false, at: performance.now() };
    state.loads.push(record);
    signal.addEventListener('abort', () => (record.aborted = true));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const data = Array.from({ length: 8 }, (_, row) => {
          const values: Record<string, string> = {};
          for (const name of query.dimensions ?? []) values[name] = `${name.split('.')[1]} ${row + 1}`;
          for (const name of query.measures ?? []) values[name] = String(1000 + row * 137);
          return values;
        });
        record.done = performance.now();
        resolve({ query, data, annotation: { measures: {}, dimensions: {}, timeDimensions: {} } });
      }, 800);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  },
  meta: async () => meta,
  reset: () => undefined,
};

createRoot(document.getElementById('root')!).render(
  <SemanticProvider source={source} queryClient={new QueryClient()}>
    <Explore />
  </SemanticProvider>,
);
