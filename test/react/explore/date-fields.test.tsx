import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateFields, isWholeDay } from '../../../src/react/explore/DateFields';

// Typed dates commit only when whole: a date field reports a year as it is typed (0002, 0020,
// 0202, 2024), and each of those was a query and a history entry (10 queries, 13 entries for
// two dates).

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** What Chrome's date field reports while "01/02/2024" is typed into an empty one (month, day, year). */
const typed = (day: string) => {
  const [year, month, date] = day.split('-');
  return [1, 2, 3, 4].map((digits) => `${year!.slice(0, digits).padStart(4, '0')}-${month}-${date}`);
};

describe('isWholeDay', () => {
  it('takes four-digit years from 1000 and days the calendar has', () => {
    expect(['2024-01-02', '1999-12-31', '2024-02-29', '9999-12-31'].every(isWholeDay)).toBe(true);
    for (const day of [
      '0002-01-02',
      '0202-01-02',
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-1-2',
      '',
      '2024-01-02T00:00',
    ])
      expect(isWholeDay(day), day).toBe(false);
  });
});

describe('DateFields', () => {
  function setup(values: string[] = []) {
    const onCommit = vi.fn();
    const view = render(
      <DateFields
        values={values}
        names={['From', 'To']}
        visible
        fromAfterTo="The start is after the end"
        onCommit={onCommit}
      />,
    );
    return { ...view, onCommit, from: screen.getByLabelText('From'), to: screen.getByLabelText('To') };
  }

  it('two dates typed are one commit, after typing pauses; partial years are none', () => {
    const { from, to, onCommit } = setup();
    for (const value of typed('2024-01-02')) fireEvent.change(from, { target: { value } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(onCommit).not.toHaveBeenCalled();
    for (const value of typed('2024-03-31')) {
      fireEvent.change(to, { target: { value } });
      act(() => vi.advanceTimersByTime(50));
    }
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(['2024-01-02', '2024-03-31']);
  });

  it('commits at once on Enter or leaving the field, and not twice', () => {
    const { from, to, onCommit } = setup(['2024-01-01', '2024-01-31']);
    fireEvent.change(to, { target: { value: '2024-02-29' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(['2024-01-01', '2024-02-29']);
    act(() => vi.advanceTimersByTime(1_000));
    expect(onCommit).toHaveBeenCalledTimes(1);
    fireEvent.change(from, { target: { value: '2024-02-01' } });
    fireEvent.blur(from);
    expect(onCommit).toHaveBeenLastCalledWith(['2024-02-01', '2024-02-29']);
  });

  it('a start after its end is named, marked invalid and not sent; fixing it sends it', () => {
    const { from, to, onCommit } = setup(['2024-01-01', '2024-01-31']);
    fireEvent.change(from, { target: { value: '2024-03-01' } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('The start is after the end')).toBeTruthy();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAttribute('aria-describedby', from.getAttribute('aria-describedby'));
    fireEvent.change(to, { target: { value: '2024-03-31' } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(['2024-03-01', '2024-03-31']);
  });

  it('shows a range changed elsewhere (back, forward), and starts from the days given', () => {
    const onCommit = vi.fn();
    const view = render(
      <DateFields
        values={[]}
        initial={['2024-10-01', '2024-12-31']}
        names={['From', 'To']}
        fromAfterTo="x"
        onCommit={onCommit}
      />,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2024-10-01');
    view.rerender(
      <DateFields values={['2023-01-01', '2023-06-30']} names={['From', 'To']} fromAfterTo="x" onCommit={onCommit} />,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2023-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2023-06-30');
    expect(onCommit).not.toHaveBeenCalled();
  });
});
