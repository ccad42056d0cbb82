import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataError,
  SemanticFilters,
  SemanticProvider,
  useSemanticFilters,
  useSemanticQuery,
  type DataSource,
  type SemanticFiltersApi,
  type SemanticQuery,
  type SemanticResult,
} from '../../../src/react/native';

afterEach(() => cleanup());

/** A data source whose answers a test releases one by one; it records each query and signal. */
function heldSource() {
  const calls: { query: SemanticQuery; signal: AbortSignal; answer: (rows: number) => void }[] = [];
  const source: DataSource = {
    load: (query, signal) =>
      new Promise<SemanticResult>((resolve) => {
        calls.push({
          query,
          signal,
          answer: (rows) =>
            resolve({
              query,
              data: Array.from({ length: rows }, (_, i) => ({ 'orders.revenue': String(i) })),
              annotation: { measures: {}, dimensions: {}, timeDimensions: {} },
            }),
        });
      }),
    meta: async () => ({ cubes: [] }),
    reset: () => undefined,
  };
  return { source, calls };
}

function Rows({ query }: { query: SemanticQuery }) {
  const { data, isPlaceholderData } = useSemanticQuery(query);
  return (
    <p data-testid="rows" data-placeholder={String(isPlaceholderData)}>
      {data ? data.data.length : 'loading'}
    </p>
  );
}

describe('useSemanticQuery', () => {
  it('shares one request for the same query written two ways, and keeps the answer while a new one loads', async () => {
    const { source, calls } = heldSource();
    const client = new QueryClient();
    // Members and filters in another order; the rows' order the same (b writes out a's default).
    const a: SemanticQuery = {
      measures: ['orders.revenue', 'orders.count'],
      dimensions: ['orders.region', 'orders.country'],
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe', 'Asia Pacific'] },
        { member: 'orders.country', operator: 'notEquals', values: ['France'] },
      ],
    };
    const b: SemanticQuery = {
      dimensions: ['orders.country', 'orders.region'],
      measures: ['orders.count', 'orders.revenue'],
      filters: [
        { member: 'orders.country', operator: 'notEquals', values: ['France'] },
        { member: 'orders.region', operator: 'equals', values: ['Asia Pacific', 'Europe'] },
      ],
      order: { 'orders.revenue': 'desc' },
    };
    const view = render(
      <SemanticProvider source={source} queryClient={client}>
        <Rows query={a} />
        <Rows query={b} />
      </SemanticProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer(3));
    await waitFor(() => expect(screen.getAllByTestId('rows').map((el) => el.textContent)).toEqual(['3', '3']));
    view.rerender(
      <SemanticProvider source={source} queryClient={client}>
        <Rows query={{ ...a, limit: 1 }} />
      </SemanticProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    // The previous rows stay, marked as placeholder, until the new answer.
    expect(screen.getByTestId('rows')).toHaveTextContent('3');
    expect(screen.getByTestId('rows')).toHaveAttribute('data-placeholder', 'true');
    act(() => calls[1]!.answer(1));
    await waitFor(() => expect(screen.getByTestId('rows')).toHaveTextContent('1'));
  });

  it('tells every widget of a shared query that the server said "Continue wait"', async () => {
    let answer!: (result: SemanticResult) => void;
    let wait!: () => void;
    const source: DataSource = {
      load: (query, _signal, onWait) =>
        new Promise((resolve) => {
          answer = resolve;
          wait = () => onWait?.();
        }),
      meta: async () => ({ cubes: [] }),
      reset: () => undefined,
    };
    function Waiting() {
      const { waiting } = useSemanticQuery({ measures: ['orders.revenue'] });
      return <p data-testid="waiting">{String(waiting)}</p>;
    }
    render(
      <SemanticProvider source={source} queryClient={new QueryClient()}>
        <Waiting />
        <Waiting />
      </SemanticProvider>,
    );
    await waitFor(() => expect(wait).toBeDefined());
    act(() => wait());
    await waitFor(() => expect(screen.getAllByTestId('waiting').map((el) => el.textContent)).toEqual(['true', 'true']));
    act(() => answer({ query: {}, data: [], annotation: { measures: {}, dimensions: {}, timeDimensions: {} } }));
    await waitFor(() =>
      expect(screen.getAllByTestId('waiting').map((el) => el.textContent)).toEqual(['false', 'false']),
    );
  });

  it('cancels the request when its last widget unmounts', async () => {
    const { source, calls } = heldSource();
    const view = render(
      <SemanticProvider source={source} queryClient={new QueryClient()}>
        <Rows query={{ measures: ['orders.revenue'] }} />
      </SemanticProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.signal.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(calls[0]!.signal.aborted).toBe(true));
  });

  it('merges the shared filters into the query before its key: a change asks once per distinct query', async () => {
    const { source, calls } = heldSource();
    let api: SemanticFiltersApi | undefined;
    function Grab() {
      const value = useSemanticFilters();
      useEffect(() => {
        api = value;
      });
      return null;
    }
    render(
      <SemanticProvider source={source} queryClient={new QueryClient()}>
        <SemanticFilters dateDimension="orders.createdAt">
          <Grab />
          <Rows query={{ measures: ['orders.revenue'] }} />
          <Rows query={{ measures: ['orders.revenue'] }} />
          <Rows
            query={{
              measures: ['orders.count'],
              timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month' }],
            }}
          />
        </SemanticFilters>
      </SemanticProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => {
      api!.setDateRange(['2024-01-01', '2024-03-31']);
      api!.setValues('orders.region', ['Europe', 'Asia Pacific']);
    });
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[2]!.query).toEqual({
      measures: ['orders.revenue'],
      timeDimensions: [{ dimension: 'orders.createdAt', dateRange: ['2024-01-01', '2024-03-31'] }],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Asia Pacific', 'Europe'] }],
    });
    expect(calls[3]!.query.timeDimensions).toEqual([
      { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-03-31'] },
    ]);
    act(() => api!.clear());
    expect(api!.value).toEqual({ values: {} });
  });

  it('gives a typed DataError and retries only what may pass', async () => {
    const load = vi
      .fn<DataSource['load']>()
      .mockRejectedValue(new DataError('bad-query', "'orders.nope' not found", { status: 400, member: 'orders.nope' }));
    function Failing() {
      const { error } = useSemanticQuery({ measures: ['orders.nope'] });
      return <p data-testid="error">{error ? `${error.kind} ${error.member}` : ''}</p>;
    }
    render(
      <SemanticProvider source={{ load, meta: vi.fn(), reset: vi.fn() }} queryClient={new QueryClient()}>
        <Failing />
      </SemanticProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('bad-query orders.nope'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
