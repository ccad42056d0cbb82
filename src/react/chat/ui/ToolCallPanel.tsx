import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
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
import { loadAllRows } from '../transport';
import { useChatUI } from './context';
import { CopyButton } from './CopyButton';
import type { ChatMessages } from './messages';
import { LongText, MoreText } from './MoreText';

/** The SQL block (tokenizer, lazy formatter) loads when a panel's SQL is first opened. */
const SqlCode = lazy(() => import('./SqlCode').then((module) => ({ default: module.SqlCode })));
/** An unknown tool's JSON (bounded pretty-printing) and a search's views load when first opened. */
const ToolJson = lazy(() => import('./ToolJson').then((module) => ({ default: module.ToolJson })));
const ModelCubes = lazy(() => import('./ModelCubes').then((module) => ({ default: module.ModelCubes })));

/** A disclosure whose content is drawn (and its module loaded) only while it is open. */
function LazyDetails({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="ek-tool__details ek-disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && <Suspense fallback={null}>{children}</Suspense>}
    </details>
  );
}

/** Characters of a tool's name given to the messages, of a title and of a description or error shown at once. */
const NAME_LIMIT = 200;
const TITLE_LIMIT = 300;
const TEXT_LIMIT = 2_000;
/** The tool's name as the messages get it: the agent's, and so of any length. */
const nameOf = (call: { name: string }) => call.name.slice(0, NAME_LIMIT);

/** A call without its result: running while its message is, else it never finished (stopped, failed). */
const isLive = (message: ChatMessage) => message.isInProcess !== false;
/** What a call without its result says: running, or that it did not finish. */
const pendingLabel = (message: ChatMessage, messages: ChatMessages) =>
  isLive(message) ? messages.running : messages.toolUnfinished;

function MetaToolView({ call, message }: { call: ParsedMetaToolCall; message: ChatMessage }) {
  const { messages } = useChatUI();
  const query = (call.input?.searchQuery ?? call.result?.searchQuery)?.slice(0, TITLE_LIMIT);
  if (call.status === 'running')
    return (
      <p className="ek-tool__status">{isLive(message) ? messages.searchingModel(query) : messages.toolUnfinished}</p>
    );
  const cubes = call.result?.cubes ?? [];
  return (
    <LazyDetails summary={messages.searchedModel(query, cubes.length)}>
      <ModelCubes cubes={cubes} />
    </LazyDetails>
  );
}

function SqlToolView({ call, message }: { call: ParsedSqlToolCall; message: ChatMessage }) {
  const { transport, messages, resultActions, chartSpecPolicy } = useChatUI();
  const [full, setFull] = useState<SqlResult | null>(null);
  const [loading, setLoading] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [sqlOpen, setSqlOpen] = useState(false);
  const running = call.status === 'running';
  const willChart = running && isLive(message) && !!call.input?.vegaSpec;
  useEffect(() => {
    if (willChart) preloadCharts(); // start the chart download while the query runs
  }, [willChart]);
  const title = call.result?.queryTitle ?? call.input?.queryTitle;
  const description = call.result?.description ?? call.input?.description;
  const sql = call.result?.sqlQuery ?? call.input?.sqlQuery;
  const result = full ?? call.result;
  const canLoadAll = !full && !!transport.dataUrl && !!call.result?.truncated;
  // Every row, by re-running the query through the data API (the same result otherwise).
  const fetchAll = (signal?: AbortSignal) => {
    const shown = call.result!;
    return loadAllRows(transport, shown.sqlQuery, signal).then((wire) => {
      const all = toSqlResult({ ...wire, queryTitle: shown.queryTitle, description: shown.description });
      if (shown.uuid !== undefined) all.uuid = shown.uuid;
      if (shown.vegaSpec) all.vegaSpec = shown.vegaSpec;
      return all;
    });
  };
  const loadAll = () => {
    if (!call.result) return;
    setLoading('loading');
    fetchAll()
      .then((all) => {
        setFull(all);
        setLoading('idle');
      })
      .catch(() => setLoading('failed'));
  };
  const footer = canLoadAll ? (
    <button type="button" className="ek-button" onClick={loadAll} aria-disabled={loading === 'loading' || undefined}>
      {loading === 'loading'
        ? messages.loadingAllRows
        : loading === 'failed'
          ? messages.loadFailed
          : messages.loadAllRows(call.result!.totalRows)}
    </button>
  ) : undefined;
  const shownTitle = title ?? messages.tool('sql', nameOf(call));
  return (
    <>
      <p className="ek-tool__title">
        <strong>{shownTitle.slice(0, TITLE_LIMIT)}</strong>
        {running && <span className="ek-tool__status"> {pendingLabel(message, messages)}</span>}
      </p>
      <MoreText text={shownTitle} at={TITLE_LIMIT} />
      {description && <LongText text={description} limit={TEXT_LIMIT} className="ek-tool__description" />}
      {sql && (
        <details className="ek-tool__details ek-disclosure" onToggle={(event) => setSqlOpen(event.currentTarget.open)}>
          <summary>{messages.sql}</summary>
          {sqlOpen && (
            // Its start while the block loads: all of a long query would be one long layout.
            <Suspense fallback={<pre className="ek-sql">{sql.slice(0, TEXT_LIMIT)}</pre>}>
              <SqlCode sql={sql} />
            </Suspense>
          )}
          <CopyButton text={sql} label={messages.copySql} copied={messages.copied} />
        </details>
      )}
      {result && (
        // Without a chart from the agent: its table, with the chart types that fit one switch away.
        <ResultChart
          result={result}
          defaultView={result.vegaSpec ? 'chart' : 'table'}
          // The panel shows the title once, as text.
          showTitle={false}
          tableFooter={footer}
          resultKey={call.result?.uuid ?? message.id}
          labels={messages}
          loadAllRows={canLoadAll ? fetchAll : undefined}
          actions={resultActions?.(call, message)}
          specPolicy={chartSpecPolicy}
        />
      )}
    </>
  );
}

/**
 * A tool call as a panel (a named group, not a landmark): in progress vs done; the metadata
 * search with its views and members; the SQL call with its title (shown once), description,
 * formatted and copyable SQL, the chart or table and a "load all rows" action when the result
 * was truncated; tool errors in plain words, the raw error under "details".
 */
export function ToolCallPanel({ message }: { message: ChatMessage }) {
  const { renderToolCall, messages } = useChatUI();
  const call = parseToolCall(message.toolCall!);
  const custom = renderToolCall?.(call, message);
  if (custom !== undefined) return <>{custom}</>;
  const running = call.status === 'running';
  return (
    <div
      className="ek-tool"
      role="group"
      data-kind={call.kind}
      data-status={call.status}
      aria-busy={running && isLive(message)}
      aria-label={messages.tool(call.kind, nameOf(call))}
    >
      {call.status === 'error' ? (
        <div className="ek-tool__error">
          <p>{messages.toolFailed(call.kind, nameOf(call))}</p>
          <details className="ek-disclosure">
            <summary>{messages.details}</summary>
            <LongText text={call.error!.message} limit={TEXT_LIMIT} className="ek-tool__error-detail" />
          </details>
        </div>
      ) : call.kind === 'meta' ? (
        <MetaToolView call={call} message={message} />
      ) : call.kind === 'sql' ? (
        <SqlToolView call={call} message={message} />
      ) : (
        <LazyDetails
          summary={`${messages.tool(call.kind, nameOf(call))} ${running ? pendingLabel(message, messages) : ''}`}
        >
          <ToolJson call={message.toolCall!} input={call.input} result={call.result} />
        </LazyDetails>
      )}
    </div>
  );
}
