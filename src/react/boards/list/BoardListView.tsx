import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { storableText } from '../../../protocol/board/checks';
import { BOARD_DEFINITION_VERSION } from '../../../protocol/board/definition';
import type { BoardListFilter, BoardRecord, BoardSummary } from '../../../protocol/board/store';
import { MAX_BOARD_TITLE_LENGTH } from '../../../protocol/board/widget';
import { useLatest } from '../../internal/use-latest';
import { ThemedRoot } from '../../theme/ThemedRoot';
import type { BoardListProps } from './BoardList';
import { DEFAULT_BOARD_LIST_LABELS, type BoardListLabels } from './list-labels';

// The board list's body, loaded on first use: tabs (mine, shared with me), a search, the pages
// of boards with their owner and last change, and create, rename, duplicate and delete (with
// Undo, the store's restore). Every name is the directory's (never an id).

/** Default boards per page. */
const PAGE_SIZE = 20;
/** Pause after the last key before the list is searched, in ms. */
const SEARCH_DELAY_MS = 250;
/** Most characters of a search (the store's bound). */
const MAX_SEARCH = 200;

type Tab = Exclude<BoardListFilter, 'all'>;

interface Listing {
  /** The tab, search and attempt the boards are for. */
  key: string;
  state: 'ready' | 'failed';
  boards: BoardSummary[];
  nextCursor: string | null;
  reason?: string;
  /** A next page is on its way. */
  more?: boolean;
  /** When the first page came (what "Changed … ago" is read against). */
  at: number;
}

type Note = { text: ReactNode; undo?: BoardSummary; problem?: boolean } | undefined;

