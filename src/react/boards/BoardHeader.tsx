import type { BoardLabels } from './labels';

/** Props of {@link BoardHeader}. */
export interface BoardHeaderProps {
  title: string;
  editable: boolean;
  labels: BoardLabels;
  canUndo: boolean;
  canRedo: boolean;
  /** Undo or Redo; absent while the board's code loads (the buttons are then disabled). */
  onStep?: (direction: 'undo' | 'redo') => void;
}

/** The board's title and, in edit mode, Undo and Redo: the same box while the board loads and after. */
export function BoardHeader({ title, editable, labels, canUndo, canRedo, onStep }: BoardHeaderProps) {
  return (
    <div className="ek-board__header">
      <h2 className="ek-board__title">{title}</h2>
      {editable ? (
        <div className="ek-board__toolbar" role="toolbar" aria-label={labels.toolbar}>
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
