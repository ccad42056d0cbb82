import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevisionPolling } from '../../../src/react/boards/stored/use-revision-polling';

// The poll of an open board: every interval, never two at once, none while the page is hidden
// (and one at once when it shows again), off at 0.

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const show = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
};

describe('useRevisionPolling', () => {
  it('asks every interval, waits for an answer before the next wait, and pauses while hidden', async () => {
    let answer: () => void = () => {};
    const poll = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    renderHook(() => useRevisionPolling(poll, 1000, true));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(poll).toHaveBeenCalledTimes(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(poll).toHaveBeenCalledTimes(1);
    // The first has not answered: no second, however long it takes.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => answer());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(poll).toHaveBeenCalledTimes(2);
    await act(async () => answer());
    show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(poll).toHaveBeenCalledTimes(2);
    // Shown again: asked at once.
    show('visible');
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('keeps asking after a failed ask, and asks nothing at 0 or once unmounted', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    const { unmount } = renderHook(() => useRevisionPolling(failing, 100, true));
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(failing).toHaveBeenCalledTimes(3);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(failing).toHaveBeenCalledTimes(3);
    const off = vi.fn(() => Promise.resolve());
    renderHook(() => useRevisionPolling(off, 0, true));
    renderHook(() => useRevisionPolling(off, 100, false));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(off).not.toHaveBeenCalled();
  });
});
