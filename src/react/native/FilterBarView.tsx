import { useId, useState } from 'react';
import { DEFAULT_DATE_PRESETS } from './filter-bar-types';
import { useSettled } from '../internal/use-settled';
import type { DateRange, SemanticQuery } from '../../protocol';
import { metaMembers } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useSemanticFilters, type SemanticFiltersApi } from './data/SemanticFilters';
import { useSemanticMeta, useSemanticQuery } from './data/use-semantic-query';
import type { DatePreset, FilterBarLabels, FilterBarProps } from './filter-bar-types';
import { answerNotes, capText } from './cap-text';
import { useReportError, useRetryQueries, WidgetBoundary, WidgetError } from './WidgetBoundary';

/** The default {@link FilterBarLabels}. */
export const DEFAULT_FILTER_BAR_LABELS: FilterBarLabels = {
  bar: 'Filters',
  dateRange: 'Date range',
  allTime: 'All time',
  custom: 'Custom range',
  from: 'From',
  to: 'To',
  all: 'All',
  selected: (count) => `${count} selected`,
  loading: 'Loading…',
  error: 'Could not load the values',
  retry: 'Retry',
  clear: 'Clear filters',
  search: (title) => `Search ${title}`,
  capped: (count) => `The first ${count} values are listed: search for others`,
  dropped: (count) => `${count} more ${count === 1 ? 'value was' : 'values were'} sent than asked for: not listed`,
  noMatch: 'No matching values',
};

// One list of presets, shared with the explorer's time control.
export { DEFAULT_DATE_PRESETS };

const ALL = '';
const CUSTOM = 'custom';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Longest value drawn in the list (whole in its title attribute), and in the summary. */
const MAX_OPTION = 100;
const MAX_SUMMARY = 40;
/** Selected values listed at most besides the loaded ones (a host may set thousands). */
const MAX_CHOSEN = 100;
/** A search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

/** The lazily loaded body of `FilterBar` (see there). */
export function FilterBarView(props: FilterBarProps) {
  const api = useSemanticFilters();
  if (!api) throw new Error('<FilterBar> must be rendered inside <SemanticFilters>');
  const labels = { ...DEFAULT_FILTER_BAR_LABELS, ...props.labels };
  const meta = useSemanticMeta();
  const members = meta.data ? metaMembers(meta.data) : undefined;
  const titleOf = (member: string) => {
    const found = members?.get(member)?.member;
    return found?.shortTitle || found?.title || undefined;
  };
  const active = api.value.dateRange !== undefined || Object.keys(api.value.values).length > 0;
  return (
    <ThemedRoot
      as="div"
      role="group"
      aria-label={labels.bar}
      className={['ek-filters', props.className].filter(Boolean).join(' ')}
    >
      {api.dateDimension && (
        <DateControl
          api={api}
          presets={props.presets ?? DEFAULT_DATE_PRESETS}
          custom={props.customRange ?? true}
          labels={labels}
        />
      )}
      {(props.dimensions ?? []).map((member) => (
        // One dimension's failure (a throw while drawing its values) stays in its own control.
        <WidgetBoundary key={member} className="ek-filters__values" labels={labels} onError={props.onError}>
          <ValuesControl
            api={api}
            member={member}
            title={titleOf(member)}
            max={props.maxValues ?? 100}
            labels={labels}
            onError={props.onError}
          />
        </WidgetBoundary>
      ))}
      <button type="button" className="ek-button ek-filters__clear" disabled={!active} onClick={() => api.clear()}>
        {labels.clear}
      </button>
    </ThemedRoot>
  );
}

function DateControl({
  api,
  presets,
  custom,
  labels,
}: {
  api: SemanticFiltersApi;
  presets: readonly DatePreset[];
  custom: boolean;
  labels: FilterBarLabels;
}) {
  const id = useId();
  const range = api.value.dateRange;
  const [customMode, setCustomMode] = useState(false);
  const isCustom = Array.isArray(range) || customMode;
  const known = typeof range === 'string' && presets.some((preset) => preset.range === range);
  const selected = isCustom ? CUSTOM : range === undefined ? ALL : known ? range : String(range);
  // The two dates as typed; the range is set once both are there, in order.
  const [days, setDaysState] = useState<[string, string]>(() =>
    Array.isArray(range) ? [range[0].slice(0, 10), range[1].slice(0, 10)] : ['', ''],
  );
  const [from, to] = days;
  const setDays = (nextFrom: string, nextTo: string) => {
    setDaysState([nextFrom, nextTo]);
    if (DAY.test(nextFrom) && DAY.test(nextTo) && nextFrom <= nextTo) api.setDateRange([nextFrom, nextTo]);
  };
  const choose = (value: string) => {
    setCustomMode(value === CUSTOM);
    if (value === CUSTOM) return;
    api.setDateRange(value === ALL ? undefined : (value as DateRange));
  };
  return (
    <div className="ek-filters__date">
      <label htmlFor={`${id}-range`}>{labels.dateRange}</label>
      <select
        id={`${id}-range`}
        className="ek-filters__select"
        value={selected}
        onChange={(e) => choose(e.target.value)}
      >
        <option value={ALL}>{labels.allTime}</option>
        {presets.map((preset) => (
          <option key={preset.range} value={preset.range}>
            {preset.label}
          </option>
        ))}
        {/* A range set elsewhere (a host's own, a URL) that is no preset: shown as it is. */}
        {typeof range === 'string' && !known && <option value={range}>{range}</option>}
        {custom && <option value={CUSTOM}>{labels.custom}</option>}
      </select>
      {isCustom && (
        <>
          <label htmlFor={`${id}-from`}>{labels.from}</label>
          <input
            id={`${id}-from`}
            type="date"
            className="ek-filters__day"
            value={from}
            max={to || undefined}
            onChange={(e) => setDays(e.target.value, to)}
          />
          <label htmlFor={`${id}-to`}>{labels.to}</label>
          <input
            id={`${id}-to`}
            type="date"
            className="ek-filters__day"
            value={to}
            min={from || undefined}
            onChange={(e) => setDays(from, e.target.value)}
          />
        </>
      )}
    </div>
  );
}

