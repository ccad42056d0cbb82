import { createElement, lazy, Suspense } from 'react';
import type { ChatMessage, ParsedSqlToolCall } from '../../../protocol';
import type { BoardRecord, BoardStore, BoardSummary, BoardUser } from '../../../protocol/board/store';
import { MAX_BOARD_SPEC_LENGTH, MAX_BOARD_TEXT_LENGTH, MAX_BOARD_TITLE_LENGTH } from '../../../protocol/board/widget';
import type { ResultAction, ResultActionNote } from '../../charts/result-action';
import type { PinnedAnswerInput } from './pin-answer';

// "Pin to board" in every chat result's menu: a `resultActions` entry for `AgentChat`, so the
// chat (and the React entry) carries nothing of boards until a host asks for it. Given the
// host's board store, it opens a dialog (loaded on first use) to choose the board or make one.

// The dialog choosing a board loads when first opened.
const PinDialog = lazy(() => import('./PinDialog').then((module) => ({ default: module.PinDialog })));

/** Words of the pin action and its dialog. */
export interface PinActionLabels {
  /** The menu entry that pins at once (`onPin`). Default "Pin to board". */
  pin: string;
  /** The menu entry that opens the dialog (`store`). Default "Pin to board…". */
  choose: string;
  /** Said (and announced) once pinned where the board is not known. Default "Pinned to the board". */
  pinned: string;
  /** Said once pinned to a board: "Pinned to “Sales”." */
  pinnedTo: (title: string) => string;
  /** The link to that board (with `boardHref`). Default "Open the board". */
  open: string;
  /** Said when the pin failed: "Could not pin: …". */
  failed: (reason: string) => string;
  /** The dialog's heading. Default "Pin to a board". */
  heading: string;
  /** The choice of board. Default "Board". */
  board: string;
  /** While the user's boards are read. Default "Loading your boards…". */
  loading: string;
  /** When they could not be read: "Could not load your boards: …". */
  loadFailed: (reason: string) => string;
  /** Read them again. Default "Try again". */
  retry: string;
  /** The choice of a new board. Default "A new board". */
  newBoard: string;
  /** Its title's field. Default "Title of the new board". */
  newTitle: string;
  /** A new board without a title. Default "Give the new board a title.". */
  titleMissing: string;
  /** Pins. Default "Pin". */
  submit: string;
  /** While it pins. Default "Pinning…". */
  pinning: string;
  /** Closes the dialog. Default "Cancel". */
  cancel: string;
}

/** The default {@link PinActionLabels}. */
export const DEFAULT_PIN_ACTION_LABELS: PinActionLabels = {
  pin: 'Pin to board',
  choose: 'Pin to board…',
  pinned: 'Pinned to the board',
  pinnedTo: (title) => `Pinned to “${title}”.`,
  open: 'Open the board',
  failed: (reason) => `Could not pin: ${reason}`,
  heading: 'Pin to a board',
  board: 'Board',
  loading: 'Loading your boards…',
  loadFailed: (reason) => `Could not load your boards: ${reason}`,
  retry: 'Try again',
  newBoard: 'A new board',
  newTitle: 'Title of the new board',
  titleMissing: 'Give the new board a title.',
  submit: 'Pin',
  pinning: 'Pinning…',
  cancel: 'Cancel',
};

/** One line of untrusted text, at most `max` characters. */
export const line = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * A chat SQL result as the answer a board keeps: its title (the query's, else the question,
 * else "Pinned answer"), the question, the SQL, the agent's spec as JSON (dropped when over
 * the definition's limit: the answer then shows as a table), and the view. Undefined for a
 * result with no SQL (nothing could run again).
 */
export function answerToPin(call: ParsedSqlToolCall): PinnedAnswerInput | undefined {
  const result = call.result;
  const sql = result?.sqlQuery ?? call.input?.sqlQuery;
  if (!result || typeof sql !== 'string' || !sql.trim() || sql.length > MAX_BOARD_SPEC_LENGTH) return undefined;
  const question = result.userRequest ? line(result.userRequest, MAX_BOARD_TEXT_LENGTH) : undefined;
  const spec = result.vegaSpec ? JSON.stringify(result.vegaSpec) : undefined;
  const vegaSpec = spec && spec.length <= MAX_BOARD_SPEC_LENGTH ? spec : undefined;
  return {
    title: line(result.queryTitle || question || 'Pinned answer', MAX_BOARD_TITLE_LENGTH) || 'Pinned answer',
    sqlQuery: sql,
    view: vegaSpec ? 'chart' : 'table',
    ...(vegaSpec ? { vegaSpec } : {}),
    ...(question ? { question } : {}),
  };
}

