// The bounds of the board store and API, one options object for both (pass the same to each):
// what a definition may hold (checked while it is parsed, before the database), how many
// boards a user owns, how many groups one is shared with, the size of a list's page and of a
// request's body.
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
  /** Most groups a board is shared with. Default 100. */
  sharesPerBoard?: number;
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
};

/** `limits` with the defaults filled in (a value under 1 or not a number takes its default; fractions are cut). */
export function boardLimits(limits: BoardLimits = {}): Required<BoardLimits> {
  const pick = (name: 'boardsPerUser' | 'sharesPerBoard' | 'pageSize' | 'bodyBytes') => {
    const value = limits[name];
    return typeof value === 'number' && value >= 1 ? Math.floor(value) : DEFAULT_BOARD_LIMITS[name];
  };
  return {
    ...boardDefinitionLimits(limits),
    boardsPerUser: pick('boardsPerUser'),
    sharesPerBoard: pick('sharesPerBoard'),
    pageSize: pick('pageSize'),
    bodyBytes: pick('bodyBytes'),
  };
}
