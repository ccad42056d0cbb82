import type { BoardDefinition } from '../../../protocol/board/definition';
import type { BoardStore, BoardSummary, BoardUser } from '../../../protocol/board/store';
import { lazyView } from '../../internal/lazy-view';
import { ThemedRoot } from '../../theme/ThemedRoot';
import type { BoardListLabels } from './list-labels';

// The list's code loads on first use (a page showing one board never ships it).
const BoardListView = lazyView(() => import('./BoardListView').then((module) => module.BoardListView));

/** Props of {@link BoardList}. */
export interface BoardListProps {
  store: BoardStore;
  user: BoardUser;
  /** A board's address: titles are links (opened with `onOpen` on a plain click when given). Without it, titles are buttons. */
  href?: (board: BoardSummary) => string;
  /** Opens a board (a title pressed, or a board just created). */
  onOpen?: (board: BoardSummary) => void;
  /** The tab shown first. Default `mine`. */
  defaultFilter?: 'mine' | 'shared';
  /** Boards per page ("Show more" asks for the next by the store's cursor). Default 20. */
  pageSize?: number;
  /** A new board's definition from its title. Default an empty board with that title. */
  newBoard?: (title: string) => BoardDefinition;
  labels?: Partial<BoardListLabels>;
  /** Locale of "Changed 5 minutes ago". Default the browser's. */
  locale?: string;
  /** The clock "Changed … ago" is read against. Default `Date.now`. */
  now?: () => number;
  className?: string;
}

/**
 * The boards a user may open, from a `BoardStore`: two tabs (My boards, Shared with me), a
 * search by title, each board's title, owner (the directory's name, or "You") and last change,
 * pages by the store's cursor ("Show more"), and, for one's own boards, New board, Rename,
 * Duplicate and Delete with Undo (the store's `restore`); a shared board can be duplicated as
 * one's own. Its code loads on first use.
 *
 * ```tsx
 * <BoardList store={boards} user={user} href={(board) => `/boards/${board.id}`} />
 * ```
 */
export function BoardList(props: BoardListProps) {
  return (
    <BoardListView
      props={props}
      fallback={
        <ThemedRoot
          as="section"
          className={['ek-board-list', props.className].filter(Boolean).join(' ')}
          aria-busy="true"
        />
      }
    />
  );
}
