// The board benchmark's page: renders the app in the mode the URL names and records, on
// `window.boardsBench`, when the last widget painted, layout shifts, long tasks, frames,
// the widgets that moved and each widget's renders (see render-counter.ts), and the saves.
import { renders, startCounting, stopCounting } from './render-counter';
import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import type { BoardDefinition } from '../../../src/react/boards';
import { BoardsApp, countingStore, type Mode } from './app';

declare global {
  interface Window {
    boardsBench: BoardsBenchState;
  }
}

/** What the runner reads and calls. */
export interface BoardsBenchState {
  /** Navigation start, epoch ms. */
  origin: number;
  /** When all 24 widgets had their data and every chart had drawn, after the next frame (epoch ms). */
  lastPainted?: number;
  cls: number;
  /** What moved while loading, to find a shift's cause. */
  shifts: string[];
  /** Long tasks (over 50 ms): start and duration, page clock. */
  longTasks: [number, number][];
  /** Inputs that took over 16 ms to the next paint: start and duration, page clock. */
  slowInputs: [number, number][];
  /** The store's saves, and what each saved. */
  counts: { saves: number; saved: BoardDefinition[] };
  /** Starts recording frames, moved widgets and (if `renders`) renders per widget. */
  start(options: { renders: boolean }): void;
  /** Stops and returns what was recorded since `start`. */
  stop(): Recorded;
}

/** One recording (see {@link BoardsBenchState.start}). */
export interface Recorded {
  ms: number;
  frames: number;
  longestFrameGapMs: number;
  /** The longest task in the window (0: none over 50 ms). */
  longestTaskMs: number;
  /** The longest task of the page's thread in CPU time (added by the runner from a trace). */
  longestTaskCpuMs?: number;
  /** The longest time from an input (a key, a pointer move) to the next paint (Event Timing; 0: none over 16 ms). */
  longestInputMs: number;
  /** Widgets whose cell changed place during the window. */
  moved: string[];
  /** Renders per widget id during the window (when counted). */
  renders: Record<string, number>;
}

const now = () => performance.timeOrigin + performance.now();
const params = new URLSearchParams(location.search);
const mode = (params.get('mode') ?? 'board') as Mode;
const root = document.getElementById('root')!;
const counts: BoardsBenchState['counts'] = { saves: 0, saved: [] };

let recording:
  { started: number; frames: number[]; moved: Set<string>; raf: number; observer: MutationObserver } | undefined;

const state: BoardsBenchState = {
  origin: performance.timeOrigin,
  cls: 0,
  shifts: [],
  longTasks: [],
  slowInputs: [],
  counts,
  start({ renders: count }) {
    const frames: number[] = [];
    const tick = (time: number) => {
      frames.push(time);
      if (recording) recording.raf = requestAnimationFrame(tick);
    };
    const moved = new Set<string>();
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const id = (record.target as HTMLElement).dataset.widgetId;
        if (id && (record.target as HTMLElement).getAttribute('style') !== record.oldValue) moved.add(id);
      }
    });
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
    recording = { started: performance.now(), frames, moved, raf: requestAnimationFrame(tick), observer };
    if (count) startCounting();
  },
  stop() {
    const active = recording!;
    recording = undefined;
    cancelAnimationFrame(active.raf);
    active.observer.disconnect();
    stopCounting();
    const end = performance.now();
    let gap = 0;
    for (let i = 1; i < active.frames.length; i++) gap = Math.max(gap, active.frames[i]! - active.frames[i - 1]!);
    const within = ([start, duration]: [number, number]) => start + duration >= active.started && start <= end;
    const tasks = state.longTasks.filter(within);
    const inputs = state.slowInputs.filter(within);
    return {
      ms: end - active.started,
      frames: active.frames.length,
      longestFrameGapMs: gap,
      longestTaskMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
      longestInputMs: Math.max(0, ...inputs.map(([, duration]) => duration)),
      moved: [...active.moved],
      renders: Object.fromEntries(renders),
    };
  },
};
window.boardsBench = state;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: 'longtask', buffered: true });

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) state.slowInputs.push([entry.startTime, entry.duration]);
}).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);

new PerformanceObserver((list) => {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  for (const entry of list.getEntries() as Shift[]) {
    if (entry.hadRecentInput) continue;
    state.cls += entry.value;
    for (const source of entry.sources ?? []) {
      const { previousRect: a, currentRect: b } = source;
      const name = source.node instanceof Element ? source.node.className : source.node?.nodeName;
      state.shifts.push(
        `${entry.value.toFixed(4)} ${String(name)} ${a.x},${a.y},${a.width}x${a.height} → ${b.x},${b.y},${b.width}x${b.height}`,
      );
    }
  }
}).observe({ type: 'layout-shift', buffered: true });

/** Every one of the 24 widgets has its data, and every chart has drawn. */
function allPainted(): boolean {
  const widgets = root.querySelectorAll('.ek-kpi, .ek-qchart, .ek-qtable');
  if (widgets.length < 24) return false;
  for (const widget of widgets) {
    const ready = (widget as HTMLElement).dataset.state;
    if (ready !== 'ready' && ready !== 'empty') return false;
    if (widget.matches('.ek-qchart[data-kind="bar"], .ek-qchart[data-kind="line"]'))
      if (!widget.querySelector('.ek-chart__view[data-drawn]')) return false;
  }
  return true;
}

const painted = new MutationObserver(() => {
  if (state.lastPainted === undefined && allPainted()) {
    painted.disconnect();
    requestAnimationFrame(() => (state.lastPainted ??= now()));
  }
});
painted.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });

createRoot(root).render(
  <BoardsApp
    mode={mode}
    client={new QueryClient()}
    store={countingStore(counts)}
    drill={params.get('drill') !== '0'}
  />,
);
