import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  EXPLORE_VIEWS,
  orderableMembers,
  type ExploreFilter,
  type ExploreParseError,
  type ExploreState,
  type ExploreView,
} from '../../protocol/explore';
import { GRANULARITIES, type DateRange, MAX_QUERY_LIMIT, type FilterOperator, type Granularity } from '../../protocol';
import { resolveDayRange } from '../../protocol/semantic/date-range';
import { keepFocusNear } from '../internal/keep-focus';
import { ThemedRoot } from '../theme/ThemedRoot';
import { QueryChart, QueryTable, useSemanticMeta, type WidgetAnswer } from '../native';
import { planChart } from '../native/query-chart-spec';
import { useAnnouncer } from './announcer';
import { DateFields } from './DateFields';
import { ExplorerContext, useExplorerContext } from './ExplorerContext';
import { FilterEditor, isRangeBound } from './FilterEditor';
import { DEFAULT_EXPLORE_LABELS, type ExploreLabels } from './labels';
import { Members } from './Members';
import { indexMembers, type IndexedMember } from './member-index';
import { Select } from './Select';
import type { ExplorerApi } from './use-explorer';

/** Props of {@link Root}. */
export interface ExplorerRootProps {
  /** What `useExplorer` returned. */
  explorer: ExplorerApi;
  labels?: Partial<ExploreLabels>;
  /** Locale of the result's numbers and dates. Default the browser's. */
  locale?: string;
  className?: string;
  children?: ReactNode;
}

/** The question's title from its members' titles (the result's heading, a saved widget's title). */
export function questionTitle(
  state: ExploreState,
  byName: ReadonlyMap<string, IndexedMember>,
  labels: ExploreLabels,
): string {
  const title = (name: string) => byName.get(name)?.title ?? name;
  const dimensions = state.dimensions.map(title);
  if (state.measures.length === 0 && dimensions.length === 0 && state.time?.granularity)
    dimensions.push(title(state.time.dimension));
  return labels.title(state.measures.map(title), dimensions);
}

/**
 * The explorer's parts share `explorer` through it; it reads the meta (the hook's, else the
 * provider's) and holds the explorer's one live region, where each answer is announced.
 */
function Root({ explorer, labels, locale, className, children }: ExplorerRootProps) {
  const fetched = useSemanticMeta({ enabled: !explorer.meta });
  const meta = explorer.meta ?? fetched.data;
  const members = useMemo(() => (meta ? indexMembers(meta) : []), [meta]);
  const byName = useMemo(() => new Map(members.map((member) => [member.name, member])), [members]);
  const merged = useMemo(() => ({ ...DEFAULT_EXPLORE_LABELS, ...labels }), [labels]);
  const { announcement, announce } = useAnnouncer();
  const title = questionTitle(explorer.state, byName, merged);
  return (
    <ExplorerContext.Provider value={{ api: explorer, labels: merged, members, byName, locale, title, announce }}>
      <ThemedRoot
        as="section"
        className={className ? `ek-explore ${className}` : 'ek-explore'}
        aria-label={merged.explorer}
      >
        {children}
        <p role="status" className="ek-sr-only ek-explore__announcer">
          {announcement}
        </p>
      </ThemedRoot>
    </ExplorerContext.Provider>
  );
}

