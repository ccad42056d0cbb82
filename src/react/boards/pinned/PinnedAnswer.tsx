import { useMemo } from 'react';
import type { AnswerWidget } from '../../../protocol/board/widget';
import { chartKindOf, pinnedQuery } from '../../../protocol/board/pinned-query';
import { useSemanticMeta } from '../../native/data/use-semantic-query';
import { QueryChart } from '../../native/QueryChart';
import { QUERY_CHART_CHROME } from '../../native/query-chart-types';
import { QueryTable } from '../../native/QueryTable';
import { useBoardDrill } from '../board-drill';
import type { BoardLabels } from '../labels';
import { Scrolling } from '../Scrolling';
import { PinnedResult } from './PinnedResult';

// A pinned answer on the board. Where its SQL is one grouped query over one cube or view of
// the data model, it is drawn as that semantic query by the native chart or table, so the
// board's (and the page's) filters reach it as JSON filter values, never spliced into SQL.
// Otherwise its SQL runs as pinned, and the widget says the board's filters do not apply.

/** The line under a native pinned answer, its title over a table, and a table's chrome and one row (styles.css). */
const FOOT = 24;
const TITLE = 24;
const TABLE_CHROME = 84;
const TABLE_ROW = 33;

/** Props of {@link PinnedAnswer}. */
export interface PinnedAnswerProps {
  widget: AnswerWidget;
  labels: BoardLabels;
  /** Pixels the widget may take. */
  height: number;
  today?: Date;
  locale?: string;
}

/** A pinned answer: native (following the board's filters) where its SQL allows, else its SQL as pinned. */
export function PinnedAnswer({ widget, labels, height, today, locale }: PinnedAnswerProps) {
  const meta = useSemanticMeta();
  // Drawn natively, it drills like the board's other widgets.
  const drill = useBoardDrill();
  const query = useMemo(
    () => pinnedQuery(widget.sqlQuery, widget.view, meta.data),
    [widget.sqlQuery, widget.view, meta.data],
  );
  // Until the data model is known it is not known which way the answer goes (it is cached,
  // and the board's other widgets ask for it too). A data model that cannot be read: as pinned.
  if (meta.isPending)
    return (
      <div className="ek-skeleton ek-board__answer-loading" role="status">
        <span className="ek-sr-only">{labels.answerLoading}</span>
      </div>
    );
  if (query) {
    const common = { title: widget.title, ...(locale ? { locale } : {}), ...drill };
    return (
      <div className="ek-board__answer-native" data-follows-filters="">
        {widget.view === 'table' ? (
          <>
            {/* A table's own title is its caption, for screen readers: the answer's shows, as pinned. */}
            <h3 className="ek-board__note-title">{widget.title}</h3>
            <QueryTable
              {...common}
              query={query}
              pageSize={Math.max(1, Math.floor((height - TITLE - FOOT - TABLE_CHROME) / TABLE_ROW) - 1)}
            />
          </>
        ) : (
          <QueryChart
            {...common}
            query={query}
            kind={chartKindOf(widget.vegaSpec)}
            height={Math.max(40, height - FOOT - QUERY_CHART_CHROME)}
            today={today}
          />
        )}
        <p className="ek-board__answer-foot" title={widget.question}>
          {labels.answerFollows}
        </p>
      </div>
    );
  }
  return (
    <Scrolling className="ek-board__answer" label={labels.name(widget)}>
      <h3 className="ek-board__note-title">{widget.title}</h3>
      {widget.question ? <p className="ek-board__answer-question">{widget.question}</p> : null}
      <PinnedResult widget={widget} labels={labels} />
      <p className="ek-board__muted" data-filters-do-not-apply="">
        {labels.answerLive}
      </p>
      <details className="ek-board__answer-sql">
        <summary>{labels.sql}</summary>
        <pre>{widget.sqlQuery}</pre>
      </details>
    </Scrolling>
  );
}
