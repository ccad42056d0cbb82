import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  EXPLORE_VIEWS,
  orderableMembers,
  type ExploreFilter,
  type ExploreParseError,
  type ExploreState,
} from '../../protocol/explore';
import { GRANULARITIES, type DateRange, MAX_QUERY_LIMIT, type FilterOperator, type Granularity } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { QueryChart, QueryTable, useSemanticMeta } from '../native';
import { ExplorerContext, useExplorerContext } from './ExplorerContext';
import { FilterEditor, isRangeBound } from './FilterEditor';
import { DEFAULT_EXPLORE_LABELS, type ExploreLabels } from './labels';
import { Members } from './Members';
import { indexMembers } from './member-index';
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

/** The explorer's parts share `explorer` through it; it reads the meta (the hook's, else the provider's). */
function Root({ explorer, labels, locale, className, children }: ExplorerRootProps) {
  const fetched = useSemanticMeta({ enabled: !explorer.meta });
  const meta = explorer.meta ?? fetched.data;
  const members = useMemo(() => (meta ? indexMembers(meta) : []), [meta]);
  const byName = useMemo(() => new Map(members.map((member) => [member.name, member])), [members]);
  const merged = useMemo(() => ({ ...DEFAULT_EXPLORE_LABELS, ...labels }), [labels]);
  return (
    <ExplorerContext.Provider value={{ api: explorer, labels: merged, members, byName, locale }}>
      <ThemedRoot
        as="section"
        className={className ? `ek-explore ${className}` : 'ek-explore'}
        aria-label={merged.explorer}
      >
        {children}
      </ThemedRoot>
    </ExplorerContext.Provider>
  );
}

