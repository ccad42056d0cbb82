import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { DateRange } from '../../../protocol';
import { isPrototypeKey } from '../../../protocol/own-keys';
import { useLatest } from '../../internal/use-latest';
import { NO_FILTERS, type SemanticFilterValue } from './apply-filters';

/** What a filter bar (or any host control) reads and changes; from {@link useSemanticFilters}. */
export interface SemanticFiltersApi {
  /** The filters in force. */
  value: SemanticFilterValue;
  /** The time dimension the date range applies to (from the `SemanticFilters` props). */
  dateDimension: string | undefined;
  /** Sets the date range (undefined: none). */
  setDateRange(range: DateRange | undefined): void;
  /** Sets one member's values (an empty list removes its filter). */
  setValues(member: string, values: readonly string[]): void;
  /** Clears one member's values, the date range with `'dateRange'`, or everything with no argument. */
  clear(member?: string): void;
}

/** Props of {@link SemanticFilters}. */
export interface SemanticFiltersProps {
  /** The time dimension a date range filters (`orders.createdAt`). Without it, the date range is ignored. */
  dateDimension?: string;
  /** Controlled: the filters (with `onChange`). */
  value?: SemanticFilterValue;
  /** Uncontrolled: the first filters. */
  defaultValue?: SemanticFilterValue;
  /** Every change (controlled or not), e.g. to keep the filters in the URL. */
  onChange?: (value: SemanticFilterValue) => void;
  children?: ReactNode;
}

const FiltersContext = createContext<SemanticFiltersApi | undefined>(undefined);

/**
 * Shared filters for every native widget below: a date range and values per dimension,
 * merged into each query before its cache key is computed (so a change asks once per
 * distinct query). Controlled with `value`/`onChange`, or uncontrolled with `defaultValue`.
 */
export function SemanticFilters({ dateDimension, value, defaultValue, onChange, children }: SemanticFiltersProps) {
  const [own, setOwn] = useState<SemanticFilterValue>(defaultValue ?? NO_FILTERS);
  const current = value ?? own;
  const latestRef = useLatest({ current, onChange, controlled: value !== undefined });
  const update = useCallback(
    (next: (previous: SemanticFilterValue) => SemanticFilterValue) => {
      const { current: previous, onChange: notify, controlled } = latestRef.current;
      const changed = next(previous);
      // Read back at once by a second change in the same event: kept until the next render.
      latestRef.current = { ...latestRef.current, current: changed };
      if (!controlled) setOwn(changed);
      notify?.(changed);
    },
    [latestRef],
  );
  const api = useMemo<SemanticFiltersApi>(
    () => ({
      value: current,
      dateDimension,
      setDateRange: (dateRange) =>
        update((previous) => (dateRange === undefined ? { values: previous.values } : { ...previous, dateRange })),
      setValues: (member, values) => {
        // Members are `cube.member` names: one that reaches a prototype is no member.
        if (isPrototypeKey(member)) return;
        update((previous) => {
          const next = { ...previous.values };
          if (values.length) next[member] = values.map(String);
          else delete next[member];
          return { ...previous, values: next };
        });
      },
      clear: (member) =>
        update((previous) => {
          if (member === undefined) return NO_FILTERS;
          if (member === 'dateRange') return { values: previous.values };
          const next = { ...previous.values };
          delete next[member];
          return { ...previous, values: next };
        }),
    }),
    [current, dateDimension, update],
  );
  return <FiltersContext.Provider value={api}>{children}</FiltersContext.Provider>;
}

/** The nearest {@link SemanticFilters}' value and setters; undefined outside one. */
export function useSemanticFilters(): SemanticFiltersApi | undefined {
  return useContext(FiltersContext);
}
