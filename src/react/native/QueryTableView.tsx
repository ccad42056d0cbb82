import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Cell, OrderDirection, SemanticQuery } from '../../protocol';
import { effectiveOrder } from '../../protocol/semantic/query-key';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { loadedDataClient } from './data/load-data-client';
import { memberFormatter, type CustomNumberFormat } from './data/member-format';
import { useSemanticFilters } from './data/SemanticFilters';
import type { SemanticResult } from './data/semantic-result';
import { answerNotes, capText } from './cap-text';
import { tablePageQuery } from './table-page';
import { columnAnnotation, memberInfo, queryColumns, type QueryColumn } from './data/query-columns';
import { useSemanticMeta, useSemanticQuery } from './data/use-semantic-query';
import type { DrillDatum } from './drill/drill-types';
import { keepFocusNear } from '../internal/keep-focus';
import { DrillCrumb, DrillMenuSlot, useDrill, useStepFocus, type Drill } from './drill/use-drill';
import { useRowsQuery } from './drill/use-rows-query';
import { DEFAULT_QUERY_TABLE_LABELS, pageRows, type QueryTableProps, type QueryTableRow } from './query-table-types';
import { QueryTableCsv } from './QueryTableCsv';
import { useReportError, useRetryQueries, WidgetBoundary, WidgetError } from './WidgetBoundary';

// `QueryTable`'s body, loaded by the first table (the entry holds the placeholder).

/** The table with its error boundary: what `QueryTable` shows once this module is loaded. */
export function QueryTableView(props: QueryTableProps) {
  return (
    <WidgetBoundary
      className="ek-table ek-qtable"
      labels={{ ...DEFAULT_QUERY_TABLE_LABELS, ...props.labels }}
      onError={props.onError}
    >
      <Drilled {...props} />
    </WidgetBoundary>
  );
}

/** The table, or what its drill menu replaced its query with (a new table: first page, its own order). */
function Drilled(props: QueryTableProps) {
  const drill = useDrill(props, JSON.stringify(props.query));
  const step = drill.steps.at(-1);
  // A datum's rows: asked as any server takes them (see useRowsQuery).
  const rows = useRowsQuery(step?.rows ? step.query : undefined, pageRows(props.pageSize));
  const shown = `${drill.steps.length}${rows?.grouped ? ' grouped' : ''}`;
  const box = useRef<HTMLElement>(null);
  // A step's table (or the table again, after the breadcrumb back): focus on its rows' region.
  useStepFocus(drill, shown, () => box.current?.querySelector<HTMLElement>('.ek-table__scroll'));
  return (
    <Table
      key={shown}
      {...props}
      {...(step ? { query: rows?.query ?? step.query, title: step.title } : {})}
      drillState={drill}
      note={rows?.grouped ? drill.labels.rowsGrouped : undefined}
      ref={box}
    />
  );
}

