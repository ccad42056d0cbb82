import { useEffect, useRef, useState } from 'react';
import type { BoardDefinition } from '../../../protocol/board/definition';
import {
  chooseMergeVersion,
  mergeBoardDefinitions,
  reuseUnchanged,
  type BoardMergeConflict,
} from '../../../protocol/board/merge';
import {
  BoardStoreError,
  type BoardAccess,
  type BoardRecord,
  type BoardStore,
  type BoardSummary,
  type BoardUser,
} from '../../../protocol/board/store';
import { useLatest } from '../../internal/use-latest';
import { DEFAULT_POLL_INTERVAL_MS, useRevisionPolling } from './use-revision-polling';

// A board kept in a BoardStore: read once, every edit shown at once and saved after a pause
// (one request per burst of edits), others' saves picked up by polling the revision and merged
// per widget with the user's unsaved edit, a conflict (the same widget changed on both sides)
// offered back with both versions.

/** Default pause after the last edit before it is saved, in ms. */
export const DEFAULT_SAVE_DELAY_MS = 800;
export { DEFAULT_POLL_INTERVAL_MS };

/** Where a stored board stands. */
export type StoredBoardStatus =
  /** Being read. */
  | 'loading'
  /** Shown; `saving` says whether an edit is on its way. */
  | 'ready'
  /** Could not be read (`error` says why; `reload` tries again). */
  | 'error';

/** Options of {@link useStoredBoard}. */
export interface StoredBoardOptions {
  store: BoardStore;
  user: BoardUser;
  boardId: string;
  /**
   * The board as the host's server read it (a server render): shown at once, so it is in the
   * server's HTML, and not read again until a reload. Its `role` (else its `ownerId`) says
   * whether the user may edit it.
   */
  initial?: Pick<BoardRecord, 'id' | 'definition' | 'revision' | 'ownerId'> & Partial<BoardSummary>;
  /** Pause after the last edit before saving, in ms. Default {@link DEFAULT_SAVE_DELAY_MS}. */
  saveDelayMs?: number;
  /**
   * How often to ask the store whether someone else saved (`store.revision`), in ms; a newer
   * revision is read and merged with the user's unsaved edit. Paused while the page is hidden.
   * Default {@link DEFAULT_POLL_INTERVAL_MS}; 0 turns it off.
   */
  pollIntervalMs?: number;
  /**
   * Revisions announced as they happen, where the host enables the board API's server-sent
   * events: `(id, onRevision) => boards.followRevision(id, onRevision)` (it returns a function
   * that stops). A revision newer than the one shown is read at once; polling goes on at
   * `pollIntervalMs` as the fallback (set it higher when events are on).
   */
  followRevision?: (boardId: string, onRevision: (revision: number) => void) => () => void;
  /** After each save the store took (its record, at its new revision). */
  onSaved?: (revision: number) => void;
  /** After someone else's save was read and shown: its revision, and the board as the store answered (who saved it). */
  onUpdated?: (revision: number, board: BoardSummary | undefined) => void;
  /** A store's refusal or failure (also shown by `StoredBoard`). */
  onError?: (error: BoardStoreError) => void;
}

/** What {@link useStoredBoard} returns. */
export interface StoredBoardState {
  status: StoredBoardStatus;
  /** The definition as the user sees it (their latest edit, saved or not). */
  definition: BoardDefinition | undefined;
  /** The revision the shown definition was read or saved at (or merged onto). */
  revision: number | undefined;
  /** The board as the store last answered, without its definition: title, owner, the user's role, grants. */
  board: BoardSummary | undefined;
  /** The user's access, as the store decided it (never the browser): `owner`, `edit` or `view`. */
  role: BoardAccess | undefined;
  /** An edit is waiting for its pause or on its way. */
  saving: boolean;
  /** Why it could not be read, or why the last save failed (the edit is kept: `retry`). */
  error: BoardStoreError | undefined;
  /**
   * Someone else changed what the user changed: the user's edit is kept on screen until they
   * choose, per widget (`choose`), or for all (`overwrite` keeps theirs, `reload` takes the board as it is now).
   */
  conflict: boolean;
  /** The widgets and fields both sides changed, each with both versions (empty when the store could not say). */
  conflicts: readonly BoardMergeConflict[];
  /** The board is shared with the user to read: edits stay on this page. */
  readOnly: boolean;
  /** Takes an edit (a `Board`'s `onChange`). */
  change: (definition: BoardDefinition) => void;
  /** Settles one of `conflicts` with the user's version or the other person's; the last one settled saves. */
  choose: (conflict: BoardMergeConflict, choice: 'mine' | 'theirs') => void;
  /** Takes a record of this board the page got from the store (a share's answer): its grants, and its definition if newer. */
  received: (record: BoardRecord) => void;
  /** Reads the board again, dropping an unsaved edit. */
  reload: () => void;
  /** Saves the user's edit over the board as it is now (after a conflict: my version of each). */
  overwrite: () => void;
  /** Saves the unsaved edit again (after a failure). */
  retry: () => void;
}

