import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src';
import { markdownBlocks } from '../../../src/react/chat/ui/Markdown';

describe('markdownBlocks', () => {
  it('splits at blank lines, but not inside code fences', () => {
    const text =
      'Intro **bold**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```sql\nSELECT 1\n\nFROM t\n```\n\n\n- one\n- two';
    expect(markdownBlocks(text)).toEqual([
      'Intro **bold**',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '```sql\nSELECT 1\n\nFROM t\n```',
      '- one\n- two',
    ]);
    expect(markdownBlocks('')).toEqual([]);
  });

  it('shows plain paragraphs while the parser loads, then tables, code and lists, block by block', async () => {
    const { container } = render(
      <Markdown text={'| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nx\n\ny\n```\n\n1. one\n2. two'} />,
    );
    // The parser is a lazy chunk: until it arrives the same words show, one paragraph a block.
    const plain = container.querySelectorAll('.ek-markdown__plain');
    expect(plain).toHaveLength(3);
    expect(plain[0]!.textContent).toBe('| a | b |\n|---|---|\n| 1 | 2 |');
    await waitFor(() => expect(container.querySelector('table td')).toHaveTextContent('1'));
    expect(container.querySelector('.ek-markdown__plain')).toBeNull();
    expect(container.querySelector('pre code')!.textContent).toBe('x\n\ny\n');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
  });
});
