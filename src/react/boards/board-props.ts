import type { BoardDefinition } from '../../protocol/board/definition';
import type { BoardDrill } from './board-drill';
import type { BoardLabels } from './labels';

/** Props of {@link Board}. */
export interface BoardProps extends BoardDrill {
  /**
   * The board definition, as stored (any version this library reads: older ones are migrated).
   * Read leniently: the valid widgets show and each bad one is named by its path. A new
   * object starts the board over (its undo history too); passing back what `onChange` gave
   * does not.
   */
  definition: unknown;
  /**
   * Edit mode, decided by the host: move, resize and remove widgets by pointer and keyboard,
   * with undo and redo. Default false (view mode).
   */
  editable?: boolean;
  /**
   * Every edit (a move, a resize, a removal, an undo or a redo): the whole definition, in the
   * current version, with widgets it could not show put back unchanged. Save it as it is.
   */
  onChange?: (definition: BoardDefinition) => void;
  /** The words, for another language. */
  labels?: Partial<BoardLabels>;
  /** Relative date ranges of the widgets are read against this day. Default today. */
  today?: Date;
  /** Locale of numbers and dates. Default: the theme's. */
  locale?: string;
  className?: string;
}
