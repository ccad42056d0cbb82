import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIsomorphicLayoutEffect } from '../internal/use-isomorphic-layout-effect';
import { menuKeyTarget } from './menu-keys';

/** One entry of a {@link MenuButton}: an action, or (with `checked`) one of a set of choices. */
export interface MenuEntry {
  /** Given to `onSelect`. */
  key: string;
  label: string;
  /** A choice: `menuitemradio`, checked or not. */
  checked?: boolean;
  /** Starts a new group (a separator above it). */
  group?: boolean;
}

/** Gap between the button and its menu, in pixels (styles.css has the same). */
const GAP = 4;

/**
 * The room above and below `anchor` inside everything that clips it: the viewport and each
 * ancestor that does not let its content overflow (the chat's scrolling log, say).
 */
function roomAround(anchor: HTMLElement): { above: number; below: number } {
  let top = 0;
  let bottom = window.innerHeight;
  for (let at = anchor.parentElement; at; at = at.parentElement) {
    if (getComputedStyle(at).overflowY === 'visible') continue;
    const box = at.getBoundingClientRect();
    top = Math.max(top, box.top + at.clientTop);
    bottom = Math.min(bottom, box.top + at.clientTop + at.clientHeight);
  }
  const box = anchor.getBoundingClientRect();
  return { above: box.top - top - GAP, below: bottom - box.bottom - GAP };
}

/**
 * A menu button as the WAI-ARIA menu button pattern (and Radix) has it: Enter, Space or
 * ArrowDown open it on the first item, ArrowUp on the last; arrows move (wrapping), Home
 * and End jump, a letter moves to the next item starting with it; Enter or Space choose
 * and close; Escape closes; either way focus goes back to the button. Tab or a click
 * elsewhere closes it. Items are buttons, so a pointer and a screen reader's virtual cursor
 * work too. The menu opens below the button, or above it when only there it fits (at the
 * bottom of a chat, say); where it fits neither way it scrolls on the roomier side.
 */
export function MenuButton({
  label,
  entries,
  onSelect,
  buttonProps,
  onOpen,
}: {
  /** The button's text, and the menu's accessible name. */
  label: string;
  entries: readonly MenuEntry[];
  /** Called with the chosen entry's key, after the menu closed. */
  onSelect: (key: string) => void;
  buttonProps?: { tabIndex?: number; onFocus?: () => void; 'data-ek-tool'?: string };
  /** Called as the menu opens (e.g. to start loading what its items need). */
  onOpen?: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState<false | 'first' | 'last' | 'current'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  // Where the open menu goes: placed before it paints (and before the first item takes focus,
  // which would scroll a clipped item into view).
  const [place, setPlace] = useState<{ side: 'below' | 'above'; maxHeight?: number }>({ side: 'below' });

  useIsomorphicLayoutEffect(() => {
    if (!open || !menu.current || !button.current) return;
    const height = menu.current.scrollHeight;
    const { above, below } = roomAround(button.current);
    const side = height > below && above > below ? 'above' : 'below';
    const room = Math.floor(side === 'above' ? above : below);
    setPlace({ side, maxHeight: height > room ? Math.max(room, 60) : undefined });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const all = items();
    const start =
      open === 'last'
        ? all.length - 1
        : open === 'current'
          ? Math.max(
              0,
              all.findIndex((item) => item.getAttribute('aria-checked') === 'true'),
            )
          : 0;
    all[start]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const show = (at: 'first' | 'last' | 'current') => {
    onOpen?.();
    setOpen(at);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') return (event.preventDefault(), event.stopPropagation(), close());
    if (event.key === 'Tab') return setOpen(false);
    const next = menuKeyTarget(event.key, all, at);
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };

  return (
    <span className="ek-menu">
      <button
        {...buttonProps}
        ref={button}
        type="button"
        className="ek-button ek-menu__button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? setOpen(false) : show('current'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          className="ek-menu__list"
          data-side={place.side}
          style={{ maxHeight: place.maxHeight }}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            const to = event.relatedTarget as Node | null;
            if (to && !menu.current?.contains(to) && to !== button.current) setOpen(false);
          }}
        >
          {entries.map((entry) => (
            <Fragment key={entry.key}>
              {entry.group && <div role="separator" className="ek-menu__separator" />}
              <button
                type="button"
                role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={entry.checked}
                tabIndex={-1}
                className="ek-menu__item"
                onClick={() => {
                  close();
                  onSelect(entry.key);
                }}
              >
                {entry.label}
              </button>
            </Fragment>
          ))}
        </div>
      )}
    </span>
  );
}
