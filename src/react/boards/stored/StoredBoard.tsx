import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { BoardMergeConflict } from '../../../protocol/board/merge';
import type { BoardAccess, BoardDirectoryEntry, BoardRecord } from '../../../protocol/board/store';
import { ThemedRoot } from '../../theme/ThemedRoot';
import { Board } from '../Board';
import type { BoardProps } from '../board-props';
import type { ShareDialogLabels } from '../share/share-labels';
import { BoardSharing } from './BoardSharing';
import { ConflictChoices } from './ConflictChoices';
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
  /** Another save came first and the store could not say what differs. */
  conflict: string;
  /** Someone else changed the same widgets: choose a version of each. */
  conflicts: (count: number, other: string | undefined) => string;
  /** Drop the user's edit for the board as it is now. Default "Reload the board". */
  reload: string;
  /** Save the user's edit over it. Default "Keep my changes". */
  overwrite: string;
  /** A board shared with the user to read. */
  readOnly: string;
  /**
   * The owner's board, shared: "Shared with Europe and Ada Lovelace"; `unnamed` counts those the
   * host's directory gave no name for ("Shared with Europe and 2 others").
   */
  sharedWith: (names: readonly string[], unnamed: number) => string;
  /** The owner's board, shared with nobody. Default "Only you can open this board". */
  notShared: string;
  /** Someone else's board: "Shared with you by Erin Example: you can view". */
  sharedBy: (owner: string, role: Exclude<BoardAccess, 'owner'>) => string;
  /** One the host's directory has no name for (never an id). Default "someone". */
  someone: string;
  /** Opens the Share dialog. Default "Share…". */
  share: string;
  /** Copies the board as the user's own. Default "Save a copy". */
  saveCopy: string;
  /** While it is copied. Default "Saving a copy…". */
  savingCopy: string;
  /** The copy's title: "Copy of Q3 revenue". */
  copyTitle: (title: string) => string;
  /** The copy was made: "Saved as your board “Copy of Q3 revenue”". */
  copySaved: (title: string) => string;
  /** The copy failed: "Could not save a copy: …". */
  copyFailed: (reason: string) => string;
  /** Said after someone else's save was shown: "Updated with Ada Lovelace's changes". */
  updated: (name: string | undefined) => string;
  /** The user's version in a conflict. Default "Your version". */
  mine: string;
  /** The other version: "Ada Lovelace's version". */
  theirs: (name: string | undefined) => string;
  /** A version that removed the widget. Default "Removed". */
  removedVersion: string;
  /** Keep the user's version: "Keep mine: Revenue". */
  keepMine: (name: string) => string;
  /** Take the other: "Take theirs: Revenue". */
  takeTheirs: (name: string) => string;
  /** One of the board's own fields in a conflict: "The board's title". */
  field: (field: string) => string;
}

const listed = (names: readonly string[], unnamed: number) => {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length + unnamed;
  if (shown.length === 0) return more === 1 ? '1 person or group' : `${more} people or groups`;
  if (more > 0) return `${shown.join(', ')} and ${more} ${more === 1 ? 'other' : 'others'}`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
};

/** The default {@link StoredBoardLabels}. */
export const DEFAULT_STORED_BOARD_LABELS: StoredBoardLabels = {
  loading: 'Loading the board…',
  loadFailed: (reason) => `Could not open the board: ${reason}`,
  saving: 'Saving…',
  saved: 'All changes saved',
  saveFailed: (reason) => `Your change is not saved: ${reason}`,
  retry: 'Try again',
  conflict: 'This board was changed elsewhere since you opened it. Your changes are still here.',
  conflicts: (count, other) =>
    `${other ?? 'Someone else'} changed ${count === 1 ? 'something you changed' : `${count} things you changed`} too. Your changes are still here: choose which version to keep.`,
  reload: 'Reload the board',
  overwrite: 'Keep my changes',
  readOnly: 'Shared with you to view: changes you make here are not saved.',
  sharedWith: (names, unnamed) => `Shared with ${listed(names, unnamed)}`,
  notShared: 'Only you can open this board',
  sharedBy: (owner, role) => `Shared with you by ${owner}: you can ${role === 'edit' ? 'edit' : 'view'}`,
  someone: 'someone',
  share: 'Share…',
  saveCopy: 'Save a copy',
  savingCopy: 'Saving a copy…',
  copyTitle: (title) => `Copy of ${title}`,
  copySaved: (title) => `Saved as your board “${title}”`,
  copyFailed: (reason) => `Could not save a copy: ${reason}`,
  updated: (name) => (name ? `Updated with ${name}’s changes` : 'Updated with changes saved elsewhere'),
  mine: 'Your version',
  theirs: (name) => (name ? `${name}’s version` : 'Their version'),
  removedVersion: 'Removed',
  keepMine: (name) => `Keep mine: ${name}`,
  takeTheirs: (name) => `Take theirs: ${name}`,
  field: (field) => `The board’s ${field}`,
};

/** Props of {@link StoredBoard}: where the board is kept, and a `Board`'s own props. */
export interface StoredBoardProps extends StoredBoardOptions, Omit<BoardProps, 'definition' | 'onChange' | 'labels'> {
  labels?: Partial<StoredBoardLabels>;
  /** A `Board`'s own words. */
  boardLabels?: BoardProps['labels'];
  /** The Share dialog's words. */
  shareLabels?: Partial<ShareDialogLabels>;
  /**
   * Show with whom the board is shared, Share… (when the store says the user may share) and
   * Save a copy (for a board the user does not own). Default true.
   */
  sharing?: boolean;
  /**
   * Searches the host's directory for the Share dialog. Default: the store's `searchDirectory`
   * (the board API's directory route). An escape hatch for a page with a directory of its own.
   */
  searchDirectory?: (query: string) => Promise<readonly BoardDirectoryEntry[]>;
  /** The address of a board (the Share dialog's link, the copy's link). Default: this page's address for this board. */
  boardHref?: (id: string) => string;
  /** After "Save a copy" made the user's own copy (open it, say, at `boardHref(record.id)`). */
  onCopied?: (record: BoardRecord) => void;
}

