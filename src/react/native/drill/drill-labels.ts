import type { Granularity } from '../../../protocol';
import type { DrillLabels } from './drill-types';

const PLURAL: Record<Granularity, string> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};

/** The default {@link DrillLabels}. */
export const DEFAULT_DRILL_LABELS: DrillLabels = {
  menu: (datum) => `Drill into ${datum}`,
  breakDown: (dimension) => `Break down by ${dimension}`,
  zoomIn: (granularity) => `Zoom in to ${PLURAL[granularity]}`,
  seeRows: 'See the rows',
  ask: 'Ask the analyst',
  filter: 'Filter the board to this',
  explore: 'Open in explorer',
  back: (title) => `← ${title}`,
  drilled: (title, datum) => `${title} (${datum})`,
  rows: (datum) => `Rows of ${datum}`,
  rowsGrouped: 'This data model lists no single rows here: each combination of values is shown once.',
  actions: 'Actions',
  rowMenu: (row) => `Actions for ${row}`,
};
