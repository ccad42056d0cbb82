import type { BoardLabels } from './labels';

/** Props of {@link BoardHeader}. */
export interface BoardHeaderProps {
  title: string;
  editable: boolean;
  labels: Pick<BoardLabels, 'toolbar' | 'undo' | 'redo' | 'addWidget'>;
  canUndo: boolean;
  canRedo: boolean;
  /** Undo or Redo; absent while the board's code loads (the buttons are then disabled). */
  onStep?: (direction: 'undo' | 'redo') => void;
  /** Opens the form adding a widget; absent while the board loads or when it is full. */
  onAdd?: () => void;
  /** The form adding a widget is open. */
  adding?: boolean;
}

/** The board's title and, in edit mode, Add widget, Undo and Redo: the same box while the board loads and after. */
export function BoardHeader({ title, editable, labels, canUndo, canRedo, onStep, onAdd, adding }: BoardHeaderProps) {
  return (
    <div className="ek-board__header">
      <h2 className="ek-board__title">{title}</h2>
      {editable ? (
        <div className="ek-board__toolbar" role="toolbar" aria-label={labels.toolbar}>
          <button
            type="button"
            className="ek-button ek-board__add-button"
            disabled={!onAdd}
            aria-expanded={adding ?? false}
            onClick={onAdd}
          >
            {labels.addWidget}
          </button>
          <button type="button" className="ek-button" disabled={!onStep || !canUndo} onClick={() => onStep?.('undo')}>
            {labels.undo}
          </button>
          <button type="button" className="ek-button" disabled={!onStep || !canRedo} onClick={() => onStep?.('redo')}>
            {labels.redo}
          </button>
        </div>
      ) : null}
    </div>
  );
}
