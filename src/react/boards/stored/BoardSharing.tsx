import { lazy, Suspense, useRef, useState } from 'react';
import type { BoardDefinition } from '../../../protocol/board/definition';
import type {
  BoardDirectoryEntry,
  BoardRecord,
  BoardStore,
  BoardSummary,
  BoardUser,
} from '../../../protocol/board/store';
import { MAX_BOARD_TITLE_LENGTH } from '../../../protocol/board/widget';
import type { ShareDialogLabels } from '../share/share-labels';
import type { StoredBoardLabels } from './StoredBoard';

// The Share dialog loads when first opened: a board nobody shares from never ships it.
const ShareDialog = lazy(() => import('../share/ShareDialog').then((module) => ({ default: module.ShareDialog })));

/** Props of {@link BoardSharing}. */
export interface BoardSharingProps {
  store: BoardStore;
  user: BoardUser;
  board: BoardSummary;
  /** The definition as shown (what "Save a copy" copies). */
  definition: BoardDefinition | undefined;
  search: ((query: string) => Promise<readonly BoardDirectoryEntry[]>) | undefined;
  link: string;
  labels: StoredBoardLabels;
  shareLabels: Partial<ShareDialogLabels> | undefined;
  onShared: (record: BoardRecord) => void;
  onCopied: ((record: BoardRecord) => void) | undefined;
  copyHref: ((id: string) => string) | undefined;
}

const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * Above a stored board: with whom it is shared (the owner's view) or who shared it and how
 * (anyone else's: the owner's name from the host's directory, never an id), Share… for one who
 * may share, and Save a copy for one who does not own it.
 */
export function BoardSharing(props: BoardSharingProps) {
  const { store, user, board, definition, labels } = props;
  const [sharing, setSharing] = useState(false);
  const [copy, setCopy] = useState<
    { state: 'idle' } | { state: 'busy' } | { state: 'done'; record: BoardRecord } | { state: 'failed'; reason: string }
  >({ state: 'idle' });
  const busy = useRef(false);
  const owner = board.ownerName?.trim() ? short(board.ownerName) : labels.someone;
  const names = board.grants.flatMap((grant) => (grant.name?.trim() ? [short(grant.name)] : []));
  const line =
    board.role === 'owner'
      ? board.grants.length
        ? labels.sharedWith(names, board.grants.length - names.length)
        : labels.notShared
      : labels.sharedBy(owner, board.role);

  const saveCopy = async () => {
    if (busy.current || !definition) return;
    busy.current = true;
    setCopy({ state: 'busy' });
    try {
      const title = labels.copyTitle(definition.title).slice(0, MAX_BOARD_TITLE_LENGTH);
      const record = await store.create(user, { definition: { ...definition, title } });
      setCopy({ state: 'done', record });
      try {
        props.onCopied?.(record);
      } catch {
        // The host's problem.
      }
    } catch (error) {
      setCopy({ state: 'failed', reason: reasonOf(error) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="ek-board-store__sharing">
      <p className="ek-board-store__shared">{line}</p>
      {board.mayShare ? (
        <button
          type="button"
          className="ek-button"
          aria-haspopup="dialog"
          aria-expanded={sharing}
          onClick={() => setSharing(true)}
        >
          {labels.share}
        </button>
      ) : null}
      {board.role !== 'owner' ? (
        <button
          type="button"
          className="ek-button"
          aria-disabled={copy.state === 'busy' || !definition || undefined}
          onClick={() => void saveCopy()}
        >
          {copy.state === 'busy' ? labels.savingCopy : labels.saveCopy}
        </button>
      ) : null}
      <p className="ek-board-store__copy" role="status">
        {copy.state === 'done' ? (
          props.copyHref ? (
            <a href={props.copyHref(copy.record.id)}>{labels.copySaved(short(copy.record.title))}</a>
          ) : (
            labels.copySaved(short(copy.record.title))
          )
        ) : null}
      </p>
      {copy.state === 'failed' ? (
        <p className="ek-board-store__problem" role="alert">
          {labels.copyFailed(copy.reason)}
        </p>
      ) : null}
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog
            store={store}
            user={user}
            board={board}
            search={props.search}
            link={props.link}
            labels={props.shareLabels}
            onShared={(record) => {
              setSharing(false);
              props.onShared(record);
            }}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