const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_BOARD_TITLE_LENGTH);
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
const summaryOf = ({ definition: _definition, ...summary }: BoardRecord): BoardSummary => summary;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday": the time since `iso`, in the locale's words ('' for a bad date). */
function ago(iso: string, now: number, locale: string | undefined): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** The lazily loaded board list: see {@link BoardList}. */
export function BoardListView(props: BoardListProps) {
  const { store, user, href, pageSize = PAGE_SIZE, locale, className } = props;
  const labels: BoardListLabels = { ...DEFAULT_BOARD_LIST_LABELS, ...props.labels };
  const id = useId();
  const latest = useLatest(props);
  const [tab, setTab] = useState<Tab>(props.defaultFilter ?? 'mine');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [listing, setListing] = useState<Listing | undefined>(undefined);
  const [note, setNote] = useState<Note>(undefined);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const working = useRef(false);
  const root = useRef<HTMLElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<string | undefined>(undefined);
  const key = `${tab}\u0000${search}\u0000${attempt}`;

  // The search, after a pause in typing.
  useEffect(() => {
    const next = text.trim().slice(0, MAX_SEARCH);
    const timer = setTimeout(() => setSearch(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The first page of the tab and search (an older answer never replaces a newer one).
  useEffect(() => {
    let live = true;
    const { store: own, user: who, pageSize: limit = PAGE_SIZE } = latest.current;
    const clock = () => latest.current.now?.() ?? Date.now();
    own.list(who, { filter: tab, search: search || undefined, limit }).then(
      (page) => {
        if (live) setListing({ key, state: 'ready', boards: page.boards, nextCursor: page.nextCursor, at: clock() });
      },
      (error: unknown) => {
        if (live)
          setListing({ key, state: 'failed', boards: [], nextCursor: null, reason: reasonOf(error), at: clock() });
      },
    );
    return () => {
      live = false;
    };
  }, [key, tab, search, latest]);

  // Focus where an action left it: a row's title, or Undo.
  useEffect(() => {
    const target = focusAfter.current;
    if (target === undefined) return;
    focusAfter.current = undefined;
    if (target === 'undo') undoButton.current?.focus();
    else
      root.current
        ?.querySelector<HTMLElement>(`[data-board-id="${CSS.escape(target)}"] .ek-board-list__title`)
        ?.focus();
  });

  const current = listing?.key === key ? listing : undefined;
  const boards = current?.boards ?? [];

  const more = () => {
    if (!current?.nextCursor || current.more) return;
    const cursor = current.nextCursor;
    setListing({ ...current, more: true });
    store.list(user, { filter: tab, search: search || undefined, limit: pageSize, cursor }).then(
      (page) =>
        setListing((was) =>
          was?.key === key
            ? {
                ...was,
                more: false,
                // A board already listed (it changed between pages) is not listed twice.
                boards: [...was.boards, ...page.boards.filter((b) => !was.boards.some((o) => o.id === b.id))],
                nextCursor: page.nextCursor,
              }
            : was,
        ),
      (error: unknown) => {
        setListing((was) => (was?.key === key ? { ...was, more: false } : was));
        setNote({ text: labels.loadFailed(reasonOf(error)), problem: true });
      },
    );
  };

  /** Runs one store action, one at a time; a refusal is said and changes nothing. */
  const act = async (run: () => Promise<void>) => {
    // A second press before React renders sees the first (a ref, not the state).
    if (working.current) return;
    working.current = true;
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setNote({ text: labels.failed(reasonOf(error)), problem: true });
    } finally {
      working.current = false;
      setBusy(false);
    }
  };

  const patch = (next: (boards: BoardSummary[]) => BoardSummary[]) =>
    setListing((was) => (was?.key === key ? { ...was, boards: next(was.boards) } : was));

  const open = (board: BoardSummary) => {
    try {
      latest.current.onOpen?.(board);
    } catch {
      // The host's problem.
    }
  };

  const created = (record: BoardRecord) => {
    const summary = summaryOf(record);
    if (tab === 'mine' && !search) patch((list) => [summary, ...list.filter((b) => b.id !== summary.id)]);
    const title = short(record.title);
    setNote({ text: href ? <a href={href(summary)}>{labels.created(title)}</a> : labels.created(title) });
    focusAfter.current = summary.id;
  };

  const create = (title: string) =>
    act(async () => {
      const definition = latest.current.newBoard?.(title) ?? { version: BOARD_DEFINITION_VERSION, title, widgets: [] };
      const record = await store.create(user, { definition });
      setCreating(false);
      created(record);
      open(summaryOf(record));
    });

  const duplicate = (board: BoardSummary) =>
    act(async () => {
      const { definition } = await store.get(user, board.id);
      const title = labels.copyTitle(definition.title).slice(0, MAX_BOARD_TITLE_LENGTH);
      created(await store.create(user, { definition: { ...definition, title } }));
    });

  const rename = (board: BoardSummary, title: string) =>
    act(async () => {
      const { definition, revision } = await store.get(user, board.id);
      const record = await store.save(user, board.id, { definition: { ...definition, title }, revision });
      patch((list) => list.map((b) => (b.id === board.id ? summaryOf(record) : b)));
      setRenaming(undefined);
      setNote({ text: labels.renamed(short(record.title)) });
      focusAfter.current = board.id;
    });

  const remove = (board: BoardSummary) =>
    act(async () => {
      await store.remove(user, board.id);
      patch((list) => list.filter((b) => b.id !== board.id));
      setNote({ text: labels.removed(short(board.title)), undo: board });
      focusAfter.current = 'undo';
    });

  const restore = (board: BoardSummary) =>
    act(async () => {
      const record = await store.restore(user, board.id);
      const summary = summaryOf(record);
      if (tab === 'mine') patch((list) => [summary, ...list.filter((b) => b.id !== summary.id)]);
      setNote({ text: labels.restored(short(record.title)) });
      focusAfter.current = summary.id;
    });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home' ? 'mine' : event.key === 'End' ? 'shared' : tab === 'mine' ? 'shared' : 'mine';
    setTab(next);
    setNote(undefined);
    event.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  const now = current?.at ?? 0;
  const tabId = (name: Tab) => `${id}-tab-${name}`;
  return (
    <ThemedRoot
      as="section"
      ref={root}
      className={['ek-board-list', className].filter(Boolean).join(' ')}
      aria-label={labels.heading}
    >
      <div className="ek-board-list__bar">
        <div role="tablist" aria-label={labels.heading} className="ek-board-list__tabs">
          {(['mine', 'shared'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              data-tab={name}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="ek-board-list__tab"
              onClick={() => {
                setTab(name);
                setNote(undefined);
              }}
              onKeyDown={onTabKey}
            >
              {labels[name]}
            </button>
          ))}
        </div>
        <label className="ek-board-list__search">
          <span className="ek-sr-only">{labels.search}</span>
          <input
            type="search"
            placeholder={labels.search}
            maxLength={MAX_SEARCH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {tab === 'mine' && !creating ? (
          <button type="button" className="ek-button ek-board-list__new" onClick={() => setCreating(true)}>
            {labels.newBoard}
          </button>
        ) : null}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(tab)} className="ek-board-list__panel">
        {tab === 'mine' && creating ? (
          <TitleForm
            label={labels.title}
            initial=""
            submit={labels.create}
            labels={labels}
            onSubmit={(title) => void create(title)}
            onCancel={() => {
              setCreating(false);
              requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.ek-board-list__new')?.focus());
            }}
          />
        ) : null}
        {note ? (
          <div className="ek-board-list__note" data-problem={note.problem ? '' : undefined}>
            <p role={note.problem ? 'alert' : 'status'}>{note.text}</p>
            {note.undo ? (
              <button
                ref={undoButton}
                type="button"
                className="ek-button"
                onClick={() => void restore(note.undo!)}
                aria-disabled={busy || undefined}
              >
                {labels.undo}
              </button>
            ) : null}
            <button type="button" className="ek-button" onClick={() => setNote(undefined)}>
              {labels.dismiss}
            </button>
          </div>
        ) : null}
        {!current ? (
          <p className="ek-board-list__status" role="status" aria-busy="true">
            {labels.loading}
          </p>
        ) : current.state === 'failed' ? (
          <div className="ek-board-list__note" data-problem="">
            <p role="alert">{labels.loadFailed(current.reason ?? '')}</p>
            <button type="button" className="ek-button" onClick={() => setAttempt((n) => n + 1)}>
              {labels.retry}
            </button>
          </div>
        ) : boards.length === 0 ? (
          <p className="ek-board-list__status" role="status">
            {search ? labels.noMatch(search) : tab === 'mine' ? labels.emptyMine : labels.emptyShared}
          </p>
        ) : (
          <>
            <p className="ek-sr-only" role="status">
              {labels.count(boards.length, current.nextCursor !== null)}
            </p>
            <ul className="ek-board-list__items">
              {boards.map((board) => {
                const title = short(board.title);
                const owner =
                  board.role === 'owner'
                    ? labels.you
                    : board.ownerName?.trim()
                      ? short(board.ownerName)
                      : labels.someone;
                const by =
                  board.updatedBy === undefined
                    ? undefined
                    : board.updatedBy === user.id
                      ? labels.byYou
                      : board.updatedByName?.trim()
                        ? short(board.updatedByName)
                        : undefined;
                const when = ago(board.updatedAt, now, locale);
                return (
                  <li key={board.id} className="ek-board-list__item" data-board-id={board.id}>
                    {renaming === board.id ? (
                      <TitleForm
                        label={labels.renameField(title)}
                        initial={board.title}
                        submit={labels.save}
                        labels={labels}
                        onSubmit={(next) => void rename(board, next)}
                        onCancel={() => {
                          setRenaming(undefined);
                          focusAfter.current = board.id;
                        }}
                      />
                    ) : (
                      <>
                        <div className="ek-board-list__main">
                          {href ? (
                            <a
                              className="ek-board-list__title"
                              href={href(board)}
                              onClick={(event) => {
                                if (!latest.current.onOpen) return;
                                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                                event.preventDefault();
                                open(board);
                              }}
                            >
                              {title}
                            </a>
                          ) : (
                            <button type="button" className="ek-board-list__title" onClick={() => open(board)}>
                              {title}
                            </button>
                          )}
                          <span className="ek-board-list__meta">
                            {[
                              owner,
                              when ? labels.changed(when, by) : '',
                              board.role === 'owner' ? '' : labels.role[board.role],
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </div>
                        <div className="ek-board-list__actions">
                          {board.role === 'owner' ? (
                            <button
                              type="button"
                              className="ek-button"
                              aria-label={labels.rename(title)}
                              onClick={() => setRenaming(board.id)}
                            >
                              {labels.actions.rename}
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="ek-button"
                            aria-label={labels.duplicate(title)}
                            aria-disabled={busy || undefined}
                            onClick={() => void duplicate(board)}
                          >
                            {labels.actions.duplicate}
                          </button>
                          {board.role === 'owner' ? (
                            <button
                              type="button"
                              className="ek-button"
                              aria-label={labels.remove(title)}
                              aria-disabled={busy || undefined}
                              onClick={() => void remove(board)}
                            >
                              {labels.actions.remove}
                            </button>
                          ) : null}
                        </div>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {current.nextCursor ? (
              <button
                type="button"
                className="ek-button ek-board-list__more"
                aria-disabled={current.more || undefined}
                onClick={more}
              >
                {current.more ? labels.loading : labels.more}
              </button>
            ) : null}
          </>
        )}
      </div>
    </ThemedRoot>
  );
}

/** A title to give: a new board's, or a rename. Escape cancels; an empty title is refused, said. */
function TitleForm({
  label,
  initial,
  submit,
  labels,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submit: string;
  labels: BoardListLabels;
  onSubmit: (title: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [missing, setMissing] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    // What a store keeps: one line, no NUL or lone surrogate.
    const title = storableText(short(value));
    if (!title) {
      setMissing(true);
      return;
    }
    onSubmit(title);
  };
  return (
    <form
      className="ek-board-list__form"
      onSubmit={send}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <label htmlFor={`${id}-title`}>{label}</label>
      <input
        id={`${id}-title`}
        type="text"
        // The form opens on a user's press: focus goes to its field.
        autoFocus
        maxLength={MAX_BOARD_TITLE_LENGTH}
        value={value}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setMissing(false);
        }}
      />
      <button type="submit" className="ek-button ek-pin-dialog__submit">
        {submit}
      </button>
      <button type="button" className="ek-button" onClick={onCancel}>
        {labels.cancel}
      </button>
      {missing ? (
        <p id={`${id}-missing`} className="ek-board-list__problem" role="alert">
          {labels.titleMissing}
        </p>
      ) : null}
    </form>
  );
}
