import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { closedSelectKey, openSelectKey, typeAhead } from './select-keys';

/** One choice of a {@link Select}: its value, its text, and the group it is listed under. */
export interface SelectOption {
  value: string;
  label: string;
  /** Options of one group are listed together under its title (a cube's members). */
  group?: string;
}

/** Props of {@link Select}. */
export interface SelectProps {
  /** The visible label, and the control's accessible name. */
  label: string;
  /** The label for screen readers only (a control whose neighbour names it). */
  hideLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  /** Called with a chosen option's value when it differs from `value`, never while arrows move. */
  onChange: (value: string) => void;
  /** Shown when `value` is none of the options ("Choose…"). */
  placeholder?: string;
  className?: string;
}

/** Letters typed within this long of each other are one search ("reg" → Region). */
const TYPING_MS = 600;

/**
 * A select as the WAI-ARIA select-only combobox pattern has it, for the explorer's choices: a
 * native `<select>` commits on every arrow key in Chrome and Firefox on Windows and Linux, so
 * a keyboard user stepping towards an option would run a query (or add a filter) at each
 * step. Here arrows only move: Enter, Space, Alt with Arrow Up or a click commit; Escape and
 * Tab close without a change. Closed, an arrow, Enter or Space opens the list on the chosen
 * option, a letter on the first option starting with it; open, Home and End, Page Up and
 * Page Down, and typed letters move too. Focus stays on the control (the active option is its
 * `aria-activedescendant`), so nothing is lost when the list closes.
 */
export function Select({ label, hideLabel = false, value, options, onChange, placeholder, className }: SelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const chosen = options.findIndex((option) => option.value === value);
  const optionId = (index: number) => `${id}-option-${index}`;

  // The active option stays in view as the arrows move through a long list (not in a DOM
  // without layout, such as jsdom's).
  useEffect(() => {
    if (open) list.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  const show = (at: number) => {
    setActive(Math.max(0, Math.min(at, options.length - 1)));
    setOpen(true);
  };
  const commit = (index: number) => {
    setOpen(false);
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
  };
  /** The option typed letters lead to (one search while they come quickly). */
  const type = (char: string, from: number) => {
    const now = Date.now();
    const text = now - typed.current.at < TYPING_MS ? typed.current.text + char : char;
    typed.current = { text, at: now };
    return typeAhead(
      options.map((option) => option.label),
      text,
      from,
    );
  };
  const typing = () => typed.current.text.length > 0 && Date.now() - typed.current.at < TYPING_MS;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (options.length === 0) return;
    if (!open) {
      const what = closedSelectKey(event, Math.max(0, chosen), options.length);
      if (!what) return;
      event.preventDefault();
      show('open' in what ? what.open : type(what.type, chosen));
      return;
    }
    const what = openSelectKey(event, active, options.length, typing());
    if (!what) return;
    if ('close' in what) {
      // Escape is the list's: a dialog around the explorer stays open.
      if (what.keepFocus) {
        event.preventDefault();
        event.stopPropagation();
      }
      setOpen(false);
      return;
    }
    event.preventDefault();
    if ('move' in what) setActive(what.move);
    else if ('commit' in what) commit(active);
    else setActive(type(what.type, active));
  };

  // Options of a group together under its title, in their order.
  const items: ReactNode[] = [];
  for (let index = 0; index < options.length;) {
    const group = options[index]!.group;
    const start = index;
    while (index < options.length && options[index]!.group === group) index++;
    const rows = options.slice(start, index).map((option, offset) => {
      const at = start + offset;
      return (
        <div
          key={`${at}:${option.value}`}
          id={optionId(at)}
          role="option"
          aria-selected={at === active}
          className="ek-select__option"
          data-active={at === active || undefined}
          data-chosen={at === chosen || undefined}
          onPointerMove={() => at !== active && setActive(at)}
          onClick={() => commit(at)}
        >
          {option.label}
        </div>
      );
    });
    items.push(
      group === undefined ? (
        <Fragment key={start}>{rows}</Fragment>
      ) : (
        <div key={start} role="group" aria-labelledby={`${id}-group-${start}`}>
          <div id={`${id}-group-${start}`} role="presentation" className="ek-select__group">
            {group}
          </div>
          {rows}
        </div>
      ),
    );
  }

  return (
    <div className={['ek-explore__field', 'ek-select', className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className={hideLabel ? 'ek-sr-only' : 'ek-explore__label'}>
        {label}
      </span>
      <div
        role="combobox"
        tabIndex={0}
        className="ek-explore__control ek-select__control"
        aria-labelledby={`${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        onClick={() => (open ? setOpen(false) : show(Math.max(0, chosen)))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span className="ek-select__value">{chosen === -1 ? placeholder : options[chosen]!.label}</span>
      </div>
      {open && (
        <div
          ref={list}
          id={`${id}-list`}
          role="listbox"
          aria-labelledby={`${id}-label`}
          className="ek-select__list"
          // The control keeps focus while a pointer picks (or scrolls the list).
          onMouseDown={(event) => event.preventDefault()}
        >
          {items}
        </div>
      )}
    </div>
  );
}
