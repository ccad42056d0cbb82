import type { ChartType } from './chart-types';

/**
 * Every string of a result's toolbar (chart type switch and downloads), in one object a
 * host can replace in part: `<ResultChart labels>`, or the chat's `labels` (where the same
 * keys apply to every result). Functions take what varies.
 */
export interface ResultLabels {
  /** Accessible name of the toolbar. */
  toolbar: string;
  /** The chart type menu's button: what is shown now. */
  chartTypeMenu: (current: string) => string;
  /** A chart type's name in the switch. */
  chartType: (type: ChartType) => string;
  /** The agent's own chart, when it is none of the types the switch offers (a pie, a heat map). */
  chartAsAnswered: string;
  /** The export menu's button (downloads and copy). */
  exportMenu: string;
  /**
   * Download CSV: `all` when the file has every row of the result (`rows` of them), else the
   * rows shown (`rows` of `total`).
   */
  downloadCsv: (rows: number, all: boolean, total: number) => string;
  copyTsv: (rows: number) => string;
  downloadPng: string;
  downloadSvg: string;
  /** Status while all rows load for a download. */
  preparing: string;
  /** Status after copying. */
  copiedRows: (rows: number) => string;
  /** Status after a download started. */
  downloaded: (file: string) => string;
  /** Status after an export failed (the cause goes to the console, not the user). */
  exportFailed: string;
}

// One formatter for every toolbar: `toLocaleString` with a locale builds a new one per call.
let numbers: Intl.NumberFormat | undefined;
const number = (n: number) => (numbers ??= new Intl.NumberFormat('en-US')).format(n);
const count = (rows: number) => `${number(rows)} ${rows === 1 ? 'row' : 'rows'}`;

const TYPE_NAMES: Record<ChartType, string> = {
  bar: 'Bar',
  'horizontal-bar': 'Horizontal bar',
  line: 'Line',
  area: 'Area',
  point: 'Points',
  table: 'Table',
};

/** The English defaults of {@link ResultLabels}. */
export const defaultResultLabels: ResultLabels = {
  toolbar: 'Result actions',
  chartTypeMenu: (current) => `View: ${current}`,
  chartType: (type) => TYPE_NAMES[type],
  chartAsAnswered: 'As answered',
  exportMenu: 'Export',
  downloadCsv: (rows, all, total) =>
    all ? `Download CSV (all ${count(rows)})` : `Download CSV (the ${count(rows)} shown, of ${number(total)})`,
  copyTsv: (rows) => `Copy ${count(rows)} as TSV`,
  downloadPng: 'Download chart as PNG',
  downloadSvg: 'Download chart as SVG',
  preparing: 'Preparing the file…',
  copiedRows: (rows) => `Copied ${count(rows)}`,
  downloaded: (file) => `Downloaded ${file}`,
  exportFailed: 'That did not work. Try again.',
};