function Table({
  ref,
  ...props
}: QueryTableProps & { drillState: Drill; note?: string | undefined; ref: RefObject<HTMLElement | null> }) {
  const { query, pageSize = 25, title, csv = true, locale, labels: own, onError, className, drillState, note } = props;
  const labels = { ...DEFAULT_QUERY_TABLE_LABELS, ...own };
  const filters = useSemanticFilters();
  const rowActions = props.rowActions ?? [];
  const actions = rowActions.length > 0 || drillState.enabled;
  const theme = useTheme();
  const effectiveLocale = locale ?? theme.locale ?? 'en-US';
  const size = pageRows(pageSize);
  const [order, setOrder] = useState<[string, OrderDirection][] | undefined>(undefined);
  const [page, setPage] = useState(0);
  // The rows' order, the data API's default included: its header says so (`aria-sort`).
  const sortOrder = order ?? effectiveOrder(query);
  const answer = useSemanticQuery(tablePageQuery(query, size, page, sortOrder));
  // Titles for the header before the rows come (the meta is shared by every widget).
  const meta = useSemanticMeta();
  useRetryQueries([answer.query], true);
  useReportError(answer.error, onError);
  const id = useId();
  const columns = queryColumns(query);
  const result = answer.data;
  // A page at most, whatever the server sent (the data client drops the rest; this holds
  // for any data source).
  const rows = result ? (result.data.length > size ? result.data.slice(0, size) : result.data) : [];
  const notes = answerNotes(result);
  const dropped = result ? notes.dropped + result.data.length - rows.length : 0;
  const missing = notes.missing;
  const total = result ? boundedTotal(result.total, result.query.offset ?? 0, rows.length) : 0;
  const pages = Math.max(1, Math.ceil(total / size));
  // The rows on screen may be the previous page's while the next one loads: count from theirs.
  const shownFrom = result?.query.offset ?? 0;
  const number = (n: number) => n.toLocaleString(effectiveLocale);
  const custom = loadedDataClient()?.customNumberFormat;

  const pager = useRef<HTMLSpanElement>(null);
  // A host that hears each answer (`onAnswer`) says it: the row count is said only after the
  // user turns a page or sorts this question (an answer is said once, not twice).
  const question = JSON.stringify(query);
  const [turned, setTurned] = useState<string | undefined>(undefined);

  const sortBy = (member: string, role: string) => {
    const [first] = sortOrder;
    const direction: OrderDirection =
      first?.[0] === member ? (first[1] === 'asc' ? 'desc' : 'asc') : role === 'measure' ? 'desc' : 'asc';
    setOrder([[member, direction]]);
    setTurned(question);
    setPage(0);
  };

  // The host hears each answer shown once (not each page of it), not while it loads.
  const state = answer.error ? 'error' : !result ? 'loading' : total === 0 ? 'empty' : 'ready';
  const { onAnswer } = props;
  const { offset: _offset, limit: _limit, order: _order, ...asked } = result?.query ?? {};
  const shownKey = `${state}\n${total}\n${JSON.stringify(asked)}`;
  useEffect(() => {
    if (!onAnswer || state === 'loading') return;
    onAnswer({
      state,
      title: title ?? 'Query result',
      rows: state === 'ready' ? total : 0,
      ...(answer.error ? { error: answer.error } : {}),
    });
    // Once per answer shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownKey, answer.error]);

  return (
    <ThemedRoot
      as="section"
      ref={ref}
      className={['ek-table ek-qtable', className].filter(Boolean).join(' ')}
      aria-busy={answer.isFetching || undefined}
      data-state={answer.error ? 'error' : answer.isPending ? 'loading' : 'ready'}
      style={{
        ['--ek-qtable-rows' as string]: String(size),
        ['--ek-qtable-columns' as string]: String(columns.length),
        ['--ek-qtable-measures' as string]: String(columns.filter((column) => column.role === 'measure').length),
      }}
    >
      {drillState.steps.length > 0 && <DrillCrumb drill={drillState} />}
      {note && <p className="ek-drill__note">{note}</p>}
      {answer.error ? (
        <WidgetError error={answer.error} onRetry={() => void answer.refetch()} labels={labels} />
      ) : (
        <div className="ek-table__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
          <table>
            <caption id={`${id}-caption`} className="ek-sr-only">
              {title ?? 'Query result'}
            </caption>
            {/* Measures get a fixed width that fits a money value; the rest share the remainder. */}
            <colgroup>
              {columns.map((column) => (
                <col key={column.key} data-kind={column.role === 'measure' ? 'number' : undefined} />
              ))}
              {actions && <col data-kind="actions" />}
            </colgroup>
            <thead>
              <tr>
                {columns.map((column) => {
                  const entry = memberInfo(result, meta.data, column);
                  // No member name while the titles are on their way: the title takes the
                  // placeholder's place then, and nothing in the header moves (the sort icon
                  // holds the cell's end).
                  const fullHeading = entry?.shortTitle ?? entry?.title ?? (result || meta.error ? column.key : '');
                  // Capped where drawn: a 1 MB title would be laid out whole.
                  const heading = capText(fullHeading, MAX_HEADING);
                  const sorted = sortOrder[0]?.[0] === column.key || sortOrder[0]?.[0] === column.member;
                  const kind = column.role === 'measure' ? 'number' : undefined;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      data-kind={kind}
                      title={heading === fullHeading ? undefined : fullHeading}
                      aria-sort={sorted ? (sortOrder[0]![1] === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <button
                        type="button"
                        className="ek-qtable__sort"
                        onClick={() => sortBy(column.member, column.role)}
                        aria-label={labels.sortBy(heading || column.key)}
                      >
                        {heading || <span className="ek-skeleton ek-qtable__heading" />}
                        <span aria-hidden="true" className="ek-qtable__sort-icon">
                          {sorted ? (sortOrder[0]![1] === 'asc' ? '↑' : '↓') : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
                {actions && (
                  <th scope="col" className="ek-qtable__actions">
                    <span className="ek-sr-only">{drillState.labels.actions}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {result ? (
                <Rows
                  result={result}
                  rows={rows}
                  columns={columns}
                  locale={effectiveLocale}
                  custom={custom}
                  actions={
                    actions
                      ? (values, text) => (
                          <RowActions
                            values={values}
                            text={text}
                            datum={rowDatum(query, columns, values, text)}
                            drill={drillState}
                            rowActions={rowActions}
                          />
                        )
                      : undefined
                  }
                />
              ) : (
                <tr className="ek-qtable__loading">
                  <td colSpan={columns.length + (actions ? 1 : 0)}>
                    {answer.waiting ? labels.waiting : labels.loading}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="ek-table__footer">
        <span className="ek-table__count" aria-live={onAnswer && turned !== question ? 'off' : 'polite'}>
          {result
            ? total === 0
              ? labels.empty
              : labels.rows(number(shownFrom + 1), number(shownFrom + rows.length), number(total))
            : '\u00a0'}
        </span>
        <span ref={pager} className="ek-table__pager" role="group" aria-label={labels.pages}>
          <button
            type="button"
            className="ek-button"
            onClick={(event) => {
              setPage(page - 1);
              setTurned(question);
              // On the first page it disables itself: focus goes to Next.
              keepFocusNear(event.currentTarget, () => pager.current?.lastElementChild as HTMLElement | null);
            }}
            disabled={page === 0 || !result}
          >
            {labels.previous}
          </button>
          <button
            type="button"
            className="ek-button"
            onClick={(event) => {
              setPage(page + 1);
              setTurned(question);
              keepFocusNear(event.currentTarget, () => pager.current?.firstElementChild as HTMLElement | null);
            }}
            disabled={page >= pages - 1 || !result}
          >
            {labels.next}
          </button>
        </span>
        {csv && (
          <QueryTableCsv
            query={query}
            order={sortOrder}
            title={title}
            labels={labels}
            disabled={!result || total === 0}
            locale={effectiveLocale}
          />
        )}
      </div>
      <DrillMenuSlot
        drill={drillState}
        props={props}
        context={{
          meta: meta.data,
          title: title ?? drillState.labels.actions,
          ...(props.onDrilldown ? { onDrilldown: props.onDrilldown } : {}),
          filters,
          sent: answer.query,
        }}
      />
      {/* What the table leaves out of an answer, said under it (a hostile or broken server only). */}
      {(dropped > 0 || missing > 0) && (
        <p className="ek-qtable__note">
          {[
            ...(dropped > 0 ? [labels.dropped(dropped, number(dropped))] : []),
            ...(missing > 0 ? [labels.missing(missing, number(missing))] : []),
          ].join('. ')}
        </p>
      )}
    </ThemedRoot>
  );
}

/** Longest heading drawn (whole in its title attribute). */
const MAX_HEADING = 120;
/** Longest cell text drawn: a cell is one line, and laying out 2 MB of it blocks the page. */
const MAX_CELL = 300;

/** The total to page by: the server's, if it is a count at least as large as the rows seen, else the rows seen. */
function boundedTotal(total: unknown, offset: number, rows: number): number {
  const seen = offset + rows;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= seen ? total : seen;
}

function Rows({
  result,
  rows,
  columns,
  locale,
  custom,
  actions,
}: {
  result: SemanticResult;
  rows: SemanticResult['data'];
  columns: QueryColumn[];
  locale: string;
  custom: CustomNumberFormat | undefined;
  /** The row's actions cell, given its values and its text. */
  actions?: ((values: QueryTableRow, text: string) => ReactNode) | undefined;
}) {
  const formats = columns.map((column) =>
    memberFormatter(columnAnnotation(result, column), {
      locale,
      ...(column.granularity ? { granularity: column.granularity } : {}),
      ...(custom ? { custom } : {}),
    }),
  );
  return (
    <>
      {rows.map((row, r) => {
        const cell = (column: QueryColumn) => (Object.hasOwn(row, column.key) ? row[column.key] : null) as Cell;
        const texts = columns.map((column, c) => formats[c]!(cell(column)));
        const keyed = columns.filter((column) => column.role !== 'measure');
        // What names the row to its buttons: its dimensions' values (all of them when it has none).
        const name = capText(
          (keyed.length ? keyed : columns).map((column) => texts[columns.indexOf(column)]).join(', '),
          MAX_CELL,
        );
        return (
          <tr key={r}>
            {columns.map((column, c) => {
              const text = texts[c]!;
              // Columns are fixed (see styles.css): a value longer than its column ends in "…",
              // whole in the title (the text drawn is capped first: see MAX_CELL).
              return (
                <td key={column.key} data-kind={column.role === 'measure' ? 'number' : undefined} title={text}>
                  {capText(text, MAX_CELL)}
                </td>
              );
            })}
            {actions?.(Object.freeze(Object.fromEntries(columns.map((column) => [column.key, cell(column)]))), name)}
          </tr>
        );
      })}
    </>
  );
}

/** A row as a drill menu's datum: its dimension and time bucket values. */
function rowDatum(query: SemanticQuery, columns: QueryColumn[], values: QueryTableRow, label: string): DrillDatum {
  return {
    query,
    label,
    values: columns
      .filter((column) => column.role !== 'measure')
      .map((column) => ({
        member: column.member,
        value: values[column.key] ?? null,
        ...(column.granularity ? { granularity: column.granularity } : {}),
      })),
  };
}

/** Longest row action text drawn. */
const MAX_ACTION = 40;

/** A row's last cell: its drill menu's button and the host's row actions, each named with the row. */
function RowActions({
  values,
  text,
  datum,
  drill,
  rowActions,
}: {
  values: QueryTableRow;
  text: string;
  datum: DrillDatum;
  drill: Drill;
  rowActions: NonNullable<QueryTableProps['rowActions']>;
}) {
  return (
    <td className="ek-qtable__actions">
      {drill.enabled && (
        <button
          type="button"
          className="ek-button ek-drill__row"
          aria-haspopup="menu"
          aria-label={drill.labels.rowMenu(text)}
          onClick={(event) => drill.setOpen({ datum, anchor: event.currentTarget })}
        >
          {'\u22ef'}
        </button>
      )}
      {rowActions.map((action, i) => {
        const label = capText(String(action.label), MAX_ACTION);
        return (
          <button
            key={i}
            type="button"
            className="ek-button"
            aria-label={`${label}: ${text}`}
            onClick={() => {
              // The host's code: a throw is contained and reported, the table keeps working.
              try {
                action.onSelect(values);
              } catch (error) {
                drill.onActionError(error);
              }
            }}
          >
            {label}
          </button>
        );
      })}
    </td>
  );
}
