// `react-embedded-analytics/boards`: boards users arrange, from a board definition. An entry
// of its own, so the React and native entries do not grow; the board's code loads lazily.
export { Board } from './Board';
export type { BoardProps } from './board-props';
export { DEFAULT_BOARD_LABELS } from './default-labels';
export { defaultWidgetName, type BoardLabels, type MemberTitle } from './labels';
// The definition and its checks (the server entry exports them too; the protocol entry has no
// room for them): what a page making or checking a definition in the browser needs.
export {
  BOARD_DEFINITION_VERSION,
  migrateBoardDefinition,
  parseBoardDefinition,
  readBoardDefinition,
  type BoardDefinition,
  type BoardFilters,
  type BoardReading,
  type RejectedWidget,
} from '../../protocol/board/definition';
export { BOARD_COLUMNS } from '../../protocol/board/widget';
// The grid's compaction and the per-widget three-way merge (for a host resolving a save another
// user made first, as the board's own saves will).
export {
  compactLayout,
  compactWidgets,
  type CompactOptions,
  type GridPlace,
  type PlacedWidget,
} from '../../protocol/board/layout';
export {
  chooseMergeVersion,
  mergeBoardDefinitions,
  reuseUnchanged,
  type BoardMerge,
  type BoardMergeConflict,
  type MergeBoardOptions,
} from '../../protocol/board/merge';
export type {
  AnswerWidget,
  BoardLayout,
  BoardWidget,
  ChartWidget,
  KnownWidget,
  KpiWidget,
  TableWidget,
  TextWidget,
  UnknownWidget,
} from '../../protocol/board/widget';
// A store in this browser's localStorage, for trying boards before the host has its own, and
// a store over the host's board API.
export { createLocalBoardStore, type BoardStorage, type LocalBoardStoreOptions } from './local-store';
// Pinning a chat answer: the answer a board keeps, "Pin to board" for the chat's result menu,
// and adding it to a stored board.
export {
  answerToPin,
  DEFAULT_PIN_ACTION_LABELS,
  pinResultAction,
  type PinActionLabels,
  type PinResultActionOptions,
} from './pinned/pin-action';
export { pinAnswer, withPinnedAnswer, type PinnedAnswerInput } from './pinned/pin-answer';
// A board kept in a store: read, saved after each burst of edits, conflicts offered back.
export {
  DEFAULT_STORED_BOARD_LABELS,
  StoredBoard,
  type StoredBoardLabels,
  type StoredBoardProps,
} from './stored/StoredBoard';
export {
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_SAVE_DELAY_MS,
  useStoredBoard,
  type StoredBoardOptions,
  type StoredBoardState,
  type StoredBoardStatus,
} from './stored/use-stored-board';
export { createBoardApiClient, type BoardApiClientOptions } from '../../protocol/board/api-client';
// The list of a user's boards (mine, shared with me), its code loaded on first use.
export { BoardList, type BoardListProps } from './list/BoardList';
export { DEFAULT_BOARD_LIST_LABELS, type BoardListLabels } from './list/list-labels';
// Sharing: the Share dialog's words (the dialog itself loads with StoredBoard's Share button).
export { DEFAULT_SHARE_DIALOG_LABELS, type ShareDialogLabels } from './share/share-labels';
export {
  BoardStoreError,
  type BoardAccess,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardGrant,
  type BoardGrantInput,
  type BoardListFilter,
  type BoardListQuery,
  type BoardPage,
  type BoardRecord,
  type BoardRole,
  type BoardSave,
  type BoardStore,
  type BoardStoreErrorCode,
  type BoardSummary,
  type BoardUser,
} from '../../protocol/board/store';
