import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadRow } from '../../../src/protocol';
import {
  DataError,
  FilterBar,
  KpiCard,
  QueryTable,
  SemanticFilters,
  SemanticProvider,
  type DataSource,
  type SemanticQuery,
  type SemanticResult,
} from '../../../src/react/native';

// The widgets under answers a data API should not give: more rows than asked for, failures,
// an answer that throws while drawn, values that are not numbers. Bounded, contained,
// recoverable, honest (issue 30).

afterEach(() => cleanup());
// The FilterBar's view loads lazily, and a search waits for typing to pause: slower than a render.
vi.setConfig({ testTimeout: 20_000 });

const NO_ANNOTATION = { measures: {}, dimensions: {}, timeDimensions: {} };

/** A data source whose answers `answer` makes, counting the queries it was asked. */
function source(answer: (query: SemanticQuery, call: number) => SemanticResult | Promise<SemanticResult>) {
  const queries: SemanticQuery[] = [];
  const data: DataSource = {
    load: async (query) => {
      queries.push(query);
      return answer(query, queries.length);
    },
    meta: async () => ({ cubes: [] }),
    reset: () => undefined,
  };
  return { data, queries };
}

const withSource = (data: DataSource, children: ReactNode) =>
  render(
    <SemanticProvider source={data} queryClient={new QueryClient()}>
      {children}
    </SemanticProvider>,
  );

const regions = (count: number): LoadRow[] =>
  Array.from({ length: count }, (_, i) => ({ 'orders.region': `Region ${String(i).padStart(6, '0')}` }));

/** Opens the FilterBar's list of `title`'s values (its code loads lazily). */
async function openList(title: string) {
  const summary = await screen.findByText(title, { selector: 'summary span' }, { timeout: 10_000 });
  const details = summary.closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return details;
}

describe('FilterBar under a flood of values', () => {
  it('lists no more values than it asked for, and says the rest were not listed', async () => {
    const { data, queries } = source((query) => ({ query, data: regions(2_000), annotation: NO_ANNOTATION }));
    withSource(
      data,
      <SemanticFilters>
        <FilterBar dimensions={['orders.region']} />
      </SemanticFilters>,
    );
    const list = await openList('region');
    await waitFor(() => expect(within(list).getAllByRole('checkbox').length).toBeGreaterThan(0));
    expect(queries[0]!.limit).toBe(100);
    expect(within(list).getAllByRole('checkbox')).toHaveLength(100);
    expect(list.textContent).toContain('1900 more values were sent than asked for');
    // As many as asked for: there may be others, and a search finds them.
    expect(within(list).getByRole('searchbox', { name: 'Search region' })).toBeTruthy();
  });

  it('searches the server for values past the first ones', async () => {
    const { data, queries } = source((query) => ({
      query,
      data: query.filters?.length ? [{ 'orders.region': 'Region 001999' }] : regions(100),
      annotation: NO_ANNOTATION,
    }));
    withSource(
      data,
      <SemanticFilters>
        <FilterBar dimensions={['orders.region']} />
      </SemanticFilters>,
    );
    const list = await openList('region');
    fireEvent.change(await within(list).findByRole('searchbox'), { target: { value: '1999' } });
    await within(list).findByRole('checkbox', { name: 'Region 001999' }, { timeout: 10_000 });
    expect(queries.at(-1)!.filters).toEqual([{ member: 'orders.region', operator: 'contains', values: ['1999'] }]);
  });
});

describe('FilterBar errors', () => {
  it('says why, offers Retry, and recovers once the server does (no reload)', async () => {
    let down = true;
    const { data } = source((query) => {
      if (down) throw new DataError('server', 'The data source is unavailable', { status: 500 });
      return { query, data: regions(3), annotation: NO_ANNOTATION };
    });
    withSource(
      data,
      <SemanticFilters>
        <FilterBar dimensions={['orders.region']} />
      </SemanticFilters>,
    );
    const list = await openList('region');
    const alert = await within(list).findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('Could not load the values');
    expect(alert.textContent).toContain('The data source is unavailable');
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(list).findByRole('checkbox', { name: 'Region 000002' });
    expect(within(list).queryByRole('alert')).toBeNull();
  });
});

