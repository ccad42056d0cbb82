// The browser-local default store: boards in localStorage, for trying boards before a host
// has its own (data stays in this browser profile; nothing is shared between devices).
// Same contract as the SQL store, so the board UI cannot tell them apart: ownership, grants
// with roles, revisions (two tabs saving one board: the second is merged per widget, or gets
// `conflict` where both changed the same widget), deletes that `restore` undoes.
import { v } from '../../protocol';
import {
  accessOf,
  BoardGrantSchema,
  BoardStoreError,
  checkGrants,
  checkListQuery,
  checkRevision,
  checkSharing,
  checkUser,
  grantsWithGroups,
  groupsOf,
  mergeSave,
  pageOfBoards,
  parseBoardDefinition,
  type BoardDefinition,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardGrant,
  type BoardGrantInput,
  type BoardPrincipal,
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
  /** Whether an editor may change a board's grants too. Default false: its owner only. */
  editorsMayShare?: boolean;
  /** Earlier revisions kept per board for merging a stale save. Default 5 (browser storage is small). */
  revisionsKept?: number;
  /**
   * People and groups to share with, and their names (what a host's directory answers on its
   * server): `searchDirectory` asks it, and records carry its names. Default none.
   */
  directory?: BoardDirectory;
}

const StoredSchema = v.object({ boards: v.array(v.unknown()) });

/** A board as this store keeps it (the asking user's role is worked out on each read). */
const EntrySchema = v.object({
  id: v.string(),
  title: v.string(),
  ownerId: v.string(),
  revision: v.integer(),
  sharedWith: v.array(v.string()),
  /** Absent in entries written before grants: `sharedWith`'s groups then view. */
  grants: v.optional(v.array(BoardGrantSchema)),
  createdAt: v.string(),
  updatedAt: v.string(),
  updatedBy: v.optional(v.string()),
  deletedAt: v.optional(v.string()),
  definition: v.unknown(),
  /** Earlier revisions' definitions, oldest first. */
  history: v.optional(v.array(v.object({ revision: v.integer(), definition: v.unknown() }))),
});
type Entry = Omit<BoardRecord, 'role' | 'mayShare' | 'grants'> & {
  grants?: BoardGrantInput[];
  deletedAt?: string;
  history?: { revision: number; definition: BoardDefinition }[];
};

const keyOf = (principal: BoardPrincipal) => `${principal.type}\u0000${principal.id}`;

/**
 * A {@link BoardStore} in the browser's `localStorage` (or any `Storage`). Entries it cannot
 * read (written by hand, or by a newer version) are skipped when listing and kept as they are
 * when it writes. A full or missing storage is an `unavailable` `BoardStoreError`.
 */
