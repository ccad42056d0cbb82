import type { AnswerWidget, BoardWidget } from '../../../protocol/board/widget';
import { AnswerWidgetSchema, BOARD_COLUMNS } from '../../../protocol/board/widget';
import { MAX_BOARD_WIDGETS, type BoardDefinition } from '../../../protocol/board/definition';
import { BoardStoreError, type BoardRecord, type BoardStore, type BoardUser } from '../../../protocol/board/store';

/** A chat answer to pin: the board's answer widget without its id and place. */
export type PinnedAnswerInput = Omit<AnswerWidget, 'id' | 'layout' | 'kind'>;

/** Where a pinned answer goes: full width, under every widget, 5 rows tall. */
const PIN_HEIGHT = 5;
/** How many times a pin is tried again when another save came first. */
const CONFLICT_RETRIES = 3;

/** A widget id not used by `widgets` (`answer-1`, `answer-2`, …). */
function freeId(widgets: readonly BoardWidget[]): string {
  const used = new Set(widgets.map((widget) => widget.id));
  let n = widgets.length + 1;
  while (used.has(`answer-${n}`)) n++;
  return `answer-${n}`;
}

/**
 * `definition` with `answer` added as a widget under the others (full width), checked as the
 * board reads it: an answer that is not one (an empty SQL, a title too long, another `view`)
 * throws a {@link BoardStoreError} `invalid` with its problems, and so does a full board.
 */
export function withPinnedAnswer(definition: BoardDefinition, answer: PinnedAnswerInput): BoardDefinition {
  if (definition.widgets.length >= MAX_BOARD_WIDGETS)
    throw new BoardStoreError('invalid', `a board holds at most ${MAX_BOARD_WIDGETS} widgets`);
  const bottom = definition.widgets.reduce((y, widget) => Math.max(y, widget.layout.y + widget.layout.h), 0);
  const widget = {
    // Only the fields of an answer, whatever else the caller's object carries.
    title: answer.title,
    sqlQuery: answer.sqlQuery,
    view: answer.view,
    ...(answer.vegaSpec === undefined ? {} : { vegaSpec: answer.vegaSpec }),
    ...(answer.question === undefined ? {} : { question: answer.question }),
    id: freeId(definition.widgets),
    kind: 'answer' as const,
    layout: { x: 0, y: bottom, w: BOARD_COLUMNS, h: PIN_HEIGHT },
  };
  const checked = AnswerWidgetSchema.safeParse(widget);
  if (!checked.success)
    throw new BoardStoreError('invalid', `the answer cannot be pinned: ${checked.error.message}`, {
      issues: checked.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    });
  return { ...definition, widgets: [...definition.widgets, checked.data] };
}

/**
 * Adds `answer` to board `boardId` of `store` for `user` (see {@link withPinnedAnswer}), based
 * on the revision it reads: when another save came first (`conflict`) it reads the board again
 * and pins on the newer definition, so nothing another tab saved is lost. Resolves with the
 * saved board; rejects with the store's {@link BoardStoreError} (`not-found`, `read-only`, …).
 */
export async function pinAnswer(
  store: BoardStore,
  user: BoardUser,
  boardId: string,
  answer: PinnedAnswerInput,
): Promise<BoardRecord> {
  for (let attempt = 0; ; attempt++) {
    const board = await store.get(user, boardId);
    try {
      return await store.save(user, boardId, {
        definition: withPinnedAnswer(board.definition, answer),
        revision: board.revision,
      });
    } catch (error) {
      if (!(error instanceof BoardStoreError) || error.code !== 'conflict' || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}
