import { useId } from 'react';
import type { DataError, DateRange, Granularity, QueryFilter, SemanticQuery } from '../../protocol';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { applyFilters } from './data/apply-filters';
import { previousPeriod, resolveDateRange, sparklineGranularity, type DayRange } from './data/date-range';
import { loadedDataClient } from './data/load-data-client';
import { memberFormatter } from './data/member-format';
import { useSemanticFilters } from './data/SemanticFilters';
import { useSemanticQuery } from './data/use-semantic-query';
import {
  DEFAULT_WIDGET_ERROR_LABELS,
  useReportError,
  WidgetBoundary,
  WidgetError,
  type WidgetErrorLabels,
} from './WidgetBoundary';

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
};

/** Props of {@link KpiCard}. */
export interface KpiCardProps {
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
  className?: string;
}

const ARROWS = { up: '▲', down: '▼', flat: '▶' } as const;

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
  // Cheap, and the queries are keyed by content: no memo needed.
  const days: DayRange | undefined =
    range === undefined || !timeDimension ? undefined : resolveDateRange(range, props.today);
  // The shared member values apply; the period is this card's own (the previous one differs).
  const base = applyFilters(
    { measures: [measure], ...(props.filters?.length ? { filters: props.filters } : {}) },
    shared ? { values: shared.value.values } : undefined,
  );
  const withRange = (period: DayRange, granularity?: Granularity): SemanticQuery => ({
    ...base,
    timeDimensions: [{ dimension: timeDimension!, dateRange: period, ...(granularity ? { granularity } : {}) }],
  });
  const current = useSemanticQuery(days ? withRange(days) : base, { applyFilters: false });
  const previous = useSemanticQuery(days ? withRange(previousPeriod(days)) : base, {
    applyFilters: false,
    enabled: Boolean(days && compare),
  });
  const granularity = days ? sparklineGranularity(days) : undefined;
  const trend = useSemanticQuery(days ? withRange(days, granularity) : base, {
    applyFilters: false,
    enabled: Boolean(days && sparkline),
  });
  const error = current.error ?? (compare && days ? previous.error : null) ?? (sparkline && days ? trend.error : null);
  useReportError(error, onError);
  const id = useId();

  const annotation = current.data?.annotation.measures[measure];
  const format = memberFormatter(annotation, { locale, custom: loadedDataClient()?.customNumberFormat });
  const title = props.title ?? annotation?.shortTitle ?? annotation?.title;
  const value = numberOf(current.data?.data[0]?.[measure]);
  const before = numberOf(previous.data?.data[0]?.[measure]);
  const loading = current.isPending;

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

  return (
    <ThemedRoot
      as="section"
      className={['ek-kpi', props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-busy={current.isFetching || undefined}
      data-state={error ? 'error' : loading ? 'loading' : 'ready'}
      data-sparkline={sparkline || undefined}
    >
      <h3 id={`${id}-title`} className="ek-kpi__title">
        {title ?? <span className="ek-kpi__placeholder">{labels.loading}</span>}
      </h3>
      {error ? (
        <WidgetError error={error} onRetry={retry} labels={labels} />
      ) : (
        <>
          <p className="ek-kpi__value">
            {loading ? (
              <span className="ek-kpi__placeholder">{current.waiting ? labels.waiting : labels.loading}</span>
            ) : value === undefined ? (
              <span className="ek-kpi__empty">{labels.empty}</span>
            ) : (
              format(value)
            )}
          </p>
          <p
            className="ek-kpi__change"
            data-direction={change?.direction}
            data-good={change ? isGood(change.direction, goodDirection) : undefined}
          >
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
            <Sparkline
              values={(trend.data?.data ?? []).map((row) => numberOf(row[measure]) ?? 0)}
              label={(from, to) => labels.trend(format(from), format(to))}
            />
          )}
        </>
      )}
    </ThemedRoot>
  );
}

function isGood(direction: 'up' | 'down' | 'flat', good: 'up' | 'down'): 'true' | 'false' | undefined {
  return direction === 'flat' ? undefined : direction === good ? 'true' : 'false';
}

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 32;

/** A trend line as SVG (no chart library), in the card's fixed box. */
function Sparkline({ values, label }: { values: number[]; label: (from: number, to: number) => string }) {
  if (values.length < 2)
    return <svg className="ek-kpi__spark" aria-hidden="true" viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`} />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * SPARK_WIDTH).toFixed(1)},${(SPARK_HEIGHT - 2 - ((v - min) / span) * (SPARK_HEIGHT - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      className="ek-kpi__spark"
      role="img"
      aria-label={label(values[0]!, values[values.length - 1]!)}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
