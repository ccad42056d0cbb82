// Where boards live: the interface every store implements (the SQL store on a host's server,
// the browser-local default), and the records the board API answers with.
import { v, type Infer } from '../schema';
// In scope so the declarations name it rather than `import('..')`, a directory import Node
// refuses (arethetypeswrong: InternalResolutionError).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { Schema } from '../schema';
import type { BoardDefinition } from './definition';

/** Who is asking: the host's user id and the groups boards can be shared with. */
export interface BoardUser {
  /** The host's stable id of the user (the owner of the boards they create). */
  id: string;
  /** Groups the user belongs to: boards shared with any of them are theirs to read. */
  groups?: readonly string[];
}

const summary = {
  id: v.string(),
  title: v.string(),
  ownerId: v.string(),
  /** Increases by one with every save; a save names the revision it was based on. */
  revision: v.integer(),
  /** Groups that may read the board (only its owner writes it). */
  sharedWith: v.array(v.string()),
  /** ISO 8601 instants. */
  createdAt: v.string(),
  updatedAt: v.string(),
};

/** A board as listed: everything but its definition. */
export const BoardSummarySchema = v.object(summary);
/** A board as listed. */
export type BoardSummary = Infer<typeof BoardSummarySchema>;

/** A board with its definition (read it with `readBoardDefinition` before showing it). */
export const BoardRecordSchema = v.object({ ...summary, definition: v.unknown() });
/** A stored board. */
export type BoardRecord = BoardSummary & { definition: BoardDefinition };

/** What a save sends: the new definition and the revision it was made from. */
export interface BoardSave {
  definition: BoardDefinition;
  /** The revision the change was based on; another save since then makes this one a conflict. */
  revision: number;
  /** Replaces the groups the board is shared with (owner only). Omitted: unchanged. */
  sharedWith?: readonly string[];
}

/** Why a store refused. */
export type BoardStoreErrorCode =
  /** No such board for this user (someone else's board is not found either: never its contents). */
  | 'not-found'
  /** The board changed since the revision the save was based on (`currentRevision` says to what). */
  | 'conflict'
  /** The board is shared with the user to read, not to write. */
  | 'read-only'
  /** The definition or the sharing is invalid (`issues` name the paths). */
  | 'invalid'
  /** The store could not be used (storage full, database down). */
  | 'unavailable'
  /** No user is signed in (the board API answered 401). */
  | 'signed-out';

/** A store's typed refusal. */
export class BoardStoreError extends Error {
  override readonly name = 'BoardStoreError';
  constructor(
    readonly code: BoardStoreErrorCode,
    message: string,
    readonly details: {
      /** For `conflict`: the board's revision now. */
      currentRevision?: number;
      /** For `invalid`: each problem with its path. */
      issues?: readonly { path: string; message: string }[];
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

/**
 * Where boards are kept. Every call names the user: a store never shows or changes a board
 * its user may not see. Errors are {@link BoardStoreError}s.
 */
export interface BoardStore {
  /** The user's own boards and those shared with their groups, most recently updated first. */
  list(user: BoardUser): Promise<BoardSummary[]>;
  /** One board the user may read; `not-found` otherwise. */
  get(user: BoardUser, id: string): Promise<BoardRecord>;
  /** A new board owned by the user, at revision 1. */
  create(user: BoardUser, board: { definition: BoardDefinition; sharedWith?: readonly string[] }): Promise<BoardRecord>;
  /**
   * Saves the user's board if it is still at `save.revision` (then at revision + 1):
   * `conflict` (with the current revision) when another save came first, `read-only` for a
   * board shared with them, `not-found` for a board they cannot see.
   */
  save(user: BoardUser, id: string, save: BoardSave): Promise<BoardRecord>;
  /** Removes the user's own board: `read-only` for one shared with them, `not-found` for one they cannot see. */
  remove(user: BoardUser, id: string): Promise<void>;
}
