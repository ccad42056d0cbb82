// Issue 26, item 6: a result of thousands of columns draws the first 50 (laying out 3,000
// columns held the page for seconds) and says the CSV has the rest; a cell shows its first
// 1,000 characters.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultTable } from '../../../src';
import type { SqlResult } from '../../../src/protocol';
import { TABLE_COLUMN_LIMIT } from '../../../src/react/charts/ResultTable';

const wide = (columns: number, cell = 'v'): SqlResult => ({
  sqlQuery: 'select *',
  columns: Array.from({ length: columns }, (_, i) => ({ name: `c${i}`, type: 'String', kind: 'string' as const })),
  rows: [Array.from({ length: columns }, () => cell)],
  totalRows: 1,
  truncated: false,
});

describe('ResultTable bounds its cells', () => {
  it(`draws the first ${TABLE_COLUMN_LIMIT} of 3,000 columns and says where the rest are`, () => {
    const { container } = render(<ResultTable result={wide(3_000)} />);
    expect(container.querySelectorAll('th')).toHaveLength(TABLE_COLUMN_LIMIT);
    expect(container.querySelectorAll('td')).toHaveLength(TABLE_COLUMN_LIMIT);
    expect(container.querySelector('.ek-table__count')).toHaveTextContent(
      `the first ${TABLE_COLUMN_LIMIT} of 3,000 columns (the CSV has them all)`,
    );
  });

  it('draws every column of a result within the cap, with no note', () => {
    const { container } = render(<ResultTable result={wide(TABLE_COLUMN_LIMIT)} />);
    expect(container.querySelectorAll('th')).toHaveLength(TABLE_COLUMN_LIMIT);
    expect(container.querySelector('.ek-table__count')).not.toHaveTextContent('columns');
  });

  it('shows the first 1,000 characters of a long cell', () => {
    const { container } = render(<ResultTable result={wide(1, 'w'.repeat(200_000))} />);
    expect(container.querySelector('td')!.textContent).toBe(`${'w'.repeat(1_000)}…`);
  });
});
