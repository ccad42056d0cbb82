import { memo } from 'react';
import type { BoardWidget, KnownWidget } from '../../protocol/board/widget';
import { isKnownWidget } from '../../protocol/board/widget';
import { KpiCard } from '../native/KpiCard';
import { QueryChart } from '../native/QueryChart';
import { QueryTable } from '../native/QueryTable';
import { QUERY_CHART_CHROME } from '../native/query-chart-types';
import { useBoardDrill } from './board-drill';
import { sameExceptPlace } from './board-state';
import type { BoardLabels } from './labels';
import { PinnedAnswer } from './pinned/PinnedAnswer';
import { Scrolling } from './Scrolling';

/** What the content of a cell needs: the widget, the height it has, the words. */
export interface WidgetContentProps {
  widget: BoardWidget;
  /** Its name (`labels.name`): the title of a table that has none of its own. */
  name: string;
  /** Pixels the widget may take (its cell less the edit strip). */
  height: number;
  labels: BoardLabels;
  today?: Date;
  locale?: string;
}

/** A table's title and pager around its rows, and one row's height (see styles.css, `.ek-qtable`). */
const TABLE_CHROME = 84;
const TABLE_ROW = 33;

/**
 * Whether the widget shows a title of its own (a KPI's, a chart's heading, a pinned answer's, a
 * note's when it has one): then the cell's edit strip does not repeat it. A table's title is
 * its caption, for screen readers: the strip shows its name.
 */
export const showsOwnTitle = (widget: BoardWidget): boolean =>
  isKnownWidget(widget) && widget.kind !== 'table' && (widget.kind !== 'text' || Boolean(widget.title));

/**
 * One widget's content: the native KPI, chart and table (with the board's shared filters),
 * a note as plain text, a pinned answer, or, for a kind this version does not know, "Not
 * supported here". Redrawn only when the widget itself or its height changes, never for a
 * move (the bench counts it).
 */
export const WidgetContent = memo(
  function WidgetContent({ widget, name, height, labels, today, locale }: WidgetContentProps) {
    if (!isKnownWidget(widget)) return <Unsupported kind={widget.kind} labels={labels} />;
    return <Known widget={widget} name={name} height={height} labels={labels} today={today} locale={locale} />;
  },
  (a, b) =>
    a.height === b.height &&
    a.name === b.name &&
    a.labels === b.labels &&
    a.today === b.today &&
    a.locale === b.locale &&
    sameExceptPlace(a.widget, b.widget),
);

function Known({ widget, name, height, labels, today, locale }: WidgetContentProps & { widget: KnownWidget }) {
  // The board's drill-through (on by default): every datum of a KPI, chart or table has its menu.
  const drill = useBoardDrill();
  const common = { ...(widget.title ? { title: widget.title } : {}), ...(locale ? { locale } : {}), ...drill };
  switch (widget.kind) {
    case 'kpi':
      return (
        <KpiCard
          {...common}
          measure={widget.measure}
          timeDimension={widget.timeDimension}
          dateRange={widget.dateRange}
          compare={widget.compare}
          sparkline={widget.sparkline}
          goodDirection={widget.goodDirection}
          filters={widget.filters}
          today={today}
        />
      );
    case 'chart':
      return (
        <QueryChart
          {...common}
          query={widget.query}
          kind={widget.chart}
          height={Math.max(40, height - QUERY_CHART_CHROME)}
          today={today}
        />
      );
    case 'table':
      return (
        <QueryTable
          {...common}
          title={widget.title || name}
          query={widget.query}
          pageSize={Math.max(1, Math.floor((height - TABLE_CHROME) / TABLE_ROW) - 1)}
        />
      );
    case 'text':
      return (
        <Scrolling className="ek-board__note" label={labels.name(widget)}>
          {widget.title ? <h3 className="ek-board__note-title">{widget.title}</h3> : null}
          {/* Plain text, never markup: a note is data from a store, and is shown as typed. */}
          <p className="ek-board__note-text">{widget.text}</p>
        </Scrolling>
      );
    case 'answer':
      return <PinnedAnswer widget={widget} labels={labels} height={height} today={today} locale={locale} />;
  }
}

function Unsupported({ kind, labels }: { kind: string; labels: BoardLabels }) {
  return (
    <div className="ek-board__unsupported">
      <strong>{labels.unsupported}</strong>
      <span className="ek-board__muted">{labels.unsupportedDetail(kind.slice(0, 64))}</span>
    </div>
  );
}
