import type { DataError } from '../../protocol';

/** A date preset of a {@link FilterBar}: its label and the data API's relative range. */
export interface DatePreset {
  label: string;
  /** `last 7 days`, `this year`, … (read by the data API; see `DateRange`). */
  range: string;
}

/** Words of a {@link FilterBar} (for another language, replace them all). */
export interface FilterBarLabels {
  /** The bar's accessible name. Default "Filters". */
  bar: string;
  /** The date range's label. Default "Date range". */
  dateRange: string;
  /** No date range. Default "All time". */
  allTime: string;
  /** Two dates of the user's own. Default "Custom range". */
  custom: string;
  from: string;
  to: string;
  /** A dimension without selected values. Default "All". */
  all: string;
  /** How many values are selected. Default "3 selected". */
  selected: (count: number) => string;
  /** While a dimension's values load. Default "Loading…". */
  loading: string;
  /** When a dimension's values could not load. Default "Could not load the values". */
  error: string;
  /** Asks for the values again after an error. Default "Retry". */
  retry: string;
  /** Clears every filter. Default "Clear filters". */
  clear: string;
  /** The search box of a long list: "Search Region". */
  search: (title: string) => string;
  /** Under a list as long as was asked for: "The first 100 values are listed: search for others". */
  capped: (count: number) => string;
  /** When the server sent more values than asked for: "12 more values were sent than asked for: not listed". */
  dropped: (count: number) => string;
  /** A search that found nothing. Default "No matching values". */
  noMatch: string;
}

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  /** Dimensions to filter by their values (`orders.region`); each loads its values with a query. */
  dimensions?: readonly string[];
  /**
   * The date presets (for the `SemanticFilters`' `dateDimension`; without one, no date range
   * is offered). Default: last 7, 30 and 90 days, this month, this quarter, this year, last year.
   */
  presets?: readonly DatePreset[];
  /** Offer two dates of the user's own. Default true. */
  customRange?: boolean;
  /** Most values listed per dimension. Default 100. */
  maxValues?: number;
  labels?: Partial<FilterBarLabels>;
  /** Errors of the values queries (the provider's `onError` hears them too). */
  onError?: (error: DataError) => void;
  className?: string;
}

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
