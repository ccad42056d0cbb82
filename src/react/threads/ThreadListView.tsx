import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../chat/ui/MessageActions';
import { defaultThreadListLabels, relativeTime } from './thread-labels';
import { MAX_TITLE } from './thread-store';
import type { ThreadListProps } from './ThreadList';

const PLUS = 'M12 5v14M5 12h14';
const PENCIL = 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4';
const TRASH = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13';

/** Now, ticking every half minute while mounted: relative times stay true. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** Where focus goes after the list changes: a thread's row, or "New chat". */
type FocusTarget = { chatId: string } | 'new' | null;

/**
 * The thread list's UI (loaded lazily by `ThreadList`): "New chat", then one row per thread
 * with a roving tab stop (Up/Down/Home/End move between rows, F2 renames, Delete deletes),
 * the current thread marked `aria-current`, Rename and Delete labelled with the title, an
 * inline rename field (Enter saves, Escape cancels), and "Deleted · Undo" in a status region
 * for `undoMs` (paused while the pointer or focus is on it; Ctrl/⌘+Z undoes too).
 */
export default function ThreadListView({ list, labels, locale = 'en-US', undoMs = 6000, onSelect }: ThreadListProps) {
  const text = useMemo(() => ({ ...defaultThreadListLabels, ...labels }), [labels]);
  const now = useNow();
  const { threads, status, current, deleted } = list;
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const newChat = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget>(null);

  const ids = threads.map((t) => t.chatId);
  const stop = [active, current].find((id) => id && ids.includes(id)) ?? ids[0];

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'new' ? newChat.current : rows.current.get(target.chatId))?.focus();
  });

  // "Deleted · Undo" goes after `undoMs`, but not while the pointer or focus is on it.
  const { dismiss } = list;
  useEffect(() => {
    if (!deleted) return;
    let id: ReturnType<typeof setTimeout>;
    const wait = () => {
      id = setTimeout(() => {
        const box = notice.current;
        if (box?.contains(document.activeElement) || box?.matches(':hover')) wait();
        else dismiss();
      }, undoMs);
    };
    wait();
    return () => clearTimeout(id);
  }, [deleted, undoMs, dismiss]);

  const titleOf = (title: string) => title || text.untitled;
  const focusRow = (chatId: string | undefined) => {
    if (!chatId) return;
    setActive(chatId);
    rows.current.get(chatId)?.focus();
  };
  const open = (chatId: string | null) => {
    if (chatId === null) list.create();
    else list.select(chatId);
    onSelect?.(chatId);
  };
  const remove = (chatId: string) => {
    const at = ids.indexOf(chatId);
    const next = ids[at + 1] ?? ids[at - 1];
    focusNext.current = next ? { chatId: next } : 'new';
    if (next) setActive(next);
    list.remove(chatId);
  };
  const undo = () => {
    if (deleted) focusNext.current = { chatId: deleted.chatId };
    list.undo();
  };
  const finishRename = (chatId: string, title: string | null) => {
    if (title !== null) list.rename(chatId, title);
    setEditing(null);
    focusNext.current = { chatId };
  };

  const onRowKey = (event: KeyboardEvent, chatId: string) => {
    const at = ids.indexOf(chatId);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: ids.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusRow(ids[Math.max(0, Math.min(ids.length - 1, to))]);
    } else if (event.key === 'F2' && event.target === rows.current.get(chatId)) {
      event.preventDefault();
      setEditing(chatId);
    } else if (event.key === 'Delete' && event.target === rows.current.get(chatId)) {
      event.preventDefault();
      remove(chatId);
    }
  };

  return (
    <nav
      className="ek-threads"
      aria-label={text.regionLabel}
      onKeyDown={(event) => {
        if (deleted && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !editing) {
          event.preventDefault();
          undo();
        }
      }}
    >
      <button type="button" className="ek-button ek-threads__new" ref={newChat} onClick={() => open(null)}>
        <Icon d={PLUS} />
        {text.newChat}
      </button>
      {status === 'error' ? (
        <p className="ek-threads__note">
          {text.loadFailed}{' '}
          <button type="button" className="ek-button" onClick={list.refresh}>
            {text.retry}
          </button>
        </p>
      ) : status === 'loading' ? (
        <p className="ek-threads__note">{text.loading}</p>
      ) : threads.length === 0 ? (
        <p className="ek-threads__note">{text.empty}</p>
      ) : (
        <ul className="ek-threads__list">
          {threads.map(({ chatId, title, updatedAt }) => {
            const shown = titleOf(title);
            const tab = chatId === stop ? 0 : -1;
            return (
              <li key={chatId} className="ek-threads__item" data-current={chatId === current || undefined}>
                {editing === chatId ? (
                  <RenameField title={title} label={text.renameField} onDone={(value) => finishRename(chatId, value)} />
                ) : (
                  <button
                    type="button"
                    className="ek-threads__open"
                    ref={(element) => {
                      if (element) rows.current.set(chatId, element);
                      else rows.current.delete(chatId);
                    }}
                    tabIndex={tab}
                    aria-current={chatId === current ? 'true' : undefined}
                    aria-keyshortcuts="F2 Delete"
                    onClick={() => open(chatId)}
                    onFocus={() => setActive(chatId)}
                    onKeyDown={(event) => onRowKey(event, chatId)}
                  >
                    <span className="ek-threads__title" dir="auto">
                      {shown}
                    </span>
                    <time className="ek-threads__time" dateTime={new Date(updatedAt).toISOString()}>
                      {(text.time ?? relativeTime)(updatedAt, now, locale)}
                    </time>
                  </button>
                )}
                <span className="ek-threads__actions">
                  <RowAction
                    label={text.rename(shown)}
                    icon={PENCIL}
                    tab={tab}
                    onClick={() => setEditing(chatId)}
                    onKeyDown={(event) => onRowKey(event, chatId)}
                  />
                  <RowAction
                    label={text.remove(shown)}
                    icon={TRASH}
                    tab={tab}
                    onClick={() => remove(chatId)}
                    onKeyDown={(event) => onRowKey(event, chatId)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="ek-threads__status" role="status" ref={notice}>
        {deleted && (
          <p className="ek-threads__undo">
            <span>{text.deleted(titleOf(deleted.title))}</span>
            <button type="button" className="ek-button" onClick={undo}>
              {text.undo}
            </button>
          </p>
        )}
      </div>
    </nav>
  );
}

/** A row's Rename or Delete: an icon button named by its label (with the title). */
function RowAction({
  label,
  icon,
  tab,
  onClick,
  onKeyDown,
}: {
  label: string;
  icon: string;
  tab: number;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      className="ek-icon-button"
      tabIndex={tab}
      aria-label={label}
      title={label}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <Icon d={icon} />
    </button>
  );
}

/** The inline rename field: Enter saves, Escape cancels, leaving it saves. */
function RenameField({
  title,
  label,
  onDone,
}: {
  title: string;
  label: string;
  onDone: (title: string | null) => void;
}) {
  const done = useRef(false);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  return (
    <input
      className="ek-threads__rename"
      aria-label={label}
      defaultValue={title}
      maxLength={MAX_TITLE}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(event.currentTarget.value);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation(); // a host's dialog stays open
          finish(null);
        }
      }}
      onBlur={(event) => finish(event.currentTarget.value)}
    />
  );
}
