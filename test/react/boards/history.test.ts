import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, record, redo, startHistory, undo } from '../../../src/react/boards/history';

describe('board history', () => {
  it('undoes and redoes step by step; a new edit drops the redo steps', () => {
    let history = record(record(startHistory('a'), 'b'), 'c');
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
    history = record(history, 'd');
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(history.past).toEqual(['a', 'b']);
  });

  it('records nothing for the same state, and keeps at most the limit', () => {
    const start = startHistory(0);
    expect(record(start, 0)).toBe(start);
    let history = start;
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) history = record(history, i);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
  });
});
