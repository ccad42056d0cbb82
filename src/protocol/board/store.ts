// Where boards live: the interface every store implements (the SQL store on a host's server,
// the browser-local default), and the records the board API answers with.
import { v, type Infer } from '../schema';
// In scope so the declarations name it rather than `import('..')`, a directory import Node
// refuses (arethetypeswrong: InternalResolutionError).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { Schema } from '../schema';
import { StoreError, type StoreErrorCode, type StoreErrorDetails } from '../store-error';
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

/** Which page of a board list: the first, or the one after `cursor`. */
export interface BoardListQuery {
  /** The `nextCursor` of the page before (opaque); absent for the first page. */
  cursor?: string;
  /** Most boards on the page. Default 50; a store may hold it to a maximum (the SQL store: 200). */
  limit?: number;
}

/** One page of a board list, most recently updated first. */
export const BoardPageSchema = v.object({
  boards: v.array(BoardSummarySchema),
  /** Where the next page starts (pass it as `cursor`), or null on the last page. */
  nextCursor: v.nullable(v.string()),
});
/** One page of a board list. */
export type BoardPage = Infer<typeof BoardPageSchema>;

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

/** Why a board store refused (the codes every store shares). */
export type BoardStoreErrorCode = StoreErrorCode;

/** A board store's typed refusal: a {@link StoreError} (codes, details and statuses shared). */
export class BoardStoreError extends StoreError {
  override readonly name: string = 'BoardStoreError';
  constructor(code: BoardStoreErrorCode, message: string, details: StoreErrorDetails = {}) {
    super(code, message, details);
  }
}

/**
 * Where boards are kept. Every call names the user: a store never shows or changes a board
 * its user may not see. Errors are {@link BoardStoreError}s.
 */
export interface BoardStore {
  /**
   * A page of the user's own boards and those shared with their groups, most recently updated
   * first; `nextCursor` asks for the next. A cursor that is not one of the store's is `invalid`.
   */
  list(user: BoardUser, query?: BoardListQuery): Promise<BoardPage>;
  /** One board the user may read; `not-found` otherwise. */
  get(user: BoardUser, id: string): Promise<BoardRecord>;
  /** A new board owned by the user, at revision 1; `limit` when they own as many as the store allows. */
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