/** Calls a host callback; one that throws breaks nothing here. */
function call<T>(callback: ((value: T) => void) | undefined, value: T) {
  try {
    callback?.(value);
  } catch {
    // The host's problem, not the board's.
  }
}

const asStoreError = (error: unknown): BoardStoreError =>
  error instanceof BoardStoreError
    ? error
    : new BoardStoreError('unavailable', error instanceof Error ? error.message : 'The board store failed', {
        cause: error,
      });

/** The record without its definition. */
const summaryOf = (record: Partial<BoardRecord>): BoardSummary | undefined => {
  if (record.role === undefined) return undefined;
  const { definition: _definition, ...summary } = record;
  return summary as BoardSummary;
};

const readOnlyOf = (record: Partial<BoardRecord>, user: BoardUser) =>
  record.role !== undefined ? record.role === 'view' : record.ownerId !== user.id;

/**
 * Whether `next` says nothing `shown` does not (compared as JSON): a save's answer that holds
 * only the user's own edit is not shown again (a new definition restarts the board's undo).
 */
function sameDefinition(shown: BoardDefinition, next: BoardDefinition): boolean {
  if (shown === next) return true;
  const reused = reuseUnchanged(shown, next);
  const keys = Object.keys(reused);
  return (
    keys.length === Object.keys(shown).length &&
    reused.widgets.length === shown.widgets.length &&
    reused.widgets.every((widget, i) => widget === shown.widgets[i]) &&
    keys.every(
      (key) =>
        key === 'widgets' || (reused as Record<string, unknown>)[key] === (shown as Record<string, unknown>)[key],
    )
  );
}

/** A conflict being settled: what is merged so far, what is left, and the board as the store has it. */
interface Settling {
  merged: BoardDefinition;
  conflicts: readonly BoardMergeConflict[];
  theirs: BoardRecord;
}

interface State {
  key: string;
  status: StoredBoardStatus;
  definition?: BoardDefinition;
  revision?: number;
  board?: BoardSummary;
  error?: BoardStoreError;
  /** A conflict the user settles; `null` when the store could not say which widgets (choose all). */
  settling?: Settling | null;
  readOnly: boolean;
  saving: boolean;
}

/**
 * A board from a {@link BoardStore} for a `Board`: `change` shows each edit at once and saves
 * the latest after `saveDelayMs` without edits (a burst of moves is one request; edits made
 * while a save is on its way go in the next). Every `pollIntervalMs` it asks the store for the
 * board's revision; a newer one (someone else's save) is read and merged per widget with the
 * user's unsaved edit, each widget that did not change keeping its object (so a memoised cell
 * does not redraw). A save or a read where both sides changed the same widget is a `conflict`:
 * the edit stays on screen, nothing is lost, and the user picks a version per widget
 * (`choose`), or `overwrite` (mine) or `reload` (theirs). A pending edit is saved when the
 * component unmounts.
 */
