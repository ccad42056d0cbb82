import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useSettled } from '../internal/use-settled';
import {
  EXPLORE_OPERATORS,
  EXPLORE_VIEWS,
  MAX_EXPLORE_VALUES,
  orderableMembers,
  type ExploreFilter,
  type ExploreParseError,
  type ExploreState,
} from '../../protocol/explore';
import {
  GRANULARITIES,
  type DateRange,
  MAX_QUERY_LIMIT,
  type FilterOperator,
  type Granularity,
  type SemanticQuery,
} from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { QueryChart, QueryTable, useSemanticMeta, useSemanticQuery } from '../native';
import { ExplorerContext, useExplorerContext } from './ExplorerContext';
import { DEFAULT_EXPLORE_LABELS, type ExploreLabels } from './labels';
import { filterMembers, indexMembers, type IndexedMember } from './member-index';
import type { ExplorerApi } from './use-explorer';

/** Members drawn at most in the list (a search narrows the rest). */
const MAX_LISTED = 200;
/** Values a string filter lists at most. */
const MAX_VALUE_OPTIONS = 50;
/** A value search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

const stack = { display: 'grid', gap: 8 } as const;
const row = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } as const;

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
      <ThemedRoot as="section" className={className} aria-label={merged.explorer} style={stack}>
        {children}
      </ThemedRoot>
    </ExplorerContext.Provider>
  );
}

/** Measures and dimensions by cube or view, with titles and descriptions, searchable. */
function Members() {
  const { api, labels, members } = useExplorerContext();
  const id = useId();
  const [text, setText] = useState('');
  // Typing stays responsive: the list follows the deferred text.
  const deferred = useDeferredValue(text);
  const { shown, total } = useMemo(() => filterMembers(members, deferred, MAX_LISTED), [members, deferred]);
  const groups = new Map<string, { title: string; members: IndexedMember[] }>();
  for (const member of shown) {
    const group = groups.get(member.group) ?? { title: member.groupTitle, members: [] };
    group.members.push(member);
    groups.set(member.group, group);
  }
  const checked = (member: IndexedMember) =>
    member.kind === 'measure'
      ? api.state.measures.includes(member.name)
      : member.type === 'time'
        ? api.state.time?.dimension === member.name
        : api.state.dimensions.includes(member.name);
  const toggle = (member: IndexedMember) => {
    if (member.kind === 'measure') api.dispatch({ type: 'toggleMeasure', member: member.name });
    else if (member.type !== 'time') api.dispatch({ type: 'toggleDimension', member: member.name });
    else if (api.state.time?.dimension === member.name) api.dispatch({ type: 'setTime', time: undefined });
    else
      api.dispatch({
        type: 'setTime',
        time: { ...api.state.time, dimension: member.name, granularity: api.state.time?.granularity ?? 'month' },
      });
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} style={stack}>
      <strong id={`${id}-title`}>{labels.members}</strong>
      <input
        type="search"
        aria-label={labels.search}
        placeholder={labels.search}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {total === 0 && <p>{labels.noMembers}</p>}
      <div style={{ maxHeight: 420, overflowY: 'auto', display: 'grid', gap: 8 }}>
        {[...groups].map(([name, group]) => (
          <fieldset key={name} style={{ margin: 0, border: 0, padding: 0 }}>
            <legend style={{ fontWeight: 600 }}>{group.title}</legend>
            {group.members.map((member) => (
              <label
                key={member.name}
                style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}
                title={member.description}
              >
                <input type="checkbox" checked={checked(member)} onChange={() => toggle(member)} />
                <span>
                  {member.title}{' '}
                  <small style={{ opacity: 0.75 }}>
                    {member.kind === 'measure'
                      ? labels.measures
                      : member.type === 'time'
                        ? labels.time
                        : labels.dimensions}
                  </small>
                  {member.description && (
                    <>
                      <br />
                      <small style={{ opacity: 0.75 }}>{member.description}</small>
                    </>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {total > shown.length && <p role="status">{labels.capped(shown.length, total)}</p>}
    </div>
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
    <div role="group" aria-labelledby={`${id}-title`} style={stack}>
      <strong id={`${id}-title`}>{labels.time}</strong>
      <div style={row}>
        <label>
          {labels.timeDimension}{' '}
          <select
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
            <label>
              {labels.granularity}{' '}
              <select
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
            <label>
              {labels.dateRange}{' '}
              <select
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
                <label>
                  {labels.from}{' '}
                  <input type="date" value={custom[0]} onChange={(e) => pickCustom([e.target.value, custom[1]])} />
                </label>
                <label>
                  {labels.to}{' '}
                  <input type="date" value={custom[1]} onChange={(e) => pickCustom([custom[0], e.target.value])} />
                </label>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** A string dimension's values from the data API, searched as typed (one request per pause). */
function StringValues({
  filter,
  onChange,
  title,
}: {
  filter: ExploreFilter;
  onChange: (values: string[]) => void;
  title: string;
}) {
  const { labels } = useExplorerContext();
  const [search, setSearch] = useState('');
  const term = useSettled(search.trim(), SEARCH_DELAY_MS);
  // Like FilterBar's values query: this dimension alone, sorted, the search as a `contains`
  // filter (a JSON value, never code); a changed term replaces the query in flight.
  const query: SemanticQuery = {
    dimensions: [filter.member],
    order: [[filter.member, 'asc']],
    limit: MAX_VALUE_OPTIONS,
    ...(term ? { filters: [{ member: filter.member, operator: 'contains', values: [term] }] } : {}),
  };
  const answer = useSemanticQuery(query, { applyFilters: false });
  const loaded = new Set<string>();
  for (const values of (answer.data?.data ?? []).slice(0, MAX_VALUE_OPTIONS)) {
    const value = Object.hasOwn(values, filter.member) ? values[filter.member] : null;
    if (value !== null && value !== undefined && value !== '') loaded.add(String(value).slice(0, 200));
  }
  const options = [...loaded];
  for (const value of filter.values) if (!loaded.has(value)) options.push(value);
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...filter.values, value].slice(0, MAX_EXPLORE_VALUES) : filter.values.filter((v) => v !== value));
  return (
    <div style={stack}>
      <input
        type="search"
        aria-label={`${labels.searchValues}: ${title}`}
        placeholder={labels.searchValues}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {answer.isPending && <span role="status">{labels.loadingValues}</span>}
      {answer.isError && <span role="alert">{labels.valuesError}</span>}
      <div role="group" aria-label={title} style={{ maxHeight: 160, overflowY: 'auto' }}>
        {options.map((value) => (
          <label key={value} style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={filter.values.includes(value)}
              onChange={(e) => toggle(value, e.target.checked)}
            />{' '}
            {value}
          </label>
        ))}
      </div>
    </div>
  );
}

/** One filter: its condition and the editor its member's type asks for. */
function FilterEditor({ filter, index }: { filter: ExploreFilter; index: number }) {
  const { api, labels, byName } = useExplorerContext();
  const member = byName.get(filter.member);
  const type = member?.type ?? 'string';
  const title = member?.title ?? filter.member;
  const edit = (next: Partial<ExploreFilter>) =>
    api.dispatch({ type: 'editFilter', index, filter: { ...filter, ...next } });
  const noValues = filter.operator === 'set' || filter.operator === 'notSet';
  const twoDates = filter.operator === 'inDateRange' || filter.operator === 'notInDateRange';
  let editor: ReactNode;
  if (noValues) editor = null;
  else if (type === 'boolean')
    editor = (
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={filter.values[0] === 'true'}
          onChange={(e) => edit({ values: [String(e.target.checked)] })}
        />{' '}
        {title}
      </label>
    );
  else if (type === 'number')
    editor = (
      <input
        type="number"
        aria-label={`${labels.value}: ${title}`}
        value={filter.values[0] ?? ''}
        onChange={(e) => edit({ values: e.target.value ? [e.target.value] : [] })}
      />
    );
  else if (type === 'time')
    editor = (
      <>
        {(twoDates ? [0, 1] : [0]).map((at) => (
          <input
            key={at}
            type="date"
            aria-label={twoDates ? `${at === 0 ? labels.from : labels.to}: ${title}` : `${labels.value}: ${title}`}
            value={filter.values[at] ?? ''}
            onChange={(e) => {
              const values = twoDates ? [filter.values[0] ?? '', filter.values[1] ?? ''] : [''];
              values[at] = e.target.value;
              edit({ values: values.every(Boolean) ? values : [] });
            }}
          />
        ))}
      </>
    );
  else if (member?.kind === 'dimension' && (filter.operator === 'equals' || filter.operator === 'notEquals'))
    editor = <StringValues filter={filter} title={title} onChange={(values) => edit({ values })} />;
  else
    editor = (
      <input
        type="text"
        aria-label={`${labels.value}: ${title}`}
        maxLength={200}
        value={filter.values[0] ?? ''}
        onChange={(e) => edit({ values: e.target.value ? [e.target.value] : [] })}
      />
    );
  return (
    <li style={{ ...row, alignItems: 'flex-start' }}>
      <strong>{title}</strong>
      <select
        aria-label={`${labels.operator}: ${title}`}
        value={filter.operator}
        onChange={(e) => {
          const operator = e.target.value as FilterOperator;
          // Values of another shape do not carry over (a date range is not one date).
          edit({
            operator,
            values: operator === 'set' || operator === 'notSet' ? [] : type === 'string' ? filter.values : [],
          });
        }}
      >
        {EXPLORE_OPERATORS[type].map((operator) => (
          <option key={operator} value={operator}>
            {labels.operators[operator]}
          </option>
        ))}
      </select>
      {editor}
      <button
        type="button"
        className="ek-button"
        aria-label={labels.removeFilter(title)}
        onClick={() => api.dispatch({ type: 'removeFilter', index })}
      >
        ×
      </button>
    </li>
  );
}

/** The filters, each with an editor by its member's type, and a picker to add one. */
function Filters() {
  const { api, labels, members } = useExplorerContext();
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-title`} style={stack}>
      <strong id={`${id}-title`}>{labels.filters}</strong>
      {api.state.filters.length > 0 && (
        <ul style={{ ...stack, listStyle: 'none', margin: 0, padding: 0 }}>
          {api.state.filters.map((filter, index) => (
            <FilterEditor key={index} filter={filter} index={index} />
          ))}
        </ul>
      )}
      <label>
        {labels.addFilter}{' '}
        <select
          value=""
          onChange={(e) => {
            const member = members.find((m) => m.name === e.target.value);
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
    <div style={row}>
      <label>
        {labels.sortBy}{' '}
        <select
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
      <label>
        {labels.limit}{' '}
        <input
          type="number"
          min={1}
          max={MAX_QUERY_LIMIT}
          style={{ width: '7em' }}
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
    <label>
      {labels.chartType}{' '}
      <select
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
  if (state.measures.length === 0 && state.dimensions.length === 0 && !state.time?.granularity)
    return <p role="status">{labels.emptyQuery}</p>;
  if (state.view === 'table') return <QueryTable query={query} locale={locale} />;
  return (
    <QueryChart query={query} kind={state.view === 'auto' ? undefined : state.view} height={height} locale={locale} />
  );
}

/** Back and forward over the changes. */
function History() {
  const { api, labels } = useExplorerContext();
  return (
    <span style={row}>
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
    <div role="alert">
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
