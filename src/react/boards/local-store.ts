// The browser-local default store: boards in localStorage, for trying boards before a host
// has its own (data stays in this browser profile; nothing is shared between devices).
// Same contract as the SQL store, so the board UI cannot tell them apart: ownership, sharing
// to groups, revisions (two tabs saving one board: the second gets `conflict`).
import { v } from '../../protocol';
import {
  BoardRecordSchema,
  BoardStoreError,
  checkRevision,
  checkSharing,
  checkUser,
  pageOfBoards,
  parseBoardDefinition,
  type BoardDefinition,
  type BoardRecord,
  type BoardStore,
  type BoardSummary,
  type BoardUser,
} from '../../protocol/board';

/** The part of `Storage` the local store uses. */
export type BoardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Options of {@link createLocalBoardStore}. */
export interface LocalBoardStoreOptions {
  /** Where to keep the boards. Default `localStorage` (none during a server render: `unavailable`). */
  storage?: BoardStorage;
  /** The storage key. Default `ek-boards`. */
  key?: string;
  /** New board ids. Default `crypto.randomUUID()`. */
  newId?: () => string;
  /** The clock. Default `Date.now`. */
  now?: () => number;
}

const StoredSchema = v.object({ boards: v.array(v.unknown()) });

/**
 * A {@link BoardStore} in the browser's `localStorage` (or any `Storage`). Entries it cannot
 * read (written by hand, or by a newer version) are skipped when listing and kept as they are
 * when it writes. A full or missing storage is an `unavailable` `BoardStoreError`.
 */
export function createLocalBoardStore(options: LocalBoardStoreOptions = {}): BoardStore {
  const key = options.key ?? 'ek-boards';
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());

  function storage(): BoardStorage {
    const found = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    if (!found) throw new BoardStoreError('unavailable', 'No browser storage here (a server render?)');
    return found;
  }

  /** Every stored entry as it is, and the readable ones. */
  function load(): unknown[] {
    let text: string | null;
    try {
      text = storage().getItem(key);
    } catch (cause) {
      throw cause instanceof BoardStoreError
        ? cause
        : new BoardStoreError('unavailable', 'Browser storage is blocked', { cause });
    }
    if (text === null) return [];
    try {
      const parsed = StoredSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.boards;
    } catch {
      // not JSON: refused below, never overwritten
    }
    throw new BoardStoreError('unavailable', `Browser storage key ${key} holds something else than boards`);
  }

  function write(boards: unknown[]): void {
    try {
      storage().setItem(key, JSON.stringify({ boards }));
    } catch (cause) {
      throw new BoardStoreError('unavailable', 'The board could not be kept in browser storage (full?)', { cause });
    }
  }

  const readable = (entry: unknown): BoardRecord | undefined =>
    BoardRecordSchema.is(entry) ? (entry as BoardRecord) : undefined;

  const visible = (user: { id: string; groups: string[] }, board: BoardRecord) =>
    board.ownerId === user.id || board.sharedWith.some((group) => user.groups.includes(group));

  function definitionOf(value: unknown): BoardDefinition {
    const parsed = parseBoardDefinition(value);
    if (!parsed.success)
      throw new BoardStoreError('invalid', parsed.error.message, { issues: parsed.error.issues, cause: parsed.error });
    return parsed.data;
  }

  const summary = ({ definition: _, ...rest }: BoardRecord): BoardSummary => rest;

  return {
    async list(user: BoardUser, query) {
      const who = checkUser(user);
      const boards = load()
        .map(readable)
        .filter((board): board is BoardRecord => !!board && visible(who, board))
        .map(summary);
      return pageOfBoards(boards, query);
    },

    async get(user, id) {
      const who = checkUser(user);
      const board = load()
        .map(readable)
        .find((b) => b?.id === id);
      if (!board || !visible(who, board)) throw new BoardStoreError('not-found', 'Board not found');
      return board;
    },

    async create(user, input) {
      const who = checkUser(user);
      const definition = definitionOf(input.definition);
      const sharedWith = checkSharing(input.sharedWith) ?? [];
      const at = new Date(now()).toISOString();
      const board: BoardRecord = {
        id: newId(),
        title: definition.title,
        ownerId: who.id,
        revision: 1,
        sharedWith,
        createdAt: at,
        updatedAt: at,
        definition,
      };
      write([...load(), board]);
      return board;
    },

    async save(user, id, save) {
      const who = checkUser(user);
      const definition = definitionOf(save.definition);
      const sharedWith = checkSharing(save.sharedWith);
      const revision = checkRevision(save.revision);
      // Read, compare and write in one synchronous step: another tab's write lands before or after.
      const entries = load();
      const index = entries.findIndex((entry) => readable(entry)?.id === id);
      const board = index === -1 ? undefined : readable(entries[index]);
      if (!board || !visible(who, board)) throw new BoardStoreError('not-found', 'Board not found');
      if (board.ownerId !== who.id)
        throw new BoardStoreError('read-only', 'This board is shared with you to read only');
      if (board.revision !== revision)
        throw new BoardStoreError('conflict', 'The board was changed since this revision', {
          currentRevision: board.revision,
        });
      const saved: BoardRecord = {
        ...board,
        title: definition.title,
        definition,
        sharedWith: sharedWith ?? board.sharedWith,
        revision: board.revision + 1,
        updatedAt: new Date(now()).toISOString(),
      };
      write(entries.map((entry, i) => (i === index ? saved : entry)));
      return saved;
    },

    async remove(user, id) {
      const who = checkUser(user);
      const entries = load();
      const index = entries.findIndex((entry) => readable(entry)?.id === id);
      const board = index === -1 ? undefined : readable(entries[index]);
      if (!board || !visible(who, board)) throw new BoardStoreError('not-found', 'Board not found');
      if (board.ownerId !== who.id)
        throw new BoardStoreError('read-only', 'This board is shared with you to read only');
      write(entries.filter((_, i) => i !== index));
    },
  };
}
