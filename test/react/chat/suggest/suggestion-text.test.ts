import { describe, expect, it } from 'vitest';
import { cleanText, questionList, sameQuestion } from '../../../../src/react/chat/suggest/suggestion-text';

describe('suggestion text', () => {
  it('is one line of plain text, capped at whole characters', () => {
    expect(cleanText('  Revenue\n\tby\u0000 region ', 60)).toBe('Revenue by region');
    expect(cleanText('a\u202Eb\u2066c\u200Bd', 60)).toBe('a b c d');
    expect(cleanText('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(cleanText('x'.repeat(10_000), 60)).toHaveLength(60);
    expect(cleanText(42, 60)).toBe('');
    expect(cleanText(undefined, 60)).toBe('');
    expect(cleanText('\uD800lone', 60)).toBe('lone');
  });

  it('compares questions without case, punctuation or spacing', () => {
    expect(sameQuestion('Revenue by region?')).toBe(sameQuestion(' revenue  BY region'));
  });

  it('takes strings only, without repeats or questions asked, at most `limit`', () => {
    expect(questionList(['A', 'a', ' ', 3, null, 'B', 'C?', 'D'], 3, ['c'])).toEqual(['A', 'B', 'D']);
    expect(questionList('not a list', 3)).toBeUndefined();
    expect(questionList({ length: 2, 0: 'a' }, 3)).toBeUndefined();
  });
});
