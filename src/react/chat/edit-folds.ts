import type { ChatMessage } from '../../protocol';
import type { ChatStoreState } from './store';

/** How a row shows after an edit. */
type Fold = 'folded' | 'earlier';

/** Per thread (its messages array): the folds of its rows, for one edited and unfolded list. */
const folds = new WeakMap<readonly ChatMessage[], [readonly string[], readonly string[], Map<string, Fold>]>();

/**
 * How a row shows after an edit: `folded` (part of the answer to a question the user edited
 * and asked again: the messages after it up to the next question; hidden until that question
 * is unfolded), `earlier` (unfolded) or undefined. Computed once per change of the thread or
 * the edits and shared by every row, so a row's check is a lookup.
 */
export function foldOf(state: Pick<ChatStoreState, 'thread' | 'edited' | 'unfolded'>, id: string): Fold | undefined {
  const { edited, unfolded, thread } = state;
  if (!edited.length) return undefined;
  let cached = folds.get(thread.messages);
  if (!cached || cached[0] !== edited || cached[1] !== unfolded) {
    const fold = new Map<string, Fold>();
    let current: Fold | undefined;
    for (const { id: at, role } of thread.messages) {
      if (role === 'user') current = edited.includes(at) ? (unfolded.includes(at) ? 'earlier' : 'folded') : undefined;
      else if (current) fold.set(at, current);
    }
    folds.set(thread.messages, (cached = [edited, unfolded, fold]));
  }
  return cached[2].get(id);
}