/** The time dimension, its granularity, and its date range (the presets, or two dates). */
function Time() {
  const { api, labels, members, byName } = useExplorerContext();
  const id = useId();
  const times = members.filter((member) => member.type === 'time' && member.kind === 'dimension');
  const time = api.state.time;
  const range = time?.dateRange;
  // "Custom range" picked while the range was this one: its fields show until a range is
  // committed, filled with the preset's days (nothing is asked until one of them changes).
  const [picked, setPicked] = useState<{ range: string; days: readonly string[] | undefined }>();
  const rangeKey = JSON.stringify(range ?? null);
  const custom = Array.isArray(range) || picked?.range === rangeKey;
  const preset = custom ? 'custom' : typeof range === 'string' ? range : '';
  const setRange = (dateRange: DateRange | undefined) => {
    if (!time) return;
    const { dateRange: _old, ...rest } = time;
    api.dispatch({ type: 'setTime', time: dateRange ? { ...rest, dateRange } : rest });
  };
  const title = (member: string) => byName.get(member)?.title ?? member;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="ek-explore__part">
      <strong id={`${id}-title`} className="ek-explore__title">
        {labels.time}
      </strong>
      <div className="ek-explore__row">
        <Select
          label={labels.timeDimension}
          value={time?.dimension ?? ''}
          options={[
            { value: '', label: labels.none },
            ...times.map((member) => ({ value: member.name, label: member.title })),
            // A time dimension the meta does not list (yet) is still named.
            ...(time && !byName.has(time.dimension) ? [{ value: time.dimension, label: title(time.dimension) }] : []),
          ]}
          onChange={(value) =>
            api.dispatch({
              type: 'setTime',
              time: value ? { ...time, dimension: value, granularity: time?.granularity ?? 'month' } : undefined,
            })
          }
        />
        {time && (
          <>
            <Select
              label={labels.granularity}
              value={time.granularity ?? ''}
              options={[
                { value: '', label: labels.none },
                ...GRANULARITIES.map((granularity) => ({
                  value: granularity,
                  label: labels.granularities[granularity],
                })),
              ]}
              onChange={(value) => {
                const { granularity: _old, ...rest } = time;
                api.dispatch({ type: 'setTime', time: value ? { ...rest, granularity: value as Granularity } : rest });
              }}
            />
            <Select
              label={labels.dateRange}
              value={preset}
              options={[
                { value: '', label: labels.allTime },
                ...labels.presets.map((item) => ({ value: item.range, label: item.label })),
                // A relative range of a link that is none of the presets is shown as it is.
                ...(typeof range === 'string' && !labels.presets.some((item) => item.range === range)
                  ? [{ value: range, label: range }]
                  : []),
                { value: 'custom', label: labels.custom },
              ]}
              onChange={(value) => {
                if (value === 'custom')
                  setPicked({
                    range: rangeKey,
                    days: typeof range === 'string' ? resolveDayRange(range, Date.now()) : undefined,
                  });
                else {
                  setPicked(undefined);
                  setRange(value || undefined);
                }
              }}
            />
            {custom && (
              <DateFields
                values={Array.isArray(range) ? range : []}
                initial={picked?.days}
                names={[labels.from, labels.to]}
                visible
                fromAfterTo={labels.fromAfterTo}
                onCommit={(days) => setRange([days[0]!, days[1]!])}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** The filters, each with an editor by its member's type, and a picker to add one. */
function Filters() {
  const { api, labels, members, byName } = useExplorerContext();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const { filters } = api.state;
  const isNumber = (filter: ExploreFilter) => byName.get(filter.member)?.type === 'number';
  // A number range's two ends are one row, drawn where the first of them is.
  const rows: { filter: ExploreFilter; index: number; range?: { min?: string; max?: string } }[] = [];
  const ranges = new Map<string, { min?: string; max?: string }>();
  filters.forEach((filter, index) => {
    if (!isNumber(filter) || !isRangeBound(filter)) return void rows.push({ filter, index });
    let range = ranges.get(filter.member);
    const first = !range;
    if (!range) ranges.set(filter.member, (range = {}));
    const value = filter.values[0];
    if (value !== undefined) range[filter.operator === 'gte' ? 'min' : 'max'] = value;
    if (first) rows.push({ filter, index, range });
  });
  /** After a filter's remove button took its row away: focus on the next row's, the one before, else "Add a filter". */
  const onRemoved = (button: HTMLElement, row: number) =>
    keepFocusNear(button, () => {
      const buttons = box.current?.querySelectorAll<HTMLElement>('.ek-explore__filter .ek-explore__remove') ?? [];
      return buttons[row] ?? buttons[row - 1] ?? box.current?.querySelector<HTMLElement>('[role="combobox"]');
    });
  return (
    <div ref={box} role="group" aria-labelledby={`${id}-title`} className="ek-explore__part">
      <strong id={`${id}-title`} className="ek-explore__title">
        {labels.filters}
      </strong>
      {rows.length > 0 && (
        <ul className="ek-explore__filters">
          {rows.map(({ filter, index, range }, row) => (
            <FilterEditor
              key={`${index}:${filter.member}`}
              filter={filter}
              index={index}
              range={range}
              onRemoved={(button) => onRemoved(button, row)}
            />
          ))}
        </ul>
      )}
      <Select
        label={labels.addFilter}
        value=""
        placeholder={labels.chooseMember}
        options={members.slice(0, 2_000).map((member) => ({
          value: member.name,
          label: member.title,
          group: member.groupTitle,
        }))}
        onChange={(value) => {
          const member = byName.get(value);
          if (!member) return;
          const operator: FilterOperator =
            member.type === 'time' ? 'inDateRange' : member.type === 'number' ? 'gte' : 'equals';
          api.dispatch({ type: 'addFilter', filter: { member: member.name, operator, values: [] } });
        }}
      />
    </div>
  );
}

/** The sort (one member, a direction) and the row limit. */
function Order() {
  const { api, labels, byName } = useExplorerContext();
  const [first] = api.state.order;
  const orderable = orderableMembers(api.state);
  return (
    <div className="ek-explore__row">
      <Select
        label={labels.sortBy}
        value={first?.[0] ?? ''}
        options={[
          { value: '', label: labels.none },
          ...orderable.map((name) => ({ value: name, label: byName.get(name)?.title ?? name })),
        ]}
        onChange={(value) => api.dispatch({ type: 'setOrder', order: value ? [[value, first?.[1] ?? 'desc']] : [] })}
      />
      {first && (
        <Select
          label={labels.order}
          value={first[1]}
          options={[
            { value: 'asc', label: labels.ascending },
            { value: 'desc', label: labels.descending },
          ]}
          onChange={(value) =>
            api.dispatch({ type: 'setOrder', order: [[first[0], value === 'asc' ? 'asc' : 'desc']] })
          }
        />
      )}
      <label className="ek-explore__field">
        <span className="ek-explore__label">{labels.limit}</span>
        <input
          className="ek-explore__control"
          type="number"
          min={1}
          max={MAX_QUERY_LIMIT}
          value={api.state.limit ?? ''}
          onChange={(e) => {
            const limit = Math.floor(Number(e.target.value));
            api.dispatch({
              type: 'setLimit',
              limit: e.target.value && limit >= 1 ? Math.min(limit, MAX_QUERY_LIMIT) : undefined,
            });
          }}
        />
      </label>
    </div>
  );
}

/** The chart type (or the table). */
function ChartType() {
  const { api, labels } = useExplorerContext();
  return (
    <Select
      label={labels.chartType}
      value={api.state.view}
      options={EXPLORE_VIEWS.map((view) => ({ value: view, label: labels.views[view] }))}
      onChange={(value) => api.dispatch({ type: 'setView', view: value as ExploreView })}
    />
  );
}

/**
 * The answer: the native chart or table (each keeps the previous answer while the new loads,
 * and has the drill menu on its data, as on a board), or in plain words why there is none
 * yet. Each answer is announced once in the explorer's live region.
 */
function Result({ height = 300 }: { height?: number }) {
  const { api, labels, locale, title, announce, byName } = useExplorerContext();
  const { state, query } = api;
  const time = state.time;
  const asked = state.measures.length > 0 || state.dimensions.length > 0 || Boolean(time?.granularity);
  const message = asked
    ? undefined
    : time
      ? labels.timeOnly(byName.get(time.dimension)?.title ?? time.dimension)
      : labels.emptyQuery;
  // Said when a change leads to it (not as the empty explorer opens).
  const said = useRef(message);
  useEffect(() => {
    if (message === said.current) return;
    said.current = message;
    if (message) announce(message);
  }, [message, announce]);
  const onAnswer = (answer: WidgetAnswer) => {
    const rows = answer.rows;
    announce(
      answer.state === 'error'
        ? labels.failed(answer.title)
        : answer.state === 'empty'
          ? labels.noRows(answer.title)
          : labels.answered(answer.title, rows, rows.toLocaleString(locale)),
    );
  };
  // A chart type the question's shape cannot draw: the chart's own choice, said under it.
  const view = state.view;
  const drawn = view === 'auto' || view === 'table' ? view : planChart(query, { kind: view }).kind;
  const drill = {
    drill: true,
    // "Explore from here" makes the datum's question the explorer's own (Back undoes it).
    onExplore: (next: ExploreState) => api.dispatch({ type: 'reset', state: { ...next, view: state.view } }),
    drillLabels: { explore: labels.exploreFrom },
  };
  return (
    <div className="ek-explore__result" aria-label={labels.result} role="region">
      {message ? (
        <p className="ek-explore__empty" style={{ minHeight: height }}>
          {message}
        </p>
      ) : view === 'table' ? (
        <QueryTable query={query} title={title} locale={locale} onAnswer={onAnswer} {...drill} />
      ) : (
        <>
          <QueryChart
            query={query}
            title={title}
            kind={view === 'auto' ? undefined : view}
            height={height}
            locale={locale}
            onAnswer={onAnswer}
            {...drill}
          />
          {drawn !== view && (
            <p className="ek-explore__note">
              {labels.viewFallback(labels.views[view], labels.views[drawn as ExploreView] ?? drawn)}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** Back and forward over the changes; a button that disables itself hands focus to the other. */
function History() {
  const { api, labels } = useExplorerContext();
  return (
    <span className="ek-explore__row">
      <button
        type="button"
        className="ek-button"
        disabled={!api.canBack}
        onClick={(event) => {
          api.back();
          const back = event.currentTarget;
          keepFocusNear(back, () => back.nextElementSibling as HTMLElement | null);
        }}
      >
        {labels.back}
      </button>
      <button
        type="button"
        className="ek-button"
        disabled={!api.canForward}
        onClick={(event) => {
          api.forward();
          const forward = event.currentTarget;
          keepFocusNear(forward, () => forward.previousElementSibling as HTMLElement | null);
        }}
      >
        {labels.forward}
      </button>
    </span>
  );
}

/** Starts again from the empty explorer. */
function Reset() {
  const { api, labels } = useExplorerContext();
  return (
    <button type="button" className="ek-button" onClick={() => api.dispatch({ type: 'reset' })}>
      {labels.reset}
    </button>
  );
}

/**
 * "Save to board": hands the state to the host, with the question's title as the result
 * shows it (its board's chart or table widget takes `exploreQuery(state)` and that title).
 */
function Save({ onSave }: { onSave: (state: ExploreState, details: { title: string }) => void }) {
  const { api, labels, title } = useExplorerContext();
  const empty = api.state.measures.length === 0 && api.state.dimensions.length === 0;
  return (
    <button type="button" className="ek-button" disabled={empty} onClick={() => onSave(api.state, { title })}>
      {labels.save}
    </button>
  );
}

/** What a parsed link left out, each problem named with its member's title. */
function Problems({ error }: { error: ExploreParseError | undefined }) {
  const { labels, byName } = useExplorerContext();
  if (!error) return null;
  const shown = (name: string) => (name.length > 80 ? `${name.slice(0, 80)}…` : name);
  return (
    <div role="alert" className="ek-explore__problems">
      <strong>{labels.problems}</strong>
      <ul>
        {error.problems.slice(0, 20).map((problem, index) => (
          <li key={index}>
            {labels.problem(
              problem,
              problem.member === undefined ? undefined : (byName.get(problem.member)?.title ?? shown(problem.member)),
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The explorer's parts, for a layout of the host's own, inside `Explorer.Root`:
 *
 * ```tsx
 * const explorer = useExplorer({ onChange: writeUrl });
 * <Explorer.Root explorer={explorer}>
 *   <Explorer.Members />
 *   <Explorer.Result />
 * </Explorer.Root>
 * ```
 */
export const Explorer = { Root, Members, Time, Filters, Order, ChartType, Result, History, Reset, Save, Problems };
