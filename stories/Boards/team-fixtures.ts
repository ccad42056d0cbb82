import {
  createLocalBoardStore,
  type BoardDefinition,
  type BoardDirectory,
  type BoardDirectoryEntry,
  type BoardStore,
  type BoardUser,
} from '../../src/react/boards';

// A team for the sharing, list and team-editing stories and tests: three people in two
// regions, a host directory that names them (and their groups), and a browser-local store over
// an in-memory storage, so every share, save and conflict is a real store call.

/** Erin owns the boards (Europe). */
export const ERIN: BoardUser = { id: 'u-erin', groups: ['g-europe'] };
/** Elias views what Europe is given (Europe). */
export const ELIAS: BoardUser = { id: 'u-elias', groups: ['g-europe'] };
/** Ada edits what she is given (the Americas). */
export const ADA: BoardUser = { id: 'u-ada', groups: ['g-americas'] };

/** The host's directory: people and groups with their names (never shown as ids). */
export const PEOPLE: readonly BoardDirectoryEntry[] = [
  { type: 'user', id: 'u-erin', name: 'Erin Example', detail: 'erin@example.com' },
  { type: 'user', id: 'u-elias', name: 'Elias Berg', detail: 'elias@example.com' },
  { type: 'user', id: 'u-ada', name: 'Ada Lovelace', detail: 'ada@example.com' },
  { type: 'group', id: 'g-europe', name: 'Europe', detail: 'Sales, 2 people' },
  { type: 'group', id: 'g-americas', name: 'Americas', detail: 'Sales, 1 person' },
];

/** The directory as a host's would answer: a search by name, and names for principals. */
export const directory: BoardDirectory = {
  search: (_user, query) => {
    const text = query.trim().toLowerCase();
    return PEOPLE.filter((entry) => entry.name.toLowerCase().includes(text)).slice(0, 20);
  },
  describe: (_user, principals) =>
    PEOPLE.filter((entry) => principals.some((p) => p.type === entry.type && p.id === entry.id)),
};

/** A local store over a Map (not the page's localStorage), with the team's directory. */
export function teamStore(options: { editorsMayShare?: boolean; now?: () => number } = {}): BoardStore {
  const items = new Map<string, string>();
  return createLocalBoardStore({
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
    directory,
    ...options,
  });
}

/** A board of `count` notes (3 × 2 cells each, four to a row): what team edits change. */
export function notesGrid(count = 24, title = 'Team plan'): BoardDefinition {
  return {
    version: 2,
    title,
    widgets: Array.from({ length: count }, (_, i) => ({
      id: `note-${i + 1}`,
      kind: 'text' as const,
      title: `Note ${i + 1}`,
      text: `Item ${i + 1}`,
      layout: { x: (i % 4) * 3, y: Math.floor(i / 4) * 2, w: 3, h: 2 },
    })),
  };
}

/** `definition` with one note's text changed (what another person's save does). */
export function withText(definition: BoardDefinition, id: string, text: string): BoardDefinition {
  return {
    ...definition,
    widgets: definition.widgets.map((widget) => (widget.id === id ? { ...widget, text } : widget)),
  };
}
