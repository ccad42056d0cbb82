import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { rowsAsObjects, type SqlResult } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import { useLoaded } from '../internal/use-loaded';
import { themeToVegaConfig } from '../theme/theme';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { useChartChoice, type ChartChoice } from './chart-choices';
import { DEFAULT_CHART_HEIGHT, planChart } from './chart-height';
import type { ChartType } from './chart-types';
import { deriveFormats, type ColumnFormatter } from './formats';
import type { ResultLabels } from './labels';
import { loadCharts, loadedCharts } from './load-charts';
import type { DrawnChart } from './draw-chart';
import { ResultTable } from './ResultTable';
import type * as ToolbarModule from './ResultToolbar';
import type { ResultAction } from './result-action';
import { SPEC_HEIGHT, type ChartSpecPolicy } from './agent-spec/policy';
import { chartSummary } from './summary';
import { registerChartFormats } from './vega-formats';

/**
 * The toolbar (chart type switch, exports) and the chart type rules load after the chart's
 * first paint, in one module; a picked type (or no usable spec) waits for them.
 */
let toolbar: typeof ToolbarModule | undefined;
const loadToolbar = () => import('./ResultToolbar').then((module) => (toolbar = module));
const ResultToolbar = lazy(() => loadToolbar().then((module) => ({ default: module.ResultToolbar })));

/**
 * Why a chart fell back: `invalid-spec` (the spec is outside the allow-list, or not a
 * spec; `path` says where), `load-failed` (vega could not load), `render-failed` (vega threw).
 */
export interface ChartError {
  kind: 'invalid-spec' | 'load-failed' | 'render-failed';
  message: string;
  /** For `invalid-spec`: where in the spec, e.g. `params[0].bind` or `transform[1].calculate`. */
  path?: string;
}

/** Props of {@link ResultChart}. */
export interface ResultChartProps {
  /** A parsed SQL tool result (`parseToolCall(...).result`). */
  result: SqlResult;
  /** A Vega-Lite spec to use instead of the result's `vegaSpec`. */
  spec?: Record<string, unknown>;
  /**
   * `auto` (default): SVG up to {@link CANVAS_ABOVE_ROWS} rows, canvas above, where building
   * and hovering thousands of SVG nodes is what makes a chart slow. Or always `svg` / `canvas`.
   */
  renderer?: 'auto' | 'svg' | 'canvas';
  /** Start on the table instead of the chart (until the user picks another type). */
  defaultView?: 'chart' | 'table';
  /**
   * The chart type shown, controlled (see `onChartTypeChange`): one of {@link ChartType}, or
   * `auto` for the answer's own chart (or the one chosen from the columns).
   */
  chartType?: ChartChoice;
  /** Called when the user picks a type in the toolbar's switch. */
  onChartTypeChange?: (type: ChartChoice) => void;
  /**
   * Remembers the user's pick under this key for the life of the page (re-renders, re-mounts).
   * Default: the result's `uuid`; without either, the pick lasts as long as the component.
   */
  resultKey?: string;
  /** The toolbar: chart type switch and export menu. Default true. */
  toolbar?: boolean;
  /**
   * Loads every row of a truncated result, for "Download CSV" (the chat passes one when its
   * transport has a `dataUrl`). Without it the CSV has the rows shown, and its label says so.
   */
  loadAllRows?: (signal: AbortSignal) => Promise<SqlResult>;
  /** Extra entries in the export menu (the dashboard bridge's "Show in dashboard"). */
  actions?: readonly ResultAction[];
  /** The toolbar's strings, over the English defaults. */
  labels?: Partial<ResultLabels>;
  /**
   * Draw the spec's title (default true). False when the page shows it already, as the
   * chat's panel does; an exported image gets the query's title either way.
   */
  showTitle?: boolean;
  /** Called when the chart falls back to the table. */
  onError?: (error: ChartError) => void;
  /** Rendered under the table (e.g. a "load all rows" action). */
  tableFooter?: ReactNode;
  /** Show only the table, whatever the spec. */
  tableOnly?: boolean;
  /**
   * Without a usable spec (none came, or it was refused), pick a chart from the columns
   * (time → line, one category and one measure → bar, two measures → scatter, else the
   * table) and say so in one line. Default true; `tableOnly` forces the table.
   */
  autoChart?: boolean;
  /** Locale for numbers and dates. Default: the theme's `locale`, else `en-US`. */
  locale?: string;
  /** Per-column formats by column name, over the ones derived from the result. */
  formatters?: Record<string, ColumnFormatter>;
  /**
   * Widens the allow-list every spec is checked against (more expression functions, params,
   * higher caps): for specs you trust more than an agent's. Keep it stable (module constant).
   */
  specPolicy?: ChartSpecPolicy;
  className?: string;
}

