import { ThemedRoot } from '../../theme/ThemedRoot';
import { Board } from '../Board';
import type { BoardProps } from '../board-props';
import { useStoredBoard, type StoredBoardOptions } from './use-stored-board';

/** Words of a {@link StoredBoard} (for another language, replace them all). */
export interface StoredBoardLabels {
  /** While the board is read. Default "Loading the board…". */
  loading: string;
  /** When it could not be read: "Could not open the board: …". */
  loadFailed: (reason: string) => string;
  /** While an edit is waiting or on its way. Default "Saving…". */
  saving: string;
  /** Once every edit is saved. Default "All changes saved". */
  saved: string;
  /** When a save failed: "Your change is not saved: …". */
  saveFailed: (reason: string) => string;
  /** Try the failed save again. Default "Try again". */
  retry: string;
  /** Another save came first. */
  conflict: string;
  /** Drop the user's edit for the board as it is now. Default "Reload the board". */
  reload: string;
  /** Save the user's edit over it. Default "Keep my changes". */
  overwrite: string;
  /** A board shared with the user to read. */
  readOnly: string;
}

/** The default {@link StoredBoardLabels}. */
export const DEFAULT_STORED_BOARD_LABELS: StoredBoardLabels = {
  loading: 'Loading the board…',
  loadFailed: (reason) => `Could not open the board: ${reason}`,
  saving: 'Saving…',
  saved: 'All changes saved',
  saveFailed: (reason) => `Your change is not saved: ${reason}`,
  retry: 'Try again',
  conflict: 'This board was changed elsewhere since you opened it. Your changes are still here.',
  reload: 'Reload the board',
  overwrite: 'Keep my changes',
  readOnly: 'Shared with you to view: changes you make here are not saved.',
};

/** Props of {@link StoredBoard}: where the board is kept, and a `Board`'s own props. */
export interface StoredBoardProps extends StoredBoardOptions, Omit<BoardProps, 'definition' | 'onChange' | 'labels'> {
  labels?: Partial<StoredBoardLabels>;
  /** A `Board`'s own words. */
  boardLabels?: BoardProps['labels'];
}

/** A store's message, as plain text the page shows (never markup). */
const reasonOf = (error: { message: string }) => error.message.slice(0, 300);

/**
 * A `Board` kept in a `BoardStore` (the browser-local store, the host's board API through
 * `createBoardApiClient`, or the host's own): read on mount, each edit saved after a pause
 * (one request per burst), its state said in a status line ("Saving…", "All changes saved").
 * When another tab or user saved first, the user's edit stays on screen with a choice:
 * reload the board as it is now, or keep their changes (saved over it). A failed save keeps
 * the edit and offers to try again; a board shared to read is shown read-only.
 *
 * ```tsx
 * <StoredBoard store={boards} user={{ id: user.id }} boardId={id} editable />
 * ```
 */
export function StoredBoard(props: StoredBoardProps) {
  const { store, user, boardId, initial, saveDelayMs, onSaved, onError, labels: own, boardLabels, ...board } = props;
  const labels = { ...DEFAULT_STORED_BOARD_LABELS, ...own };
  const stored = useStoredBoard({ store, user, boardId, initial, saveDelayMs, onSaved, onError });
  if (stored.status === 'loading' && !stored.definition)
    return (
      <ThemedRoot className="ek-board-store" aria-busy="true">
        <p className="ek-board-store__status" role="status">
          {labels.loading}
        </p>
      </ThemedRoot>
    );
  if (stored.status === 'error' && !stored.definition)
    return (
      <ThemedRoot className="ek-board-store">
        <div className="ek-board-store__notice" role="alert">
          <p>{labels.loadFailed(reasonOf(stored.error!))}</p>
          <button type="button" className="ek-button" onClick={stored.reload}>
            {labels.retry}
          </button>
        </div>
      </ThemedRoot>
    );
  const editable = (board.editable ?? false) && !stored.readOnly;
  return (
    <ThemedRoot className="ek-board-store" aria-busy={stored.status === 'loading' || undefined}>
      {stored.conflict ? (
        <div className="ek-board-store__notice" role="alert">
          <p>{labels.conflict}</p>
          <button type="button" className="ek-button" onClick={stored.reload}>
            {labels.reload}
          </button>
          <button type="button" className="ek-button" onClick={stored.overwrite}>
            {labels.overwrite}
          </button>
        </div>
      ) : stored.error ? (
        <div className="ek-board-store__notice" role="alert">
          <p>{labels.saveFailed(reasonOf(stored.error))}</p>
          <button type="button" className="ek-button" onClick={stored.retry}>
            {labels.retry}
          </button>
        </div>
      ) : (board.editable ?? false) ? (
        // Polite: each save is said, never interrupting.
        <p className="ek-board-store__status" role="status">
          {stored.readOnly ? labels.readOnly : stored.saving ? labels.saving : labels.saved}
        </p>
      ) : null}
      <Board
        {...board}
        labels={boardLabels}
        editable={editable}
        definition={stored.definition}
        onChange={stored.change}
      />
    </ThemedRoot>
  );
}
