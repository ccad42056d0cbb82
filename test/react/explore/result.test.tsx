import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MetaResponse } from '../../../src/protocol';
import {
  DEFAULT_EXPLORE_LABELS,
  Explorer,
  GERMAN_EXPLORE_LABELS,
  parseExplore,
  useExplorer,
  type ExploreState,
} from '../../../src/react/explore';
import { SemanticProvider, type DataSource } from '../../../src/react/native';

// What the explorer says when there is nothing to draw, the title it gives a question (its
// result's heading, a saved widget's), the notes of a bad link in members' titles.

const meta: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [{ name: 'orders.revenue', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' }],
      dimensions: [
        { name: 'orders.region', title: 'Orders Region', shortTitle: 'Region', type: 'string' },
        { name: 'orders.createdAt', title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
      ],
    },
  ],
};

const source: DataSource = {
  load: async (query) => ({ query, data: [], annotation: { measures: {}, dimensions: {}, timeDimensions: {} } }),
  meta: async () => meta,
  reset: () => undefined,
};

function Parts({
  initial,
  onSave,
}: {
  initial: ExploreState;
  onSave?: (state: ExploreState, details: { title: string }) => void;
}) {
  const explorer = useExplorer({ initial, meta });
  return (
    <Explorer.Root explorer={explorer}>
      <Explorer.Result />
      <Explorer.History />
      <Explorer.Reset />
      {onSave && <Explorer.Save onSave={onSave} />}
    </Explorer.Root>
  );
}

const show = (initial: ExploreState, onSave?: (state: ExploreState, details: { title: string }) => void) =>
  render(
    <SemanticProvider source={source} queryClient={new QueryClient()}>
      <Parts initial={initial} onSave={onSave} />
    </SemanticProvider>,
  );

const empty: ExploreState = { measures: [], dimensions: [], filters: [], order: [], view: 'auto' };

describe('Explorer.Result says why there is nothing to draw', () => {
  it('nothing asked', () => {
    show(empty);
    expect(screen.getByText('Pick a measure or a dimension to see a result.')).toBeTruthy();
  });

  it('a time dimension alone, not grouped: names it by its title', () => {
    show({ ...empty, time: { dimension: 'orders.createdAt' } });
    expect(
      screen.getByText('Pick a granularity for Created at, or a measure or a dimension, to see a result.'),
    ).toBeTruthy();
  });

  it('a chart type the question cannot be drawn as: the chart it is shown as', () => {
    show({ ...empty, measures: ['orders.revenue'], view: 'line' });
    expect(screen.getByText('Line does not fit this question: shown as Number.')).toBeTruthy();
  });
});

describe('the question’s title', () => {
  it('measures by dimensions in the members’ titles; hands it to Save', () => {
    const onSave = vi.fn();
    show({ ...empty, measures: ['orders.revenue'], dimensions: ['orders.region'] }, onSave);
    fireEvent.click(screen.getByRole('button', { name: 'Save to board' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ measures: ['orders.revenue'] }), {
      title: 'Revenue by Region',
    });
  });

  it('in German too, and for dimensions alone', () => {
    expect(GERMAN_EXPLORE_LABELS.title(['Umsatz', 'Aufträge'], ['Region'])).toBe('Umsatz und Aufträge nach Region');
    expect(DEFAULT_EXPLORE_LABELS.title([], ['Region', 'Country'])).toBe('Region and Country');
  });
});

describe('history', () => {
  it('a change that changes nothing (Reset of the empty explorer) is no step back', () => {
    const { result } = renderHook(() => useExplorer());
    act(() => result.current.dispatch({ type: 'reset' }));
    act(() => result.current.dispatch({ type: 'setView', view: 'auto' }));
    expect(result.current.canBack).toBe(false);
  });
});

describe('Explorer.Problems', () => {
  it('names members by their titles, never by the link’s paths', () => {
    const link = btoa(
      JSON.stringify({
        m: ['orders.region', 'orders.nope'],
        f: [['orders.revenue', 'gte', ['ten']], 'x'],
        t: { d: 'orders.region' },
      }),
    );
    const { error } = parseExplore(link, meta);
    function WithProblems() {
      const explorer = useExplorer({ meta });
      return (
        <Explorer.Root explorer={explorer}>
          <Explorer.Problems error={error} />
        </Explorer.Root>
      );
    }
    render(
      <SemanticProvider source={source} queryClient={new QueryClient()}>
        <WithProblems />
      </SemanticProvider>,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '“Region” cannot be used as a measure.',
      '“orders.nope” is not in the data model.',
      '“Region” cannot be used as a time dimension.',
      'The filter on “Revenue” has values it does not take (expected numbers).',
      'The filters could not be read.',
    ]);
    for (const item of items) expect(item).not.toMatch(/\[\d\]/);
  });
});