/** The time dimension, its granularity, and its date range (the presets, or two dates). */
function Time() {
  const { api, labels, members } = useExplorerContext();
  const id = useId();
  const times = members.filter((member) => member.type === 'time' && member.kind === 'dimension');
  const time = api.state.time;
  const range = time?.dateRange;
  const preset = range === undefined ? '' : typeof range === 'string' ? range : 'custom';
  const [custom, setCustom] = useState<[string, string]>(Array.isArray(range) ? [range[0], range[1]] : ['', '']);
  const setRange = (dateRange: DateRange | undefined) => {
    if (!time) return;
    const { dateRange: _old, ...rest } = time;
    api.dispatch({ type: 'setTime', time: dateRange ? { ...rest, dateRange } : rest });
  };
  const pickCustom = (next: [string, string]) => {
    setCustom(next);
    if (next[0] && next[1]) setRange(next[0] <= next[1] ? next : [next[1], next[0]]);
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="ek-explore__part">
      <strong id={`${id}-title`} className="ek-explore__title">
        {labels.time}
      </strong>
      <div className="ek-explore__row">
        <label className="ek-explore__field">
          <span className="ek-explore__label">{labels.timeDimension}</span>
          <select
            className="ek-explore__control"
            value={time?.dimension ?? ''}
            onChange={(e) =>
              api.dispatch({
                type: 'setTime',
                time: e.target.value
                  ? { ...time, dimension: e.target.value, granularity: time?.granularity ?? 'month' }
                  : undefined,
              })
            }
          >
            <option value="">{labels.none}</option>
            {times.map((member) => (
              <option key={member.name} value={member.name}>
                {member.title}
              </option>
            ))}
          </select>
        </label>
        {time && (
          <>
            <label className="ek-explore__field">
              <span className="ek-explore__label">{labels.granularity}</span>
              <select
                className="ek-explore__control"
                value={time.granularity ?? ''}
                onChange={(e) => {
                  const { granularity: _old, ...rest } = time;
                  api.dispatch({
                    type: 'setTime',
                    time: e.target.value ? { ...rest, granularity: e.target.value as Granularity } : rest,
                  });
                }}
              >
                <option value="">{labels.none}</option>
                {GRANULARITIES.map((granularity) => (
                  <option key={granularity} value={granularity}>
                    {labels.granularities[granularity]}
                  </option>
                ))}
              </select>
            </label>
            <label className="ek-explore__field">
              <span className="ek-explore__label">{labels.dateRange}</span>
              <select
                className="ek-explore__control"
                value={preset}
                onChange={(e) => {
                  if (e.target.value === 'custom') pickCustom(custom);
                  else setRange(e.target.value || undefined);
                }}
              >
                <option value="">{labels.allTime}</option>
                {labels.presets.map((item) => (
                  <option key={item.range} value={item.range}>
                    {item.label}
                  </option>
                ))}
                <option value="custom">{labels.custom}</option>
              </select>
            </label>
            {preset === 'custom' && (
              <>
                <label className="ek-explore__field">
                  <span className="ek-explore__label">{labels.from}</span>
                  <input
                    className="ek-explore__control"
                    type="date"
                    value={custom[0]}
                    onChange={(e) => pickCustom([e.target.value, custom[1]])}
                  />
                </label>
                <label className="ek-explore__field">
                  <span className="ek-explore__label">{labels.to}</span>
                  <input
                    className="ek-explore__control"
                    type="date"
                    value={custom[1]}
                    onChange={(e) => pickCustom([custom[0], e.target.value])}
                  />
                </label>
              </>
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
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="ek-explore__part">
      <strong id={`${id}-title`} className="ek-explore__title">
        {labels.filters}
      </strong>
      {rows.length > 0 && (
        <ul className="ek-explore__filters">
          {rows.map(({ filter, index, range }) => (
            <FilterEditor key={`${index}:${filter.member}`} filter={filter} index={index} range={range} />
          ))}
        </ul>
      )}
      <label className="ek-explore__field">
        <span className="ek-explore__label">{labels.addFilter}</span>
        <select
          className="ek-explore__control"
          value=""
          onChange={(e) => {
            const member = byName.get(e.target.value);
            if (!member) return;
            const operator: FilterOperator =
              member.type === 'time' ? 'inDateRange' : member.type === 'number' ? 'gte' : 'equals';
            api.dispatch({ type: 'addFilter', filter: { member: member.name, operator, values: [] } });
          }}
        >
          <option value="">…</option>
          {members.slice(0, 2_000).map((member) => (
            <option key={member.name} value={member.name}>
              {member.groupTitle}: {member.title}
            </option>
          ))}
        </select>
      </label>
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
      <label className="ek-explore__field">
        <span className="ek-explore__label">{labels.sortBy}</span>
        <select
          className="ek-explore__control"
          value={first?.[0] ?? ''}
          onChange={(e) =>
            api.dispatch({ type: 'setOrder', order: e.target.value ? [[e.target.value, first?.[1] ?? 'desc']] : [] })
          }
        >
          <option value="">{labels.none}</option>
          {orderable.map((name) => (
            <option key={name} value={name}>
              {byName.get(name)?.title ?? name}
            </option>
          ))}
        </select>
      </label>
      {first && (
        <select
          className="ek-explore__control"
          aria-label={labels.order}
          value={first[1]}
          onChange={(e) =>
            api.dispatch({ type: 'setOrder', order: [[first[0], e.target.value === 'asc' ? 'asc' : 'desc']] })
          }
        >
          <option value="asc">{labels.ascending}</option>
          <option value="desc">{labels.descending}</option>
        </select>
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
    <label className="ek-explore__field">
      <span className="ek-explore__label">{labels.chartType}</span>
      <select
        className="ek-explore__control"
        value={api.state.view}
        onChange={(e) => api.dispatch({ type: 'setView', view: e.target.value as ExploreState['view'] })}
      >
        {EXPLORE_VIEWS.map((view) => (
          <option key={view} value={view}>
            {labels.views[view]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The answer: the native chart or table (each keeps the previous answer while the new loads). */
function Result({ height = 300 }: { height?: number }) {
  const { api, labels, locale } = useExplorerContext();
  const { state, query } = api;
  const empty = state.measures.length === 0 && state.dimensions.length === 0 && !state.time?.granularity;
  return (
    <div className="ek-explore__result" aria-label={labels.result} role="region">
      {empty ? (
        <p role="status" className="ek-explore__empty" style={{ minHeight: height }}>
          {labels.emptyQuery}
        </p>
      ) : state.view === 'table' ? (
        <QueryTable query={query} locale={locale} />
      ) : (
        <QueryChart
          query={query}
          kind={state.view === 'auto' ? undefined : state.view}
          height={height}
          locale={locale}
        />
      )}
    </div>
  );
}

/** Back and forward over the changes. */
function History() {
  const { api, labels } = useExplorerContext();
  return (
    <span className="ek-explore__row">
      <button type="button" className="ek-button" disabled={!api.canBack} onClick={api.back}>
        {labels.back}
      </button>
      <button type="button" className="ek-button" disabled={!api.canForward} onClick={api.forward}>
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

/** "Save to board": hands the state to the host (its board's chart or table widget takes `exploreQuery(state)`). */
function Save({ onSave }: { onSave: (state: ExploreState) => void }) {
  const { api, labels } = useExplorerContext();
  const empty = api.state.measures.length === 0 && api.state.dimensions.length === 0;
  return (
    <button type="button" className="ek-button" disabled={empty} onClick={() => onSave(api.state)}>
      {labels.save}
    </button>
  );
}

/** What a parsed link left out, each problem named. */
function Problems({ error }: { error: ExploreParseError | undefined }) {
  const { labels } = useExplorerContext();
  if (!error) return null;
  return (
    <div role="alert" className="ek-explore__problems">
      <strong>{labels.problems}</strong>
      <ul>
        {error.problems.slice(0, 20).map((problem, index) => (
          <li key={index}>{labels.problem(problem)}</li>
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
