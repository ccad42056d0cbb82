/** Name of the data source a chart's rows are fed into. */
export const CHART_DATA_NAME = 'table';

/** Height (px) of a single-view chart whose spec gives none. */
export const SPEC_HEIGHT = 260;

/**
 * A Vega-Lite spec checked against the allow-list and ready for our rows, or why it was
 * refused and where (`path`, e.g. `params[0].bind` or `transform[1].calculate`).
 */
export type PreparedSpec =
  | {
      ok: true;
      spec: Record<string, unknown>;
      /** Top-level keys dropped because the chart sets them itself (`data`, `config`, `$schema`…). */
      removed: string[];
      /** Whether the spec binds inputs (a policy with `params`): they render under the chart. */
      inputs: boolean;
      /** Fields that split the chart into panels; their rows are limited to `maxFacets` panels. */
      facets: string[];
      maxFacets: number;
    }
  | { ok: false; reason: string; path: string };

/**
 * Caps on an agent chart spec. The defaults (`DEFAULT_CHART_SPEC_LIMITS` in the chart chunk)
 * keep any spec's first render well under 200 ms of main-thread work.
 */
export interface ChartSpecLimits {
  /** Largest width or height of a view, in pixels; the views together draw at most this squared. Default 2000. */
  maxSize: number;
  /** Views drawn (units, counting every copy of a repeat or facet). Default 24. */
  maxViews: number;
  /** Panels of a facet: rows beyond the first values of its field are left out. Default 12. */
  maxFacets: number;
  /** Transforms per view. Default 20. */
  maxTransforms: number;
  /** Characters of one expression. Default 1000. */
  maxExpressionLength: number;
  /** Bins of a `bin` (its `maxbins`, or its extent over its step). Default 200. */
  maxBins: number;
  /** Steps of `density`, `quantile` and of an `impute` key sequence. Default 200. */
  maxSteps: number;
  /** Items of a literal list: domains, ranges, sort orders, `oneOf`, axis values. Default 200. */
  maxArray: number;
}

/**
 * Widens the allow-list of agent chart specs, for hosts that trust their specs more than
 * an LLM's. Keep it stable (a module constant or memoized).
 */
export interface ChartSpecPolicy {
  /**
   * Expression functions allowed on top of the default set (arithmetic, dates, short string
   * work), e.g. `['regexp', 'test']`. Each one you add is yours to judge: `regexp` can
   * backtrack for minutes, `sequence` and `pad` build values of any size.
   */
  functions?: readonly string[];
  /**
   * Allow `params`: point and interval selections, and range, checkbox, radio and select
   * inputs. Inputs always render inside the chart (`bind.element` is removed); free-text
   * inputs and event streams are never allowed. Default false.
   */
  params?: boolean;
  /** Raise or lower the caps (see {@link ChartSpecLimits}). */
  limits?: Partial<ChartSpecLimits>;
}
