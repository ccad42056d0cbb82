import type { BoardMergeConflict } from '../../../protocol/board/merge';
import type { BoardWidget } from '../../../protocol/board/widget';
import { BOARD_COLUMNS } from '../../../protocol/board/widget';
import { Board } from '../Board';
import { defaultWidgetName } from '../labels';
import type { StoredBoardLabels } from './StoredBoard';

/** Props of {@link ConflictChoices}. */
export interface ConflictChoicesProps {
  conflicts: readonly BoardMergeConflict[];
  /** Who saved the other version (the directory's name), when the store said. */
  other: string | undefined;
  labels: StoredBoardLabels;
  onChoose: (conflict: BoardMergeConflict, choice: 'mine' | 'theirs') => void;
}

/** Most rows a version is drawn with (a tall widget is cut, not the page). */
const MAX_ROWS = 4;

/** A value of one of the board's own fields, as text (bounded). */
const text = (value: unknown) =>
  value === undefined ? '' : (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 300);

/** One version of a widget, drawn as the board draws it, read-only. */
function Version({ widget, heading, removed }: { widget: BoardWidget | undefined; heading: string; removed: string }) {
  if (!widget)
    return (
      <div className="ek-board-conflict__version">
        <h4>{heading}</h4>
        <p className="ek-board-store__status">{removed}</p>
      </div>
    );
  const h = Math.min(Math.max(1, Math.floor(Number(widget.layout?.h) || 2)), MAX_ROWS);
  return (
    <div className="ek-board-conflict__version">
      <h4>{heading}</h4>
      {/* The board's own header (its title) is hidden: the heading above names the version. */}
      <Board
        definition={{
          version: 2,
          title: heading,
          widgets: [{ ...widget, layout: { x: 0, y: 0, w: BOARD_COLUMNS, h } }],
        }}
      />
    </div>
  );
}

/**
 * The widgets (and the board's own fields) someone else changed as the user did: both versions
 * side by side, each with its button; the choice is the user's, one at a time.
 */
export function ConflictChoices({ conflicts, other, labels, onChoose }: ConflictChoicesProps) {
  return (
    <ul className="ek-board-conflict">
      {conflicts.map((conflict) => {
        const key = conflict.type === 'widget' ? `w:${conflict.id}` : `f:${conflict.field}`;
        const widget = conflict.type === 'widget' ? (conflict.mine ?? conflict.theirs ?? conflict.base) : undefined;
        const name = widget ? defaultWidgetName(widget) : labels.field(conflict.type === 'field' ? conflict.field : '');
        return (
          <li key={key} className="ek-board-conflict__item">
            <h3 className="ek-board-conflict__name">{name}</h3>
            <div className="ek-board-conflict__versions">
              {conflict.type === 'widget' ? (
                <>
                  <Version widget={conflict.mine} heading={labels.mine} removed={labels.removedVersion} />
                  <Version widget={conflict.theirs} heading={labels.theirs(other)} removed={labels.removedVersion} />
                </>
              ) : (
                <>
                  <div className="ek-board-conflict__version">
                    <h4>{labels.mine}</h4>
                    <p>{text(conflict.mine) || labels.removedVersion}</p>
                  </div>
                  <div className="ek-board-conflict__version">
                    <h4>{labels.theirs(other)}</h4>
                    <p>{text(conflict.theirs) || labels.removedVersion}</p>
                  </div>
                </>
              )}
            </div>
            <div className="ek-board-conflict__actions">
              <button type="button" className="ek-button" onClick={() => onChoose(conflict, 'mine')}>
                {labels.keepMine(name)}
              </button>
              <button type="button" className="ek-button" onClick={() => onChoose(conflict, 'theirs')}>
                {labels.takeTheirs(name)}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
