// The typed refusal every store shares (boards, conversations, feedback), in the browser and on
// the server: the APIs answer each code with its status, and the browser clients turn the
// status and `code` back into the same error.

/** Why a store refused. */
export type StoreErrorCode =
  /** No such record for this user (someone else's is not found either: never its contents). */
  | 'not-found'
  /** The record changed since the revision a save was based on (`currentRevision` says to what). */
  | 'conflict'
  /** The record is shared with the user to read, not to write. */
  | 'read-only'
  /** The user may not do this: share with a group or user the host's rule does not allow. */
  | 'forbidden'
  /** A count the store keeps bounded is reached (boards per user…): `details.limit` names it. */
  | 'limit'
  /** What was sent is invalid (`issues` name the paths). */
  | 'invalid'
  /** The store could not be used (storage full, database down or too slow): try again later. */
  | 'unavailable'
  /** No user is signed in (an API answered 401). */
  | 'signed-out';

/** What a {@link StoreError} carries besides its code. */
export interface StoreErrorDetails {
  /** For `conflict`: the record's revision now. */
  currentRevision?: number;
  /**
   * For a board's `conflict` that a merge found: the units both sides changed (a widget by its
   * id, or one of the board's own fields), a few at most. Absent when the save could not be
   * merged at all (its base revision no longer kept). Added with team editing (optional).
   */
  conflicts?: readonly { type: 'widget' | 'field'; id: string }[];
  /** For `invalid`: the problems with their paths (a few: answers are bounded). */
  issues?: readonly { path: string; message: string }[];
  /** For `limit`: which count, and its maximum. */
  limit?: { name: string; max: number };
  cause?: unknown;
}

/** A store's typed refusal. */
export class StoreError extends Error {
  override readonly name: string = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly details: StoreErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

/** The HTTP status each code is answered with by the library's APIs. */
export const STORE_ERROR_STATUS: Readonly<Record<StoreErrorCode, number>> = {
  'not-found': 404,
  conflict: 409,
  'read-only': 403,
  forbidden: 403,
  limit: 403,
  invalid: 400,
  unavailable: 503,
  'signed-out': 401,
};