/** With `renderer: 'auto'`, results with more rows than this draw to a canvas. */
export const CANVAS_ABOVE_ROWS = 1_000;

type Status = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: ChartError };
const LOADING: Status = { state: 'loading' };

/**
 * A SQL result as a Vega-Lite chart: the agent's spec (untrusted, sanitised, never loading
 * anything) fed with the result's rows through a named data source, themed by the nearest
 * theme, rendered to SVG. The view is created once per spec and theme; new rows go through
 * the view's data API; it is finalized on unmount. vega loads lazily on first use. Without
 * a usable spec, or if rendering fails, it shows the table with a short notice.
 */
export function ResultChart({
  result,
  spec,
  renderer = 'auto',
  defaultView = 'chart',
  onError,
  tableFooter,
  locale,
  formatters,
  tableOnly: forceTable = false,
  autoChart = true,
  specPolicy,
  className,
  chartType,
  onChartTypeChange,
  resultKey,
  toolbar: withToolbar = true,
  loadAllRows,
  actions,
  labels,
  showTitle = true,
}: ResultChartProps) {
  const theme = useTheme();
  const chartId = useId();
  const values = rowsAsObjects(result);
  const latestValues = useLatest(values);
  // Decided on the rows shown: loading all rows of a large result switches to canvas once.
  const drawTo = renderer === 'auto' ? (values.length > CANVAS_ABOVE_ROWS ? 'canvas' : 'svg') : renderer;
  const effectiveLocale = locale ?? theme.locale ?? 'en-US';
  const formats = useMemo(
    () => deriveFormats(result, { locale: effectiveLocale, formatters }),
    [result, effectiveLocale, formatters],
  );
  // The chart modules (at once if they have loaded already), or why they could not load.
  const loaded = useLoaded(loadedCharts, loadCharts);
  const modules = loaded instanceof Error ? undefined : loaded;
  const given = spec ?? result.vegaSpec;
  // Checked against the allow-list once the chart chunk is there (it holds the checker).
  const givenCheck = useMemo(
    () => (given === undefined || !modules ? undefined : modules.prepareChartSpec(given, specPolicy)),
    [given, modules, specPolicy],
  );
  // Missing, or refused by the allow-list (e.g. an image mark): either way, a chart may be chosen.
  const missing = given === undefined ? 'missing' : givenCheck && !givenCheck.ok ? 'unusable' : undefined;
  // Until the chart chunk (with the checker) loads, whether the spec is usable is not known.
  const checking = given !== undefined && !modules && !(loaded instanceof Error);
  // The user's pick: controlled, else remembered under the result's key, else the default view.
  const key = resultKey ?? result.uuid;
  const [remembered, remember] = useChartChoice(key);
  const choice = chartType ?? remembered ?? (defaultView === 'table' ? 'table' : 'auto');
  const picked: ChartType | undefined = forceTable ? 'table' : choice === 'auto' ? undefined : choice;
  const pick = (type: ChartChoice) => {
    onChartTypeChange?.(type);
    remember(type);
  };
  // The chart type rules (and the chart chosen from the columns) load with the toolbar, or on
  // their own when a chart needs them first: a picked type, or no usable spec to draw.
  const suggest = !forceTable && autoChart && missing !== undefined && !checking;
  // Loaded, or failed to load (then: the answer's chart, or the table).
  const [typesSettled, setTypesSettled] = useState(false);
  const pending = picked !== 'table' && (picked !== undefined || suggest) && !toolbar && !typesSettled;
  useEffect(() => {
    if (!pending) return;
    const settle = () => setTypesSettled(true);
    loadToolbar().then(settle, settle);
  }, [pending]);
  const types = pending ? undefined : toolbar;
  const suggestion = useMemo(
    () => (suggest && types ? types.suggestChart(result, formats, missing) : undefined),
    // Chosen from the columns: new rows keep the same chart (and view).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.columns, suggest, missing, types],
  );
  const answered = suggestion?.spec ?? given;
  // A picked type is built from the answer's sanitised spec (fields, titles, sort) or the columns.
  const base = givenCheck?.ok ? givenCheck.spec : suggestion?.spec;
  const built = useMemo(
    () => (picked && picked !== 'table' && types ? types.specForType(picked, base, result, formats) : undefined),
    // Like the suggestion: new rows keep the same chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [picked, base, result.columns, types],
  );
  const raw = picked === 'table' || pending ? undefined : (built ?? answered);
  // Vertical bars the user picked stay vertical.
  const vertical = picked === 'bar';
  const prepared = useMemo(() => {
    if (raw === undefined || !modules) return undefined;
    // The agent's own spec was checked above already.
    const ready = raw === given && givenCheck ? givenCheck : modules.prepareChartSpec(raw, specPolicy);
    if (!ready.ok) return ready;
    const { title: _title, ...untitled } = ready.spec;
    // A faceted chart draws the rows of its first panels only, whatever the data.
    const bounded = (rows: readonly Record<string, unknown>[]) =>
      modules.limitFacetRows(rows, ready.facets, ready.maxFacets);
    const drawn = bounded(latestValues.current);
    const layout = modules.layoutChart(showTitle ? ready.spec : untitled, drawn, vertical);
    const cut = drawn.length < latestValues.current.length;
    return {
      ...ready,
      spec: layout.spec,
      layout: {
        ...layout,
        rows: (rows: readonly object[]) => layout.rows(bounded(rows as Record<string, unknown>[])),
        note: cut ? `The chart shows its first ${ready.maxFacets} panels; the table has every row.` : layout.note,
      },
    };
    // Formats are looked up by chart id at render time, and the layout is decided on the
    // first rows: new rows need no new spec.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw, chartId, modules, specPolicy, showTitle, vertical]);
  // While the chunk with the checker loads: the chart's place, as high as the spec asks.
  const holding = checking && picked !== 'table';
  // Its bars' orientation (a horizontal chart's box is capped, see styles.css) and note too:
  // nothing moves when the chart draws.
  const held = useMemo(
    () =>
      holding && typeof raw === 'object' && raw !== null
        ? planChart({ height: SPEC_HEIGHT, ...raw }, values)
        : undefined,
    // The provisional plan is decided once, on the first rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [holding, raw],
  );
  // No per-mark ARIA descriptions: the view is hidden from assistive tech behind one labelled
  // image (the summary), and at 10k marks those descriptions cost two number formats each.
  const config = useMemo(() => ({ ...themeToVegaConfig(theme), aria: false }), [theme]);
  const latestOnError = useLatest(onError);
  const container = useRef<HTMLDivElement>(null);
  const inputs = useRef<HTMLDivElement>(null);
  // The live view, and the rows it shows (so the same rows are never applied twice).
  const view = useRef<DrawnChart | null>(null);
  const [status, setStatus] = useState<Status>(LOADING);

  const invalid: ChartError | undefined =
    loaded instanceof Error
      ? { kind: 'load-failed', message: loaded.message }
      : prepared && !prepared.ok
        ? { kind: 'invalid-spec', message: prepared.reason, path: prepared.path }
        : undefined;
  // A refused spec replaced by a chosen chart is still the developer's to know about.
  const reported: ChartError | undefined =
    invalid ??
    (givenCheck && !givenCheck.ok
      ? { kind: 'invalid-spec', message: givenCheck.reason, path: givenCheck.path }
      : undefined);
  const chartSpec = prepared?.ok ? prepared.spec : undefined;
  const layout = prepared?.ok ? prepared.layout : undefined;
  const orientation = layout ? layout.orientation : held?.bars?.turn ? 'horizontal' : undefined;
  const note = layout ? layout.note : held?.note;
  const hasInputs = prepared?.ok === true && prepared.inputs;

  useEffect(() => {
    if (reported) latestOnError.current?.(reported);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reported?.message]);

  // Before the embed effect, so the first render already finds the formats.
  useEffect(() => registerChartFormats(chartId, formats), [chartId, formats]);

  useEffect(() => {
    const element = container.current;
    if (!chartSpec || !element || !modules) return;
    // The same object as the first state: a first draw does not render the chart twice.
    setStatus(LOADING);
    const source = latestValues.current;
    const rows = layout!.rows(source);
    const cleanup = modules.draw({
      element,
      modules,
      spec: chartSpec,
      layout: layout!,
      rows,
      source,
      split: drawTo === 'canvas' && rows.length > CANVAS_ABOVE_ROWS,
      drawTo,
      formats,
      chartId,
      theme,
      config,
      inputs: inputs.current,
      onDrawn: (drawn) => {
        view.current = drawn;
        setStatus({ state: 'ready' });
      },
      onFail: (error) => {
        setStatus({ state: 'failed', error });
        latestOnError.current?.(error);
      },
    });
    return () => {
      view.current = null;
      cleanup();
    };
    // latestValues and latestOnError are refs; the modules come with the spec.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chartSpec, config, drawTo]);

  // New rows for the same spec: through the view, no re-embed.
  useEffect(() => {
    const current = view.current;
    if (!current || status.state !== 'ready' || current.rows === values) return;
    current.rows = values;
    current.modules.showRows(current, values);
  }, [values, status.state]);

  const summary = useMemo(() => chartSummary(chartSpec, result, formats), [chartSpec, result, formats]);
  const failure = invalid ?? (status.state === 'failed' ? status.error : undefined);
  // While the chart chunk or the toolbar's type rules load, the chart's place is held.
  const drawing = ((chartSpec !== undefined || holding) && !failure) || pending;
  const classes = ['ek-chart', className].filter(Boolean).join(' ');
  return (
    <ThemedRoot as="figure" className={classes} aria-label={result.queryTitle ?? 'Query result'}>
      {withToolbar && (
        <Suspense fallback={<div className="ek-chart__toolbar" />}>
          <ResultToolbar
            result={result}
            formats={formats}
            // While the checker loads, the chart type to come (mark and encoding only), so the
            // View label does not change when the chart draws.
            spec={drawing ? (chartSpec ?? (held && { mark: raw!.mark, encoding: raw!.encoding })) : undefined}
            orientation={orientation}
            picked={picked}
            answered={answered}
            switchable={!forceTable}
            onPick={pick}
            drawn={status.state === 'ready' ? () => view.current : undefined}
            loadAllRows={loadAllRows}
            actions={actions}
            labels={labels}
          />
        </Suspense>
      )}
      {failure && (
        <p className="ek-chart__notice" role="note">
          The chart could not be shown ({failure.message}); here is the table.
        </p>
      )}
      {drawing && suggestion && raw === suggestion.spec && (
        <p className="ek-chart__notice" role="note">
          {suggestion.note}
        </p>
      )}
      {drawing && note && (
        <p className="ek-chart__notice" role="note">
          {note}
        </p>
      )}
      {drawing && (
        <div
          className="ek-chart__canvas"
          role="img"
          aria-label={summary}
          aria-busy={status.state === 'loading'}
          data-state={status.state}
          data-renderer={drawTo}
          data-orientation={orientation}
          // Tall horizontal bar charts scroll, so keyboard users must reach them.
          tabIndex={orientation === 'horizontal' ? 0 : undefined}
        >
          <div className="ek-skeleton ek-chart__skeleton" aria-hidden="true" />
          {/* The chart's height is known before vega loads; the chart fits it exactly. */}
          {/* The canvas is one labelled image (the summary); vega's own ARIA tree is hidden. */}
          <div
            ref={container}
            // Never a Tab stop (a scroller is one in Chrome): it is hidden; the figure is the image.
            tabIndex={-1}
            className="ek-chart__view"
            style={{
              height: layout ? layout.height : held ? Math.min(held.height ?? DEFAULT_CHART_HEIGHT, 2000) : undefined,
            }}
            aria-hidden="true"
          />
        </div>
      )}
      {drawing && hasInputs && <div ref={inputs} className="ek-chart__inputs" />}
      {!drawing && (
        <ResultTable result={result} footer={tableFooter} locale={effectiveLocale} formatters={formatters} />
      )}
    </ThemedRoot>
  );
}
