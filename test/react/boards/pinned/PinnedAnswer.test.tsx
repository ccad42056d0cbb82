import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetaResponse, SemanticQuery, SqlResult } from '../../../../src/protocol';
import type { BoardDefinition } from '../../../../src/protocol/board/definition';
import { Board } from '../../../../src/react/boards';
import { chartKindOf, pinnedQuery } from '../../../../src/protocol/board/pinned-query';
import { SemanticProvider, type DataSource } from '../../../../src/react/native';

afterEach(() => cleanup());

// A pinned answer whose SQL is one grouped query over one cube runs as that semantic query
// (the native table), so the board's filters reach it; another runs its SQL as pinned and
// says the board's filters do not apply.

const META: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [{ name: 'orders.revenue', title: 'Revenue', type: 'number', aggType: 'sum' }],
      dimensions: [
        { name: 'orders.region', title: 'Region', type: 'string' },
        { name: 'orders.country', title: 'Country', type: 'string' },
      ],
    },
  ],
};

const ROWS = [
  { 'orders.region': 'Europe', 'orders.country': 'Germany', 'orders.revenue': 300 },
  { 'orders.region': 'Europe', 'orders.country': 'France', 'orders.revenue': 200 },
  { 'orders.region': 'North America', 'orders.country': 'United States', 'orders.revenue': 900 },
];

/** A source that answers `/load` from {@link ROWS} (equals filters applied) and records what ran. */
function recordingSource() {
  const loads: SemanticQuery[] = [];
  const sqls: string[] = [];
  const source: DataSource = {
    load: async (query) => {
      loads.push(query);
      let rows = ROWS;
      for (const filter of query.filters ?? [])
        if ('member' in filter && filter.operator === 'equals')
          rows = rows.filter((row) => filter.values!.includes(row[filter.member as keyof (typeof ROWS)[0]]));
      const data = rows.map((row) => ({
        'orders.country': row['orders.country'],
        'orders.revenue': String(row['orders.revenue']),
      }));
      return { query, data, annotation: { measures: {}, dimensions: {}, timeDimensions: {} } };
    },
    meta: async () => META,
    reset: () => undefined,
    sql: async (query): Promise<SqlResult> => {
      sqls.push(query);
      return {
        sqlQuery: query,
        columns: [
          { name: 'month', type: 'String', kind: 'string' },
          { name: 'revenue', type: 'Double', kind: 'number' },
        ],
        rows: [['2024-12', 1400]],
        totalRows: 1,
        truncated: false,
      };
    },
  };
  return { source, loads, sqls };
}

const board = (sqlQuery: string, values?: Record<string, string[]>): BoardDefinition => ({
  version: 2,
  title: 'Pinned',
  ...(values ? { filters: { values } } : {}),
  widgets: [
    {
      id: 'answer',
      kind: 'answer',
      title: 'Revenue by country',
      question: 'Revenue by country?',
      sqlQuery,
      view: 'table',
      layout: { x: 0, y: 0, w: 12, h: 5 },
    },
  ],
});

const TRANSLATABLE = 'SELECT country, SUM(revenue) AS revenue FROM orders GROUP BY country ORDER BY revenue DESC';

function show(definition: BoardDefinition) {
  const recorded = recordingSource();
  render(
    <SemanticProvider source={recorded.source} queryClient={new QueryClient()}>
      <Board definition={definition} />
    </SemanticProvider>,
  );
  return recorded;
}

describe('a pinned answer on a board with filters', () => {
  it('runs a translatable SQL as a semantic query with the board’s filters: Europe’s countries only', async () => {
    const { loads, sqls } = show(board(TRANSLATABLE, { 'orders.region': ['Europe'] }));
    const cell = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-widget-id="answer"]');
      expect(found).not.toBeNull();
      return found!;
    });
    await waitFor(() => expect(within(cell).getByText('Germany')).toBeInTheDocument(), { timeout: 10_000 });
    expect(within(cell).queryByText('United States')).toBeNull();
    expect(within(cell).getByText("Live, with your data access and the board's filters.")).toBeInTheDocument();
    expect(within(cell).queryByText(/do not apply/)).toBeNull();
    expect(sqls).toEqual([]);
    expect(loads.at(-1)).toMatchObject({
      measures: ['orders.revenue'],
      dimensions: ['orders.country'],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
    });
  });

  it('without the board’s filter the same answer has every country', async () => {
    show(board(TRANSLATABLE));
    await waitFor(() => expect(screen.getByText('United States')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });

  it('runs any other SQL as pinned and says plainly that the board’s filters do not apply', async () => {
    const sql =
      "SELECT month, SUM(revenue) AS revenue FROM orders WHERE month >= '2024-12' GROUP BY month ORDER BY month ASC";
    const { loads, sqls } = show(board(sql, { 'orders.region': ['Europe'] }));
    await waitFor(() => expect(sqls).toEqual([sql]), { timeout: 10_000 });
    expect(
      await screen.findByText("Live, with your data access. The board's filters do not apply to this answer."),
    ).toBeInTheDocument();
    expect(loads).toEqual([]);
  });
});

describe('pinnedQuery', () => {
  it('reads the SQL against the data model; a table with a LIMIT keeps its SQL (the native table would page past it)', () => {
    expect(pinnedQuery(TRANSLATABLE, 'table', META)).toMatchObject({ dimensions: ['orders.country'] });
    expect(pinnedQuery(`${TRANSLATABLE} LIMIT 5`, 'chart', META)).toMatchObject({ limit: 5 });
    expect(pinnedQuery(`${TRANSLATABLE} LIMIT 5`, 'table', META)).toBeUndefined();
    expect(pinnedQuery(TRANSLATABLE, 'table', undefined)).toBeUndefined();
    expect(pinnedQuery('SELECT 1', 'chart', META)).toBeUndefined();
  });
});

describe('chartKindOf', () => {
  it('keeps the pinned spec’s mark where the native chart has it', () => {
    expect(chartKindOf('{"mark":"bar"}')).toBe('bar');
    expect(chartKindOf('{"mark":{"type":"line","point":true}}')).toBe('line');
    expect(chartKindOf('{"mark":"arc"}')).toBeUndefined();
    expect(chartKindOf('not json')).toBeUndefined();
    expect(chartKindOf('null')).toBeUndefined();
    expect(chartKindOf(undefined)).toBeUndefined();
  });
});