function ValuesControl({
  api,
  member,
  title: titleOf,
  max,
  labels,
  onError,
}: {
  api: SemanticFiltersApi;
  member: string;
  /** From the meta, if it has come. */
  title: string | undefined;
  max: number;
  labels: FilterBarLabels;
  onError?: FilterBarProps['onError'];
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useSettled(search.trim(), SEARCH_DELAY_MS);
  const limit = Math.max(1, Math.min(Math.floor(max) || 1, 1_000));
  // The values query: this dimension alone, sorted, not narrowed by the filters it sets; a
  // search asks the server for the values that contain it.
  const query: SemanticQuery = {
    dimensions: [member],
    order: [[member, 'asc']],
    limit,
    ...(term ? { filters: [{ member, operator: 'contains', values: [term] }] } : {}),
  };
  const values = useSemanticQuery(query, { applyFilters: false });
  useRetryQueries([values.query]);
  // The meta's title, else the values answer's own (a stalled meta holds nothing), else the name.
  const dimensions = values.data?.annotation?.dimensions;
  const annotated = dimensions && Object.hasOwn(dimensions, member) ? dimensions[member] : undefined;
  const title = capText(
    titleOf || annotated?.shortTitle || annotated?.title || member.split('.').pop() || member,
    MAX_OPTION,
  );
  useReportError(values.error, onError);
  const chosen = Object.hasOwn(api.value.values, member) ? api.value.values[member]! : [];
  // Never more than were asked for, whatever the server sent (the data client drops the rest
  // too, and counts them).
  const rows = values.data?.data ?? [];
  const kept = rows.length > limit ? rows.slice(0, limit) : rows;
  const dropped = answerNotes(values.data).dropped + rows.length - kept.length;
  // As many as asked for: there may be more than are listed.
  const capped = kept.length >= limit;
  const loaded = new Set<string>();
  for (const row of kept) {
    const value = Object.hasOwn(row, member) ? row[member] : null;
    if (value !== null && value !== undefined && value !== '') loaded.add(String(value));
  }
  // A value set elsewhere (the chat's "Show in dashboard") stays listed, and can be unticked.
  const options = [...loaded];
  for (const value of chosen.slice(0, MAX_CHOSEN)) if (!loaded.has(value)) options.push(value);
  const toggle = (value: string, on: boolean) =>
    api.setValues(member, on ? [...chosen, value] : chosen.filter((v) => v !== value));
  const summary =
    chosen.length === 0
      ? labels.all
      : chosen.length === 1
        ? capText(chosen[0]!, MAX_SUMMARY)
        : labels.selected(chosen.length);
  const retry = () => void values.refetch();
  return (
    <details
      className="ek-filters__values"
      data-state={values.error ? 'error' : values.isPending ? 'loading' : 'ready'}
      // Opening a list whose values failed asks again: the server may be back.
      onToggle={(e) => {
        if (e.currentTarget.open && values.error && !values.isFetching) retry();
      }}
    >
      <summary className="ek-button ek-filters__summary" title={chosen.length === 1 ? chosen[0] : undefined}>
        <span id={`${id}-title`}>{title}</span>: {summary}
      </summary>
      <fieldset className="ek-filters__options" aria-labelledby={`${id}-title`}>
        {(capped || term || search) && (
          <input
            type="search"
            className="ek-filters__search"
            aria-label={labels.search(title)}
            placeholder={labels.search(title)}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        {values.error ? (
          <WidgetError error={values.error} onRetry={retry} labels={{ error: labels.error, retry: labels.retry }} />
        ) : values.isPending ? (
          <p className="ek-filters__note">{labels.loading}</p>
        ) : (
          options.length === 0 && term && <p className="ek-filters__note">{labels.noMatch}</p>
        )}
        {/* Above the values: a long list scrolls, and these say why it is not complete. */}
        {!values.error && !values.isPending && capped && <p className="ek-filters__note">{labels.capped(limit)}</p>}
        {!values.error && !values.isPending && dropped > 0 && (
          <p className="ek-filters__note">{labels.dropped(dropped)}</p>
        )}
        {!values.isPending &&
          options.map((value) => (
            <label key={value} className="ek-filters__option" title={value.length > MAX_OPTION ? value : undefined}>
              <input
                type="checkbox"
                checked={chosen.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)}
              />
              <span className="ek-filters__text">{capText(value, MAX_OPTION)}</span>
            </label>
          ))}
      </fieldset>
    </details>
  );
}
