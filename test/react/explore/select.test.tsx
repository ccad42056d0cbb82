import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from '../../../src/react/explore/Select';
import { closedSelectKey, openSelectKey, typeAhead } from '../../../src/react/explore/select-keys';

// The explorer's select (the WAI-ARIA select-only combobox): arrows move and never commit;
// Enter, Space or a click commit; Escape and Tab close without a change.

const OPTIONS: SelectOption[] = [
  { value: 'orders.revenue', label: 'Revenue', group: 'Orders' },
  { value: 'orders.count', label: 'Orders', group: 'Orders' },
  { value: 'orders.region', label: 'Region', group: 'Orders' },
  { value: 'orders.country', label: 'Country', group: 'Orders' },
  { value: 'users.name', label: 'Name', group: 'Users' },
];

function Controlled({ onChange, value: start = '' }: { onChange: (value: string) => void; value?: string }) {
  const [value, setValue] = useState(start);
  return (
    <Select
      label="Add a filter on"
      value={value}
      placeholder="Choose a member"
      options={OPTIONS}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const active = (box: HTMLElement) =>
  document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;

describe('select-keys', () => {
  it('moves without wrapping, commits on Enter, Space and Alt+ArrowUp, closes on Escape and Tab', () => {
    expect(openSelectKey({ key: 'ArrowDown' }, 4, 5, false)).toEqual({ move: 4 });
    expect(openSelectKey({ key: 'ArrowUp' }, 0, 5, false)).toEqual({ move: 0 });
    expect(openSelectKey({ key: 'End' }, 0, 5, false)).toEqual({ move: 4 });
    expect(openSelectKey({ key: 'PageDown' }, 0, 25, false)).toEqual({ move: 10 });
    expect(openSelectKey({ key: 'Enter' }, 2, 5, false)).toEqual({ commit: true });
    expect(openSelectKey({ key: ' ' }, 2, 5, false)).toEqual({ commit: true });
    // A space while letters are typed is part of the search ("product c").
    expect(openSelectKey({ key: ' ' }, 2, 5, true)).toEqual({ type: ' ' });
    expect(openSelectKey({ key: 'ArrowUp', altKey: true }, 2, 5, false)).toEqual({ commit: true });
    expect(openSelectKey({ key: 'Escape' }, 2, 5, false)).toEqual({ close: true, keepFocus: true });
    expect(openSelectKey({ key: 'Tab' }, 2, 5, false)).toEqual({ close: true, keepFocus: false });
    expect(openSelectKey({ key: 'c', ctrlKey: true }, 2, 5, false)).toBeUndefined();
  });

  it('only opens when closed: no key commits', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' '])
      expect(closedSelectKey({ key }, 2, 5)).toEqual({ open: 2 });
    expect(closedSelectKey({ key: 'End' }, 0, 5)).toEqual({ open: 4 });
    expect(closedSelectKey({ key: 'r' }, 0, 5)).toEqual({ type: 'r' });
    expect(closedSelectKey({ key: 'Tab' }, 0, 5)).toBeUndefined();
  });

  it('types ahead: a prefix, the same letter cycling, from no option at all', () => {
    const labels = OPTIONS.map((option) => option.label);
    expect(typeAhead(labels, 'r', 0)).toBe(2);
    expect(typeAhead(labels, 're', 0)).toBe(0);
    expect(typeAhead(labels, 'r', 2)).toBe(0);
    expect(typeAhead(labels, 'rr', 0)).toBe(2);
    expect(typeAhead(labels, 'r', -1)).toBe(0);
    expect(typeAhead(labels, 'co', -1)).toBe(3);
    expect(typeAhead(labels, 'zzz', 1)).toBe(1);
  });
});

describe('Select', () => {
  it('is a combobox named by its label, its list a listbox of grouped options', async () => {
    render(<Controlled onChange={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Add a filter on' });
    expect(box).toHaveTextContent('Choose a member');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-controls');
    box.focus();
    await userEvent.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Add a filter on' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getByRole('group', { name: 'Users' })).toContainElement(screen.getByRole('option', { name: 'Name' }));
    expect(active(box)).toBe('Revenue');
    expect(screen.getByRole('option', { name: 'Revenue' })).toHaveAttribute('aria-selected', 'true');
  });

  it('never commits on an arrow: Enter commits the option reached, focus stays on the control', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const box = screen.getByRole('combobox');
    box.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(onChange).not.toHaveBeenCalled();
    expect(active(box)).toBe('Region');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('orders.region');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveTextContent('Region');
    expect(document.activeElement).toBe(box);
    // Open again: on the chosen option; Space commits another.
    await userEvent.keyboard('{ArrowDown}');
    expect(active(box)).toBe('Region');
    await userEvent.keyboard('{ArrowDown}[Space]');
    expect(onChange).toHaveBeenLastCalledWith('orders.country');
  });

  it('Escape and Tab close without a change; Escape does not reach a dialog around it', async () => {
    const onChange = vi.fn();
    const outer = vi.fn();
    render(
      <div onKeyDown={(event) => event.key === 'Escape' && outer()}>
        <Controlled onChange={onChange} />
        <button type="button">Next</button>
      </div>,
    );
    const box = screen.getByRole('combobox');
    box.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(outer).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    // Closed, Escape is the page's again.
    box.focus();
    await userEvent.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('types ahead: letters open the list on the first match, then search on', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const box = screen.getByRole('combobox');
    box.focus();
    await userEvent.keyboard('co');
    expect(active(box)).toBe('Country');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('orders.country');
  });

  it('by pointer: a click opens, a click on an option commits, a click outside closes', async () => {
    const onChange = vi.fn();
    render(
      <>
        <Controlled onChange={onChange} />
        <p>Elsewhere</p>
      </>,
    );
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    expect(document.activeElement).toBe(box);
    // Hovering moves the active option, as the arrows do; nothing is committed.
    fireEvent.pointerMove(screen.getByRole('option', { name: 'Orders' }));
    expect(active(box)).toBe('Orders');
    await userEvent.click(screen.getByRole('option', { name: 'Name' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('users.name');
    expect(document.activeElement).toBe(box);
    await userEvent.click(box);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not call onChange for the option already chosen', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} value="orders.count" />);
    const box = screen.getByRole('combobox');
    box.focus();
    await userEvent.keyboard('{Enter}');
    expect(active(box)).toBe('Orders');
    await userEvent.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });
});
