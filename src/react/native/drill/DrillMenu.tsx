import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { menuKeyTarget } from '../../charts/menu-keys';
import { useIsomorphicLayoutEffect } from '../../internal/use-isomorphic-layout-effect';
import { capText } from '../cap-text';
import { drillItems, hostItems, runItem, type DrillContext } from './drill-items';
import type { DrillActions, DrillDatum } from './drill-types';

// The drill menu, loaded by the first datum opened (a chunk of its own with the drilled
// queries' builders): the chat's menu pattern (the Export menu's keys and CSS), opened at
// the datum rather than under a button.

/** Longest item text drawn (a host's label, a member's title). */
const MAX_LABEL = 80;
/** Gap between the datum and the menu, and the least room kept to the window's edges. */
const GAP = 4;

/** Props of {@link DrillMenu}. */
export interface DrillMenuProps {
  datum: DrillDatum;
  context: DrillContext;
  drillActions?: DrillActions | undefined;
  onActionError: (error: unknown) => void;
  /** Where focus returns on Escape or a choice (the mark's button, the row's, the value). */
  anchor: HTMLElement | null;
  /** Where a pointer opened it (window coordinates); otherwise under `anchor`. */
  at?: { x: number; y: number } | undefined;
  onClose: () => void;
}

/**
 * The menu of one datum: its items by keyboard (arrows wrap, Home and End jump, a letter
 * moves to the next item starting with it, Enter or Space choose; Escape closes, focus back
 * on the datum; Tab or a click elsewhere closes). Placed at the pointer or under the datum,
 * kept inside the window.
 */
export function DrillMenu({ datum, context, drillActions, onActionError, anchor, at, onClose }: DrillMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const items = useMemo(
    () => hostItems(drillItems(datum, context), datum, drillActions, onActionError),
    // One list per opening: the datum is new each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [datum],
  );
  const [place, setPlace] = useState<{ left: number; top: number } | undefined>(undefined);
  const buttons = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useIsomorphicLayoutEffect(() => {
    if (!menu.current) return;
    const box = anchor?.getBoundingClientRect();
    const x = at?.x ?? box?.left ?? 0;
    const y = at?.y ?? (box ? box.bottom : 0);
    const { width, height } = menu.current.getBoundingClientRect();
    const left = Math.max(GAP, Math.min(x, window.innerWidth - width - GAP));
    // Below the point, or above it when only there it fits.
    const below = y + GAP;
    const top = below + height > window.innerHeight - GAP && y - height - GAP > 0 ? y - height - GAP : below;
    setPlace({ left, top: Math.max(GAP, top) });
  }, []);

  // Focus once placed: a hidden item (before its place is known) takes no focus.
  const placed = place !== undefined;
  useEffect(() => {
    if (placed) buttons()[0]?.focus();
  }, [placed]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    onClose();
    anchor?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const all = buttons();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') return (event.preventDefault(), event.stopPropagation(), close());
    if (event.key === 'Tab') return onClose();
    const next = menuKeyTarget(event.key, all, index);
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };

  return (
    <div
      ref={menu}
      className="ek-menu__list ek-drill__menu"
      role="menu"
      aria-label={capText(context.labels.menu(datum.label), MAX_LABEL * 2)}
      // Fixed: the chart's and the table's boxes clip what overflows them.
      style={{
        position: 'fixed',
        left: place?.left ?? 0,
        top: place?.top ?? 0,
        visibility: place ? undefined : 'hidden',
      }}
      onKeyDown={onKey}
    >
      {items.map((item, i) => (
        <Fragment key={item.key}>
          {item.group && i > 0 && <div role="separator" className="ek-menu__separator" />}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="ek-menu__item"
            data-key={item.key}
            title={item.label.length > MAX_LABEL ? capText(item.label, 1000) : undefined}
            onClick={() => {
              close();
              runItem(item, datum, onActionError);
            }}
          >
            {capText(item.label, MAX_LABEL)}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