describe('FilterBar containment', () => {
  it('a dimension whose answer throws while drawn fails its own control; the others and the bar work', async () => {
    const { data } = source((query) => {
      const member = query.dimensions![0]!;
      const row: LoadRow = {};
      if (member === 'orders.region')
        Object.defineProperty(row, member, {
          enumerable: true,
          get: () => {
            throw new Error('a value that cannot be read');
          },
        });
      else row[member] = 'Books';
      return { query, data: [row], annotation: NO_ANNOTATION };
    });
    const { container } = withSource(
      data,
      <SemanticFilters>
        <FilterBar dimensions={['orders.region', 'orders.category']} />
      </SemanticFilters>,
    );
    const list = await openList('category');
    await within(list).findByRole('checkbox', { name: 'Books' });
    const alert = await screen.findByRole('alert');
    // A thrown error's text is the developer's (the onError callbacks have it as `cause`), never the user's.
    expect(alert.textContent).toBe('Could not load the valuesRetry');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(container.querySelector('.ek-filters')).not.toBeNull();
  });
});

describe('QueryTable under a flood of rows', () => {
  it('renders a page of rows whatever the server sent, and says so', async () => {
    const { data } = source((query) => ({
      query,
      data: Array.from({ length: 20_000 }, (_, i) => ({ 'orders.region': `R${i}`, 'orders.count': String(i) })),
      annotation: NO_ANNOTATION,
      total: 20_000,
    }));
    const { container } = withSource(
      data,
      <QueryTable query={{ measures: ['orders.count'], dimensions: ['orders.region'] }} pageSize={10} csv={false} />,
    );
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(1));
    expect(container.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(container.querySelector('.ek-table__count')!.textContent).toContain('Rows 1–10 of 20,000');
    expect(container.querySelector('.ek-qtable__note')!.textContent).toContain('19,990 more rows were sent');
  });

  it('caps a 2 MB value where it is drawn, whole in the title', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const { data } = source((query) => ({
      query,
      data: [{ 'orders.region': huge, 'orders.count': '1' }],
      annotation: NO_ANNOTATION,
    }));
    const { container } = withSource(
      data,
      <QueryTable query={{ measures: ['orders.count'], dimensions: ['orders.region'] }} csv={false} />,
    );
    await waitFor(() => expect(container.querySelector('tbody td[title]')).not.toBeNull());
    const cell = container.querySelector('tbody td')!;
    expect(cell.textContent!.length).toBeLessThanOrEqual(300);
    expect(cell.textContent!.endsWith('…')).toBe(true);
    expect(cell.getAttribute('title')).toHaveLength(huge.length);
  });
});

describe('Retry after an answer that throws while drawn', () => {
  it('asks the data API again (not the cache) and shows the good answer', async () => {
    const { data, queries } = source((query, call) => {
      const row: LoadRow = {};
      // The first answer throws when the card reads its value (as a formatter could).
      if (call === 1)
        Object.defineProperty(row, 'orders.revenue', {
          enumerable: true,
          get: () => {
            throw new Error('Invalid currency code : XXXXX');
          },
        });
      else row['orders.revenue'] = '42';
      return { query, data: [row], annotation: NO_ANNOTATION };
    });
    withSource(data, <KpiCard measure="orders.revenue" title="Revenue" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('Invalid currency code');
    expect(within(alert).getByText('Could not load the data')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('42');
    expect(queries).toHaveLength(2);
  });
});

describe('KpiCard values that are not numbers', () => {
  for (const value of ['NaN', 'Infinity', 'abc']) {
    it(`shows "${value}" as missing, and says so`, async () => {
      const { data } = source((query) => ({ query, data: [{ 'orders.revenue': value }], annotation: NO_ANNOTATION }));
      const { container } = withSource(data, <KpiCard measure="orders.revenue" title="Revenue" />);
      await waitFor(() => expect(container.querySelector('[data-state="ready"]')).not.toBeNull());
      expect(container.querySelector('.ek-kpi__value')!.textContent).toBe('—');
      expect(container.textContent).toContain('The value is not a valid number');
      expect(container.textContent).not.toMatch(/NaN|Infinity|No data/);
    });
  }
});
