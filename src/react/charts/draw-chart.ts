import type { Loader, View } from 'vega';
import type { EmbedOptions } from 'vega-embed';
import type { Theme } from '../theme/theme';
import type { ChartLayout } from './chart-layout';
import type { ColumnFormat } from './formats';
import type { ChartModules } from './load-charts';
import type { ChartError } from './ResultChart';
import { CHART_DATA_NAME } from './agent-spec/policy';

/** The column formats' expression function rides here too: vega calls it, so it loads with vega. */
export { formatForVega } from './vega-formats';

// Drawing a chart with vega: in the lazy chart chunk, since nothing of it runs before vega
// is there. `ResultChart` holds the chart's place (and its height) until then.

/** The chart on screen: its view, and what it was embedded with (for new rows and exported images). */
export interface DrawnChart {
  view: View;
  modules: ChartModules;
  /** The rows it shows (so the same rows are never applied twice). */
  rows: readonly object[];
  /** The embedded spec (formats applied), without rows. */
  spec: Record<string, unknown>;
  /** The embed options it was made with (no loading, no eval). */
  options: EmbedOptions;
  layout: ChartLayout;
  element: HTMLElement;
}

/** What {@link drawChart} draws, and whom it tells. */
export interface DrawRequest {
  element: HTMLElement;
  modules: ChartModules;
  /** The prepared spec, laid out, without rows. */
  spec: Record<string, unknown>;
  layout: ChartLayout;
  /** The rows as the chart gets them (laid out), at the start. */
  rows: readonly object[];
  /**
   * The result's rows `rows` were laid out from (what `DrawnChart.rows` records): rows that
   * arrive while the chart draws differ from them, so they are applied once it is ready.
   */
  source: readonly object[];
  /** Built without drawing first, then drawn in later tasks (a large canvas chart). */
  split: boolean;
  drawTo: 'svg' | 'canvas';
  formats: Record<string, ColumnFormat>;
  chartId: string;
  theme: Theme;
  config: Record<string, unknown>;
  /** Where inputs a trusted spec binds go (under the chart, outside the labelled image). */
  inputs: HTMLElement | null;
  /** Clicks on a single mark (a bar, a point), with its row. */
  onMark?: (row: Record<string, unknown>) => void;
  onDrawn: (chart: DrawnChart) => void;
  onFail: (error: ChartError) => void;
}

const refuse = (what: string) => () => Promise.reject(new Error(`Charts may not load ${what}`));

/** A Vega loader that refuses every load and every URL sanitize: charts load nothing. */
export const REFUSING_LOADER = {
  load: refuse('data'),
  sanitize: refuse('URLs'),
  http: refuse('over HTTP'),
  file: refuse('files'),
} as unknown as Loader;

/**
 * Counts the view's completed draws in `data-drawn` on the view's element: a cheap signal
 * for tests and benchmarks that a canvas (which has no DOM to watch) shows the latest rows.
 */
export const markDrawn = (element: HTMLElement) => {
  element.dataset.drawn = String(Number(element.dataset.drawn ?? 0) + 1);
};

/** New rows for a drawn chart, through the view's data API (no re-embed). */
export function showRows(chart: DrawnChart, rows: readonly object[]): void {
  void chart.modules
    .replaceRows(chart.view, CHART_DATA_NAME, chart.layout.rows(rows as Record<string, unknown>[]))
    .then(() => markDrawn(chart.element));
}

/**
 * Embeds the chart into `element`, fits it to the element's width as it changes, and says
 * when it is drawn (or why not). Returns the cleanup: it finalizes the view (or abandons
 * the embedding under way) and empties the element.
 */
