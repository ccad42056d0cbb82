import { useState, type ReactNode } from 'react';
import { useSettled } from '../internal/use-settled';
import { EXPLORE_OPERATORS, MAX_EXPLORE_VALUES, type ExploreFilter } from '../../protocol/explore';
import type { FilterOperator, SemanticQuery } from '../../protocol';
import { useSemanticQuery } from '../native';
import { DateFields } from './DateFields';
import { useExplorerContext } from './ExplorerContext';
import { NumberRange, NumberValues } from './NumberFilter';
import { Select } from './Select';

/** Values a string filter lists at most. */
const MAX_VALUE_OPTIONS = 50;
/** A value search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

/** The number editor's conditions: `range` stands for the member's `gte`/`lte` pair. */
const NUMBER_CONDITIONS = ['range', 'equals', 'notEquals', 'gt', 'lt', 'set', 'notSet'] as const;
type NumberCondition = (typeof NUMBER_CONDITIONS)[number];

/** Whether a filter is one end of a number range (the editor shows the pair as one row). */
export const isRangeBound = (filter: ExploreFilter) => filter.operator === 'gte' || filter.operator === 'lte';

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
    <div className="ek-explore__editor">
      <input
        className="ek-explore__control"
        type="search"
        aria-label={`${labels.searchValues}: ${title}`}
        placeholder={labels.searchValues}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <p className="ek-explore__note" aria-live="polite">
        {answer.isPending ? labels.loadingValues : ''}
      </p>
      {answer.isError && (
        <p role="alert" className="ek-explore__error">
          {labels.valuesError}
        </p>
      )}
      <div role="group" aria-label={title} className="ek-explore__values">
        {options.map((value) => (
          <label key={value} className="ek-explore__value">
            <input
              type="checkbox"
              checked={filter.values.includes(value)}
              onChange={(e) => toggle(value, e.target.checked)}
            />
            <span className="ek-explore__value-text">{value}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * One filter: its condition and the editor its member's type asks for. A number range is one
 * row for the member's `gte` and `lte` filters (`range` holds both ends). `onRemoved` hears
 * its remove button, to hand focus on once the row is gone.
 */
export function FilterEditor({
  filter,
  index,
  range,
  onRemoved,
}: {
  filter: ExploreFilter;
  index: number;
  range?: { min?: string; max?: string };
  onRemoved?: (button: HTMLElement) => void;
}) {
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
      <label className="ek-explore__switch">
        <input
          type="checkbox"
          role="switch"
          checked={filter.values[0] === 'true'}
          onChange={(e) => edit({ values: [String(e.target.checked)] })}
        />
        <span>{title}</span>
      </label>
    );
  else if (type === 'number' && isRangeBound(filter))
    editor = <NumberRange index={index} title={title} min={range?.min} max={range?.max} />;
  else if (type === 'number')
    editor = <NumberValues filter={filter} title={title} onChange={(values) => edit({ values })} />;
  else if (type === 'time')
    editor = (
      <div className="ek-explore__row">
        <DateFields
          // A new condition starts its fields afresh (one date is not two).
          key={twoDates ? 'range' : 'day'}
          values={filter.values}
          names={twoDates ? [`${labels.from}: ${title}`, `${labels.to}: ${title}`] : [`${labels.value}: ${title}`]}
          fromAfterTo={labels.fromAfterTo}
          onCommit={(values) => edit({ values })}
        />
      </div>
    );
  else if (member?.kind === 'dimension' && (filter.operator === 'equals' || filter.operator === 'notEquals'))
    editor = <StringValues filter={filter} title={title} onChange={(values) => edit({ values })} />;
  else
    editor = (
      <input
        className="ek-explore__control"
        type="text"
        aria-label={`${labels.value}: ${title}`}
        maxLength={200}
        value={filter.values[0] ?? ''}
        onChange={(e) => edit({ values: e.target.value ? [e.target.value] : [] })}
      />
    );
  const condition: string = type === 'number' && isRangeBound(filter) ? 'range' : filter.operator;
  const conditions: readonly string[] = type === 'number' ? NUMBER_CONDITIONS : EXPLORE_OPERATORS[type];
  const conditionLabel = (value: string) =>
    value === 'range' ? labels.range : labels.operators[value as FilterOperator];
  return (
    <li className="ek-explore__filter">
      <div className="ek-explore__filter-head">
        <strong className="ek-explore__filter-name">{title}</strong>
        <Select
          label={`${labels.operator}: ${title}`}
          hideLabel
          value={condition}
          options={conditions.map((value) => ({ value, label: conditionLabel(value) }))}
          onChange={(value) => {
            const picked = value as FilterOperator | NumberCondition;
            const operator: FilterOperator = picked === 'range' ? 'gte' : picked;
            // Values of another shape do not carry over (a date range is not one date).
            edit({
              operator,
              values: operator === 'set' || operator === 'notSet' ? [] : type === 'string' ? filter.values : [],
            });
          }}
        />
        <button
          type="button"
          className="ek-button ek-explore__remove"
          aria-label={labels.removeFilter(title)}
          onClick={(event) => {
            api.dispatch(
              type === 'number' && isRangeBound(filter)
                ? { type: 'removeRange', member: filter.member }
                : { type: 'removeFilter', index },
            );
            onRemoved?.(event.currentTarget);
          }}
        >
          ×
        </button>
      </div>
      {editor}
    </li>
  );
}
