import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetaResponse } from '../../../src/protocol';
import {
  Explorer,
  exploreReducer,
  GERMAN_EXPLORE_LABELS,
  useExplorer,
  type ExploreLabels,
  type ExploreState,
} from '../../../src/react/explore';
import { SemanticProvider, type DataSource } from '../../../src/react/native';

afterEach(() => cleanup());

const meta: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [{ name: 'orders.revenue', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' }],
      dimensions: [{ name: 'orders.region', title: 'Region', type: 'string' }],
    },
  ],
};

const source: DataSource = {
  load: async (query) => ({ query, data: [], annotation: { measures: {}, dimensions: {}, timeDimensions: {} } }),
  meta: async () => meta,
  reset: () => undefined,
};

const start: ExploreState = {
  measures: ['orders.revenue'],
  dimensions: ['orders.region'],
  filters: [{ member: 'orders.revenue', operator: 'gte', values: [] }],
  order: [],
  view: 'table',
};

/** The filters part alone; `seen` gets each query the state asks. */
function renderFilters(initial: ExploreState = start, labels?: ExploreLabels) {
  const seen: ExploreState[] = [];
  function Filters() {
    const explorer = useExplorer({ initial, meta, onChange: (state) => seen.push(state) });
    return (
      <Explorer.Root explorer={explorer} labels={labels}>
        <Explorer.Filters />
      </Explorer.Root>
    );
  }
  render(
    <SemanticProvider source={source} queryClient={new QueryClient()}>
      <Filters />
    </SemanticProvider>,
  );
  return seen;
}

const last = (seen: ExploreState[]) => seen[seen.length - 1]?.filters;

describe('the number filter editor', () => {
  it('turns a minimum and a maximum into gte and lte filters, shown as one row', () => {
    const seen = renderFilters();
    fireEvent.change(screen.getByLabelText('Minimum: Revenue'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Maximum: Revenue'), { target: { value: '2,5e3' } });
    expect(last(seen)).toEqual([{ member: 'orders.revenue', operator: 'gte', values: ['100'] }]);
    fireEvent.change(screen.getByLabelText('Maximum: Revenue'), { target: { value: '2500.5' } });
    expect(last(seen)).toEqual([
      { member: 'orders.revenue', operator: 'gte', values: ['100'] },
      { member: 'orders.revenue', operator: 'lte', values: ['2500.5'] },
    ]);
    // One row: one condition picker, one remove button for both ends.
    expect(screen.getAllByRole('combobox', { name: 'Condition: Revenue' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter on Revenue' }));
    expect(last(seen)).toEqual([]);
  });

  it('names text that is not a number and a minimum above the maximum, and sends neither', () => {
    const seen = renderFilters();
    const min = screen.getByLabelText('Minimum: Revenue');
    fireEvent.change(min, { target: { value: '12abc' } });
    expect(screen.getByText('"12abc" is not a number')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toEqual([]);
    fireEvent.change(min, { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Maximum: Revenue'), { target: { value: '10' } });
    expect(screen.getByText('The minimum is above the maximum')).toBeInTheDocument();
    // The last valid range stays: the minimum alone.
    expect(last(seen)).toEqual([{ member: 'orders.revenue', operator: 'gte', values: ['500'] }]);
    fireEvent.change(screen.getByLabelText('Maximum: Revenue'), { target: { value: '1000' } });
    expect(screen.queryByText('The minimum is above the maximum')).toBeNull();
    expect(last(seen)).toHaveLength(2);
  });

  it('takes a list for "is", separated by ;, with German words and decimal commas', () => {
    const seen = renderFilters(
      { ...start, filters: [{ member: 'orders.revenue', operator: 'equals', values: [] }] },
      GERMAN_EXPLORE_LABELS,
    );
    const input = screen.getByLabelText('Wert: Revenue');
    fireEvent.change(input, { target: { value: '10; 1,5; zehn' } });
    expect(screen.getByText('„zehn“ ist keine Zahl')).toBeInTheDocument();
    expect(seen).toEqual([]);
    fireEvent.change(input, { target: { value: '10; 1,5, 20' } });
    expect(last(seen)).toEqual([{ member: 'orders.revenue', operator: 'equals', values: ['10', '1.5', '20'] }]);
  });

  it('switching a range to another condition takes both ends away', () => {
    const ranged = {
      ...start,
      filters: [
        { member: 'orders.revenue', operator: 'gte' as const, values: ['1'] },
        { member: 'orders.region', operator: 'equals' as const, values: ['Europe'] },
        { member: 'orders.revenue', operator: 'lte' as const, values: ['9'] },
      ],
    };
    const next = exploreReducer(ranged, {
      type: 'editFilter',
      index: 0,
      filter: { member: 'orders.revenue', operator: 'gt', values: [] },
    });
    expect(next.filters).toEqual([
      { member: 'orders.revenue', operator: 'gt', values: [] },
      { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    ]);
    expect(exploreReducer(ranged, { type: 'setRange', index: 0, max: '5' }).filters).toEqual([
      { member: 'orders.revenue', operator: 'lte', values: ['5'] },
      { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    ]);
  });
});