const subscribeToNothing = () => () => {};
const pageAddress = () => location.href;
const noAddress = () => '';

/** A store's message, as plain text the page shows (never markup). */
const reasonOf = (error: { message: string }) => error.message.slice(0, 300);

/**
 * A `Board` kept in a `BoardStore` (the browser-local store, the host's board API through
 * `createBoardApiClient`, or the host's own): read on mount, each edit saved after a pause
 * (one request per burst), its state said in a status line ("Saving…", "All changes saved").
 * Others' saves are picked up every `pollIntervalMs` and merged per widget with the user's
 * unsaved edit (only the widgets they changed redraw). When someone else changed the same
 * widget, the user's edit stays on screen with both versions of each such widget to choose
 * from. The user's role is the store's: an editor edits, a viewer reads (with Save a copy),
 * the owner and whoever the store lets share get Share…. A failed save keeps the edit and
 * offers to try again.
 *
 * ```tsx
 * <StoredBoard store={boards} user={{ id: user.id }} boardId={id} editable />
 * ```
 */
export function StoredBoard(props: StoredBoardProps) {
  const {
    store,
    user,
    boardId,
    initial,
    saveDelayMs,
    pollIntervalMs,
    followRevision,
    onSaved,
    onUpdated,
    onError,
    labels: own,
    boardLabels,
    shareLabels,
    sharing = true,
    searchDirectory,
    boardHref,
    onCopied,
    ...board
  } = props;
  const labels = { ...DEFAULT_STORED_BOARD_LABELS, ...own };
  const [announced, setAnnounced] = useState('');
  const stored = useStoredBoard({
    store,
    user,
    boardId,
    initial,
    saveDelayMs,
    pollIntervalMs,
    followRevision,
    onSaved,
    onError,
    onUpdated: (revision, summary) => {
      setAnnounced(labels.updated(summary?.updatedByName?.trim() || undefined));
      onUpdated?.(revision, summary);
    },
  });
  // The address to copy: the host's, else this page's (read after mount: none on a server).
  const here = useSyncExternalStore(subscribeToNothing, pageAddress, noAddress);
  // Where focus goes once a choice took its buttons away: the next conflict, else the widget
  // chosen (its id), else the board ('').
  const root = useRef<HTMLElement>(null);
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    const target = focusAfter.current;
    const element = root.current;
    if (target === null || !element || stored.status !== 'ready') return;
    focusAfter.current = null;
    const next =
      element.querySelector<HTMLElement>('.ek-board-conflict__actions button') ??
      (target ? element.querySelector<HTMLElement>(`[data-widget-id="${CSS.escape(target)}"][tabindex]`) : null) ??
      element.querySelector<HTMLElement>('.ek-board__grid[tabindex]') ??
      element.querySelector<HTMLElement>('.ek-board button:not(:disabled), .ek-board [tabindex="0"]');
    next?.focus();
  });
  const settle = (then: () => void, target = '') => {
    focusAfter.current = target;
    then();
  };
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
  const other = stored.board?.updatedByName?.trim() || undefined;
  // While the user chooses between versions, the board holds still.
  const editable = (board.editable ?? false) && !stored.readOnly && !stored.conflict;
  const search =
    searchDirectory ??
    (store.searchDirectory ? (query: string) => store.searchDirectory!(user, boardId, query) : undefined);
  return (
    <ThemedRoot ref={root} className="ek-board-store" aria-busy={stored.status === 'loading' || undefined}>
      {sharing && stored.board ? (
        <BoardSharing
          store={store}
          user={user}
          board={stored.board}
          definition={stored.definition}
          search={search}
          link={boardHref ? boardHref(boardId) : here}
          labels={labels}
          shareLabels={shareLabels}
          onShared={stored.received}
          onCopied={onCopied}
          copyHref={boardHref}
        />
      ) : null}
      {stored.conflict ? (
        <div className="ek-board-store__notice" role="alert">
          <p>{stored.conflicts.length ? labels.conflicts(stored.conflicts.length, other) : labels.conflict}</p>
          <button type="button" className="ek-button" onClick={() => settle(stored.reload)}>
            {labels.reload}
          </button>
          <button type="button" className="ek-button" onClick={() => settle(stored.overwrite)}>
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
          {stored.readOnly
            ? // The sharing line says so already.
              sharing && stored.board
              ? null
              : labels.readOnly
            : stored.saving
              ? labels.saving
              : labels.saved}
        </p>
      ) : null}
      {stored.conflicts.length ? (
        <ConflictChoices
          conflicts={stored.conflicts}
          other={other}
          labels={labels}
          onChoose={(conflict: BoardMergeConflict, choice) =>
            settle(() => stored.choose(conflict, choice), conflict.type === 'widget' ? conflict.id : '')
          }
        />
      ) : null}
      <Board
        {...board}
        labels={boardLabels}
        editable={editable}
        definition={stored.definition}
        onChange={stored.change}
      />
      <p className="ek-sr-only" role="status">
        {announced}
      </p>
    </ThemedRoot>
  );
}
