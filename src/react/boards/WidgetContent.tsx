import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AnswerWidget, BoardWidget, KnownWidget } from '../../protocol/board/widget';
import { isKnownWidget } from '../../protocol/board/widget';
import { KpiCard } from '../native/KpiCard';
import { QueryChart } from '../native/QueryChart';
import { QueryTable } from '../native/QueryTable';
import { QUERY_CHART_CHROME } from '../native/query-chart-types';
import { sameExceptPlace } from './board-state';
import type { BoardLabels } from './labels';
import { PinnedResult } from './pinned/PinnedResult';

/** What the content of a cell needs: the widget, the height it has, the words. */
export interface WidgetContentProps {
  widget: BoardWidget;
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
 * One widget's content: the native KPI, chart and table (with the board's shared filters),
 * a note as plain text, a pinned answer, or, for a kind this version does not know, "Not
 * supported here". Redrawn only when the widget itself or its height changes, never for a
 * move (the bench counts it).
 */
export const WidgetContent = memo(
  function WidgetContent({ widget, height, labels, today, locale }: WidgetContentProps) {
    if (!isKnownWidget(widget)) return <Unsupported kind={widget.kind} labels={labels} />;
    return <Known widget={widget} height={height} labels={labels} today={today} locale={locale} />;
  },
  (a, b) =>
    a.height === b.height &&
    a.labels === b.labels &&
    a.today === b.today &&
    a.locale === b.locale &&
    sameExceptPlace(a.widget, b.widget),
);

function Known({ widget, height, labels, today, locale }: WidgetContentProps & { widget: KnownWidget }) {
  const common = { ...(widget.title ? { title: widget.title } : {}), ...(locale ? { locale } : {}) };
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
      return <PinnedAnswer widget={widget} labels={labels} />;
  }
}

/**
 * A pinned answer: its title and question, its rows run again live under the viewer's
 * identity (the data API's SQL route) and drawn as pinned, and its SQL, kept as they are. The
 * board's filters do not reach its SQL, and it says so.
 */
function PinnedAnswer({ widget, labels }: { widget: AnswerWidget; labels: BoardLabels }) {
  return (
    <Scrolling className="ek-board__answer" label={labels.name(widget)}>
      <h3 className="ek-board__note-title">{widget.title}</h3>
      {widget.question ? <p className="ek-board__answer-question">{widget.question}</p> : null}
      <PinnedResult widget={widget} labels={labels} />
      <p className="ek-board__muted">{labels.answerLive}</p>
      <details className="ek-board__answer-sql">
        <summary>{labels.sql}</summary>
        <pre>{widget.sqlQuery}</pre>
      </details>
    </Scrolling>
  );
}

function Unsupported({ kind, labels }: { kind: string; labels: BoardLabels }) {
  return (
    <div className="ek-board__unsupported">
      <strong>{labels.unsupported}</strong>
      <span className="ek-board__muted">{labels.unsupportedDetail(kind.slice(0, 64))}</span>
    </div>
  );
}

/**
 * A box whose text may be longer than its cell: when it is, it scrolls and takes focus, so
 * the keyboard can scroll it too (and it is named, as a focusable region must be).
 */
function Scrolling({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [children]);
  return (
    <div ref={ref} className={className} {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
