import type { ExploreView, ExploreProblem } from '../../protocol/explore';
import type { FilterOperator, Granularity } from '../../protocol';
import { DEFAULT_DATE_PRESETS } from '../native/filter-bar-types';

/** Words of the explorer (for another language, replace them all; German: {@link GERMAN_EXPLORE_LABELS}). */
export interface ExploreLabels {
  explorer: string;
  members: string;
  search: string;
  measures: string;
  dimensions: string;
  /** Under a capped member list: "Showing 200 of 2,000: search to narrow". */
  capped: (shown: number, total: number) => string;
  noMembers: string;
  /** Above the chips of the chosen members. */
  chosen: string;
  /** A chip's remove button: "Remove Revenue". */
  removeMember: (member: string) => string;
  time: string;
  timeDimension: string;
  none: string;
  granularity: string;
  granularities: Record<Granularity, string>;
  dateRange: string;
  allTime: string;
  presets: { label: string; range: string }[];
  custom: string;
  from: string;
  to: string;
  filters: string;
  addFilter: string;
  removeFilter: (member: string) => string;
  operator: string;
  operators: Record<FilterOperator, string>;
  value: string;
  /** The number editor's range condition (a minimum, a maximum, or both). */
  range: string;
  min: string;
  max: string;
  /** Under a number list ("is" / "is not"): how to write several. */
  numberList: string;
  /** A number field's text that is not a number. */
  notANumber: (text: string) => string;
  minAboveMax: string;
  searchValues: string;
  loadingValues: string;
  valuesError: string;
  order: string;
  sortBy: string;
  ascending: string;
  descending: string;
  limit: string;
  chartType: string;
  views: Record<ExploreView, string>;
  result: string;
  emptyQuery: string;
  reset: string;
  back: string;
  forward: string;
  save: string;
  /** Above the problems of a parsed state: "Some of the link could not be used". */
  problems: string;
  problem: (problem: ExploreProblem) => string;
}

