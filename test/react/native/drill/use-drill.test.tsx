import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrill } from '../../../../src/react/native/drill/use-drill';

describe('useDrill', () => {
  const step = {
    query: { measures: ['orders.revenue'], dimensions: ['orders.country'] },
    back: 'Revenue',
    title: 'Country',
  };

  it('counts the steps the user takes (each hands focus to what is shown then)', () => {
    const { result } = renderHook(() => useDrill({ drill: true }, 'q1'));
    expect(result.current.moves).toBe(0);
    act(() => result.current.push(step));
    act(() => result.current.back());
    expect(result.current.steps).toEqual([]);
    expect(result.current.moves).toBe(2);
  });

  it('starts from the host’s question again when it changes (the explorer’s): its steps were of the old one', () => {
    const { result, rerender } = renderHook(({ query }) => useDrill({ drill: true }, query), {
      initialProps: { query: 'q1' },
    });
    act(() => result.current.push(step));
    expect(result.current.steps).toHaveLength(1);
    rerender({ query: 'q1' });
    expect(result.current.steps).toHaveLength(1);
    rerender({ query: 'q2' });
    expect(result.current.steps).toEqual([]);
  });
});
