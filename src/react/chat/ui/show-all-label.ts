import { createContext } from 'react';

/** The English default of `ChatMessages.showAll`. */
export const defaultShowAll = (moreCharacters: number): string =>
  `Show all (${moreCharacters.toLocaleString('en-US')} more characters)`;

/**
 * The chat's `messages.showAll`, for long texts (`MoreText`). A context of its own, not the
 * chat UI's: the chat's lazy parts (SQL, tool JSON, markdown) show long texts, and with
 * esbuild's code splitting a module they import that the React entry also imports (the
 * chat's context and strings) is pulled into every bundle of the entry, a dashboard-only
 * one included (scripts/check-tree-shaking.ts).
 */
export const ShowAllLabel = createContext<(moreCharacters: number) => string>(defaultShowAll);
