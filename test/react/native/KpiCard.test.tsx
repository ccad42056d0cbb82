import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DateRange } from '../../../src/protocol';
import {
  KpiCard,
  SemanticProvider,
  type DataSource,
  type KpiCardProps,
  type SemanticQuery,
} from '../../../src/react/native';

afterEach(() => cleanup());

/** A data source that answers at once (revenue 100 for December, 80 before) and records each query. */
function recordingSource() {
  const queries: SemanticQuery[] = [];
  const source: DataSource = {
    load: async (query) => {
      queries.push(query);
      const range = query.timeDimensions?.[0]?.dateRange as DateRange | undefined;
      const december = Array.isArray(range) && range[0].startsWith('2024-12');
      return {
        query,
        data: [{ 'orders.revenue': december ? '100' : '80' }],
        annotation: { measures: {}, dimensions: {}, timeDimensions: {} },
      };
    },
    meta: async () => ({ cubes: [] }),
    reset: () => undefined,
  };
  return { source, queries };
}

const rangesOf = (queries: SemanticQuery[]) => queries.map((q) => q.timeDimensions?.[0]?.dateRange);

/** A revenue card over `orders.createdAt`, read on 2024-12-31; returns the queries it sent. */
function renderCard(props: Partial<KpiCardProps>): SemanticQuery[] {
  const { source, queries } = recordingSource();
  render(
    <SemanticProvider source={source} queryClient={new QueryClient()}>
      <KpiCard
        measure="orders.revenue"
        title="Revenue"
        timeDimension="orders.createdAt"
        today={new Date('2024-12-31T12:00:00Z')}
        {...props}
      />
    </SemanticProvider>,
  );
  return queries;
}

describe('KpiCard periods', () => {
  it('reads `last 30 days` as the data API does, and compares with the 30 days that end the day before', async () => {
    const queries = renderCard({ dateRange: 'last 30 days' });
    await waitFor(() => expect(screen.getByText(/Up 25% vs previous period/)).toBeInTheDocument());
    // The current period is the 30 whole days before today (today excluded), the previous
    // one the 30 days before that: they meet, they do not overlap.
    expect(rangesOf(queries)).toEqual([
      ['2024-12-01', '2024-12-30'],
      ['2024-11-01', '2024-11-30'],
    ]);
  });

  it('sends a range that is not whole days as written, with nothing to compare (never the value of all time)', async () => {
    const queries = renderCard({ dateRange: 'last 6 hours', sparkline: true });
    await waitFor(() => expect(screen.getByText('80')).toBeInTheDocument());
    expect(rangesOf(queries)).toEqual(['last 6 hours']);
  });
});
