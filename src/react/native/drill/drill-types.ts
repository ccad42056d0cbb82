import type { Cell, Granularity, SemanticQuery } from '../../../protocol';
import type { ExploreState } from '../../../protocol/explore/state';

// The shapes of drill-through, apart from its lazily loaded menu: widget props name these.

/** One member's value in a datum: a dimension's, or a time dimension's bucket (its start, with its granularity). */
export interface DrillValue {
  member: string;
  value: Cell;
  /** A time bucket's granularity (the value is the bucket's start). */
  granularity?: Granularity;
}

/** The datum a drill menu is about: the query that drew it and its members' values. */
export interface DrillDatum {
  /** The widget's query (the drilled one, after a break down or zoom), before shared filters. */
  query: SemanticQuery;
  /** The datum's dimension and time bucket values (empty for a KPI's value). */
  values: DrillValue[];
  /** What the menu is named after: "Europe", "Jan 2024". */
  label: string;
}

/** One item of the drill menu. */
export interface DrillItem {
  /** Unique in the menu; the built-in ones are `breakdown:<member>`, `zoom`, `rows`, `ask`, `filter`, `explore`. */
  key: string;
  /** The item's text (capped where drawn). */
  label: string;
  /** Starts a new group (a separator above it). */
  group?: boolean;
  /** Called after the menu closed. A throw is contained (see `onActionError`). */
  onSelect: (datum: DrillDatum) => void;
}

/**
 * Changes the drill menu per datum (like Metabase's `mapQuestionClickActions`): return the
 * items to show, added, removed or reordered. A throw, or an answer that is not a list of
 * items, leaves the built-in items (and is reported through `onActionError`).
 */
export type DrillActions = (items: DrillItem[], datum: DrillDatum) => DrillItem[];

/** What a drill in place shows: a query drawn by the widget, or its rows (ungrouped, paged). */
export interface DrillStep {
  query: SemanticQuery;
  /** `rows`: the datum's rows in a table; otherwise the widget draws `query`. */
  rows?: boolean;
  /** The breadcrumb back to the step before: its title. */
  back: string;
  /** This step's title. */
  title: string;
}

/** Words of the drill menu (for another language, replace them all). */
export interface DrillLabels {
  /** The menu's accessible name: "Drill into Europe". */
  menu: (datum: string) => string;
  /** "Break down by Country". */
  breakDown: (dimension: string) => string;
  /** "Zoom in to months". */
  zoomIn: (granularity: Granularity) => string;
  seeRows: string;
  ask: string;
  filter: string;
  explore: string;
  /** The breadcrumb: "← Revenue by region". */
  back: (title: string) => string;
  /** The title of a step: "Revenue by Country (Europe)". */
  drilled: (title: string, datum: string) => string;
  /** The title of a datum's rows: "Rows of Europe". */
  rows: (datum: string) => string;
  /**
   * Above a datum's rows where the server lists no single rows (it wants a primary key the
   * data model hides) and each combination of values is shown once instead.
   */
  rowsGrouped: string;
  /** A table's actions column (to screen readers), and a table's title when it has none. Default "Actions". */
  actions: string;
  /** A row's menu button in a table: "Actions for Europe, $1.2M". */
  rowMenu: (row: string) => string;
}

/** Drill-through props shared by `QueryChart`, `QueryTable` and `KpiCard`. */
export interface DrillProps {
  /**
   * A menu on each datum (a mark, a table row, a KPI's value): break down by another
   * dimension, zoom in to a finer time bucket, see the rows, ask the analyst (with
   * `onDrilldown`), filter the board (inside `SemanticFilters`), open in the explorer (with
   * `onExplore`). Break down, zoom and rows replace the widget's query in place, with a way
   * back. Default: on when `drillActions` or `onExplore` is given; a chart with only
   * `onDrilldown` calls it straight away, as before.
   */
  drill?: boolean;
  /** Adds, removes or reorders the menu's items per datum (see {@link DrillActions}). */
  drillActions?: DrillActions;
  /** "Open in explorer": the explorer's state of the drilled query (`exploreStateFromQuery`). */
  onExplore?: (state: ExploreState) => void;
  /** A host drill item's callback or `drillActions` threw (contained: the widget keeps working). Default `console.error`. */
  onActionError?: (error: unknown) => void;
  /** The drill menu's words, over the English defaults. */
  drillLabels?: Partial<DrillLabels>;
}
