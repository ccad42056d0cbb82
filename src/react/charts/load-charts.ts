import type { changeset, View } from 'vega';
import type { EmbedOptions, Result } from 'vega-embed';
import type { Theme } from '../theme/theme';
import type { layoutChart } from './chart-layout';
import type { applyFormats, fitToWidth } from './chart-spec';
import type { drawChart, showRows } from './draw-chart';
import type { limitFacetRows, prepareChartSpec } from './agent-spec/allow-list';
import type { drawInNextTask, replaceRows } from './view-updates';
import { FORMAT_FUNCTION } from './vega-formats';

/** What charts need from vega, loaded on first use. */
export interface ChartModules {
  embed: (el: HTMLElement, spec: object, options: EmbedOptions) => Promise<Result>;
  changeset: typeof changeset;
  /** The result's column formats applied to a prepared spec (see `applyFormats`). */
  applyFormats: typeof applyFormats;
  /** The spec fitted to the chart's width: title wrapped, bar labels limited (see `fitToWidth`). */
  fitToWidth: typeof fitToWidth;
  /**
   * Checks an untrusted Vega-Lite spec against the allow-list of agent charts and readies it
   * for a result's rows (see `prepareChartSpec`); `ResultChart` calls it on every spec.
   */
  prepareChartSpec: typeof prepareChartSpec;
  /** A faceted chart's rows, bounded to the spec's panel cap (see `limitFacetRows`). */
  limitFacetRows: typeof limitFacetRows;
  /** vega-embed `patch`: tooltips encoded on hover only (see `tooltipsOnHover`). */
  tooltipsOnHover: <T extends object>(vegaSpec: T) => T;
  /** New rows into a view's data source with the fewest changes (see `replaceRows`). */
  replaceRows: typeof replaceRows;
  /** Makes a large chart draw in a task after its dataflow (see `drawInNextTask`). */
  drawInNextTask: typeof drawInNextTask;
  /** The spec laid out for its rows: sized, bars turned, top categories (see `layoutChart`). */
  layoutChart: typeof layoutChart;
  /** Embeds a prepared spec and follows its element's width (see `drawChart`). */
  draw: typeof drawChart;
  /** New rows into a drawn chart (see `showRows`). */
  showRows: typeof showRows;
  /** A tooltip handler in the theme's colours and font (vega-tooltip, text only). */
  tooltip: (theme: Theme) => {
    call: NonNullable<EmbedOptions['tooltip']>;
    attach: (view: View) => void;
    dispose: () => void;
  };
}

let loading: Promise<ChartModules> | undefined;
let loaded: ChartModules | undefined;

/** The chart modules if they have loaded already (a chart then checks its spec in its first render). */
export const loadedCharts = (): ChartModules | undefined => loaded;

/**
 * Loads vega, vega-lite and vega-embed with a dynamic import, once. A host that never shows
 * a chart never downloads them; a failed load can be retried.
 */
export function loadCharts(): Promise<ChartModules> {
  // The tooltip code rides in the lazy chunk too: it is only needed once vega is there.
  loading ??= Promise.all([
    import('vega-embed'),
    import('vega'),
    import('vega-tooltip'),
    import('./tooltip'),
    import('./chart-spec'),
    import('./view-updates'),
    import('./agent-spec/allow-list'),
    import('./draw-chart'),
    import('./chart-layout'),
  ]).then(
    ([embedModule, vega, tooltip, themed, specs, updates, allowList, drawing, layouts]) => {
      // Registered once, before any spec is parsed; the expression interpreter calls it.
      vega.expressionFunction(FORMAT_FUNCTION, drawing.formatForVega);
      return (loaded = {
        embed: embedModule.default as unknown as ChartModules['embed'],
        prepareChartSpec: allowList.prepareChartSpec,
        limitFacetRows: allowList.limitFacetRows,
        changeset: vega.changeset,
        applyFormats: specs.applyFormats,
        fitToWidth: specs.fitToWidth,
        tooltipsOnHover: specs.tooltipsOnHover,
        replaceRows: updates.replaceRows,
        drawInNextTask: updates.drawInNextTask,
        layoutChart: layouts.layoutChart,
        draw: drawing.drawChart,
        showRows: drawing.showRows,
        tooltip: (theme) => themed.themedTooltip(tooltip.Handler, theme),
      });
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts downloading the chart libraries (e.g. when a SQL tool call begins). */
export function preloadCharts(): void {
  loadCharts().catch(() => {
    // Reported when a chart actually needs them.
  });
}
