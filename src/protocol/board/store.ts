// Where boards live: the interface every store implements (the SQL store on a host's server,
// the browser-local default), and the records the board API answers with. Who may do what is
// the store's decision (the server's), never the browser's: each record says the asking user's
// `role`, and a store refuses what that role does not allow.
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
  /** Groups the user belongs to: boards shared with any of them are theirs to open. */
  groups?: readonly string[];
}

/** Whom a board is shared with: a group of the host's, or one user. */
export interface BoardPrincipal {
  type: 'group' | 'user';
  /** The host's id of the group or user. */
  id: string;
}

/** What a grant allows: `view` opens the board, `edit` saves it too. */
export type BoardRole = 'view' | 'edit';
/** A user's access to a board: its `owner` (everything), or the role a grant gives them. */
export type BoardAccess = 'owner' | BoardRole;

/** A grant: a user or group and their role. `name` is the host directory's (the board API fills it in). */
export const BoardGrantSchema = v.object({
  type: v.enum(['group', 'user']),
  id: v.string(),
  role: v.enum(['view', 'edit']),
  /** The principal's display name from the host's directory, when it gave one. */
  name: v.optional(v.string()),
});
/** A grant on a board. */
export type BoardGrant = Infer<typeof BoardGrantSchema>;

/** A grant as a share sends it (names come from the directory, never from the browser). */
export type BoardGrantInput = Pick<BoardGrant, 'type' | 'id' | 'role'>;

const summary = {
  id: v.string(),
  title: v.string(),
  ownerId: v.string(),
  /** The owner's display name from the host's directory (the board API fills it in; never the id). */
  ownerName: v.optional(v.string()),
  /** The asking user's access, decided by the store: `owner`, `edit` or `view`. */
  role: v.enum(['owner', 'edit', 'view']),
  /** Whether the asking user may change the board's grants (its owner; editors where the store allows). */
  mayShare: v.boolean(),
  /** Increases by one with every save; a save names the revision it was based on. */
  revision: v.integer(),
  /** Whom the board is shared with, and each one's role (everyone who can open it sees them). */
  grants: v.array(BoardGrantSchema),
  /**
   * The groups among `grants`.
   * @deprecated Read `grants` (roles and users too).
   */
  sharedWith: v.array(v.string()),
  /** ISO 8601 instants. */
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Who saved the current revision (a user id), when the store knows. */
  updatedBy: v.optional(v.string()),
  /** Their display name from the host's directory (the board API fills it in). */
  updatedByName: v.optional(v.string()),
};

/** A board as listed: everything but its definition. */
export const BoardSummarySchema = v.object(summary);
/** A board as listed. */
export type BoardSummary = Infer<typeof BoardSummarySchema>;

/** Which boards a list holds: all the user may open, their own, or those shared with them. */
export type BoardListFilter = 'all' | 'mine' | 'shared';

/** Which page of a board list: the first, or the one after `cursor`. */
export interface BoardListQuery {
  /** The `nextCursor` of the page before (opaque); absent for the first page. */
  cursor?: string;
  /** Most boards on the page. Default 50; a store may hold it to a maximum (the SQL store: 200). */
  limit?: number;
  /** Whose boards. Default `all`. Pass the same with each page's cursor. */
  filter?: BoardListFilter;
  /** Only boards whose title holds this text (case aside; at most 200 characters). */
  search?: string;
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
  /**
   * The revision the change was based on. When others saved since, the store merges per widget
   * (their changes and this one both kept); only the same widget changed on both sides is a
   * `conflict`.
   */
  revision: number;
  /**
   * Replaces the groups the board is shared with (a new group reads; one kept keeps its role).
   * Omitted: unchanged.
   * @deprecated Use {@link BoardStore.share}, with roles and users.
   */
  sharedWith?: readonly string[];
}

/** A person or group of the host's directory, as the Share dialog finds them. */
export const BoardDirectoryEntrySchema = v.object({
  type: v.enum(['group', 'user']),
  id: v.string(),
  /** What people call them ("Erin Example", "Europe"). */
  name: v.string(),
  /** A second line (an email, a group's size), optional. */
  detail: v.optional(v.string()),
});
/** A person or group of the host's directory. */
export type BoardDirectoryEntry = Infer<typeof BoardDirectoryEntrySchema>;

/**
 * The host's directory of people and groups, as the user asking may see it: what the Share
 * dialog searches, and where every name a board shows comes from (never an internal id).
 */
export interface BoardDirectory {
  /**
   * People and groups matching `query` (1–100 characters, as typed) that `user` may find: at most
   * 20 are answered, those `canShare` refuses left out.
   */
  search(user: BoardUser, query: string): readonly BoardDirectoryEntry[] | Promise<readonly BoardDirectoryEntry[]>;
  /**
   * The entries of `principals` (owners, editors, grants) that `user` may see, with their names;
   * one left out is shown without a name. Called once per answer.
   */
  describe(
    user: BoardUser,
    principals: readonly BoardPrincipal[],
  ): readonly BoardDirectoryEntry[] | Promise<readonly BoardDirectoryEntry[]>;
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
 * its user may not open, and decides each user's role itself. Errors are {@link BoardStoreError}s.
 */
export interface BoardStore {
  /**
   * A page of the boards the user may open (their own, and those shared with them or their
   * groups), most recently updated first; `filter` and `search` narrow it, `nextCursor` asks for
   * the next. A cursor that is not one of the store's is `invalid`.
   */
  list(user: BoardUser, query?: BoardListQuery): Promise<BoardPage>;
  /** One board the user may open, with their `role`; `not-found` otherwise. */
  get(user: BoardUser, id: string): Promise<BoardRecord>;
  /** The board's current revision, for a page that polls for others' saves; `not-found` as `get`. */
  revision(user: BoardUser, id: string): Promise<number>;
  /** A new board owned by the user, at revision 1; `limit` when they own as many as the store allows. */
  create(
    user: BoardUser,
    board: { definition: BoardDefinition; grants?: readonly BoardGrantInput[]; sharedWith?: readonly string[] },
  ): Promise<BoardRecord>;
  /**
   * Saves the board as its owner or an editor (then at the next revision). When others saved
   * since `save.revision`, their changes and this one are merged per widget and the merge is
   * saved (the record answered holds it); `conflict` (with the current revision) when both
   * changed the same widget or field, or the base revision is no longer kept. `read-only` for a
   * viewer, `not-found` for a board they cannot open.
   */
  save(user: BoardUser, id: string, save: BoardSave): Promise<BoardRecord>;
  /**
   * Replaces the board's grants (at most the store's `sharesPerBoard`): its owner's call, or an
   * editor's where the store allows. `forbidden` for an editor who may not share, `read-only`
   * for a viewer. Whom a user may share with is the host's rule, checked by the board API.
   */
  share(user: BoardUser, id: string, grants: readonly BoardGrantInput[]): Promise<BoardRecord>;
  /**
   * Deletes the user's own board, so that `restore` can bring it back for a while (the store
   * says how long). `forbidden` for an editor, `read-only` for a viewer, `not-found` otherwise.
   */
  remove(user: BoardUser, id: string): Promise<void>;
  /** Brings back a board its owner deleted; `not-found` once it is gone for good, `limit` when they own as many as allowed. */
  restore(user: BoardUser, id: string): Promise<BoardRecord>;
  /**
   * People and groups of the host's directory the user could share the board with, matching
   * `query`: the board API's route to the host's directory. Optional: a store without a
   * directory has none (pass the Share dialog a `searchDirectory` of your own).
   */
  searchDirectory?(user: BoardUser, id: string, query: string): Promise<BoardDirectoryEntry[]>;
}
