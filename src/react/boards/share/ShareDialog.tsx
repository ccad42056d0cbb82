import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type {
  BoardDirectoryEntry,
  BoardGrant,
  BoardRecord,
  BoardRole,
  BoardStore,
  BoardSummary,
  BoardUser,
} from '../../../protocol/board/store';
import { useLatest } from '../../internal/use-latest';
import { useModalDialog } from '../../internal/use-modal-dialog';
import { DEFAULT_SHARE_DIALOG_LABELS, type ShareDialogLabels } from './share-labels';

// The Share dialog: a modal `<dialog>` (the browser keeps focus inside it, Escape cancels, the
// page behind is inert, focus goes back to the Share button) with a combobox searching the
// host's directory, the grants with their roles, a link to copy, and one save of the grants.

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  store: BoardStore;
  user: BoardUser;
  /** The board as the store last answered (its grants, with names). */
  board: BoardSummary;
  /** Searches the host's directory (the store's `searchDirectory`, or the page's own); absent: none. */
  search: ((query: string) => Promise<readonly BoardDirectoryEntry[]>) | undefined;
  /** The board's address, to copy. */
  link: string;
  labels?: Partial<ShareDialogLabels>;
  /** The store took the grants: its record. */
  onShared: (record: BoardRecord) => void;
  onClose: () => void;
}

/** Pause after the last key before the directory is asked, in ms. */
const SEARCH_DELAY_MS = 200;
/** What the directory takes (the board API's bound). */
const MAX_QUERY = 100;
const MAX_SHOWN = 20;

const keyOf = (principal: { type: string; id: string }) => `${principal.type}\u0000${principal.id}`;
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
/** A name as shown: one line, bounded. */
const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

const isEntry = (value: unknown): value is BoardDirectoryEntry => {
  const entry = value as Partial<BoardDirectoryEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (entry.type === 'user' || entry.type === 'group') &&
    typeof entry.id === 'string' &&
    typeof entry.name === 'string' &&
    (entry.detail === undefined || typeof entry.detail === 'string')
  );
};

/** The first entries of a directory's answer, those of the right shape. */
function entriesOf(answer: unknown): BoardDirectoryEntry[] {
  if (!Array.isArray(answer)) throw new Error('The directory answered something else than people and groups');
  return answer.slice(0, 1000).filter(isEntry).slice(0, MAX_SHOWN);
}

type Found =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; entries: readonly BoardDirectoryEntry[] };

