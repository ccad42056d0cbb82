import { useId, useState } from 'react';
import type { DateRange } from '../../protocol';
import { metaMembers } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useSemanticFilters, type SemanticFiltersApi } from './data/SemanticFilters';
import { useSemanticMeta, useSemanticQuery } from './data/use-semantic-query';
import type { DatePreset, FilterBarLabels, FilterBarProps } from './filter-bar-types';
import { useReportError } from './WidgetBoundary';

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
  clear: 'Clear filters',
};

/** The presets unless `presets` says otherwise. */
export const DEFAULT_DATE_PRESETS: readonly DatePreset[] = [
  { label: 'Last 7 days', range: 'last 7 days' },
  { label: 'Last 30 days', range: 'last 30 days' },
  { label: 'Last 90 days', range: 'last 90 days' },
  { label: 'This month', range: 'this month' },
  { label: 'This quarter', range: 'this quarter' },
  { label: 'This year', range: 'this year' },
  { label: 'Last year', range: 'last year' },
];

const ALL = '';
const CUSTOM = 'custom';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The lazily loaded body of `FilterBar` (see there). */
export function FilterBarView(props: FilterBarProps) {
  const api = useSemanticFilters();
  if (!api) throw new Error('<FilterBar> must be rendered inside <SemanticFilters>');
  const labels = { ...DEFAULT_FILTER_BAR_LABELS, ...props.labels };
  const meta = useSemanticMeta();
  const members = meta.data ? metaMembers(meta.data) : undefined;
  const titleOf = (member: string) => {
    const found = members?.get(member)?.member;
    return found?.shortTitle || found?.title || member.split('.').pop() || member;
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
        <ValuesControl
          key={member}
          api={api}
          member={member}
          title={titleOf(member)}
          max={props.maxValues ?? 100}
          labels={labels}
          onError={props.onError}
        />
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
  title,
  max,
  labels,
  onError,
}: {
  api: SemanticFiltersApi;
  member: string;
  title: string;
  max: number;
  labels: FilterBarLabels;
  onError?: FilterBarProps['onError'];
}) {
  const id = useId();
  // The values query: this dimension alone, sorted, not narrowed by the filters it sets.
  const values = useSemanticQuery(
    { dimensions: [member], order: [[member, 'asc']], limit: Math.max(1, Math.min(max, 1_000)) },
    { applyFilters: false },
  );
  useReportError(values.error, onError);
  const chosen = Object.hasOwn(api.value.values, member) ? api.value.values[member]! : [];
  const options = [
    ...new Set([
      ...(values.data?.data ?? [])
        .map((row) => (Object.hasOwn(row, member) ? row[member] : null))
        .filter((value) => value !== null && value !== '')
        .map(String),
      // A value set elsewhere (the chat's "Show in dashboard") stays listed, and can be unticked.
      ...chosen,
    ]),
  ];
  const toggle = (value: string, on: boolean) =>
    api.setValues(member, on ? [...chosen, value] : chosen.filter((v) => v !== value));
  const summary = chosen.length === 0 ? labels.all : chosen.length === 1 ? chosen[0]! : labels.selected(chosen.length);
  return (
    <details className="ek-filters__values">
      <summary className="ek-button ek-filters__summary">
        <span id={`${id}-title`}>{title}</span>: {summary}
      </summary>
      <fieldset className="ek-filters__options" aria-labelledby={`${id}-title`}>
        {values.isPending ? (
          <p className="ek-filters__note">{labels.loading}</p>
        ) : values.error && options.length === 0 ? (
          <p className="ek-filters__note" role="alert">
            {labels.error}
          </p>
        ) : (
          options.map((value) => (
            <label key={value} className="ek-filters__option">
              <input
                type="checkbox"
                checked={chosen.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)}
              />{' '}
              {value}
            </label>
          ))
        )}
      </fieldset>
    </details>
  );
}
