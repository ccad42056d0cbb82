import { useEffect, useRef, useState } from 'react';
import type { BoardDefinition } from '../../../protocol/board/definition';
import { BoardStoreError, type BoardRecord, type BoardStore, type BoardUser } from '../../../protocol/board/store';
import { useLatest } from '../../internal/use-latest';

// A board kept in a BoardStore: read once, every edit shown at once and saved after a pause
// (one request per burst of edits), a save that lost a race kept and offered back.

/** Default pause after the last edit before it is saved, in ms. */
export const DEFAULT_SAVE_DELAY_MS = 800;

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
   * server's HTML, and not read again until a reload. Its `ownerId` says whether it is the user's.
   */
  initial?: Pick<BoardRecord, 'id' | 'definition' | 'revision' | 'ownerId'>;
  /** Pause after the last edit before saving, in ms. Default {@link DEFAULT_SAVE_DELAY_MS}. */
  saveDelayMs?: number;
  /** After each save the store took (its record, at its new revision). */
  onSaved?: (revision: number) => void;
  /** A store's refusal or failure (also shown by `StoredBoard`). */
  onError?: (error: BoardStoreError) => void;
}

/** What {@link useStoredBoard} returns. */
export interface StoredBoardState {
  status: StoredBoardStatus;
  /** The definition as the user sees it (their latest edit, saved or not). */
  definition: BoardDefinition | undefined;
  /** The revision the shown definition was read or saved at. */
  revision: number | undefined;
  /** An edit is waiting for its pause or on its way. */
  saving: boolean;
  /** Why it could not be read, or why the last save failed (the edit is kept: `retry`). */
  error: BoardStoreError | undefined;
  /** Another save came first: the user's edit is kept until they choose (`reload` or `overwrite`). */
  conflict: boolean;
  /** The board is shared with the user to read: edits stay on this page. */
  readOnly: boolean;
  /** Takes an edit (a `Board`'s `onChange`). */
  change: (definition: BoardDefinition) => void;
  /** Reads the board again, dropping an unsaved edit. */
  reload: () => void;
  /** Saves the user's edit over the board as it is now (after a conflict). */
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

/**
 * A board from a {@link BoardStore} for a `Board`: `change` shows each edit at once and saves
 * the latest after `saveDelayMs` without edits (a burst of moves is one request; edits made
 * while a save is on its way go in the next). A save another tab or user beat gets
 * `conflict`: the edit stays on screen, nothing is lost, and the user picks `reload` (theirs)
 * or `overwrite` (mine). A pending edit is saved when the component unmounts.
 */
export function useStoredBoard(options: StoredBoardOptions): StoredBoardState {
  const { store, boardId } = options;
  const latest = useLatest(options);
  const [generation, setGeneration] = useState(0);
  // Which read the state is of: another board (or a reload) is loading until its read ends.
  const key = `${generation}\u0000${boardId}`;
  const [state, setState] = useState<{
    key: string;
    status: StoredBoardStatus;
    definition?: BoardDefinition;
    revision?: number;
    error?: BoardStoreError;
    conflict: boolean;
    readOnly: boolean;
    saving: boolean;
  }>(() => {
    const first = options.initial;
    return first && first.id === boardId
      ? {
          key,
          status: 'ready',
          definition: first.definition,
          revision: first.revision,
          conflict: false,
          readOnly: first.ownerId !== options.user.id,
          saving: false,
        }
      : { key: '', status: 'loading', conflict: false, readOnly: false, saving: false };
  });
  // What the saver works from, outside React's state: the edit to save and the revision it is on.
  const work = useRef({
    pending: undefined as BoardDefinition | undefined,
    revision: options.initial?.id === boardId ? options.initial.revision : 0,
    inFlight: false,
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
        work.current = { pending: undefined, revision: record.revision, inFlight: false };
        setState({
          key,
          status: 'ready',
          definition: record.definition,
          revision: record.revision,
          conflict: false,
          readOnly: record.ownerId !== user.id,
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

  // One saver for the hook's life: it reads the edit and the store from refs when it runs.
  const [save] = useState(() => {
    async function run(force = false): Promise<void> {
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
        job.revision = record.revision;
        if (job.pending === definition) job.pending = undefined;
        setState((s) => ({
          ...s,
          revision: record.revision,
          error: undefined,
          conflict: false,
          saving: job.pending !== undefined,
        }));
        call(latest.current.onSaved, record.revision);
      } catch (error) {
        const typed = asStoreError(error);
        call(latest.current.onError, typed);
        setState((s) => ({
          ...s,
          saving: false,
          conflict: typed.code === 'conflict',
          readOnly: s.readOnly || typed.code === 'read-only',
          error: typed.code === 'conflict' ? undefined : typed,
        }));
        return;
      } finally {
        job.inFlight = false;
      }
      // Edits made while that save was on its way.
      if (work.current.pending) void run();
    }
    return run;
  });

  const change = (definition: BoardDefinition) => {
    work.current.pending = definition;
    setState((s) => ({ ...s, definition, saving: !s.readOnly && !s.conflict }));
    clearTimeout(timer.current);
    // A board the user may only read, or one in conflict, waits for the user's choice.
    if (state.readOnly || state.conflict) return;
    timer.current = setTimeout(() => void save(), latest.current.saveDelayMs ?? DEFAULT_SAVE_DELAY_MS);
  };

  // An edit still waiting when the board goes is saved (best effort: the page may be closing).
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (work.current.pending && !work.current.inFlight) void save();
    },
    [save],
  );

  const current = state.key === key;
  return {
    status: current ? state.status : 'loading',
    definition: state.definition,
    revision: state.revision,
    saving: state.saving,
    error: state.error,
    conflict: state.conflict,
    readOnly: state.readOnly,
    change,
    reload: () => {
      clearTimeout(timer.current);
      work.current.pending = undefined;
      setState((s) => ({ ...s, conflict: false, error: undefined, saving: false }));
      setGeneration((n) => n + 1);
    },
    overwrite: () => {
      setState((s) => ({ ...s, conflict: false, saving: true }));
      void save(true);
    },
    retry: () => {
      setState((s) => ({ ...s, error: undefined, saving: true }));
      void save();
    },
  };
}
