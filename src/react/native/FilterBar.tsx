import { lazyView } from '../internal/lazy-view';
import type { FilterBarProps } from './filter-bar-types';

const FilterBarView = lazyView(() => import('./FilterBarView').then((module) => module.FilterBarView));

/**
 * The shared filters of the enclosing `SemanticFilters` as controls: a date range with
 * presets (last 7/30/90 days, this month, quarter and year, last year, two dates of one's
 * own) and, per dimension, its values (loaded by a values query) as checkboxes. Native
 * controls, each labelled; every widget inside the `SemanticFilters` follows them, one
 * request per distinct query. Its row's height is held while its code loads.
 *
 * ```tsx
 * <SemanticFilters dateDimension="orders.createdAt">
 *   <FilterBar dimensions={['orders.region', 'orders.category']} />
 *   <QueryChart query={query} />
 * </SemanticFilters>
 * ```
 */
export function FilterBar(props: FilterBarProps) {
  return (
    <FilterBarView
      props={props}
      fallback={<div className={`ek-root ek-filters ${props.className ?? ''}`} aria-busy="true" />}
    />
  );
}
