import type { BoardAccess } from '../../../protocol/board/store';

/** Words of a {@link BoardList} (for another language, replace them all). */
export interface BoardListLabels {
  /** The list's name (its tabs' label). Default "Boards". */
  heading: string;
  /** The tab of the user's own boards. Default "My boards". */
  mine: string;
  /** The tab of boards others shared with the user. Default "Shared with me". */
  shared: string;
  /** The search field's label. Default "Search boards". */
  search: string;
  /** While a page is read. Default "Loading boards…". */
  loading: string;
  /** A page could not be read: "Could not list the boards: …". */
  loadFailed: (reason: string) => string;
  /** Try again. Default "Try again". */
  retry: string;
  /** No boards of the user's own yet. */
  emptyMine: string;
  /** Nothing shared with the user yet. */
  emptyShared: string;
  /** Nothing matches the search: `No boards match “q3”`. */
  noMatch: (search: string) => string;
  /** How many are listed (said to screen readers): "12 boards". */
  count: (count: number, more: boolean) => string;
  /** Asks for the next page. Default "Show more". */
  more: string;
  /** The owner's line: "Erin Example", or "You". */
  you: string;
  /** One the host's directory has no name for (never an id). Default "Someone". */
  someone: string;
  /** The user's access to one shared with them. */
  role: Record<Exclude<BoardAccess, 'owner'>, string>;
  /** The last change: "Changed 5 minutes ago", with who when known. */
  changed: (when: string, by: string | undefined) => string;
  /** Opens the form for a new board. Default "New board". */
  newBoard: string;
  /** The new board's title field. Default "Title". */
  title: string;
  /** The title a new board starts with. Default "Untitled board". */
  untitled: string;
  /** Creates it. Default "Create". */
  create: string;
  /** Closes a form. Default "Cancel". */
  cancel: string;
  /** A title that is empty. Default "Give the board a title". */
  titleMissing: string;
  /** The buttons of a row, as shown (their names add the board's title: "Rename Q3 revenue"). */
  actions: { rename: string; duplicate: string; remove: string };
  /** Who changed it, when it was the user. Default "you". */
  byYou: string;
  /** Rename: "Rename Q3 revenue". */
  rename: (title: string) => string;
  /** The rename field: "New title for Q3 revenue". */
  renameField: (title: string) => string;
  /** Saves a rename. Default "Save". */
  save: string;
  /** Duplicate: "Duplicate Q3 revenue". */
  duplicate: (title: string) => string;
  /** The duplicate's title: "Copy of Q3 revenue". */
  copyTitle: (title: string) => string;
  /** Delete: "Delete Q3 revenue". */
  remove: (title: string) => string;
  /** After a delete, with Undo beside it: "Deleted “Q3 revenue”". */
  removed: (title: string) => string;
  /** Brings a deleted board back. Default "Undo". */
  undo: string;
  /** After an undo: "Restored “Q3 revenue”". */
  restored: (title: string) => string;
  /** After a create or duplicate: "Created “Copy of Q3 revenue”". */
  created: (title: string) => string;
  /** After a rename: "Renamed to “Q4 revenue”". */
  renamed: (title: string) => string;
  /** An action the store refused: "Could not do that: …". */
  failed: (reason: string) => string;
  /** Dismisses a note. Default "Dismiss". */
  dismiss: string;
}

/** The default {@link BoardListLabels}. */
export const DEFAULT_BOARD_LIST_LABELS: BoardListLabels = {
  heading: 'Boards',
  mine: 'My boards',
  shared: 'Shared with me',
  search: 'Search boards',
  loading: 'Loading boards…',
  loadFailed: (reason) => `Could not list the boards: ${reason}`,
  retry: 'Try again',
  emptyMine: 'You have no boards yet. Make one with “New board”, or pin a chat answer.',
  emptyShared: 'Nobody has shared a board with you yet.',
  noMatch: (search) => `No boards match “${search}”`,
  count: (count, more) => `${count}${more ? '+' : ''} ${count === 1 && !more ? 'board' : 'boards'}`,
  more: 'Show more',
  you: 'You',
  someone: 'Someone',
  role: { view: 'Can view', edit: 'Can edit' },
  changed: (when, by) => (by ? `Changed ${when} by ${by}` : `Changed ${when}`),
  newBoard: 'New board',
  title: 'Title',
  untitled: 'Untitled board',
  create: 'Create',
  cancel: 'Cancel',
  titleMissing: 'Give the board a title',
  actions: { rename: 'Rename', duplicate: 'Duplicate', remove: 'Delete' },
  byYou: 'you',
  rename: (title) => `Rename ${title}`,
  renameField: (title) => `New title for ${title}`,
  save: 'Save',
  duplicate: (title) => `Duplicate ${title}`,
  copyTitle: (title) => `Copy of ${title}`,
  remove: (title) => `Delete ${title}`,
  removed: (title) => `Deleted “${title}”`,
  undo: 'Undo',
  restored: (title) => `Restored “${title}”`,
  created: (title) => `Created “${title}”`,
  renamed: (title) => `Renamed to “${title}”`,
  failed: (reason) => `Could not do that: ${reason}`,
  dismiss: 'Dismiss',
};
