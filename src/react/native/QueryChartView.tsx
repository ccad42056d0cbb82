import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { chartQuery, MAX_CHART_ROWS, type Cell, type SemanticQuery, type SqlResult } from '../../protocol';
import type { ColumnFormatter } from '../charts/formats';
import { ResultChart } from '../charts/ResultChart';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { loadedDataClient } from './data/load-data-client';
import { memberFormatter, type MemberFormatter } from './data/member-format';
import { memberInfo, queryColumns, type QueryColumn } from './data/query-columns';
import { useSemanticFilters } from './data/SemanticFilters';
import { useSemanticMeta, useSemanticQuery } from './data/use-semantic-query';
import type { DrillValue } from './drill/drill-types';
import { useRowsQuery } from './drill/use-rows-query';
import { DrillCrumb, DrillMenuSlot, useDrill, useStepFocus, type Drill } from './drill/use-drill';
import { answerNotes, capText } from './cap-text';
import { drilldownContext } from './drilldown-context';
import { chartResult, columnNames, drawnRows, fillMissingDates, isAdditive, MAX_NAME } from './query-chart-data';
import { chartSpec, planChart, type ChartPlan } from './query-chart-spec';
import { QueryTable } from './QueryTable';
import {
  DEFAULT_QUERY_CHART_HEIGHT,
  QUERY_CHART_CHROME,
  type QueryChartLabels,
  type QueryChartProps,
} from './query-chart-types';
import { useReportError, useRetryQueries, WidgetBoundary, WidgetError } from './WidgetBoundary';

/** The default {@link QueryChartLabels}. */
export const DEFAULT_QUERY_CHART_LABELS: QueryChartLabels = {
  error: 'Could not load the data',
  retry: 'Retry',
  loading: 'Loading',
  waiting: 'Still running…',
  empty: 'No data',
  title: (measures, dimensions) => {
    const list = (items: string[]) =>
      items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
    return dimensions.length ? `${list(measures)} by ${list(dimensions)}` : list(measures);
  },
  weekOf: (day) => `Week of ${day}`,
  measure: 'Measure',
  value: 'Value',
  drilldown: 'Drill down',
  mark: (label, value) => (value === undefined ? label : `${label}: ${value}`),
  undrawn: (drawn, total) => `The first ${drawn} of ${total} rows are drawn`,
  limited: (drawn) => `The first ${drawn} rows are drawn; there may be more`,
  missing: (count, text) => `${text} ${count === 1 ? 'value was' : 'values were'} not valid: shown as gaps`,
};

/** The keyboard list of marks lists at most this many (a long series is drilled with a pointer or the table). */
const MAX_LISTED = 60;
/** Rows drawn at most (see `chartQuery`). */
export const MAX_DRAWN = MAX_CHART_ROWS;
/** How long a time series with its answer waits for the meta (which says whether a gap is 0). */
const META_GRACE_MS = 1_500;

/** True once `on` has held for `ms` (and from then on: the wait is over once). */
function useAfter(on: boolean, ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!on || passed) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [on, passed, ms]);
  return passed;
}

/** The lazily loaded body of `QueryChart` (see there). */
export function QueryChartView(props: QueryChartProps) {
  const labels = { ...DEFAULT_QUERY_CHART_LABELS, ...props.labels };
  return (
    <WidgetBoundary className={boxClass(props.className)} labels={labels} onError={props.onError}>
      <Drilled {...props} labels={labels} />
    </WidgetBoundary>
  );
}

/**
 * The chart, or what its drill menu replaced it with (a break down, a zoom: drawn by the
 * same chart; a datum's rows: a table), with the breadcrumb back.
 */
