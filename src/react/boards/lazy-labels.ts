// Words of the board that only its lazily loaded parts use (the form adding a widget, a pinned
// answer that follows the filters): their defaults load with those parts, not with `Board`.

/** The words of the lazy board's own parts (part of `BoardLabels`). */
export interface LazyBoardLabels {
  /** The heading of the form adding a widget. Default "Add a widget". */
  addHeading: string;
  /** The choice of what to add. Default "Kind". */
  addKind: string;
  /** The kinds offered: a KPI, a chart, a table, a note. */
  addKinds: Record<'kpi' | 'chart' | 'table' | 'text', string>;
  /** The measure of a KPI, chart or table. Default "Measure". */
  addMeasure: string;
  /** What a chart or table breaks the measure down by. Default "By". */
  addBy: string;
  /** No breakdown: one total. Default "Nothing (one total)". */
  addByNothing: string;
  /** The time steps of a time dimension. Default "Per". */
  addGranularity: string;
  /** Names of the time steps. */
  addGranularities: Record<'day' | 'week' | 'month' | 'quarter' | 'year', string>;
  /** The widget's title. Default "Title (optional)". */
  addTitle: string;
  /** A note's text. Default "Text". */
  addText: string;
  /** Adds the widget. Default "Add". */
  addSubmit: string;
  /** Closes the form. Default "Cancel". */
  addCancel: string;
  /** While the data model's members load. */
  addLoading: string;
  /** When the data model has no measures to offer (or could not be read): a note can still be added. */
  addNoMembers: string;
  /** Announced after a widget is added. */
  added: (name: string) => string;
  /** Announced after a key move onto another widget, which took the moved one's place (1-based column and row). */
  swapped: (name: string, other: string, column: number, row: number) => string;
  /** Under a pinned answer drawn from the data model: live, and it follows the board's filters. */
  answerFollows: string;
}

/** The default {@link LazyBoardLabels}. */
export const DEFAULT_LAZY_BOARD_LABELS: LazyBoardLabels = {
  addHeading: 'Add a widget',
  addKind: 'Kind',
  addKinds: { kpi: 'KPI', chart: 'Chart', table: 'Table', text: 'Note' },
  addMeasure: 'Measure',
  addBy: 'By',
  addByNothing: 'Nothing (one total)',
  addGranularity: 'Per',
  addGranularities: { day: 'Day', week: 'Week', month: 'Month', quarter: 'Quarter', year: 'Year' },
  addTitle: 'Title (optional)',
  addText: 'Text',
  addSubmit: 'Add',
  addCancel: 'Cancel',
  addLoading: 'Loading the data model…',
  addNoMembers: 'The data model has no measures to show here: a note can still be added.',
  added: (name) => `${name} added.`,
  swapped: (name, other, column, row) =>
    `${name} moved to column ${column}, row ${row}, swapping places with ${other}.`,
  answerFollows: "Live, with your data access and the board's filters.",
};
