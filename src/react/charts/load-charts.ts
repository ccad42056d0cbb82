import type { changeset, Loader, View } from 'vega';
import type { EmbedOptions, Result } from 'vega-embed';
import type { Theme } from '../theme/theme';
import type { applyFormats } from './chart-spec';
import { FORMAT_FUNCTION, formatForVega } from './vega-formats';

/** What charts need from vega, loaded on first use. */
export interface ChartModules {
  embed: (el: HTMLElement, spec: object, options: EmbedOptions) => Promise<Result>;
  changeset: typeof changeset;
  /** The result's column formats applied to a prepared spec (see `applyFormats`). */
  applyFormats: typeof applyFormats;
  /** vega-embed `patch`: tooltips encoded on hover only (see `tooltipsOnHover`). */
  tooltipsOnHover: <T extends object>(vegaSpec: T) => T;
  /** A tooltip handler in the theme's colours and font (vega-tooltip, text only). */
  tooltip: (theme: Theme) => {
    call: NonNullable<EmbedOptions['tooltip']>;
    attach: (view: View) => void;
    dispose: () => void;
  };
}

let loading: Promise<ChartModules> | undefined;

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
  ]).then(
    ([embedModule, vega, tooltip, themed, specs]) => {
      // Registered once, before any spec is parsed; the expression interpreter calls it.
      vega.expressionFunction(FORMAT_FUNCTION, formatForVega);
      return {
        embed: embedModule.default as unknown as ChartModules['embed'],
        changeset: vega.changeset,
        applyFormats: specs.applyFormats,
        tooltipsOnHover: specs.tooltipsOnHover,
        tooltip: (theme) => themed.themedTooltip(tooltip.Handler, theme),
      };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Replaces a data source's rows with the fewest changes: rows that exist in both are
 * modified in place (only the fields that differ), the rest inserted or removed. Marks are
 * then updated rather than destroyed and recreated, which is what makes large updates cheap.
 */
export function replaceRows(
  modules: ChartModules,
  view: View,
  name: string,
  rows: readonly Record<string, unknown>[],
): Promise<View> {
  const current = view.data(name) as Record<string, unknown>[];
  const changes = modules.changeset();
  const shared = Math.min(current.length, rows.length);
  let changed = false;
  for (let i = 0; i < shared; i++) {
    const tuple = current[i]!;
    const row = rows[i]!;
    for (const field in row) {
      if (tuple[field] !== row[field]) {
        changes.modify(tuple, field, row[field]);
        changed = true;
      }
    }
  }
  if (rows.length > shared) changes.insert(rows.slice(shared) as object[]);
  if (current.length > shared) changes.remove(current.slice(shared));
  // An empty change would still re-run the dataflow and re-encode every mark.
  if (!changed && rows.length === current.length) return Promise.resolve(view);
  return view.change(name, changes).runAsync();
}

/** Starts downloading the chart libraries (e.g. when a SQL tool call begins). */
export function preloadCharts(): void {
  loadCharts().catch(() => {
    // Reported when a chart actually needs them.
  });
}

const refuse = (what: string) => () => Promise.reject(new Error(`Charts may not load ${what}`));

/** A Vega loader that refuses every load and every URL sanitize: charts load nothing. */
export const REFUSING_LOADER = {
  load: refuse('data'),
  sanitize: refuse('URLs'),
  http: refuse('over HTTP'),
  file: refuse('files'),
} as unknown as Loader;
