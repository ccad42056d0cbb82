// Names for the people a board shows (its owner, who saved it last, whom it is shared with),
// from the host's directory: never an internal id, and never more than the directory may say.
// What the board API answers with, and what a host's own server-rendered page can use.
import {
  BoardDirectoryEntrySchema,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardPrincipal,
  type BoardSummary,
  type BoardUser,
} from '../../protocol/board';
import { cut } from '../http/answers';

/** One key per principal. */
export const principalKey = (principal: BoardPrincipal): string => `${principal.type}\u0000${principal.id}`;

/**
 * A directory's entries, checked and cut: a hostile or buggy directory cannot grow an answer
 * (the first 1,000 looked at, at most `max` kept, one per principal, names and details at most
 * 200 characters, those without a name dropped).
 */
export function directoryEntries(found: unknown, max: number): BoardDirectoryEntry[] {
  if (!Array.isArray(found)) return [];
  const seen = new Set<string>();
  const entries: BoardDirectoryEntry[] = [];
  for (const entry of found.slice(0, 1_000)) {
    if (!BoardDirectoryEntrySchema.is(entry) || !entry.id || entry.id.length > 200 || !entry.name.trim()) continue;
    const key = principalKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({
      type: entry.type,
      id: entry.id,
      name: cut(entry.name.trim(), 200),
      ...(entry.detail?.trim() ? { detail: cut(entry.detail.trim(), 200) } : {}),
    });
    if (entries.length >= max) break;
  }
  return entries;
}

/** Options of {@link nameBoards}. */
export interface NameBoardsOptions {
  /** Name each grant too (a board opened; a list's rows need only their owners). Default true. */
  grants?: boolean;
  /** Longest the directory may take, in ms: past it the boards go unnamed. Default 3,000. */
  timeoutMs?: number;
  /** Hears a directory that failed or was late (the boards are then answered without names). */
  onError?(error: unknown): void;
}

/**
 * `boards` with their people's names from `directory`, as `user` may see them: `ownerName`,
 * `updatedByName` and each grant's `name` (with `grants`). One `describe` call for them all,
 * within its deadline; a directory that fails or is late leaves them unnamed. What the board
 * API answers with; a page that renders a board on the server names it the same way.
 *
 * ```ts
 * const [named] = await nameBoards(directory, user, [await store.get(user, id)]);
 * ```
 */
export async function nameBoards<T extends BoardSummary>(
  directory: BoardDirectory | undefined,
  user: BoardUser,
  boards: T[],
  options: NameBoardsOptions = {},
): Promise<T[]> {
  if (!directory || boards.length === 0) return boards;
  const withGrants = options.grants ?? true;
  const timeoutMs = typeof options.timeoutMs === 'number' && options.timeoutMs > 0 ? options.timeoutMs : 3_000;
  const wanted = new Map<string, BoardPrincipal>();
  const want = (principal: BoardPrincipal) => wanted.set(principalKey(principal), principal);
  for (const board of boards) {
    want({ type: 'user', id: board.ownerId });
    if (board.updatedBy) want({ type: 'user', id: board.updatedBy });
    if (withGrants) for (const grant of board.grants) want({ type: grant.type, id: grant.id });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let found: BoardDirectoryEntry[];
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The directory took over ${timeoutMs} ms to name a board's people`)),
        timeoutMs,
      );
    });
    found = directoryEntries(await Promise.race([directory.describe(user, [...wanted.values()]), late]), wanted.size);
  } catch (error) {
    try {
      options.onError?.(error);
    } catch {
      // a logger that throws must not change the answer
    }
    return boards;
  } finally {
    clearTimeout(timer);
  }
  const names = new Map(found.filter((entry) => wanted.has(principalKey(entry))).map((e) => [principalKey(e), e.name]));
  const nameOf = (type: BoardPrincipal['type'], id: string) => names.get(principalKey({ type, id }));
  return boards.map((board) => {
    const ownerName = nameOf('user', board.ownerId);
    const updatedByName = board.updatedBy ? nameOf('user', board.updatedBy) : undefined;
    return {
      ...board,
      ...(ownerName ? { ownerName } : {}),
      ...(updatedByName ? { updatedByName } : {}),
      ...(withGrants
        ? {
            grants: board.grants.map((grant) => {
              const name = nameOf(grant.type, grant.id);
              return name ? { ...grant, name } : grant;
            }),
          }
        : {}),
    };
  });
}
