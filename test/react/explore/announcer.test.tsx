import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_DELAY_MS, useAnnouncer } from '../../../src/react/explore/announcer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAnnouncer', () => {
  it('says the last of rapid changes once, when they settle', () => {
    const { result } = renderHook(() => useAnnouncer());
    act(() => {
      result.current.announce('Revenue: 1 row');
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2);
      result.current.announce('Revenue by Region: 4 rows');
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS - 1);
    });
    expect(result.current.announcement).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.announcement).toBe('Revenue by Region: 4 rows');
  });

  it('says the same words again when they come again (a trailing no-break space)', () => {
    const { result } = renderHook(() => useAnnouncer());
    act(() => {
      result.current.announce('Region: 4 rows');
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS);
    });
    act(() => {
      result.current.announce('Region: 4 rows');
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS);
    });
    expect(result.current.announcement).toBe('Region: 4 rows\u00a0');
  });
});
