// The benchmark page: renders (or hydrates) the native overview and records, on `window.nativeBench`,
// when the first number showed, when the last widget painted, and the layout shifts.
import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { NativeApp, type Mode } from './app';

declare global {
  interface Window {
    /** Set by the server render of the "ssr" mode. */
    __DEHYDRATED__?: DehydratedState;
    nativeBench: NativeBenchState;
  }
}

/** What the runner reads: epoch milliseconds, and layout shift sums. */
export interface NativeBenchState {
  /** When a KPI first showed a number (server-rendered: the first contentful paint). */
  firstNumber?: number;
  /** When every widget had its data and every chart had drawn, after the next frame. */
  lastPainted?: number;
  /** Whether the numbers were in the HTML before any script ran. */
  numbersInHtml: boolean;
  /** Layout shift so far. */
  cls: number;
  /** What moved (class names and sizes), to find a shift's cause. */
  shifts: string[];
  /** The page whose widgets `lastPainted` waits for. */
  page: number;
  /** Navigation start, epoch ms. */
  origin: number;
}

const now = () => performance.timeOrigin + performance.now();
const mode = (new URLSearchParams(location.search).get('mode') ?? 'token') as Mode;
const root = document.getElementById('root')!;
const kpiReady = () => root.querySelector('.ek-kpi[data-state="ready"] .ek-kpi__value') !== null;
const state: NativeBenchState = {
  numbersInHtml: kpiReady(),
  cls: 0,
  shifts: [],
  page: 1,
  origin: performance.timeOrigin,
};
window.nativeBench = state;

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

if (state.numbersInHtml) {
  // In the HTML: shown at the first paint that had content.
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  state.firstNumber = performance.timeOrigin + (paint?.startTime ?? performance.now());
}

function allPainted(): boolean {
  if (mode === 'iframe') return root.querySelector('.ek-embed[data-phase="ready"]') !== null;
  const page = root.querySelector(`[data-page="${state.page}"]`);
  const widgets = page?.querySelectorAll('.ek-kpi, .ek-qchart, .ek-qtable') ?? [];
  if (widgets.length === 0) return false;
  for (const widget of widgets) {
    const ready = (widget as HTMLElement).dataset.state;
    if (ready !== 'ready' && ready !== 'empty') return false;
    if (widget.matches('.ek-qchart[data-kind="bar"], .ek-qchart[data-kind="line"]'))
      if (!widget.querySelector('.ek-chart__view[data-drawn]')) return false;
  }
  return true;
}

new MutationObserver(() => {
  if (state.firstNumber === undefined && kpiReady()) state.firstNumber = now();
  if (state.lastPainted === undefined && allPainted()) requestAnimationFrame(() => (state.lastPainted ??= now()));
}).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });

const client = new QueryClient();
const app = <NativeApp mode={mode} origin={location.origin} client={client} dehydrated={window.__DEHYDRATED__} />;
if (mode === 'ssr') hydrateRoot(root, app);
else createRoot(root).render(app);