/** Share a board: see `StoredBoard`'s Share button. Loaded when it is first opened. */
export function ShareDialog({ store, user, board, search, link, labels: own, onShared, onClose }: ShareDialogProps) {
  const labels = { ...DEFAULT_SHARE_DIALOG_LABELS, ...own };
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const callbacks = useLatest({ onShared, onClose, search });
  const [grants, setGrants] = useState<BoardGrant[]>(() => board.grants.map((grant) => ({ ...grant })));
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<(Found & { text: string }) | undefined>(undefined);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const [copy, setCopy] = useState<'' | 'copied' | 'failed'>('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const busy = useRef(false);

  // Focus goes to the search first, and back to the Share button when it closes.
  useModalDialog(dialog, () => input.current?.focus());

  // The directory, asked after a pause in typing; an answer is kept with the text it is for, so
  // an older one never shows for newer text.
  const text = query.trim().slice(0, MAX_QUERY);
  useEffect(() => {
    const ask = callbacks.current.search;
    if (!text || !ask) return;
    let live = true;
    const timer = setTimeout(() => {
      // A host's search that throws, or answers something else than entries, is a failed search.
      Promise.resolve(text)
        .then(ask)
        .then(entriesOf)
        .then(
          (entries) => {
            if (live) setAnswer({ text, state: 'ready', entries });
          },
          (error: unknown) => {
            if (live) setAnswer({ text, state: 'failed', reason: reasonOf(error) });
          },
        );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, callbacks]);
  const found: Found = !text || !search ? { state: 'idle' } : answer?.text === text ? answer : { state: 'searching' };

  const granted = new Set(grants.map(keyOf));
  const options =
    found.state === 'ready'
      ? found.entries.filter(
          (entry) => !granted.has(keyOf(entry)) && !(entry.type === 'user' && entry.id === board.ownerId),
        )
      : [];
  const expanded = open && query.trim() !== '' && found.state !== 'idle';
  const nameOf = (grant: Pick<BoardGrant, 'name'>) => (grant.name?.trim() ? short(grant.name) : labels.unnamed);

  const add = (entry: BoardDirectoryEntry) => {
    setGrants((list) => [...list, { type: entry.type, id: entry.id, role: 'view', name: entry.name }]);
    setQuery('');
    setOpen(false);
    setActive(-1);
    setSaid(labels.added(short(entry.name), labels.role.view));
    input.current?.focus();
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter picks the option shown as active; it never submits the dialog from here.
      event.preventDefault();
      const entry = options[active];
      if (expanded && entry) add(entry);
    } else if (event.key === 'Escape' && expanded) {
      // The first Escape closes the list, the next the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const removeAt = (index: number) => {
    const grant = grants[index]!;
    setGrants((list) => list.filter((_, i) => i !== index));
    setSaid(labels.removed(nameOf(grant)));
    // Focus to the next one's Remove, else the previous one's, else the search.
    requestAnimationFrame(() => {
      const buttons = dialog.current?.querySelectorAll<HTMLButtonElement>('.ek-share__remove');
      (buttons?.[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
    });
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
      dialog.current?.querySelector<HTMLInputElement>('.ek-share__link input')?.select();
    }
  };

  const changed =
    grants.length !== board.grants.length ||
    grants.some((grant, i) => {
      const before = board.grants[i];
      return !before || keyOf(before) !== keyOf(grant) || before.role !== grant.role;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || !changed) return;
    busy.current = true;
    setSaving(true);
    setFailure('');
    try {
      const record = await store.share(
        user,
        board.id,
        grants.map(({ type, id: who, role }) => ({ type, id: who, role })),
      );
      callbacks.current.onShared(record);
    } catch (error) {
      setFailure(labels.saveFailed(reasonOf(error)));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const close = () => {
    if (!busy.current) callbacks.current.onClose();
  };
  const listId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <dialog
      ref={dialog}
      className="ek-pin-dialog ek-share"
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        close();
      }}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form onSubmit={(event) => void submit(event)} aria-busy={saving || undefined}>
        <h2 id={`${id}-heading`} className="ek-pin-dialog__heading">
          {labels.heading(short(board.title))}
        </h2>
        <p className="ek-pin-dialog__answer">
          {labels.owner(board.ownerName ? short(board.ownerName) : labels.unnamed)}
        </p>
        <div className="ek-share__search">
          <label htmlFor={`${id}-search`}>{labels.search}</label>
          <input
            ref={input}
            id={`${id}-search`}
            type="text"
            role="combobox"
            autoComplete="off"
            maxLength={MAX_QUERY}
            disabled={!search}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 && options[active] ? optionId(active) : undefined}
            aria-describedby={search ? undefined : `${id}-no-directory`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onSearchKey}
            onBlur={(event) => {
              // A click on an option keeps the list (the option's own handler adds it).
              if (!event.relatedTarget || !(event.relatedTarget as Element).closest?.(`#${CSS.escape(listId)}`))
                setOpen(false);
            }}
          />
          {search ? null : (
            <p id={`${id}-no-directory`} className="ek-pin-dialog__muted">
              {labels.noDirectory}
            </p>
          )}
          <ul id={listId} role="listbox" aria-label={labels.search} className="ek-share__options" hidden={!expanded}>
            {options.map((entry, index) => (
              <li
                key={keyOf(entry)}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="ek-share__option"
                // Pressed, not clicked: the field keeps focus (no blur closing the list first).
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => add(entry)}
              >
                <span className="ek-share__name">{short(entry.name)}</span>
                <span className="ek-share__detail">
                  {entry.type === 'group' ? labels.group : labels.person}
                  {entry.detail ? ` · ${short(entry.detail)}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <p className="ek-share__found" role="status">
            {!expanded
              ? ''
              : found.state === 'searching'
                ? labels.searching
                : found.state === 'failed'
                  ? labels.searchFailed(found.reason)
                  : options.length === 0
                    ? labels.noneFound
                    : labels.found(options.length)}
          </p>
        </div>
        <h3 id={`${id}-access`} className="ek-share__subheading">
          {labels.access}
        </h3>
        {grants.length === 0 ? (
          <p className="ek-pin-dialog__muted">{labels.onlyOwner}</p>
        ) : (
          <ul className="ek-share__grants" aria-labelledby={`${id}-access`}>
            {grants.map((grant, index) => {
              const name = nameOf(grant);
              return (
                <li key={keyOf(grant)} className="ek-share__grant">
                  <span className="ek-share__who">
                    <span className="ek-share__name">{name}</span>
                    <span className="ek-share__detail">{grant.type === 'group' ? labels.group : labels.person}</span>
                  </span>
                  <select
                    aria-label={labels.roleOf(name)}
                    value={grant.role}
                    onChange={(event) => {
                      const role = event.target.value as BoardRole;
                      setGrants((list) => list.map((item, i) => (i === index ? { ...item, role } : item)));
                    }}
                  >
                    <option value="view">{labels.role.view}</option>
                    <option value="edit">{labels.role.edit}</option>
                  </select>
                  <button
                    type="button"
                    className="ek-button ek-share__remove"
                    aria-label={labels.remove(name)}
                    title={labels.remove(name)}
                    onClick={() => removeAt(index)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="ek-share__link">
          <label htmlFor={`${id}-link`}>{labels.link}</label>
          <span className="ek-share__link-row">
            <input id={`${id}-link`} type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
            <button type="button" className="ek-button" onClick={() => void copyLink()}>
              {labels.copyLink}
            </button>
          </span>
        </div>
        <p className="ek-sr-only" role="status">
          {copy === 'copied' ? labels.copied : said}
        </p>
        {copy === 'failed' ? (
          <p className="ek-pin-dialog__problem" role="alert">
            {labels.copyFailed}
          </p>
        ) : copy === 'copied' ? (
          <p className="ek-pin-dialog__muted" aria-hidden="true">
            {labels.copied}
          </p>
        ) : null}
        {failure ? (
          <p className="ek-pin-dialog__problem" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="ek-pin-dialog__actions">
          {/* Never disabled while it saves: focus stays on it (a disabled button loses it). */}
          <button
            type="submit"
            className="ek-button ek-pin-dialog__submit"
            aria-disabled={saving || !changed || undefined}
          >
            {saving ? labels.saving : labels.save}
          </button>
          <button type="button" className="ek-button" aria-disabled={saving || undefined} onClick={close}>
            {labels.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
