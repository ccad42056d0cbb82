import type { DataError, SemanticQuery } from '../../protocol';
import type { Drilldown } from '../bridge/use-dashboard-chat-bridge';
import type { ResultLabels } from '../charts/labels';
import type { WidgetErrorLabels } from './WidgetBoundary';
import type { QueryChartKind } from './query-chart-spec';
import type { DrillProps } from './drill/drill-types';
import type { WidgetAnswer } from './widget-answer';

// The props and words of `QueryChart`, apart from its lazily loaded view: the entry holds
// only these types and the box that keeps the chart's place.

/** Words of a {@link QueryChart} (for another language, replace them all). */
export interface QueryChartLabels extends WidgetErrorLabels {
  /** While the answer loads (to screen readers). Default "Loading". */
  loading: string;
  /** While the server answers "Continue wait". Default "Still running…". */
  waiting: string;
  /** When the query answered no rows. Default "No data". */
  empty: string;
  /** The title made from the members' short titles: "Revenue by Region". */
  title: (measures: string[], dimensions: string[]) => string;
  /** A week's label in tooltips and tables: "Week of Jan 8, 2024". */
  weekOf: (day: string) => string;
  /** Series names when several measures share a chart. Defaults "Measure" and "Value". */
  measure: string;
  value: string;
  /** Name of the keyboard list of marks that drill down. Default "Drill down". */
  drilldown: string;
  /** One entry of that list: "Europe: $1.2M". */
  mark: (label: string, value: string | undefined) => string;
  /** Under a chart of a very long answer: "The first 2,000 of 200,000 rows are drawn". */
  undrawn: (drawn: string, total: string) => string;
  /** When the answer filled the rows a chart asks for (2,000): "The first 2,000 rows are drawn; there may be more". */
  limited: (drawn: string) => string;
  /** When values were not what their column says: "3 values were not valid: shown as gaps" (`text`: the count in the locale). */
  missing: (count: number, text: string) => string;
}

/** Props of {@link QueryChart}. */
export interface QueryChartProps extends DrillProps {
  /** The semantic-layer query; the enclosing `SemanticFilters` apply to it. */
  query: SemanticQuery;
  /** The chart's title. Default: from the members' short titles ("Revenue by Region"). */
  title?: string;
  /**
   * The chart. Default: from the query's shape (time → line, one dimension → bars, two →
   * stacked bars, measures alone → the number). A kind the columns cannot draw is ignored.
   */
  kind?: QueryChartKind;
  /** Two dimensions: stacked bars (default) or grouped ones (`false`). */
  stack?: boolean;
  /** Height of the chart itself, in pixels (the widget adds its title and toolbar). Default 260. */
  height?: number;
  /** The View/Export toolbar (chart type switch, CSV, PNG, SVG). Default true. */
  toolbar?: boolean;
  /**
   * A click on a bar or a point (or Enter on the same mark in the keyboard list): the member
   * along the chart's axis and the mark's value, the shape of a dashboard's drilldown, with
   * what the chart shows (`context`: its `equals` filters, the shared ones included, and its
   * date range as days), so `useDashboardChatBridge`'s `dashboardProps.onDrilldown` asks the
   * chat about the clicked number. With the drill menu on (`drill`), it is the menu's "Ask
   * the analyst" instead.
   */
  onDrilldown?: (drilldown: Drilldown) => void;
  /** Locale of numbers and dates. Default: the theme's, else `en-US`. */
  locale?: string;
  labels?: Partial<QueryChartLabels>;
  /** The toolbar's words (the chat's `ResultLabels`), over the English defaults. */
  toolbarLabels?: Partial<ResultLabels>;
  /** Relative date ranges (for filling missing periods) are read against this day. Default today. */
  today?: Date;
  /** This chart's data errors (the provider's `onError` hears them too). */
  onError?: (error: DataError) => void;
  /**
   * Each answer the chart shows, once it is in (a drilled step's too): its title, rows and
   * state, for the host's own announcement ("Revenue by Region: 4 rows"). Not while loading.
   * The chart then leaves saying its answer to the host: its loading is not a live status.
   */
  onAnswer?: (answer: WidgetAnswer) => void;
  className?: string;
}

/** The chart's height unless `height` says otherwise. */
export const DEFAULT_QUERY_CHART_HEIGHT = 260;
/** Room for the title and the toolbar above the chart, in pixels (see styles.css, `.ek-qchart`). */
export const QUERY_CHART_CHROME = 84;
