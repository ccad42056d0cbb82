// Issue 33, point 4: which rows an edit folds.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/protocol';
import { foldOf } from '../../../src/react/chat/edit-folds';

const messages: ChatMessage[] = [
  { id: 'q1', role: 'user', content: 'Revenue by contry' },
  { id: 't1', role: 'assistant', thinking: '…' },
  { id: 'a1', role: 'assistant', content: 'Answer 1', graphPath: ['final'] },
  { id: 'q2', role: 'user', content: 'Revenue by country' },
  { id: 'a2', role: 'assistant', content: 'Answer 2', graphPath: ['final'] },
];
const state = (edited: string[], unfolded: string[] = []) => ({
  thread: { chatId: 'c', messages, isStreaming: false },
  edited,
  unfolded,
});

describe('foldOf', () => {
  it('folds the rows between an edited question and the next question, not the questions', () => {
    const s = state(['q1']);
    expect(['q1', 't1', 'a1', 'q2', 'a2'].map((id) => foldOf(s, id))).toEqual([
      undefined,
      'folded',
      'folded',
      undefined,
      undefined,
    ]);
  });

  it('an unfolded one shows as earlier; without edits nothing folds', () => {
    expect(foldOf(state(['q1'], ['q1']), 'a1')).toBe('earlier');
    expect(foldOf(state([]), 'a1')).toBeUndefined();
  });

  it('follows a new edit list on the same thread (not a stale cache)', () => {
    const edited = ['q1'];
    expect(foldOf(state(edited), 'a1')).toBe('folded');
    expect(foldOf(state(edited, ['q1']), 'a1')).toBe('earlier');
    expect(foldOf(state(['q2']), 'a1')).toBeUndefined();
    expect(foldOf(state(['q1', 'q2']), 'a2')).toBe('folded');
    expect(foldOf(state(['q1', 'q2']), 'a1')).toBe('folded');
  });
});
