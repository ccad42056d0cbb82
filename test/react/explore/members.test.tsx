import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetaResponse } from '../../../src/protocol';
import { Explorer, useExplorer, type ExploreState } from '../../../src/react/explore';
import { SemanticProvider, type DataSource } from '../../../src/react/native';

afterEach(() => cleanup());

const meta: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [{ name: 'orders.revenue', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' }],
      dimensions: [
        { name: 'orders.region', title: 'Region', type: 'string', description: 'Where it shipped' },
        { name: 'orders.createdAt', title: 'Created at', type: 'time' },
      ],
    },
  ],
};

const source: DataSource = {
  load: async (query) => ({ query, data: [], annotation: { measures: {}, dimensions: {}, timeDimensions: {} } }),
  meta: async () => meta,
  reset: () => undefined,
};

describe('Explorer.Members', () => {
  it('shows the chosen members as chips whose buttons remove them, the time dimension too', () => {
    const seen: ExploreState[] = [];
    function Members() {
      const explorer = useExplorer({
        meta,
        initial: {
          measures: ['orders.revenue'],
          dimensions: ['orders.region'],
          time: { dimension: 'orders.createdAt', granularity: 'month' },
          filters: [],
          order: [],
          view: 'auto',
        },
        onChange: (state) => seen.push(state),
      });
      return (
        <Explorer.Root explorer={explorer}>
          <Explorer.Members />
        </Explorer.Root>
      );
    }
    render(
      <SemanticProvider source={source} queryClient={new QueryClient()}>
        <Members />
      </SemanticProvider>,
    );
    const chips = screen.getByRole('list', { name: 'Chosen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Revenue×', 'Region×', 'Created at×']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Region' }));
    expect(seen.at(-1)?.dimensions).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Created at' }));
    expect(seen.at(-1)?.time).toBeUndefined();
    expect(screen.getByRole('checkbox', { name: /^Revenue/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Region/ })).not.toBeChecked();
  });
});