export function drawChart(request: DrawRequest): () => void {
  const { element, modules, spec, layout, rows, split, drawTo, onFail } = request;
  let cancelled = false;
  let finalize: (() => void) | undefined;
  // Nothing loads, expressions run in the interpreter (no eval), vega-embed adds nothing.
  const options: EmbedOptions = {
    mode: 'vega-lite',
    actions: false,
    ast: true,
    loader: REFUSING_LOADER,
    config: request.config,
    defaultStyle: false,
    logLevel: 0,
  };
  let disposeTooltip: (() => void) | undefined;
  void (async () => {
    try {
      const width = element.clientWidth;
      // Column formats go in with vega (the code that applies them is in its lazy chunk).
      const formatted = modules.applyFormats(spec, request.formats, request.chartId);
      // The first rows go in with the spec, so the first render already has them; a large
      // result's rows go in after the view is built (see `split` below).
      const fitted = modules.fitToWidth(formatted, width);
      // A size of `container` in pixels, read here with the width (one layout): vega would read
      // the element again once vega-embed has changed it (a second forced layout) and follow
      // window resizes; the ResizeObserver below follows the element's width instead.
      const sized = {
        ...fitted,
        ...(fitted.width === 'container' && { width }),
        ...(fitted.height === 'container' && { height: element.clientHeight }),
      };
      const withRows = { ...sized, datasets: { [CHART_DATA_NAME]: split ? [] : rows } };
      const tooltip = modules.tooltip(request.theme);
      disposeTooltip = tooltip.dispose;
      const embedded = await modules.embed(element, withRows, {
        ...options,
        // A large result: built without drawing (see below).
        renderer: split ? 'none' : drawTo,
        bind: request.inputs ?? undefined,
        tooltip: tooltip.call,
        // Tooltips are built for the hovered mark only, not for every mark up front.
        hover: true,
        patch: modules.tooltipsOnHover,
      });
      // Unmounted while embedding: leak nothing, leave nothing in the element.
      const abandon = () => {
        embedded.finalize();
        element.replaceChildren();
      };
      if (cancelled) return abandon();
      tooltip.attach(embedded.view);
      const onMark = request.onMark;
      if (onMark)
        embedded.view.addEventListener('click', (_event, item) => {
          const { datum, mark } = (item ?? {}) as { datum?: unknown; mark?: { marktype?: string } };
          // A line or an area is one path over many rows: no one row was clicked.
          if (mark?.marktype === 'line' || mark?.marktype === 'area') return;
          if (datum && typeof datum === 'object') onMark(datum as Record<string, unknown>);
        });
      if (split) {
        // Four tasks instead of one: build the view, encode the rows, fit the layout to their
        // labels (it was fitted to no rows; the refit re-encodes every mark), draw. The page
        // gets a turn between each.
        const steps = [
          () => embedded.view.insert(CHART_DATA_NAME, rows as object[]),
          () => embedded.view.resize(),
          // From no renderer, vega needs `initialize` to make one (and keeps the handlers).
          () => embedded.view.renderer(drawTo).initialize(element),
        ];
        for (const step of steps) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (cancelled) return abandon();
          await step().runAsync();
        }
        if (cancelled) return abandon();
        // Later draws (new rows, resizes) go in a task after their dataflow, likewise.
        modules.drawInNextTask(embedded.view);
      }
      markDrawn(element);
      // width/height "container" is re-read on window resize only; follow the element too.
      // Compared with the width it was embedded at: the observer's first call must not re-render.
      // (Not re-read here: that would force a layout of the fresh chart right away.)
      let measured = width;
      const observer = new ResizeObserver(() => {
        const width = element.clientWidth;
        if (width <= 0 || width === measured) return;
        measured = width;
        void embedded.view
          .width(width)
          .runAsync()
          .then(() => markDrawn(element));
      });
      observer.observe(element);
      finalize = () => {
        observer.disconnect();
        embedded.finalize();
      };
      const { view } = embedded;
      request.onDrawn({ view, modules, rows: request.source, spec: formatted, options, layout, element });
    } catch (error) {
      if (!cancelled)
        onFail({ kind: 'render-failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
  return () => {
    cancelled = true;
    finalize?.();
    disposeTooltip?.();
    element.replaceChildren();
  };
}