function Drilled(props: QueryChartProps & { labels: QueryChartLabels }) {
  const drill = useDrill(props, JSON.stringify(props.query));
  const latest = drill.steps.at(-1);
  // The answer before stays on screen while a drilled query loads (the same request as the
  // chart's below: one fetch), then the drilled chart replaces it.
  const next = useSemanticQuery(chartQuery(latest && !latest.rows ? latest.query : props.query), {
    keepPrevious: false,
  });
  // A datum's rows: asked as any server takes them (see useRowsQuery).
  const rows = useRowsQuery(latest?.rows ? latest.query : undefined, ROWS_PAGE);
  const loading = Boolean(latest && !latest.rows && next.isPending && !next.error);
  const before = drill.steps.at(-2);
  const step = loading ? (before?.rows ? latest : before) : latest;
  const box = useRef<HTMLElement>(null);
  // A step drawn (or the chart again, after the breadcrumb back): focus on its heading.
  useStepFocus(drill, step, () => box.current?.querySelector<HTMLElement>('.ek-qchart__title'));
  if (!step) return <ChartBody {...props} drillState={drill} busy={loading} ref={box} />;
  if (!step.rows)
    // A drilled query's chart is chosen from its shape (the host's kind was for its own query).
    return (
      <ChartBody
        {...props}
        kind={undefined}
        query={step.query}
        title={step.title}
        drillState={drill}
        busy={loading && step !== latest}
        ref={box}
      />
    );
  const height = Math.max(80, Math.min(props.height ?? DEFAULT_QUERY_CHART_HEIGHT, 2000));
  return (
    <ThemedRoot
      as="section"
      ref={box}
      className={boxClass(props.className)}
      style={{ height: boxHeight(height) }}
      // Unnamed: the table inside is the named region (one landmark, not two of one name).
      data-state="rows"
    >
      <Heading drill={drill} title={step.title} />
      <div className="ek-qchart__body">
        {rows?.grouped && <p className="ek-drill__note">{drill.labels.rowsGrouped}</p>}
        <QueryTable
          key={rows?.grouped ? 'grouped' : 'rows'}
          query={rows?.query ?? step.query}
          title={step.title}
          locale={props.locale}
          onError={props.onError}
          pageSize={ROWS_PAGE}
        />
      </div>
    </ThemedRoot>
  );
}

/** Rows a datum's table shows per page. */
const ROWS_PAGE = 25;

/** The title, after the breadcrumb back when the chart was drilled. */
function Heading({ drill, title, id, full }: { drill: Drill; title: string; id?: string; full?: string }) {
  const heading: ReactNode = (
    // Focusable by script only: a drill step hands focus to it (see `useStepFocus`).
    <h3
      id={id}
      className="ek-qchart__title"
      title={full === undefined || full === title ? undefined : full}
      tabIndex={-1}
    >
      {title}
    </h3>
  );
  if (!drill.steps.length) return heading;
  return (
    <div className="ek-drill__head">
      <DrillCrumb drill={drill} />
      {heading}
    </div>
  );
}

const boxClass = (className?: string) => ['ek-qchart', className].filter(Boolean).join(' ');

/** The widget's whole height: the chart's and the title and toolbar above it (held while loading). */
export const boxHeight = (height = DEFAULT_QUERY_CHART_HEIGHT) => height + QUERY_CHART_CHROME;

