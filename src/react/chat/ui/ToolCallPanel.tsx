import { useEffect, useState } from 'react';
import {
  parseToolCall,
  toSqlResult,
  type ChatMessage,
  type ParsedMetaToolCall,
  type ParsedSqlToolCall,
  type SqlResult,
} from '../../../protocol';
import { preloadCharts } from '../../charts/load-charts';
import { ResultChart } from '../../charts/ResultChart';
import { ResultTable } from '../../charts/ResultTable';
import { loadAllRows } from '../transport';
import { useChatUI } from './context';

function MetaToolView({ call }: { call: ParsedMetaToolCall }) {
  const query = call.input?.searchQuery ?? call.result?.searchQuery;
  if (call.status === 'running')
    return <p className="ek-tool__status">Searching the data model{query ? ` for “${query}”` : ''}…</p>;
  const cubes = call.result?.cubes ?? [];
  return (
    <details className="ek-tool__details">
      <summary>
        Searched the data model{query ? ` for “${query}”` : ''}: {cubes.length} {cubes.length === 1 ? 'view' : 'views'}
      </summary>
      <ul className="ek-tool__cubes">
        {cubes.map((cube) => (
          <li key={cube.name}>
            <strong>{cube.title ?? cube.name}</strong> <code>{cube.name}</code>
            {(['measures', 'dimensions', 'segments'] as const).map((group) =>
              cube[group]?.length ? (
                <div key={group} className="ek-tool__members">
                  <span>{group}:</span>{' '}
                  {cube[group]!.map((member) => (
                    <code key={member.name} title={member.description ?? member.title}>
                      {member.name}
                    </code>
                  ))}
                </div>
              ) : null,
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ek-button ek-tool__copy"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : 'Copy SQL'}
    </button>
  );
}

function SqlToolView({ call }: { call: ParsedSqlToolCall }) {
  const { transport } = useChatUI();
  const [full, setFull] = useState<SqlResult | null>(null);
  const [loading, setLoading] = useState<'idle' | 'loading' | 'failed'>('idle');
  const running = call.status === 'running';
  const willChart = running && !!call.input?.vegaSpec;
  useEffect(() => {
    if (willChart) preloadCharts(); // start the chart download while the query runs
  }, [willChart]);
  const title = call.result?.queryTitle ?? call.input?.queryTitle ?? 'Query';
  const description = call.result?.description ?? call.input?.description;
  const sql = call.result?.sqlQuery ?? call.input?.sqlQuery;
  const result = full ?? call.result;
  const canLoadAll = !full && !!transport.dataUrl && !!call.result?.truncated;
  const loadAll = () => {
    if (!call.result) return;
    setLoading('loading');
    loadAllRows(transport, call.result.sqlQuery).then(
      (wire) => {
        const all = toSqlResult({
          ...wire,
          queryTitle: call.result!.queryTitle,
          description: call.result!.description,
        });
        if (call.result!.vegaSpec) all.vegaSpec = call.result!.vegaSpec;
        setFull(all);
        setLoading('idle');
      },
      () => setLoading('failed'),
    );
  };
  const footer = canLoadAll ? (
    <button type="button" className="ek-button" onClick={loadAll} disabled={loading === 'loading'}>
      {loading === 'loading'
        ? 'Loading all rows…'
        : loading === 'failed'
          ? 'Loading failed: try again'
          : `Load all ${call.result!.totalRows.toLocaleString('en-US')} rows`}
    </button>
  ) : undefined;
  return (
    <>
      <p className="ek-tool__title">
        <strong>{title}</strong>
        {running && <span className="ek-tool__status"> running…</span>}
      </p>
      {description && <p className="ek-tool__description">{description}</p>}
      {sql && (
        <details className="ek-tool__details">
          <summary>SQL</summary>
          <pre className="ek-tool__sql">
            <code>{sql}</code>
          </pre>
          <CopyButton text={sql} />
        </details>
      )}
      {result &&
        (result.vegaSpec ? (
          <ResultChart result={result} tableFooter={footer} />
        ) : (
          <ResultTable result={result} footer={footer} />
        ))}
    </>
  );
}

/**
 * A tool call as a panel: in progress vs done; the metadata search with its views and
 * members; the SQL call with title, description, copyable SQL, the chart or table and a
 * "load all rows" action when the result was truncated; tool errors plainly.
 */
export function ToolCallPanel({ message }: { message: ChatMessage }) {
  const { renderToolCall } = useChatUI();
  const call = parseToolCall(message.toolCall!);
  const custom = renderToolCall?.(call, message);
  if (custom !== undefined) return <>{custom}</>;
  const running = call.status === 'running';
  return (
    <section
      className="ek-tool"
      data-kind={call.kind}
      data-status={call.status}
      aria-busy={running}
      aria-label={`Tool ${call.name}`}
    >
      {call.status === 'error' ? (
        <p className="ek-tool__error">
          {call.kind === 'sql' ? 'The query failed' : `${call.name} failed`}: {call.error!.message}
        </p>
      ) : call.kind === 'meta' ? (
        <MetaToolView call={call} />
      ) : call.kind === 'sql' ? (
        <SqlToolView call={call} />
      ) : (
        <details className="ek-tool__details">
          <summary>
            {call.name} {running ? 'running…' : 'done'}
          </summary>
          <pre className="ek-tool__sql">{JSON.stringify({ input: call.input, result: call.result }, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
