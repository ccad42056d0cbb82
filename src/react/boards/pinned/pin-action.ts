import type { ChatMessage, ParsedSqlToolCall } from '../../../protocol';
import { MAX_BOARD_SPEC_LENGTH, MAX_BOARD_TEXT_LENGTH, MAX_BOARD_TITLE_LENGTH } from '../../../protocol/board/widget';
import type { ResultAction } from '../../charts/result-action';
import type { PinnedAnswerInput } from './pin-answer';

// "Pin to board" in every chat result's menu: a `resultActions` entry for `AgentChat`, so the
// chat (and the React entry) carries nothing of boards until a host asks for it.

/** Words of the pin action. */
export interface PinActionLabels {
  /** The menu entry. Default "Pin to board". */
  pin: string;
  /** Said (and announced) once pinned. Default "Pinned to the board". */
  pinned: string;
  /** Said when the host's `onPin` failed: "Could not pin: …". */
  failed: (reason: string) => string;
}

/** The default {@link PinActionLabels}. */
export const DEFAULT_PIN_ACTION_LABELS: PinActionLabels = {
  pin: 'Pin to board',
  pinned: 'Pinned to the board',
  failed: (reason) => `Could not pin: ${reason}`,
};

/** One line of untrusted text, at most `max` characters. */
const line = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

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

/** Options of {@link pinResultAction}. */
export interface PinResultActionOptions {
  /** Keeps the answer: the host's board (`pinAnswer(store, user, boardId, answer)`), or its own. */
  onPin: (answer: PinnedAnswerInput, message: ChatMessage) => void | Promise<void>;
  labels?: Partial<PinActionLabels>;
}

/**
 * "Pin to board" for each chat SQL result, as `AgentChat`'s `resultActions`: it calls
 * `onPin` with the answer to keep ({@link answerToPin}) and says "Pinned to the board" (a
 * failure says why; the chat goes on). Combine it with other actions by calling both.
 *
 * ```tsx
 * const pin = pinResultAction({ onPin: (answer) => pinAnswer(boards, user, boardId, answer) });
 * <AgentChat transport={transport} resultActions={pin} />
 * ```
 */
export function pinResultAction(
  options: PinResultActionOptions,
): (call: ParsedSqlToolCall, message: ChatMessage) => readonly ResultAction[] | undefined {
  const labels = { ...DEFAULT_PIN_ACTION_LABELS, ...options.labels };
  return (call, message) => {
    const answer = answerToPin(call);
    if (!answer) return undefined;
    return [
      {
        key: 'pin-to-board',
        label: labels.pin,
        onSelect: async () => {
          try {
            await options.onPin(answer, message);
            return labels.pinned;
          } catch (error) {
            return labels.failed(line(error instanceof Error ? error.message : String(error), 200));
          }
        },
      },
    ];
  };
}