export function useStoredBoard(options: StoredBoardOptions): StoredBoardState {
  const { store, boardId } = options;
  const latest = useLatest(options);
  const [generation, setGeneration] = useState(0);
  // Which read the state is of: another board (or a reload) is loading until its read ends.
  const key = `${generation}\u0000${boardId}`;
  const [state, setState] = useState<State>(() => {
    const first = options.initial;
    return first && first.id === boardId
      ? {
          key,
          status: 'ready',
          definition: first.definition,
          revision: first.revision,
          board: summaryOf(first),
          readOnly: readOnlyOf(first, options.user),
          saving: false,
        }
      : { key: '', status: 'loading', readOnly: false, saving: false };
  });
  const current = useLatest(state);
  // What the saver works from, outside React's state: the edit to save, the revision it is on
  // and that revision's definition as the store has it (the base of a merge).
  const work = useRef({
    pending: undefined as BoardDefinition | undefined,
    revision: options.initial?.id === boardId ? options.initial.revision : 0,
    base: options.initial?.id === boardId ? options.initial.definition : (undefined as BoardDefinition | undefined),
    inFlight: false,
    polling: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const { user, initial } = latest.current;
    // The server's record is this first read.
    if (generation === 0 && initial?.id === boardId) return;
    store.get(user, boardId).then(
      (record) => {
        if (!live) return;
        work.current = {
          pending: undefined,
          revision: record.revision,
          base: record.definition,
          inFlight: false,
          polling: false,
        };
        setState({
          key,
          status: 'ready',
          definition: record.definition,
          revision: record.revision,
          board: summaryOf(record),
          readOnly: readOnlyOf(record, user),
          saving: false,
        });
      },
      (error: unknown) => {
        if (!live) return;
        const typed = asStoreError(error);
        call(latest.current.onError, typed);
        setState((s) => ({ ...s, key, status: 'error', error: typed }));
      },
    );
    return () => {
      live = false;
    };
  }, [store, boardId, key, generation, latest]);

  // The saver, the poller and the settling of a conflict: made once, they read the edit, the
  // store and the state from refs when they run.
  const [engine] = useState(() => {
    const schedule = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), latest.current.saveDelayMs ?? DEFAULT_SAVE_DELAY_MS);
    };

    /** The store's `record` shown (when nothing of the user's waits) or merged under the user's edit. */
    function apply(record: BoardRecord, sent?: BoardDefinition): 'applied' | 'conflict' {
      const job = work.current;
      const base = sent ?? job.base;
      const mine = job.pending;
      if (!mine || !base) {
        job.base = record.definition;
        job.revision = record.revision;
        setState((s) => ({
          ...s,
          revision: record.revision,
          board: summaryOf(record) ?? s.board,
          readOnly: readOnlyOf(record, latest.current.user),
          definition:
            !s.definition || !sameDefinition(s.definition, record.definition)
              ? reuseUnchanged(s.definition, record.definition)
              : s.definition,
        }));
        return 'applied';
      }
      let merge: ReturnType<typeof mergeBoardDefinitions>;
      try {
        merge = mergeBoardDefinitions(base, mine, record.definition);
      } catch {
        // Cannot be merged here (a definition this version cannot read): the user chooses whole.
        setState((s) => ({ ...s, saving: false, settling: null }));
        return 'conflict';
      }
      if (merge.conflicts.length > 0) {
        clearTimeout(timer.current);
        setState((s) => ({
          ...s,
          saving: false,
          board: summaryOf(record) ?? s.board,
          settling: { merged: merge.merged, conflicts: merge.conflicts, theirs: record },
        }));
        return 'conflict';
      }
      const merged = reuseUnchanged(mine, merge.merged);
      job.pending = merged;
      job.base = record.definition;
      job.revision = record.revision;
      setState((s) => ({
        ...s,
        revision: record.revision,
        board: summaryOf(record) ?? s.board,
        readOnly: readOnlyOf(record, latest.current.user),
        definition:
          s.definition && sameDefinition(s.definition, merged) ? s.definition : reuseUnchanged(s.definition, merged),
      }));
      return 'applied';
    }

    async function save(force = false): Promise<void> {
      const job = work.current;
      if (job.inFlight || !job.pending) return;
      const definition = job.pending;
      job.inFlight = true;
      const { store: own, user, boardId: id } = latest.current;
      try {
        let revision = job.revision;
        // Overwrite: on top of the board as it is now.
        if (force) revision = (await own.get(user, id)).revision;
        const record = await own.save(user, id, { definition, revision });
        if (job.pending === definition) job.pending = undefined;
        job.inFlight = false;
        // The store may have merged others' saves in: shown, under any edit made since.
        apply(record, definition);
        setState((s) => ({ ...s, error: undefined, settling: undefined, saving: job.pending !== undefined }));
        call(latest.current.onSaved, record.revision);
      } catch (error) {
        job.inFlight = false;
        const typed = asStoreError(error);
        if (typed.code === 'conflict') {
          // Both changed the same widget (or the store no longer keeps our base): which ones, from the board as it is now.
          try {
            const now = await own.get(user, id);
            if (apply(now) === 'applied') {
              if (work.current.pending) void save();
              return;
            }
          } catch {
            setState((s) => ({ ...s, saving: false, settling: null }));
          }
          call(latest.current.onError, typed);
          return;
        }
        call(latest.current.onError, typed);
        setState((s) => ({
          ...s,
          saving: false,
          readOnly: s.readOnly || typed.code === 'read-only',
          error: typed,
        }));
        return;
      }
      // Edits made while that save was on its way.
      if (work.current.pending && current.current.settling === undefined) void save();
    }

    /** Reads the board when its revision moved on (`announced`: an event said so; else asked). */
    async function poll(announced?: number): Promise<void> {
      const job = work.current;
      const shown = current.current;
      if (job.inFlight || job.polling || shown.status !== 'ready' || shown.settling !== undefined) return;
      if (announced !== undefined && announced <= job.revision) return;
      const { store: own, user, boardId: id } = latest.current;
      job.polling = true;
      try {
        const revision = announced ?? (await own.revision(user, id));
        // Nothing new (a server-rendered record without its summary is read once for it).
        if (revision <= job.revision && current.current.board) return;
        const record = await own.get(user, id);
        // A save of ours went out meanwhile: its answer brings theirs in.
        if (job.inFlight || current.current.settling !== undefined) return;
        if (record.revision <= job.revision) {
          setState((s) => ({ ...s, board: summaryOf(record) ?? s.board }));
          return;
        }
        if (apply(record) === 'applied') {
          try {
            latest.current.onUpdated?.(record.revision, summaryOf(record));
          } catch {
            // The host's problem, not the board's.
          }
        }
      } finally {
        job.polling = false;
      }
    }

    /** Ends the settling: `merged` is the user's edit, on top of the board as `theirs` has it. */
    function settle(merged: BoardDefinition, theirs: BoardRecord) {
      const job = work.current;
      job.pending = merged;
      job.base = theirs.definition;
      job.revision = theirs.revision;
      setState((s) => ({
        ...s,
        settling: undefined,
        saving: true,
        revision: theirs.revision,
        definition: reuseUnchanged(s.definition, merged),
      }));
      void save();
    }

    return { schedule, save, poll, settle, apply };
  });

  const settling = state.settling;
  const change = (definition: BoardDefinition) => {
    work.current.pending = definition;
    setState((s) => ({ ...s, definition, saving: !s.readOnly && s.settling === undefined }));
    clearTimeout(timer.current);
    // A board the user may only read, or one in conflict, waits for the user's choice.
    if (state.readOnly || settling !== undefined) return;
    engine.schedule();
  };

  // Announced revisions (server-sent events), where the host follows them: one subscription
  // per board (the host's function may be a new one on every render).
  const following = options.followRevision !== undefined;
  const ready = state.status === 'ready' && state.key === key;
  useEffect(() => {
    const follow = latest.current.followRevision;
    if (!following || !ready || !follow) return;
    try {
      return follow(boardId, (revision) => {
        if (Number.isSafeInteger(revision)) void engine.poll(revision).catch(() => {});
      });
    } catch {
      // The host's problem: polling still runs.
      return undefined;
    }
  }, [following, ready, boardId, engine, latest]);

  useRevisionPolling(
    () => engine.poll(),
    options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    state.status === 'ready' && state.key === key,
  );

  // An edit still waiting when the board goes is saved (best effort: the page may be closing).
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (work.current.pending && !work.current.inFlight) void engine.save();
    },
    [engine],
  );

  const isCurrent = state.key === key;
  return {
    status: isCurrent ? state.status : 'loading',
    definition: state.definition,
    revision: state.revision,
    board: state.board,
    role: state.board?.role ?? (state.definition ? (state.readOnly ? 'view' : undefined) : undefined),
    saving: state.saving,
    error: state.error,
    conflict: settling !== undefined,
    conflicts: settling?.conflicts ?? [],
    readOnly: state.readOnly,
    change,
    choose: (conflict, choice) => {
      if (!settling) return;
      const merged = chooseMergeVersion(settling.merged, conflict, choice);
      const left = settling.conflicts.filter((item) => item !== conflict);
      if (left.length === settling.conflicts.length) return;
      if (left.length > 0) setState((s) => ({ ...s, settling: { ...settling, merged, conflicts: left } }));
      else engine.settle(merged, settling.theirs);
    },
    received: (record) => {
      if (record.id !== boardId) return;
      if (record.revision > work.current.revision) engine.apply(record);
      else setState((s) => ({ ...s, board: summaryOf(record) ?? s.board }));
    },
    reload: () => {
      clearTimeout(timer.current);
      work.current.pending = undefined;
      setState((s) => ({ ...s, settling: undefined, error: undefined, saving: false }));
      setGeneration((n) => n + 1);
    },
    overwrite: () => {
      if (settling) {
        // My version of every widget both changed (the merge preferred mine), theirs of the rest.
        engine.settle(settling.merged, settling.theirs);
        return;
      }
      setState((s) => ({ ...s, settling: undefined, saving: true }));
      void engine.save(true);
    },
    retry: () => {
      setState((s) => ({ ...s, error: undefined, saving: true }));
      void engine.save();
    },
  };
}
