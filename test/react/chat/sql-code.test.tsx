// Untrusted SQL of any length opens without a long task: past SQL_FORMAT_LIMIT it is shown as
// it came, as one text node, never formatted or tokenized; its first 4,000 characters at
// once, the rest behind "Show all".
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SQL_FORMAT_LIMIT, SqlCode } from '../../../src/react/chat/ui/SqlCode';

const select = (length: number) => {
  const columns = Array.from({ length: Math.ceil(length / 30) }, (_, i) => `sum(col_${i}) AS total_${i}`).join(', ');
  return `SELECT ${columns} FROM orders`.slice(0, length);
};

describe('SqlCode', () => {
  it('formats and highlights SQL up to the limit', async () => {
    const { container } = render(<SqlCode sql="select region, sum(revenue) from orders group by 1" />);
    await waitFor(() => expect(container.querySelector('pre')).toHaveAttribute('data-formatted', 'true'));
    expect(container.querySelector('code')!.textContent).toMatch(/^SELECT\n {2}region,/);
    expect(container.querySelectorAll('.ek-sql__keyword').length).toBeGreaterThan(2);
  });

  it('past the limit: the SQL as it came, one text node, no formatting, no highlighting', async () => {
    const sql = select(SQL_FORMAT_LIMIT * 50); // a million characters
    const { container, getByRole } = render(<SqlCode sql={sql} />);
    const code = container.querySelector('code')!;
    expect(code.childNodes).toHaveLength(1);
    expect(code.textContent).toBe(sql.slice(0, 4_000));
    // Broken anywhere: a script without spaces (Thai) is not segmented into words to wrap.
    expect(container.querySelector('pre')).toHaveClass('ek-sql--plain');
    // Nothing changes once the formatter has answered: a short query rendered beside it is
    // formatted, so the formatter has loaded and run.
    const short = render(<SqlCode sql="select 1" />);
    await waitFor(() => expect(short.container.querySelector('pre')).toHaveAttribute('data-formatted', 'true'));
    expect(container.querySelector('pre')).not.toHaveAttribute('data-formatted');
    expect(code.childNodes).toHaveLength(1);
    // Nothing lost: the rest shows after "Show all", in parts.
    fireEvent.click(getByRole('button', { name: /Show all \(996,000 more characters\)/ }));
    const rest = [...container.querySelectorAll('.ek-more__part')].map((part) => part.textContent).join('');
    expect(code.textContent + rest).toBe(sql);
  });

  it('SQL as long as the limit is still highlighted', () => {
    const { container } = render(<SqlCode sql={select(SQL_FORMAT_LIMIT)} />);
    expect(container.querySelectorAll('.ek-sql__keyword').length).toBeGreaterThan(0);
    expect(container.querySelector('pre')).not.toHaveClass('ek-sql--plain');
  });
});
