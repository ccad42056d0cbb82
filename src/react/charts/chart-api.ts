import { loadCharts as loadChartStack, preloadCharts as preload } from './load-charts';
import type { limitFacetRows, prepareChartSpec } from './agent-spec/allow-list';

/**
 * What charts need from vega, loaded on first use. Of it, what a host can use: the allow-list
 * check every spec goes through (`prepareChartSpec`) and the facet bound (`limitFacetRows`). The rest (vega,
 * vega-embed, drawing) is internal, and so are vega's types: none of them is in this
 * package's public declarations, so an app that type-checks its libraries
 * (`skipLibCheck: false`) never reaches vega-lite's own declarations.
 */
export interface ChartModules {
  prepareChartSpec: typeof prepareChartSpec;
  limitFacetRows: typeof limitFacetRows;
}

/**
 * Loads vega, vega-lite and vega-embed with a dynamic import, once. A host that never shows
 * a chart never downloads them; a failed load can be retried.
 */
export const loadCharts: () => Promise<ChartModules> = loadChartStack;

/** Starts downloading the chart libraries (e.g. when a SQL tool call begins). */
export const preloadCharts: () => void = preload;
