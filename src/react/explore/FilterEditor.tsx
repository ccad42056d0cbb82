import { useState, type ReactNode } from 'react';
import { useSettled } from '../internal/use-settled';
import { EXPLORE_OPERATORS, MAX_EXPLORE_VALUES, type ExploreFilter } from '../../protocol/explore';
import type { FilterOperator, SemanticQuery } from '../../protocol';
import { useSemanticQuery } from '../native';
import { useExplorerContext } from './ExplorerContext';
import { NumberRange, NumberValues } from './NumberFilter';

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
 * row for the member's `gte` and `lte` filters (`range` holds both ends).
 */
export function FilterEditor({
  filter,
  index,
  range,
}: {
  filter: ExploreFilter;
  index: number;
  range?: { min?: string; max?: string };
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
        {(twoDates ? [0, 1] : [0]).map((at) => (
          <input
            key={at}
            className="ek-explore__control"
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
        <select
          className="ek-explore__control"
          aria-label={`${labels.operator}: ${title}`}
          value={condition}
          onChange={(e) => {
            const picked = e.target.value as FilterOperator | NumberCondition;
            const operator: FilterOperator = picked === 'range' ? 'gte' : picked;
            // Values of another shape do not carry over (a date range is not one date).
            edit({
              operator,
              values: operator === 'set' || operator === 'notSet' ? [] : type === 'string' ? filter.values : [],
            });
          }}
        >
          {conditions.map((value) => (
            <option key={value} value={value}>
              {conditionLabel(value)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="ek-button ek-explore__remove"
          aria-label={labels.removeFilter(title)}
          onClick={() =>
            api.dispatch(
              type === 'number' && isRangeBound(filter)
                ? { type: 'removeRange', member: filter.member }
                : { type: 'removeFilter', index },
            )
          }
        >
          ×
        </button>
      </div>
      {editor}
    </li>
  );
}