const GRANULARITY_EN: Record<Granularity, string> = {
  second: 'Second',
  minute: 'Minute',
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

const OPERATORS_EN: Record<FilterOperator, string> = {
  equals: 'is',
  notEquals: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  notStartsWith: 'does not start with',
  endsWith: 'ends with',
  notEndsWith: 'does not end with',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  set: 'is set',
  notSet: 'is not set',
  inDateRange: 'between',
  notInDateRange: 'not between',
  beforeDate: 'before',
  beforeOrOnDate: 'on or before',
  afterDate: 'after',
  afterOrOnDate: 'on or after',
};

/** The explorer's English words. */
export const DEFAULT_EXPLORE_LABELS: ExploreLabels = {
  explorer: 'Explore',
  members: 'Members',
  search: 'Search members',
  measures: 'Measures',
  dimensions: 'Dimensions',
  capped: (shown, total) => `Showing ${shown} of ${total}: search to narrow`,
  noMembers: 'No matching members',
  chosen: 'Chosen',
  removeMember: (member) => `Remove ${member}`,
  time: 'Time',
  timeDimension: 'Time dimension',
  none: 'None',
  granularity: 'Granularity',
  granularities: GRANULARITY_EN,
  dateRange: 'Date range',
  allTime: 'All time',
  presets: [...DEFAULT_DATE_PRESETS],
  custom: 'Custom range',
  from: 'From',
  to: 'To',
  filters: 'Filters',
  addFilter: 'Add a filter on',
  removeFilter: (member) => `Remove the filter on ${member}`,
  operator: 'Condition',
  operators: OPERATORS_EN,
  value: 'Value',
  range: 'between',
  min: 'Minimum',
  max: 'Maximum',
  numberList: 'Several: separate them with ;',
  notANumber: (text) => `"${text}" is not a number`,
  minAboveMax: 'The minimum is above the maximum',
  searchValues: 'Search values',
  loadingValues: 'Loading…',
  valuesError: 'Could not load the values',
  order: 'Order',
  sortBy: 'Sort by',
  ascending: 'Ascending',
  descending: 'Descending',
  limit: 'Row limit',
  chartType: 'Chart type',
  views: {
    auto: 'Automatic',
    bar: 'Bars',
    line: 'Line',
    'stacked-bar': 'Stacked bars',
    'grouped-bar': 'Grouped bars',
    number: 'Number',
    table: 'Table',
  },
  result: 'Result',
  emptyQuery: 'Pick a measure or a dimension to see a result.',
  reset: 'Reset',
  back: 'Back',
  forward: 'Forward',
  save: 'Save to board',
  problems: 'Some of this question could not be used',
  problem: (problem) => problem.message,
};

/** The explorer's German words. */
export const GERMAN_EXPLORE_LABELS: ExploreLabels = {
  explorer: 'Erkunden',
  members: 'Felder',
  search: 'Felder suchen',
  measures: 'Kennzahlen',
  dimensions: 'Dimensionen',
  capped: (shown, total) => `${shown} von ${total} angezeigt: Suche grenzt ein`,
  noMembers: 'Keine passenden Felder',
  chosen: 'Ausgewählt',
  removeMember: (member) => `${member} entfernen`,
  time: 'Zeit',
  timeDimension: 'Zeitdimension',
  none: 'Keine',
  granularity: 'Granularität',
  granularities: {
    second: 'Sekunde',
    minute: 'Minute',
    hour: 'Stunde',
    day: 'Tag',
    week: 'Woche',
    month: 'Monat',
    quarter: 'Quartal',
    year: 'Jahr',
  },
  dateRange: 'Zeitraum',
  allTime: 'Gesamter Zeitraum',
  presets: [
    { label: 'Letzte 7 Tage', range: 'last 7 days' },
    { label: 'Letzte 30 Tage', range: 'last 30 days' },
    { label: 'Letzte 90 Tage', range: 'last 90 days' },
    { label: 'Dieser Monat', range: 'this month' },
    { label: 'Dieses Quartal', range: 'this quarter' },
    { label: 'Dieses Jahr', range: 'this year' },
    { label: 'Letztes Jahr', range: 'last year' },
  ],
  custom: 'Eigener Zeitraum',
  from: 'Von',
  to: 'Bis',
  filters: 'Filter',
  addFilter: 'Filter hinzufügen für',
  removeFilter: (member) => `Filter für ${member} entfernen`,
  operator: 'Bedingung',
  operators: {
    equals: 'ist',
    notEquals: 'ist nicht',
    contains: 'enthält',
    notContains: 'enthält nicht',
    startsWith: 'beginnt mit',
    notStartsWith: 'beginnt nicht mit',
    endsWith: 'endet mit',
    notEndsWith: 'endet nicht mit',
    gt: 'größer als',
    gte: 'mindestens',
    lt: 'kleiner als',
    lte: 'höchstens',
    set: 'ist gesetzt',
    notSet: 'ist nicht gesetzt',
    inDateRange: 'zwischen',
    notInDateRange: 'nicht zwischen',
    beforeDate: 'vor',
    beforeOrOnDate: 'am oder vor',
    afterDate: 'nach',
    afterOrOnDate: 'am oder nach',
  },
  value: 'Wert',
  range: 'zwischen',
  min: 'Minimum',
  max: 'Maximum',
  numberList: 'Mehrere: mit ; trennen',
  notANumber: (text) => `„${text}“ ist keine Zahl`,
  minAboveMax: 'Das Minimum liegt über dem Maximum',
  searchValues: 'Werte suchen',
  loadingValues: 'Lädt…',
  valuesError: 'Die Werte konnten nicht geladen werden',
  order: 'Sortierung',
  sortBy: 'Sortieren nach',
  ascending: 'Aufsteigend',
  descending: 'Absteigend',
  limit: 'Zeilenlimit',
  chartType: 'Diagrammtyp',
  views: {
    auto: 'Automatisch',
    bar: 'Balken',
    line: 'Linie',
    'stacked-bar': 'Gestapelte Balken',
    'grouped-bar': 'Gruppierte Balken',
    number: 'Zahl',
    table: 'Tabelle',
  },
  result: 'Ergebnis',
  emptyQuery: 'Wählen Sie eine Kennzahl oder Dimension, um ein Ergebnis zu sehen.',
  reset: 'Zurücksetzen',
  back: 'Zurück',
  forward: 'Vorwärts',
  save: 'Auf Board speichern',
  problems: 'Ein Teil dieser Frage konnte nicht verwendet werden',
  problem: (problem) => problem.message,
};
