import { lazy, Suspense, useId, type CSSProperties } from 'react';
import type { DataError, DateRange, Granularity, QueryFilter, SemanticQuery } from '../../protocol';
import { daysIn, previousPeriod, resolveDayRange, type DayRange } from '../../protocol/semantic/date-range';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { answerNotes, capText } from './cap-text';
import { applyFilters } from './data/apply-filters';
import { loadedDataClient } from './data/load-data-client';
import { memberFormatter } from './data/member-format';
import { useSemanticFilters } from './data/SemanticFilters';
import { useSemanticQuery } from './data/use-semantic-query';
import {
  DEFAULT_WIDGET_ERROR_LABELS,
  useReportError,
  useRetryQueries,
  WidgetBoundary,
  WidgetError,
  type WidgetErrorLabels,
} from './WidgetBoundary';
import type { Drilldown } from '../bridge/use-dashboard-chat-bridge';
import type { DrillProps } from './drill/drill-types';

/** Words of a {@link KpiCard} (for another language, replace them all). */
export interface KpiCardLabels extends WidgetErrorLabels {
  /** The change against the previous period, e.g. "Up 12.5% vs previous period". */
  change: (direction: 'up' | 'down' | 'flat', percent: string) => string;
  /** When the previous period had nothing to compare with. Default "No previous period to compare". */
  noComparison: string;
  /** Shown for a value while it loads (to screen readers). Default "Loading". */
  loading: string;
  /** When the query answered no value. Default "No data". */
  empty: string;
  /** The sparkline's accessible name, from its first and last values. */
  trend: (from: string, to: string) => string;
  /** "Still running" while the server answers "Continue wait". */
  waiting: string;
  /** When the answer's value is not a number (shown as "—"). Default "The value is not a valid number". */
  invalid: string;
}

/** The default {@link KpiCardLabels}. */
export const DEFAULT_KPI_LABELS: KpiCardLabels = {
  ...DEFAULT_WIDGET_ERROR_LABELS,
  change: (direction, percent) =>
    direction === 'flat'
      ? 'No change vs previous period'
      : `${direction === 'up' ? 'Up' : 'Down'} ${percent} vs previous period`,
  noComparison: 'No previous period to compare',
  loading: 'Loading',
  empty: 'No data',
  trend: (from, to) => `Trend from ${from} to ${to}`,
  waiting: 'Still running…',
  invalid: 'The value is not a valid number',
};

/** Props of {@link KpiCard}. */
export interface KpiCardProps extends DrillProps {
  /** The measure (`orders.revenue`). */
  measure: string;
  /** The card's title. Default: the measure's short title from the data API. */
  title?: string;
  /** The time dimension the date range and the sparkline use. Default: the `SemanticFilters`' `dateDimension`. */
  timeDimension?: string;
  /** The period. Default: the `SemanticFilters`' date range; without one, the value of all time. */
  dateRange?: DateRange;
  /** Show the change against the previous period of the same length. Default true (with a date range). */
  compare?: boolean;
  /** Show a small trend line over the period. Default false. */
  sparkline?: boolean;
  /** Which direction is good news (for costs, `'down'`). Default `'up'`. */
  goodDirection?: 'up' | 'down';
  /** More filters, on top of the shared ones. */
  filters?: QueryFilter[];
  /** Locale of numbers. Default: the theme's, else `en-US`. */
  locale?: string;
  /** The words, for another language. */
  labels?: Partial<KpiCardLabels>;
  /** Relative date ranges are read against this day. Default today. */
  today?: Date;
  /** This card's data errors (the provider's `onError` hears them too). */
  onError?: (error: DataError) => void;
  /** The drill menu's "Ask the analyst" (with `drill`): the value's measure and period, as a chart's drilldown. */
  onDrilldown?: (drilldown: Drilldown) => void;
  className?: string;
}

const ARROWS = { up: '▲', down: '▼', flat: '▶' } as const;
/** Values this large (in absolute terms) show compact. */
const COMPACT_FROM = 10_000;

