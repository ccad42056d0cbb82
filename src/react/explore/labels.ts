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
  /** Under two dates whose start is after their end (not sent until fixed). */
  fromAfterTo: string;
  filters: string;
  addFilter: string;
  /** What the "add a filter" control shows before a member is picked. Default "Choose a member". */
  chooseMember: string;
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
  /** A time dimension alone, not grouped: there is nothing to show yet. */
  timeOnly: (dimension: string) => string;
  /** The result's title from the members' titles: "Revenue by Region" (also the saved widget's). */
  title: (measures: string[], dimensions: string[]) => string;
  /** A chart type the question cannot be drawn as: "Line does not fit this question: shown as Number". */
  viewFallback: (wanted: string, shown: string) => string;
  /** Announced when an answer comes: "Revenue by Region: 4 rows" (`text`: the count in the locale). */
  answered: (title: string, rows: number, text: string) => string;
  /** Announced when an answer has no rows. */
  noRows: (title: string) => string;
  /** Announced when an answer could not be loaded. */
  failed: (title: string) => string;
  /** The drill menu's item that makes a datum's question the explorer's own. Default "Explore from here". */
  exploreFrom: string;
  reset: string;
  back: string;
  forward: string;
  save: string;
  /** Above the problems of a parsed state: "Some of the link could not be used". */
  problems: string;
  /** One problem in words, its member named by `member` (its title when the meta has it, else its name). */
  problem: (problem: ExploreProblem, member: string | undefined) => string;
}

/** A list in words: "Revenue", "Revenue and Orders", "Revenue, Orders and Profit" (`and`: the word). */
const listed = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

/** Where a problem's path points, in words (a link's parts: `m`, `d`, `t`, `f`, `o`, `l`, `v`). */
function part(path: string, words: Record<'m' | 'd' | 't' | 'f' | 'o' | 'l' | 'v', string>): string {
  const key = path.charAt(0) as keyof typeof words;
  return Object.hasOwn(words, key) ? words[key] : words.f;
}

const PARTS_EN = {
  m: 'measures',
  d: 'dimensions',
  t: 'time dimension',
  f: 'filters',
  o: 'sort',
  l: 'row limit',
  v: 'chart type',
};
const KINDS_EN: Record<string, string> = { m: 'a measure', d: 'a dimension', t: 'a time dimension' };

/** A link's problem in English, naming members by their titles, never by the link's paths ("f[2]"). */
function problemEn(problem: ExploreProblem, member: string | undefined): string {
  const name = `“${member ?? problem.member ?? ''}”`;
  const where = part(problem.path, PARTS_EN);
  switch (problem.code) {
    case 'unreadable':
    case 'too-long':
      return 'The link could not be read.';
    case 'too-many':
      return `Too many ${where}: the first ones are kept.`;
    case 'unknown-member':
      return problem.path.startsWith('o')
        ? `Cannot sort by ${name}: it is not in the question.`
        : `${name} is not in the data model.`;
    case 'hidden-member':
      return `${name} is not available to you.`;
    case 'wrong-kind':
      return `${name} cannot be used as ${KINDS_EN[problem.path.charAt(0)] ?? 'this'}.`;
    case 'bad-operator':
      return `The filter on ${name} has a condition it does not take.`;
    case 'bad-values':
      return `The filter on ${name} has values it does not take${problem.reason ? ` (${problem.reason})` : ''}.`;
    case 'bad-field':
      return `The ${where} could not be read.`;
  }
}

const PARTS_DE = {
  m: 'Kennzahlen',
  d: 'Dimensionen',
  t: 'Zeitdimension',
  f: 'Filter',
  o: 'Sortierung',
  l: 'Zeilenlimit',
  v: 'Diagrammtyp',
};
const KINDS_DE: Record<string, string> = { m: 'Kennzahl', d: 'Dimension', t: 'Zeitdimension' };

/** A link's problem in German. */
function problemDe(problem: ExploreProblem, member: string | undefined): string {
  const name = `„${member ?? problem.member ?? ''}“`;
  const where = part(problem.path, PARTS_DE);
  switch (problem.code) {
    case 'unreadable':
    case 'too-long':
      return 'Der Link konnte nicht gelesen werden.';
    case 'too-many':
      return `Zu viele Einträge (${where}): die ersten werden behalten.`;
    case 'unknown-member':
      return problem.path.startsWith('o')
        ? `Nach ${name} kann nicht sortiert werden: es ist nicht Teil der Frage.`
        : `${name} gibt es im Datenmodell nicht.`;
    case 'hidden-member':
      return `${name} steht Ihnen nicht zur Verfügung.`;
    case 'wrong-kind':
      return `${name} ist keine ${KINDS_DE[problem.path.charAt(0)] ?? 'passende Angabe'}.`;
    case 'bad-operator':
      return `Der Filter auf ${name} hat eine Bedingung, die er nicht annimmt.`;
    case 'bad-values':
      return `Der Filter auf ${name} hat Werte, die er nicht annimmt.`;
    case 'bad-field':
      return `Die Angabe „${where}“ konnte nicht gelesen werden.`;
  }
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
  fromAfterTo: 'The start is after the end',
  filters: 'Filters',
  addFilter: 'Add a filter on',
  chooseMember: 'Choose a member',
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
  timeOnly: (dimension) => `Pick a granularity for ${dimension}, or a measure or a dimension, to see a result.`,
  title: (measures, dimensions) =>
    measures.length === 0
      ? listed(dimensions, 'and')
      : dimensions.length
        ? `${listed(measures, 'and')} by ${listed(dimensions, 'and')}`
        : listed(measures, 'and'),
  viewFallback: (wanted, shown) => `${wanted} does not fit this question: shown as ${shown}.`,
  answered: (title, rows, text) => `${title}: ${text} ${rows === 1 ? 'row' : 'rows'}`,
  noRows: (title) => `${title}: no rows`,
  failed: (title) => `${title}: could not load the data`,
  exploreFrom: 'Explore from here',
  reset: 'Reset',
  back: 'Back',
  forward: 'Forward',
  save: 'Save to board',
  problems: 'Some of this question could not be used',
  problem: problemEn,
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
  fromAfterTo: 'Der Beginn liegt nach dem Ende',
  filters: 'Filter',
  addFilter: 'Filter hinzufügen für',
  chooseMember: 'Feld wählen',
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
  timeOnly: (dimension) =>
    `Wählen Sie eine Granularität für ${dimension} oder eine Kennzahl oder Dimension, um ein Ergebnis zu sehen.`,
  title: (measures, dimensions) =>
    measures.length === 0
      ? listed(dimensions, 'und')
      : dimensions.length
        ? `${listed(measures, 'und')} nach ${listed(dimensions, 'und')}`
        : listed(measures, 'und'),
  viewFallback: (wanted, shown) => `${wanted} passt nicht zu dieser Frage: gezeigt als ${shown}.`,
  answered: (title, rows, text) => `${title}: ${text} ${rows === 1 ? 'Zeile' : 'Zeilen'}`,
  noRows: (title) => `${title}: keine Zeilen`,
  failed: (title) => `${title}: Die Daten konnten nicht geladen werden`,
  exploreFrom: 'Von hier aus erkunden',
  reset: 'Zurücksetzen',
  back: 'Zurück',
  forward: 'Vorwärts',
  save: 'Auf Board speichern',
  problems: 'Ein Teil dieser Frage konnte nicht verwendet werden',
  problem: problemDe,
};
