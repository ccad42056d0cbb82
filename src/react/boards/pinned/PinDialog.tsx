import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { storableText } from '../../../protocol/board/checks';
import type { BoardRecord, BoardStore, BoardSummary, BoardUser } from '../../../protocol/board/store';
import { MAX_BOARD_TITLE_LENGTH } from '../../../protocol/board/widget';
import { useLatest } from '../../internal/use-latest';
import { useModalDialog } from '../../internal/use-modal-dialog';
import { line, type PinActionLabels } from './pin-action';
import { pinAnswer, withPinnedAnswer, type PinnedAnswerInput } from './pin-answer';

// The dialog "Pin to board…" opens: the user's boards to choose from (or a new one with its
// title), as a modal `<dialog>` (the browser keeps focus inside it, Escape cancels, the page
// behind is inert), the answer pinned on submit and the dialog closed with what to say.

/** Props of {@link PinDialog}. */
export interface PinDialogProps {
  answer: PinnedAnswerInput;
  store: BoardStore;
  user: BoardUser;
  canPin: ((board: BoardSummary) => boolean) | undefined;
  labels: PinActionLabels;
  /** The board chosen at first (the last pinned to), when it is still listed. */
  preferred: string | undefined;
  onPinned: (board: BoardRecord) => void;
  onCancel: () => void;
}

/** The choice of a new board (board ids are the store's own, never this). */
const NEW = '\u0000new';
/** Most boards listed (the rest are reached by a new board, or by the host's own list). */
const MAX_LISTED = 200;

const reasonOf = (error: unknown) => line(error instanceof Error ? error.message : String(error), 300);

type Listing = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; boards: BoardSummary[] };

/** Choose a board (or make one), then pin: see `pinResultAction`. */
export function PinDialog({ answer, store, user, canPin, labels, preferred, onPinned, onCancel }: PinDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleField = useRef<HTMLInputElement>(null);
  const callbacks = useLatest({ onPinned, onCancel });
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState(false);
  const [pinning, setPinning] = useState(false);
  const [failure, setFailure] = useState('');
  const busy = useRef(false);
  // Whether the user has done anything in the dialog yet (then focus is theirs to move).
  const used = useRef(false);

  // Focus goes back to the menu's button when it closes.
  useModalDialog(dialog);

  useEffect(() => {
    let live = true;
    store.list(user).then(
      (page) => {
        if (!live) return;
        // The store's role decides: one's own boards and those shared to edit (an older store
        // without roles: one's own).
        const allowed =
          canPin ?? ((board: BoardSummary) => (board.role ? board.role !== 'view' : board.ownerId === user.id));
        const boards = page.boards.filter((board) => allowed(board)).slice(0, MAX_LISTED);
        setListing({ state: 'ready', boards });
        setChoice((current) => current ?? (boards.find((board) => board.id === preferred) ?? boards[0])?.id ?? NEW);
      },
      (error: unknown) => {
        if (live) setListing({ state: 'failed', reason: reasonOf(error) });
      },
    );
    return () => {
      live = false;
    };
    // The list is read when the dialog opens, and on "Try again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  // Opened before the boards were read, the dialog focused its first field: once they are
  // listed, focus goes to the board chosen, unless the user has moved on.
  useEffect(() => {
    if (listing.state !== 'ready' || used.current) return;
    dialog.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [listing.state]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || choice === undefined) return;
    // What a store keeps: one line, no NUL or lone surrogate (replaced, as a listing's title is).
    const name = storableText(line(title, MAX_BOARD_TITLE_LENGTH));
    if (choice === NEW && !name) {
      setMissing(true);
      titleField.current?.focus();
      return;
    }
    busy.current = true;
    setPinning(true);
    setFailure('');
    try {
      const board =
        choice === NEW
          ? await store.create(user, { definition: withPinnedAnswer({ version: 2, title: name, widgets: [] }, answer) })
          : await pinAnswer(store, user, choice, answer);
      callbacks.current.onPinned(board);
    } catch (error) {
      setFailure(labels.failed(reasonOf(error)));
    } finally {
      busy.current = false;
      setPinning(false);
    }
  };

  const boards = listing.state === 'ready' ? listing.boards : [];
  return (
    <dialog
      ref={dialog}
      className="ek-pin-dialog"
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-answer`}
      // Escape (or another way to close it, a phone's Back): cancelled, unless a pin is on its
      // way (its note would have nowhere to go). The key is handled here, so the dialog closes
      // the same way whatever sent it.
      onPointerDown={() => {
        used.current = true;
      }}
      onKeyDown={(event) => {
        used.current = true;
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        if (!busy.current) callbacks.current.onCancel();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy.current) callbacks.current.onCancel();
      }}
    >
      <form className="ek-pin-dialog__form" onSubmit={(event) => void submit(event)} aria-busy={pinning || undefined}>
        <h2 id={`${id}-heading`} className="ek-pin-dialog__heading">
          {labels.heading}
        </h2>
        <p id={`${id}-answer`} className="ek-pin-dialog__answer">
          {answer.title}
        </p>
        {listing.state === 'loading' ? (
          <p className="ek-pin-dialog__muted" role="status">
            {labels.loading}
          </p>
        ) : listing.state === 'failed' ? (
          <div className="ek-pin-dialog__problem" role="alert">
            <p>{labels.loadFailed(listing.reason)}</p>
            <button
              type="button"
              className="ek-button"
              onClick={() => {
                setListing({ state: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {labels.retry}
            </button>
          </div>
        ) : null}
        <fieldset className="ek-pin-dialog__boards">
          <legend>{labels.board}</legend>
          {boards.length ? (
            <div className="ek-pin-dialog__list">
              {boards.map((board) => (
                <label key={board.id} className="ek-pin-dialog__choice">
                  <input
                    type="radio"
                    name={`${id}-board`}
                    value={board.id}
                    checked={choice === board.id}
                    onChange={() => setChoice(board.id)}
                  />
                  <span className="ek-pin-dialog__board-title">{line(board.title, MAX_BOARD_TITLE_LENGTH)}</span>
                </label>
              ))}
            </div>
          ) : null}
          <label className="ek-pin-dialog__choice">
            <input
              type="radio"
              name={`${id}-board`}
              value="new"
              checked={choice === NEW}
              onChange={() => {
                setChoice(NEW);
                titleField.current?.focus();
              }}
            />
            <span>{labels.newBoard}</span>
          </label>
          <label className="ek-pin-dialog__field">
            <span>{labels.newTitle}</span>
            <input
              ref={titleField}
              type="text"
              maxLength={MAX_BOARD_TITLE_LENGTH}
              value={title}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-missing` : undefined}
              onFocus={() => setChoice(NEW)}
              onChange={(event) => {
                setTitle(event.target.value);
                setMissing(false);
              }}
            />
          </label>
          {missing ? (
            <p id={`${id}-missing`} className="ek-pin-dialog__problem" role="alert">
              {labels.titleMissing}
            </p>
          ) : null}
        </fieldset>
        {failure ? (
          <p className="ek-pin-dialog__problem" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="ek-pin-dialog__actions">
          {/* Never disabled while it pins: focus stays on it (a disabled button loses it). */}
          <button
            type="submit"
            className="ek-button ek-pin-dialog__submit"
            aria-disabled={pinning || choice === undefined || undefined}
          >
            {pinning ? labels.pinning : labels.submit}
          </button>
          <button
            type="button"
            className="ek-button"
            aria-disabled={pinning || undefined}
            onClick={() => {
              if (!busy.current) callbacks.current.onCancel();
            }}
          >
            {labels.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
