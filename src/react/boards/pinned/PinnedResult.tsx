import { useQuery } from '@tanstack/react-query';
import { DataError, type SqlResult } from '../../../protocol';
// By its path: the key a server's prefetch (semanticSqlOptions) writes the rows under.
import { semanticSqlKey } from '../../../protocol/semantic/sql-result';
import type { AnswerWidget } from '../../../protocol/board/widget';
import { ResultChart } from '../../charts/ResultChart';
import { useSemanticContext } from '../../native/data/SemanticProvider';
import { WidgetError } from '../../native/WidgetBoundary';
import type { BoardLabels } from '../labels';

// A pinned answer, live: its SQL runs again on the data API's SQL route under the viewer's
// own data token (the provider's), so each viewer sees their own rows; drawn with the
// answer's spec (through the chat's spec allow-list) or as a table, as it was pinned.

/** The pinned spec (JSON text, at most 200,000 characters by the definition's schema) as an object, or none. */
function specOf(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const spec: unknown = JSON.parse(text);
    // Checked again where drawn: the chat's allow-list for agent specs applies.
    return typeof spec === 'object' && spec !== null && !Array.isArray(spec)
      ? (spec as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A pinned answer's rows, drawn; an error in its own box with Retry. */
export function PinnedResult({ widget, labels }: { widget: AnswerWidget; labels: BoardLabels }) {
  const { source, client, scope, staleTime } = useSemanticContext();
  const answer = useQuery<SqlResult, DataError>(
    {
      queryKey: semanticSqlKey(widget.sqlQuery, scope),
      queryFn: ({ signal }) =>
        source.sql
          ? source.sql(widget.sqlQuery, signal)
          : Promise.reject(new DataError('server', 'this data source has no SQL route')),
      staleTime,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && error.retryable,
    },
    client,
  );
  const spec = specOf(widget.vegaSpec);
  if (answer.error)
    return (
      <WidgetError
        error={answer.error}
        onRetry={() => void answer.refetch()}
        labels={{ error: labels.answerError, retry: labels.answerRetry }}
      />
    );
  if (!answer.data)
    return (
      <div className="ek-skeleton ek-board__answer-loading" role="status">
        <span className="ek-sr-only">{labels.answerLoading}</span>
      </div>
    );
  return (
    <div className="ek-board__answer-result" aria-busy={answer.isFetching || undefined}>
      <ResultChart
        result={{ ...answer.data, ...(spec ? { vegaSpec: spec } : {}) }}
        defaultView={spec ? widget.view : 'table'}
        showTitle={false}
        resultKey={widget.id}
      />
    </div>
  );
}
