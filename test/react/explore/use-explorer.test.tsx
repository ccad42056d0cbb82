import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_EXPLORE } from '../../../src/protocol/explore';
import { filterMembers, indexMembers, useExplorer } from '../../../src/react/explore';
import type { MetaResponse } from '../../../src/protocol';

describe('useExplorer', () => {
  it('changes the state, tells the host, and goes back and forward', async () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useExplorer({ onChange }));
    act(() => result.current.dispatch({ type: 'toggleMeasure', member: 'orders.revenue' }));
    act(() => result.current.dispatch({ type: 'toggleDimension', member: 'orders.region' }));
    act(() => result.current.dispatch({ type: 'setOrder', order: [['orders.region', 'asc']] }));
    expect(result.current.query).toEqual({
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      order: [['orders.region', 'asc']],
      limit: 1000,
    });
    expect(onChange).toHaveBeenCalledTimes(3);
    // Removing the dimension drops the order by it (sorting by a member not asked fails).
    act(() => result.current.dispatch({ type: 'toggleDimension', member: 'orders.region' }));
    expect(result.current.state.order).toEqual([]);
    act(() => result.current.back());
    expect(result.current.state.dimensions).toEqual(['orders.region']);
    expect(result.current.canForward).toBe(true);
    act(() => result.current.forward());
    expect(result.current.state.dimensions).toEqual([]);
    act(() => result.current.dispatch({ type: 'reset' }));
    expect(result.current.state).toEqual(EMPTY_EXPLORE);
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_EXPLORE);
  });

  it('does not send a filter that has no values yet', () => {
    const { result } = renderHook(() => useExplorer());
    act(() =>
      result.current.dispatch({
        type: 'addFilter',
        filter: { member: 'orders.region', operator: 'equals', values: [] },
      }),
    );
    expect(result.current.query.filters).toBeUndefined();
    act(() =>
      result.current.dispatch({
        type: 'editFilter',
        index: 0,
        filter: { member: 'orders.region', operator: 'equals', values: ['Europe'] },
      }),
    );
    expect(result.current.query.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: ['Europe'] }]);
  });
});

describe('filterMembers', () => {
  const meta: MetaResponse = {
    cubes: [
      {
        name: 'orders',
        title: 'Orders',
        measures: [{ name: 'orders.revenue', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' }],
        dimensions: [
          { name: 'orders.country', title: 'Country', type: 'string', description: 'Where it shipped' },
          { name: 'orders.hidden', title: 'Hidden', type: 'string', isVisible: false },
        ],
      },
    ],
  };
  it('finds by every word of titles, names and descriptions, and lists no hidden member', () => {
    const members = indexMembers(meta);
    expect(members.map((m) => m.name)).toEqual(['orders.revenue', 'orders.country']);
    expect(filterMembers(members, 'SHIPPED where', 10).shown.map((m) => m.name)).toEqual(['orders.country']);
    expect(filterMembers(members, 'orders', 1)).toEqual({ shown: [members[0]], total: 2 });
  });
});
