// The default thread store (localStorage, one list per user) and the relative times.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localThreadStore, MAX_THREADS } from '../../../src/react/threads/thread-store';
import { relativeTime } from '../../../src/react/threads/thread-labels';

const KEY = 'react-embedded-analytics:threads:ann%2Fbob';
const record = (chatId: string, updatedAt: number) => ({ chatId, title: `T ${chatId}`, createdAt: 1, updatedAt });

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('localThreadStore', () => {
  it('keeps one list per user, most recent first, and removes', () => {
    const store = localThreadStore('ann/bob');
    store.save(record('a', 10));
    store.save(record('b', 20));
    store.save({ ...record('a', 30), title: 'Renamed' });
    expect(store.list()).toEqual([{ ...record('a', 30), title: 'Renamed' }, record('b', 20)]);
    expect(localThreadStore('carol').list()).toEqual([]);
    store.remove('a');
    store.remove('b');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['a later format', JSON.stringify({ v: 2, threads: [record('a', 1)] })],
    ['threads not an array', JSON.stringify({ v: 1, threads: { a: record('a', 1) } })],
    [
      'records of the wrong shape',
      JSON.stringify({ v: 1, threads: [{ chatId: 1 }, 'x', null, { ...record('a', 1), updatedAt: 'now' }] }),
    ],
  ])('reads a stored value that does not fit (%s) as an empty list', (_, raw) => {
    localStorage.setItem(KEY, raw);
    expect(localThreadStore('ann/bob').list()).toEqual([]);
  });

  it('keeps at most MAX_THREADS, dropping the least recent', () => {
    const store = localThreadStore('ann/bob');
    localStorage.setItem(
      KEY,
      JSON.stringify({ v: 1, threads: Array.from({ length: MAX_THREADS }, (_, i) => record(`c${i}`, i + 1)) }),
    );
    store.save(record('newest', 10_000));
    const list = store.list() as readonly { chatId: string }[];
    expect(list).toHaveLength(MAX_THREADS);
    expect(list[0]!.chatId).toBe('newest');
    expect(list.some((t) => t.chatId === 'c0')).toBe(false);
  });

  it('a full or blocked storage: saving is skipped, listing is empty, nothing throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const store = localThreadStore('ann/bob');
    expect(() => store.save(record('a', 1))).not.toThrow();
    expect(store.list()).toEqual([]);
  });

  it("follows another tab's changes (storage events)", () => {
    const store = localThreadStore('ann/bob');
    const onChange = vi.fn();
    const stop = store.subscribe!(onChange);
    window.dispatchEvent(new StorageEvent('storage', { key: 'react-embedded-analytics:threads:carol' }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  it.each([
    [now - 10_000, 'en', 'now'],
    [now - 5 * 60_000, 'en', '5 minutes ago'],
    [now - 3 * 3_600_000, 'en', '3 hours ago'],
    [now - 26 * 3_600_000, 'en', 'yesterday'],
    [now - 8 * 86_400_000, 'en', 'last week'],
    [now - 70 * 86_400_000, 'en', '2 months ago'],
    [now - 400 * 86_400_000, 'en', 'last year'],
    [now - 26 * 3_600_000, 'de', 'gestern'],
    [now - 5 * 60_000, 'not a locale!', '5 minutes ago'],
  ])('%s in %s', (at, locale, text) => {
    expect(relativeTime(at, now, locale)).toBe(text);
  });
});
