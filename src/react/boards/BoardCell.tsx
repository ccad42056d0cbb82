import { memo, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { BoardWidget } from '../../protocol/board/widget';
import { cellStyle, contentHeight } from './board-geometry';
import type { BoardLabels, MemberTitle } from './labels';
import { showsOwnTitle, WidgetContent } from './WidgetContent';

/** What a pointer on a handle starts: moving the widget or resizing it. */
export type DragMode = 'move' | 'resize';

/** The board's handlers a cell calls (stable for the board's life: a cell re-renders only for its own props). */
export interface CellActions {
  onKeyDown: (id: string, event: KeyboardEvent<HTMLElement>) => void;
  onPointerDown: (id: string, mode: DragMode, event: PointerEvent<HTMLElement>) => void;
  onRemove: (id: string) => void;
}

/** Props of {@link BoardCell}. */
export interface BoardCellProps {
  widget: BoardWidget;
  x: number;
  y: number;
  w: number;
  h: number;
  editable: boolean;
  /** Being dragged by a pointer (drawn lifted). */
  dragging: boolean;
  /** The id of the hidden instructions each widget is described by in edit mode. */
  instructionsId: string;
  /** The data model's member titles, once known (for the widget's name). */
  memberTitle: MemberTitle | undefined;
  labels: BoardLabels;
  actions: CellActions;
  today?: Date;
  locale?: string;
}

/**
 * One widget in its place on the grid. In edit mode it is focusable (arrow keys move it,
 * Shift with arrows resizes it, Delete removes it) and has a strip with a move handle and
 * Remove, and a resize handle in its corner, for a pointer.
 */
export const BoardCell = memo(function BoardCell({
  widget,
  x,
  y,
  w,
  h,
  editable,
  dragging,
  instructionsId,
  memberTitle,
  labels,
  actions,
  today,
  locale,
}: BoardCellProps) {
  const name = labels.name(widget, memberTitle);
  // A handle activated without a drag (a screen reader's click) hands over to the keyboard.
  const focusCell = (event: MouseEvent<HTMLElement>) =>
    event.currentTarget.closest<HTMLElement>('.ek-board__cell')?.focus();
  const content = (
    <div className="ek-board__content">
      <WidgetContent
        widget={widget}
        name={name}
        height={contentHeight(h, editable)}
        labels={labels}
        today={today}
        locale={locale}
      />
    </div>
  );
  if (!editable)
    return (
      <div
        className="ek-board__cell"
        data-widget-id={widget.id}
        data-kind={widget.kind}
        style={cellStyle({ x, y, w, h })}
      >
        {content}
      </div>
    );
  return (
    <div
      className="ek-board__cell"
      data-widget-id={widget.id}
      data-kind={widget.kind}
      data-editable=""
      {...(dragging ? { 'data-dragging': '' } : {})}
      style={cellStyle({ x, y, w, h })}
      role="group"
      aria-roledescription={labels.widget}
      aria-label={name}
      aria-describedby={instructionsId}
      tabIndex={0}
      onKeyDown={(event) => actions.onKeyDown(widget.id, event)}
    >
      <div className="ek-board__bar">
        <button
          type="button"
          className="ek-board__handle"
          aria-label={labels.move(name)}
          title={labels.move(name)}
          tabIndex={-1}
          onPointerDown={(event) => actions.onPointerDown(widget.id, 'move', event)}
          onClick={focusCell}
        >
          <span aria-hidden="true">⠿</span>
          {/* One title per widget: its own where it shows one, else its name here. */}
          {showsOwnTitle(widget) ? null : <span className="ek-board__bar-name">{name}</span>}
        </button>
        <button
          type="button"
          className="ek-board__remove"
          aria-label={labels.remove(name)}
          title={labels.remove(name)}
          onClick={() => actions.onRemove(widget.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {content}
      <button
        type="button"
        className="ek-board__resize"
        aria-label={labels.resize(name)}
        title={labels.resize(name)}
        tabIndex={-1}
        onPointerDown={(event) => actions.onPointerDown(widget.id, 'resize', event)}
        onClick={focusCell}
      />
    </div>
  );
});