interface PinOptionsBase {
  /** A board's address (`(id) => '/board?id=' + id`): the note after a pin links to the board. */
  boardHref?: (boardId: string) => string;
  labels?: Partial<PinActionLabels>;
}

/** Pinning through the host's board store, the user choosing the board (or making one) in a dialog. */
export interface PinToStoreOptions extends PinOptionsBase {
  /** Where the user's boards are (the board API through `createBoardApiClient`, or the host's own store). */
  store: BoardStore;
  /** Whose boards: the dialog lists them (`store.list`) and pins with `pinAnswer`. */
  user: BoardUser;
  /** Which listed boards may take a pin. Default: those the user may save (the store's `role`: owner or edit). */
  canPin?: (board: BoardSummary) => boolean;
  /** After each pin: the board as saved (a new one included). */
  onPinned?: (board: BoardRecord, answer: PinnedAnswerInput, message: ChatMessage) => void;
}

/** Pinning by the host's own callback, with no choice of board. */
export interface PinWithCallbackOptions extends PinOptionsBase {
  /**
   * Keeps the answer: the host's board (`pinAnswer(store, user, boardId, answer)`), or its own.
   * Resolving with the board (`{ id, title }`) says its name and, with `boardHref`, links to it.
   */
  onPin: (answer: PinnedAnswerInput, message: ChatMessage) => void | Promise<void | { id: string; title: string }>;
}

/** Options of {@link pinResultAction}: a store to choose a board from, or a callback of the host's own. */
export type PinResultActionOptions = PinToStoreOptions | PinWithCallbackOptions;

/** What the action says once the answer is on `board`: its name, and a link to it when the host gave addresses. */
export function pinnedNote(
  board: { id: string; title: string },
  labels: PinActionLabels,
  boardHref: ((boardId: string) => string) | undefined,
): ResultActionNote {
  const href = boardHref?.(board.id);
  return {
    text: labels.pinnedTo(line(board.title, MAX_BOARD_TITLE_LENGTH)),
    ...(typeof href === 'string' ? { link: { href, label: labels.open } } : {}),
  };
}

const reasonOf = (error: unknown) => line(error instanceof Error ? error.message : String(error), 200);

/**
 * "Pin to board" for each chat SQL result, as `AgentChat`'s `resultActions`. With the host's
 * board `store`, "Pin to board…" opens a dialog (a modal dialog, keyboard and screen-reader
 * ready, loaded on first use) listing the user's boards and a new one to make with its title;
 * the answer ({@link answerToPin}) is pinned there and the note that follows, announced, names
 * the board and links to it (`boardHref`). With `onPin` instead, it pins at once where the host
 * says. A failure says why; the chat goes on. Combine it with other actions by calling both.
 *
 * ```tsx
 * const pin = pinResultAction({ store: boards, user, boardHref: (id) => `/board?id=${id}` });
 * <AgentChat transport={transport} resultActions={pin} />
 * ```
 */
export function pinResultAction(
  options: PinResultActionOptions,
): (call: ParsedSqlToolCall, message: ChatMessage) => readonly ResultAction[] | undefined {
  const labels = { ...DEFAULT_PIN_ACTION_LABELS, ...options.labels };
  // The board pinned to last is offered first next time.
  const last = { boardId: undefined as string | undefined };
  return (call, message) => {
    const answer = answerToPin(call);
    if (!answer) return undefined;
    if ('store' in options) {
      const { store, user, canPin, onPinned, boardHref } = options;
      return [
        {
          key: 'pin-to-board',
          label: labels.choose,
          dialog: (done) =>
            createElement(
              Suspense,
              { fallback: null },
              createElement(PinDialog, {
                answer,
                store,
                user,
                canPin,
                labels,
                preferred: last.boardId,
                onCancel: () => done(),
                onPinned: (board: BoardRecord) => {
                  last.boardId = board.id;
                  try {
                    onPinned?.(board, answer, message);
                  } catch {
                    // The host's problem: the answer is pinned.
                  }
                  done(pinnedNote(board, labels, boardHref));
                },
              }),
            ),
        },
      ];
    }
    return [
      {
        key: 'pin-to-board',
        label: labels.pin,
        onSelect: async () => {
          try {
            const board = await options.onPin(answer, message);
            return board && typeof board.id === 'string' && typeof board.title === 'string'
              ? pinnedNote(board, labels, options.boardHref)
              : labels.pinned;
          } catch (error) {
            return labels.failed(reasonOf(error));
          }
        },
      },
    ];
  };
}
