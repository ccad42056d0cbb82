import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Board } from '../../../src/react/boards';

// The native widgets replaced by counters: what a move, a resize and an undo redraw.
const renders = vi.hoisted(() => new Map<string, number>());
const count = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1);
vi.mock('../../../src/react/native/KpiCard', async () => {
  const { useSemanticFilters } = await import('../../../src/react/native/data/SemanticFilters');
  return {
    KpiCard: function KpiCard({ measure }: { measure: string }) {
      count(measure);
      // What the shared filters say where the card is.
      const filters = useSemanticFilters();
      return <div data-filters={JSON.stringify(filters?.value ?? null)}>{measure}</div>;
    },
  };
});
vi.mock('../../../src/react/native/QueryChart', () => ({
  QueryChart: ({ height }: { height: number }) => {
    count('chart');
    return <div data-height={height}>chart</div>;
  },
}));

const definition = {
  version: 2,
  title: 'Counted',
  widgets: [
    { id: 'a', kind: 'kpi', title: 'A', measure: 'orders.revenue', layout: { x: 0, y: 0, w: 4, h: 2 } },
    { id: 'b', kind: 'kpi', title: 'B', measure: 'orders.count', layout: { x: 4, y: 0, w: 4, h: 2 } },
    { id: 'c', kind: 'chart', title: 'C', query: { measures: ['orders.revenue'] }, layout: { x: 0, y: 2, w: 8, h: 4 } },
  ],
};

describe('what an edit redraws', () => {
  it('a move redraws no widget; a resize only the resized one', async () => {
    render(<Board definition={definition} editable />);
    const a = await screen.findByRole('group', { name: 'A' });
    const before = new Map(renders);
    a.focus();
    act(() => {
      fireEvent.keyDown(a, { key: 'ArrowRight' });
    });
    // A moved (and pushed B down): their places changed, their contents did not.
    expect(screen.getByRole('status')).toHaveTextContent('A moved');
    expect(renders).toEqual(before);
    const c = screen.getByRole('group', { name: 'C' });
    c.focus();
    act(() => {
      fireEvent.keyDown(c, { key: 'ArrowDown', shiftKey: true });
    });
    expect(renders.get('chart')).toBe(before.get('chart')! + 1);
    expect(renders.get('orders.revenue')).toBe(before.get('orders.revenue'));
    expect(renders.get('orders.count')).toBe(before.get('orders.count'));
    // The chart got the taller cell's height, less the edit strip and its own title and toolbar.
    expect(screen.getByText('chart').dataset.height).toBe(String(5 * 72 + 4 * 12 - 32 - 84));
  });
});

describe('the board’s filters', () => {
  it('hold on top of the page’s shared filters, the board’s winning for a member and the date range', async () => {
    const { SemanticFilters } = await import('../../../src/react/native/data/SemanticFilters');
    render(
      <SemanticFilters
        dateDimension="orders.createdAt"
        defaultValue={{
          dateRange: 'last year',
          values: { 'orders.region': ['Asia Pacific'], 'orders.category': ['Software'] },
        }}
      >
        <Board
          definition={{
            ...definition,
            filters: { dateRange: 'last quarter', values: { 'orders.region': ['Europe'] } },
          }}
        />
      </SemanticFilters>,
    );
    const card = await screen.findByText('orders.revenue');
    expect(JSON.parse(card.dataset.filters!)).toEqual({
      dateRange: 'last quarter',
      values: { 'orders.region': ['Europe'], 'orders.category': ['Software'] },
    });
  });

  it('without filters of its own, the page’s reach every widget as they are', async () => {
    const { SemanticFilters } = await import('../../../src/react/native/data/SemanticFilters');
    render(
      <SemanticFilters defaultValue={{ values: { 'orders.region': ['Europe'] } }}>
        <Board definition={definition} />
      </SemanticFilters>,
    );
    const card = await screen.findByText('orders.count');
    expect(JSON.parse(card.dataset.filters!)).toEqual({ values: { 'orders.region': ['Europe'] } });
  });
});