function ChartBody({
  ref,
  ...props
}: QueryChartProps & {
  labels: QueryChartLabels;
  drillState: Drill;
  busy?: boolean;
  ref: RefObject<HTMLElement | null>;
}) {
  const { labels, onDrilldown, onError, toolbar = true, drillState } = props;
  const filters = useSemanticFilters();
  const height = Math.max(80, Math.min(props.height ?? DEFAULT_QUERY_CHART_HEIGHT, 2000));
  const theme = useTheme();
  const locale = props.locale ?? theme.locale ?? 'en-US';
  const answer = useSemanticQuery(chartQuery(props.query));
  // Titles and formats before the answer (the heading shows while it loads); one request
  // for every widget. Its failure is not this chart's: the answer's annotation has them too.
  const meta = useSemanticMeta();
  useRetryQueries([answer.query], true);
  useReportError(answer.error, onError);
  const id = useId();
  // The answer before a change stays on screen while the new one loads, when it has the same
  // columns: one of another shape (a measure taken away) cannot be drawn under the new names.
  const data = answer.isPlaceholderData && !sameColumns(answer.data?.query, answer.query) ? undefined : answer.data;
  // From the query as the host wrote it: the one sent is canonical (members sorted), and
  // which dimension runs along the axis is the host's order.
  const shape = JSON.stringify([props.query.measures, props.query.dimensions, props.query.timeDimensions]);
  const plan = useMemo(
    () => planChart(props.query, { kind: props.kind, stack: props.stack }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shape, props.kind, props.stack],
  );
  // Every column of the answer (a table shows them all), in its order.
  const columns = useMemo(() => queryColumns(answer.query), [answer.query]);
  const info = (column: QueryColumn) => memberInfo(data, meta.data, column);
  const names = columnNames(columns, info);
  const nameOf = (column: QueryColumn | undefined) => (column ? names.get(column.key)! : '');
  // Capped where drawn (a host's title too); whole in the heading's title attribute.
  const fullTitle =
    props.title ??
    labels.title(
      plan.measures.map(nameOf),
      [plan.along, plan.series].filter((column) => column?.role === 'dimension').map(nameOf),
    );
  const title = capText(fullTitle, MAX_NAME * 2);
  const custom = loadedDataClient()?.customNumberFormat;
  // By column name, as the chart and its table look them up.
  const formats = new Map<string, MemberFormatter>();
  for (const column of columns) {
    // Without a word from the annotation or the meta: a time is a time, a measure a number.
    const known =
      info(column) ?? (column.role === 'dimension' ? undefined : { type: column.role === 'time' ? 'time' : 'number' });
    const format = memberFormatter(known, { locale, granularity: column.granularity, custom });
    formats.set(
      names.get(column.key)!,
      column.granularity === 'week'
        ? (value, style = 'full') => (style === 'full' ? labels.weekOf(format(value, style)) : format(value, style))
        : format,
    );
  }
  const formatKey = [...formats.keys()].join('\u0000') + locale + (data ? 'a' : '') + (meta.data ? 'm' : '');
  const formatters = useMemo(
    () =>
      Object.fromEntries(
        [...formats].map(([name, format]): [string, ColumnFormatter] => [
          name,
          (value: Cell, style) => format(value, style),
        ]),
      ),
    // Rebuilt when the names, the locale or what is known of the members change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [formatKey],
  );
  // A time series waits for the meta too (both load at once): whether a missing period is 0
  // or a gap is the measure's aggregation, which only the meta says.
  // Not for long, nor while it fails: a chart with its answer draws (gaps then, not zeros,
  // until the meta says otherwise), its titles from the answer's annotation.
  const metaLate = useAfter(Boolean(data) && meta.isPending, META_GRACE_MS);
  const waitForMeta = plan.along?.role === 'time' && meta.isPending && !metaLate;
  const drawn = useMemo(() => {
    if (!data || waitForMeta) return undefined;
    const additive = (measure: QueryColumn) => isAdditive(meta.data, measure, info(measure));
    return drawnRows(chartResult(fillMissingDates(data, plan, additive, props.today), names, title), MAX_DRAWN);
    // The names and title follow from the answer, the meta and the plan.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, waitForMeta, meta.data, plan, title, props.today]);
  const result = drawn?.result;
  const spec = useMemo(
    () =>
      plan.kind === 'table' || plan.kind === 'number'
        ? undefined
        : chartSpec(plan, names, answer.query, { height, fold: { measure: labels.measure, value: labels.value } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [plan, formatKey, height, labels.measure, labels.value],
  );

  const drill = (row: Record<string, unknown>, anchor: HTMLElement | null, at?: { x: number; y: number }) => {
    const along = plan.along;
    if ((!onDrilldown && !drillState.enabled) || !along || !result) return;
    const name = names.get(along.key)!;
    const value = typeof row[name] === 'string' ? (drawn!.whole.get(row[name]) ?? row[name]) : row[name];
    // Only a value the answer has ("Other", made of the smallest categories, is none).
    const index = result.columns.findIndex((column) => column.name === name);
    if (!result.rows.some((cells) => cells[index] === row[name])) return;
    if (drillState.enabled) {
      const values: DrillValue[] = [
        {
          member: along.member,
          value: value as Cell,
          ...(along.role === 'time' ? { granularity: along.granularity } : {}),
        },
      ];
      // A stacked bar is one series' part: its value narrows the datum too.
      const series = plan.series;
      const seriesName = series && names.get(series.key)!;
      if (series && seriesName && Object.hasOwn(row, seriesName) && series.role === 'dimension') {
        const part = row[seriesName];
        values.push({
          member: series.member,
          value: (typeof part === 'string' ? (drawn!.whole.get(part) ?? part) : part) as Cell,
        });
      }
      const label = formats.get(name)?.(value as Cell, 'full') ?? String(value);
      drillState.setOpen({ datum: { query: props.query, values, label }, anchor, ...(at ? { at } : {}) });
      return;
    }
    if (!onDrilldown) return;
    const context = drilldownContext(answer.query, props.today);
    onDrilldown({
      member: along.member,
      value: along.role === 'time' ? String(value).slice(0, 10) : value,
      ...(context ? { context } : {}),
    });
  };

  // A click on the chart: vega's SVG keeps each mark's scenegraph item on its element (its
  // own event handler reads it there too); a bar or a point is one row, a line or an area is
  // many. Read here rather than through a ResultChart prop: the React entry has no room.
  const onChartClick = (event: MouseEvent<HTMLDivElement>) => {
    const item = (event.target as { __data__?: { datum?: unknown; mark?: { marktype?: string } } }).__data__;
    const type = item?.mark?.marktype;
    if (!item || type === 'line' || type === 'area' || type === 'group') return;
    if (item.datum && typeof item.datum === 'object')
      drill(item.datum as Record<string, unknown>, event.currentTarget, { x: event.clientX, y: event.clientY });
  };

  const state = answer.error ? 'error' : !result ? 'loading' : result.rows.length === 0 ? 'empty' : 'ready';
  // The host hears each answer shown once, not while it loads.
  const onAnswer = props.onAnswer;
  const rows = data?.data.length ?? 0;
  useEffect(() => {
    if (!onAnswer || state === 'loading') return;
    onAnswer({
      state,
      title: fullTitle,
      rows: state === 'ready' ? rows : 0,
      ...(answer.error ? { error: answer.error } : {}),
    });
    // Once per answer (or error) shown, under its title.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, data, answer.error, fullTitle]);
  return (
    <ThemedRoot
      as="section"
      ref={ref}
      className={boxClass(props.className)}
      style={{ height: boxHeight(height) }}
      // A table's own region has the title: one landmark of that name, not two.
      aria-labelledby={plan.kind === 'table' && result?.rows.length ? undefined : `${id}-title`}
      aria-busy={answer.isFetching || props.busy || undefined}
      data-state={state}
      data-kind={plan.kind}
    >
      <Heading drill={drillState} id={`${id}-title`} title={title} full={fullTitle} />
      {result && (
        <ChartNote
          // Rows the data client cut past the limit are not drawn either.
          undrawn={drawn!.undrawn + answerNotes(data).dropped}
          // The answer filled what was asked for, and the host asked for no fewer: there may be more.
          limited={(data?.data.length ?? 0) >= MAX_DRAWN && !(Number(props.query.limit) <= MAX_DRAWN)}
          drawn={result.rows.length}
          missing={answerNotes(data).missing}
          locale={locale}
          labels={labels}
        />
      )}
      <div className="ek-qchart__body">
        {answer.error ? (
          <WidgetError error={answer.error} onRetry={() => void answer.refetch()} labels={labels} />
        ) : !result ? (
          // A host that hears each answer (`onAnswer`) says it: the loading is not said twice.
          <div className="ek-skeleton ek-qchart__skeleton" role={props.onAnswer ? undefined : 'status'}>
            <span className="ek-sr-only">{answer.waiting ? labels.waiting : labels.loading}</span>
            {answer.waiting && (
              <span className="ek-qchart__waiting" aria-hidden="true">
                {labels.waiting}
              </span>
            )}
          </div>
        ) : result.rows.length === 0 ? (
          <p className="ek-qchart__empty">{labels.empty}</p>
        ) : plan.kind === 'number' ? (
          <Numbers result={result} plan={plan} names={names} formats={formats} />
        ) : (
          <>
            {/* Pointer clicks on marks; keyboards use the list of marks below. */}
            <div
              className="ek-qchart__chart"
              // Focus comes back here when a menu opened by a pointer closes.
              tabIndex={drillState.enabled ? -1 : undefined}
              onClick={(onDrilldown || drillState.enabled) && spec ? onChartClick : undefined}
            >
              <ResultChart
                result={result}
                spec={spec}
                tableOnly={plan.kind === 'table'}
                showTitle={false}
                toolbar={toolbar}
                locale={locale}
                formatters={formatters}
                labels={props.toolbarLabels}
              />
            </div>
            {(onDrilldown || drillState.enabled) && spec && plan.along && (
              <MarkList result={result} plan={plan} formats={formats} names={names} labels={labels} onSelect={drill} />
            )}
          </>
        )}
      </div>
      <DrillMenuSlot
        drill={drillState}
        props={props}
        context={{
          meta: meta.data,
          title,
          ...(onDrilldown ? { onDrilldown } : {}),
          filters,
          sent: answer.query,
          ...(props.today ? { today: props.today } : {}),
        }}
      />
    </ThemedRoot>
  );
}

/** What the chart leaves out, said above it: rows past {@link MAX_DRAWN}, values that were not valid. */
function ChartNote({
  undrawn,
  limited,
  drawn,
  missing,
  locale,
  labels,
}: {
  undrawn: number;
  limited: boolean;
  drawn: number;
  missing: number;
  locale: string;
  labels: QueryChartLabels;
}) {
  const number = (n: number) => n.toLocaleString(locale);
  const notes = [
    ...(undrawn > 0
      ? [labels.undrawn(number(drawn), number(drawn + undrawn))]
      : limited
        ? [labels.limited(number(drawn))]
        : []),
    ...(missing > 0 ? [labels.missing(missing, number(missing))] : []),
  ];
  return notes.length ? <p className="ek-qchart__note">{notes.join('. ')}</p> : null;
}

/** Measures without dimensions: each value, large, under its title. */
function Numbers({
  result,
  plan,
  names,
  formats,
}: {
  result: SqlResult;
  plan: ChartPlan;
  names: ReadonlyMap<string, string>;
  formats: ReadonlyMap<string, MemberFormatter>;
}) {
  const row = result.rows[0] ?? [];
  return (
    <dl className="ek-qchart__numbers">
      {plan.measures.map((measure, i) => {
        const name = names.get(measure.key)!;
        const value = row[result.columns.findIndex((column) => column.name === name)] ?? null;
        return (
          <div key={measure.key} className="ek-qchart__number">
            {plan.measures.length > 1 && <dt>{name}</dt>}
            <dd data-index={i}>{formats.get(name)?.(value, 'full') ?? String(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The chart's marks as buttons, for keyboards and screen readers (vega's SVG is neither
 * focusable nor named per mark): one per value along the axis, with its measure when the
 * chart has one series. One Tab stop (a toolbar with a roving tabindex: the arrow keys, Home
 * and End move between the marks, Enter or Space opens one's menu), so a chart of 53 weeks
 * is not 53 stops on the way through a board. Out of sight until a button has focus.
 */
function MarkList({
  result,
  plan,
  formats,
  names,
  labels,
  onSelect,
}: {
  result: SqlResult;
  plan: ChartPlan;
  formats: ReadonlyMap<string, MemberFormatter>;
  names: ReadonlyMap<string, string>;
  labels: QueryChartLabels;
  onSelect: (row: Record<string, unknown>, anchor: HTMLElement) => void;
}) {
  const along = plan.along!;
  const alongName = names.get(along.key)!;
  const indexOf = (name: string) => result.columns.findIndex((column) => column.name === name);
  const index = indexOf(alongName);
  const single = !plan.series && plan.measures.length === 1;
  const measureName = names.get(plan.measures[0]!.key)!;
  const measureIndex = indexOf(measureName);
  const seen = new Set<unknown>();
  const marks: { value: Cell; text: string }[] = [];
  for (const row of result.rows) {
    const value = row[index] ?? null;
    if (value === null || seen.has(value)) continue;
    seen.add(value);
    const label = formats.get(alongName)?.(value, 'full') ?? String(value);
    const amount = single ? (formats.get(measureName)?.(row[measureIndex] ?? null, 'full') ?? undefined) : undefined;
    marks.push({ value, text: labels.mark(label, amount) });
    if (marks.length >= MAX_LISTED) break;
  }
  // The mark that takes the Tab stop: the last one focused, kept by its value as rows change.
  const [current, setCurrent] = useState<string | undefined>(undefined);
  const at = Math.max(
    0,
    marks.findIndex(({ value }) => String(value) === current),
  );
  // New rows can take the focused mark away (a filter to another datum): focus stays in the list.
  const box = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  useEffect(() => {
    const at = document.activeElement;
    if (inside.current && (!at || at === document.body))
      box.current?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    const to = markKeyTarget(event.key, from, buttons.length);
    if (from === -1 || to === undefined) return;
    event.preventDefault();
    buttons[to]!.focus();
  };
  return (
    <div
      ref={box}
      role="toolbar"
      aria-label={labels.drilldown}
      aria-orientation="horizontal"
      className="ek-qchart__marks"
      onKeyDown={onKeyDown}
      onFocus={() => (inside.current = true)}
      onBlur={(event) => (inside.current = box.current?.contains(event.relatedTarget as Node | null) ?? false)}
    >
      {marks.map(({ value, text }, index) => (
        <button
          key={String(value)}
          type="button"
          className="ek-button"
          tabIndex={index === at ? 0 : -1}
          onFocus={() => setCurrent(String(value))}
          onClick={(event) => onSelect({ [alongName]: value }, event.currentTarget)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** The mark a key moves to among `count` (from `at`): arrows one, Home and End to the ends, no wrap. */
function markKeyTarget(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** Whether two queries' answers have the same columns (members, granularities), in any order. */
function sameColumns(a: SemanticQuery | undefined, b: SemanticQuery): boolean {
  const keys = (query: SemanticQuery) =>
    queryColumns(query)
      .map((column) => column.key)
      .sort()
      .join('\n');
  return a !== undefined && keys(a) === keys(b);
}