// The trend line loads with the first card that shows one (started at its first render, while
// its data loads); its box is held meanwhile.
const KpiSparkline = lazy(() => import('./KpiSparkline').then((module) => ({ default: module.KpiSparkline })));
// The drill button and menu load with the first drillable card; its body shows meanwhile.
const KpiDrill = lazy(() => import('./drill/KpiDrill').then((module) => ({ default: module.KpiDrill })));

/**
 * One number from the semantic layer: the measure over the period, formatted from its
 * meta (currency with its code, percent, d3 specifiers), its change against the previous
 * period of the same length in words and an arrow (colour is never the only signal), and
 * an optional sparkline. Its size is fixed while it loads; an error shows inside it with
 * Retry, and never reaches another widget.
 */
export function KpiCard(props: KpiCardProps) {
  return (
    <WidgetBoundary className="ek-kpi" labels={{ ...DEFAULT_KPI_LABELS, ...props.labels }} onError={props.onError}>
      <KpiCardView {...props} />
    </WidgetBoundary>
  );
}

function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function KpiCardView(props: KpiCardProps) {
  const { measure, compare = true, sparkline = false, goodDirection = 'up', onError } = props;
  const labels = { ...DEFAULT_KPI_LABELS, ...props.labels };
  const theme = useTheme();
  const locale = props.locale ?? theme.locale ?? 'en-US';
  const shared = useSemanticFilters();
  const timeDimension = props.timeDimension ?? shared?.dateDimension;
  const range = props.dateRange ?? shared?.value.dateRange;
  // Cheap, and the queries are keyed by content: no memo needed. Read as the data API reads
  // it, so the previous period ends the day before this one starts.
  const days: DayRange | undefined =
    range === undefined || !timeDimension ? undefined : resolveDayRange(range, (props.today ?? new Date()).getTime());
  // A range that is not whole days (`last 6 hours`) goes as written, with nothing to compare.
  const period = timeDimension ? (days ?? range) : undefined;
  // The shared member values apply; the period is this card's own (the previous one differs).
  const base = applyFilters(
    { measures: [measure], ...(props.filters?.length ? { filters: props.filters } : {}) },
    shared ? { values: shared.value.values } : undefined,
  );
  const withRange = (dateRange: DateRange, granularity?: Granularity): SemanticQuery => ({
    ...base,
    timeDimensions: [{ dimension: timeDimension!, dateRange, ...(granularity ? { granularity } : {}) }],
  });
  const sent = period ? withRange(period) : base;
  const current = useSemanticQuery(sent, { applyFilters: false });
  const previous = useSemanticQuery(days ? withRange(previousPeriod(days)) : base, {
    applyFilters: false,
    enabled: Boolean(days && compare),
  });
  const granularity = days ? sparklineGranularity(days) : undefined;
  const trend = useSemanticQuery(days ? withRange(days, granularity) : base, {
    applyFilters: false,
    enabled: Boolean(days && sparkline),
  });
  useRetryQueries([current.query, previous.query, trend.query]);
  const error = current.error ?? (compare && days ? previous.error : null) ?? (sparkline && days ? trend.error : null);
  useReportError(error, onError);
  const id = useId();

  const annotation = current.data?.annotation.measures[measure];
  const format = memberFormatter(annotation, { locale, custom: loadedDataClient()?.customNumberFormat });
  const fullTitle = props.title ?? annotation?.shortTitle ?? annotation?.title;
  // Capped where drawn, whole in the heading's title attribute.
  const title = fullTitle === undefined ? undefined : capText(fullTitle, 120);
  const first = current.data?.data[0];
  const raw = first && Object.hasOwn(first, measure) ? first[measure] : undefined;
  const value = numberOf(raw);
  // A value that is there but no number ("NaN", "abc"), or one the data client set aside:
  // shown as missing, and said, never as NaN or "No data".
  const invalid =
    value === undefined && ((raw !== null && raw !== undefined && raw !== '') || answerNotes(current.data).missing > 0);
  const before = numberOf(previous.data?.data[0]?.[measure]);
  const loading = current.isPending;
  // From 10,000 the value reads compact ("$540.3K", "$6.3M"), as a card may be 180 px wide,
  // and a text still too long for its card (a locale's "-999,9 Mio. $", a d3 format) gets a
  // smaller font (styles.css, from its length). Chosen from the text, never measured, so
  // nothing moves once it shows. The exact value stays in the title and is what a screen
  // reader reads.
  const exact = value === undefined ? undefined : format(value, 'full');
  const shown = value !== undefined && Math.abs(value) >= COMPACT_FROM ? format(value, 'axis') : exact;

  let change: { text: string; direction: 'up' | 'down' | 'flat' } | undefined;
  if (days && compare && !previous.isPending && value !== undefined) {
    if (before === undefined || before === 0) change = { text: labels.noComparison, direction: 'flat' };
    else {
      const ratio = (value - before) / Math.abs(before);
      const direction = Math.abs(ratio) < 0.0005 ? 'flat' : ratio > 0 ? 'up' : 'down';
      const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        Math.abs(ratio),
      );
      change = { text: labels.change(direction, percent), direction };
    }
  }

  const retry = () => {
    void current.refetch();
    if (compare && days) void previous.refetch();
    if (sparkline && days) void trend.refetch();
  };

  const body = (
    <>
      <p className="ek-kpi__value" title={exact}>
        {loading ? (
          <span className="ek-kpi__placeholder">{current.waiting ? labels.waiting : labels.loading}</span>
        ) : invalid ? (
          <span className="ek-kpi__empty">—</span>
        ) : value === undefined ? (
          <span className="ek-kpi__empty">{labels.empty}</span>
        ) : (
          <>
            <span
              className="ek-kpi__number"
              style={{ '--ek-kpi-chars': shown!.length } as CSSProperties}
              aria-hidden={shown !== exact || undefined}
            >
              {shown}
            </span>
            {shown !== exact && <span className="ek-sr-only">{exact}</span>}
          </>
        )}
      </p>
      <p
        className="ek-kpi__change"
        data-direction={change?.direction}
        data-good={change ? isGood(change.direction, goodDirection) : undefined}
      >
        {invalid && !loading && labels.invalid}
        {change && (
          <>
            <span className="ek-kpi__arrow" aria-hidden="true">
              {ARROWS[change.direction]}
            </span>{' '}
            {change.text}
          </>
        )}
      </p>
      {sparkline && (
        <Suspense fallback={<svg className="ek-kpi__spark" aria-hidden="true" />}>
          <KpiSparkline
            // A period whose value is missing or not a number is left out, not drawn as 0.
            values={(trend.data?.data ?? []).map((row) => numberOf(row[measure])).filter((v) => v !== undefined)}
            label={(from, to) => labels.trend(format(from), format(to))}
          />
        </Suspense>
      )}
    </>
  );

  return (
    <ThemedRoot
      // A group, not a landmark: a page of cards is not a page of regions (and cards still
      // loading share a name).
      role="group"
      className={['ek-kpi', props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-busy={current.isFetching || undefined}
      data-state={error ? 'error' : loading ? 'loading' : 'ready'}
      data-sparkline={sparkline || undefined}
    >
      <h3 id={`${id}-title`} className="ek-kpi__title" title={title === fullTitle ? undefined : fullTitle}>
        {title ?? <span className="ek-kpi__placeholder">{labels.loading}</span>}
      </h3>
      {error ? (
        <WidgetError error={error} onRetry={retry} labels={labels} />
      ) : (props.drill ?? Boolean(props.drillActions || props.onExplore)) ? (
        <Suspense fallback={body}>
          <KpiDrill {...props} query={sent} title={fullTitle ?? measure} ready={value !== undefined}>
            {body}
          </KpiDrill>
        </Suspense>
      ) : (
        body
      )}
    </ThemedRoot>
  );
}

/** A sparkline's granularity for a range: days up to two months, weeks up to half a year, else months. */
function sparklineGranularity(days: DayRange): Granularity {
  const count = daysIn(days);
  return count <= 62 ? 'day' : count <= 183 ? 'week' : 'month';
}

function isGood(direction: 'up' | 'down' | 'flat', good: 'up' | 'down'): 'true' | 'false' | undefined {
  return direction === 'flat' ? undefined : direction === good ? 'true' : 'false';
}
