// Boards on the host's server: the SQL store, its limits and the board API.
export {
  createBoardApi,
  DEFAULT_BOARD_MAX_BODY_BYTES,
  MAX_DIRECTORY_QUERY_LENGTH,
  MAX_DIRECTORY_RESULTS,
  shareWithOwnGroups,
  shareWithOwnGroupsAndKnownUsers,
  type BoardApiOptions,
  type BoardDirectory,
  type BoardPrincipal,
  type BoardShareContext,
} from './api';
export { type BoardEventsOptions } from './events';
export { nameBoards, type NameBoardsOptions } from './names';
export { createSqlBoardStore, type SqlBoardStoreOptions } from './sql-store';
export { boardLimits, DEFAULT_BOARD_LIMITS, type BoardLimits } from './limits';
