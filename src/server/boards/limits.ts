// The bounds of the board store and API, one options object for both (pass the same to each):
// what a definition may hold (checked while it is parsed, before the database), how many
// boards a user owns, how many users and groups one is shared with, how many revisions and
// deleted boards are kept, the size of a list's page and of a request's body.
import {
  boardDefinitionLimits,
  MAX_BOARD_PAGE_SIZE,
  MAX_BOARD_SHARES,
  type BoardDefinitionLimits,
} from '../../protocol/board';

/** Bounds of boards; each has a default ({@link DEFAULT_BOARD_LIMITS}). */
export interface BoardLimits extends BoardDefinitionLimits {
  /** Most boards one user owns (shared ones do not count); one more is a `limit` error (403). Default 500. */
  boardsPerUser?: number;
  /** Most grants (users and groups) a board has. Default 100. */
  sharesPerBoard?: number;
  /**
   * Earlier revisions' definitions kept per board, from which a save made from one of them is
   * merged with the saves since (one made from an older revision is a `conflict`). Default 10.
   */
  revisionsKept?: number;
  /** Deleted boards an owner can still restore (the oldest go first). Default 20. */
  deletedKept?: number;
  /** Days a deleted board can be restored. Default 30. */
  deletedDays?: number;
  /** Most boards on a list's page (`?limit=`; 50 when it names none). Default 200. */
  pageSize?: number;
  /** Largest request body, in bytes; a larger one is 413, read no further. Default 1 MiB. */
  bodyBytes?: number;
}

/** The default {@link BoardLimits}. */
export const DEFAULT_BOARD_LIMITS: Readonly<Required<BoardLimits>> = {
  ...boardDefinitionLimits(),
  boardsPerUser: 500,
  sharesPerBoard: MAX_BOARD_SHARES,
  pageSize: MAX_BOARD_PAGE_SIZE,
  bodyBytes: 1024 * 1024,
  revisionsKept: 10,
  deletedKept: 20,
  deletedDays: 30,
};

/** `limits` with the defaults filled in (a value under 1 or not a number takes its default; fractions are cut). */
export function boardLimits(limits: BoardLimits = {}): Required<BoardLimits> {
  const pick = (
    name:
      'boardsPerUser' | 'sharesPerBoard' | 'pageSize' | 'bodyBytes' | 'revisionsKept' | 'deletedKept' | 'deletedDays',
  ) => {
    const value = limits[name];
    return typeof value === 'number' && value >= 1 ? Math.floor(value) : DEFAULT_BOARD_LIMITS[name];
  };
  return {
    ...boardDefinitionLimits(limits),
    boardsPerUser: pick('boardsPerUser'),
    sharesPerBoard: pick('sharesPerBoard'),
    pageSize: pick('pageSize'),
    bodyBytes: pick('bodyBytes'),
    revisionsKept: pick('revisionsKept'),
    deletedKept: pick('deletedKept'),
    deletedDays: pick('deletedDays'),
  };
}