export function createLocalBoardStore(options: LocalBoardStoreOptions = {}): BoardStore {
  const key = options.key ?? 'ek-boards';
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const editorsMayShare = options.editorsMayShare ?? false;
  const revisionsKept = Math.max(0, Math.floor(options.revisionsKept ?? 5));
  const { directory } = options;

  function storage(): BoardStorage {
    const found = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    if (!found) throw new BoardStoreError('unavailable', 'No browser storage here (a server render?)');
    return found;
  }

  /** Every stored entry as it is. */
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

  const readable = (entry: unknown): Entry | undefined => (EntrySchema.is(entry) ? (entry as Entry) : undefined);
  const grantsOf = (entry: Entry): BoardGrantInput[] =>
    entry.grants ?? entry.sharedWith.map((id) => ({ type: 'group' as const, id, role: 'view' as const }));

  /** The entry as `user` sees it (their role), or undefined when they may not open it. */
  function asSeen(entry: Entry, who: { id: string; groups: string[] }): BoardRecord | undefined {
    if (entry.deletedAt) return undefined;
    const grants = grantsOf(entry);
    const role = accessOf({ ownerId: entry.ownerId, grants }, who);
    if (!role) return undefined;
    const { history: _history, deletedAt: _deleted, grants: _grants, ...rest } = entry;
    return {
      ...rest,
      role,
      mayShare: role === 'owner' || (role === 'edit' && editorsMayShare),
      grants: grants.map((grant) => ({ ...grant })),
      sharedWith: groupsOf(grants),
    };
  }

  /** `boards` with the directory's names, as the board API names them. */
  async function named<T extends BoardSummary>(user: BoardUser, boards: T[]): Promise<T[]> {
    if (!directory || boards.length === 0) return boards;
    const wanted = new Map<string, BoardPrincipal>();
    for (const board of boards) {
      wanted.set(keyOf({ type: 'user', id: board.ownerId }), { type: 'user', id: board.ownerId });
      if (board.updatedBy)
        wanted.set(keyOf({ type: 'user', id: board.updatedBy }), { type: 'user', id: board.updatedBy });
      for (const grant of board.grants) wanted.set(keyOf(grant), { type: grant.type, id: grant.id });
    }
    let found: readonly BoardDirectoryEntry[];
    try {
      found = await directory.describe(user, [...wanted.values()]);
    } catch {
      return boards;
    }
    const names = new Map(found.map((entry) => [keyOf(entry), entry.name]));
    const nameOf = (type: BoardPrincipal['type'], id: string) => names.get(keyOf({ type, id }));
    return boards.map((board) => {
      const ownerName = nameOf('user', board.ownerId);
      const updatedByName = board.updatedBy && nameOf('user', board.updatedBy);
      return {
        ...board,
        ...(ownerName ? { ownerName } : {}),
        ...(updatedByName ? { updatedByName } : {}),
        grants: board.grants.map((grant: BoardGrant) => {
          const name = nameOf(grant.type, grant.id);
          return name ? { ...grant, name } : grant;
        }),
      };
    });
  }

  function definitionOf(value: unknown): BoardDefinition {
    const parsed = parseBoardDefinition(value);
    if (!parsed.success)
      throw new BoardStoreError('invalid', parsed.error.message, { issues: parsed.error.issues, cause: parsed.error });
    return parsed.data;
  }

  /** The entry of `id` with its index among `entries`, and what `user` may do with it; `not-found` when they may not open it. */
  function find(entries: unknown[], id: string, who: { id: string; groups: string[] }) {
    const index = entries.findIndex((entry) => readable(entry)?.id === id);
    const entry = index === -1 ? undefined : readable(entries[index]);
    const seen = entry && asSeen(entry, who);
    if (!entry || !seen) throw new BoardStoreError('not-found', 'Board not found');
    return { index, entry, seen };
  }

  const summary = ({ definition: _, ...rest }: BoardRecord): BoardSummary => rest;
  const readOnly = () => new BoardStoreError('read-only', 'This board is shared with you to view only');
  const sortGrants = (grants: BoardGrantInput[]) =>
    [...grants].sort((a, b) =>
      a.type === b.type ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.type < b.type ? -1 : 1,
    );

  /** Replaces the grants (a step of `share`, and of a legacy `sharedWith`): synchronous, on `entries`. */
  function shareIn(entries: unknown[], who: { id: string; groups: string[] }, id: string, given: unknown) {
    const grants = checkGrants(given);
    const { index, entry, seen } = find(entries, id, who);
    if (seen.role === 'view') throw readOnly();
    if (!seen.mayShare) throw new BoardStoreError('forbidden', 'Only its owner can share this board');
    const kept = sortGrants(grants.filter((grant) => !(grant.type === 'user' && grant.id === entry.ownerId)));
    entries[index] = { ...entry, grants: kept, sharedWith: groupsOf(kept) };
  }

  const store: BoardStore = {
    async list(user: BoardUser, query) {
      const who = checkUser(user);
      checkListQuery(query);
      const boards = load()
        .map((entry) => {
          const found = readable(entry);
          return found && asSeen(found, who);
        })
        .filter((board): board is BoardRecord => !!board)
        .map(summary);
      const page = pageOfBoards(boards, query);
      return { ...page, boards: await named(user, page.boards) };
    },

    async get(user, id) {
      const who = checkUser(user);
      return (await named(user, [find(load(), id, who).seen]))[0]!;
    },

    async revision(user, id) {
      return find(load(), id, checkUser(user)).seen.revision;
    },

    async create(user, input) {
      const who = checkUser(user);
      const definition = definitionOf(input.definition);
      const legacy = checkSharing(input.sharedWith) ?? [];
      const grants = sortGrants(
        (input.grants !== undefined ? checkGrants(input.grants) : grantsWithGroups([], legacy)).filter(
          (grant) => !(grant.type === 'user' && grant.id === who.id),
        ),
      );
      const at = new Date(now()).toISOString();
      const entry: Entry = {
        id: newId(),
        title: definition.title,
        ownerId: who.id,
        revision: 1,
        grants,
        sharedWith: groupsOf(grants),
        createdAt: at,
        updatedAt: at,
        updatedBy: who.id,
        definition,
      };
      write([...load(), entry]);
      return (await named(user, [asSeen(entry, who)!]))[0]!;
    },

    async save(user, id, save) {
      const who = checkUser(user);
      const mine = definitionOf(save.definition);
      const sharedWith = checkSharing(save.sharedWith);
      const revision = checkRevision(save.revision);
      // Read, compare and write in one synchronous step: another tab's write lands before or after.
      const entries = load();
      const { index, entry, seen } = find(entries, id, who);
      if (seen.role === 'view') throw readOnly();
      if (sharedWith && !seen.mayShare) throw new BoardStoreError('forbidden', 'Only its owner can share this board');
      let definition = mine;
      if (entry.revision !== revision) {
        // Others saved since: merged per widget from the revision this one was made from, while kept.
        const base = entry.history?.find((kept) => kept.revision === revision)?.definition;
        const { merged, conflicts } = base ? mergeSave(base, mine, entry.definition) : { conflicts: [] };
        if (!merged || !parseBoardDefinition(merged).success)
          throw new BoardStoreError('conflict', 'The board was changed since this revision', {
            currentRevision: entry.revision,
            ...(conflicts?.length ? { conflicts: conflicts.slice(0, 10) } : {}),
          });
        definition = merged;
      }
      const history = [...(entry.history ?? []), { revision: entry.revision, definition: entry.definition }];
      entries[index] = {
        ...entry,
        title: definition.title,
        definition,
        revision: entry.revision + 1,
        updatedAt: new Date(now()).toISOString(),
        updatedBy: who.id,
        history: revisionsKept ? history.slice(-revisionsKept) : [],
      };
      if (sharedWith) shareIn(entries, who, id, grantsWithGroups(grantsOf(readable(entries[index])!), sharedWith));
      write(entries);
      return store.get(user, id);
    },

    async share(user, id, grants) {
      const who = checkUser(user);
      const entries = load();
      shareIn(entries, who, id, grants);
      write(entries);
      return store.get(user, id);
    },

    async remove(user, id) {
      const who = checkUser(user);
      const entries = load();
      const { index, entry, seen } = find(entries, id, who);
      if (seen.role === 'view') throw readOnly();
      if (seen.role !== 'owner') throw new BoardStoreError('forbidden', 'Only its owner can delete this board');
      entries[index] = { ...entry, deletedAt: new Date(now()).toISOString(), history: [] };
      // The owner's 20 most recently deleted boards stay restorable.
      const deleted = entries
        .map((item, i) => ({ item: readable(item), i }))
        .filter(({ item }) => item?.ownerId === who.id && item.deletedAt)
        .sort((a, b) => (a.item!.deletedAt! < b.item!.deletedAt! ? 1 : -1))
        .slice(20)
        .map(({ i }) => i);
      write(entries.filter((_, i) => !deleted.includes(i)));
    },

    async restore(user, id) {
      const who = checkUser(user);
      const entries = load();
      const index = entries.findIndex((item) => {
        const entry = readable(item);
        return entry?.id === id && entry.ownerId === who.id && entry.deletedAt;
      });
      if (index === -1) throw new BoardStoreError('not-found', 'Board not found');
      const { deletedAt: _, ...entry } = readable(entries[index])!;
      entries[index] = entry;
      write(entries);
      return store.get(user, id);
    },
  };
  if (directory)
    store.searchDirectory = async (user, id, query) => {
      const board = await store.get(user, id);
      if (!board.mayShare)
        throw board.role === 'view'
          ? readOnly()
          : new BoardStoreError('forbidden', 'Only its owner can share this board');
      const found = await directory.search(user, query);
      return found.filter((entry) => !(entry.type === 'user' && entry.id === board.ownerId)).slice(0, 20);
    };
  return store;
}
