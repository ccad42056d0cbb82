import { createContext, useContext } from 'react';
import type { ExploreLabels } from './labels';
import type { IndexedMember } from './member-index';
import type { ExplorerApi } from './use-explorer';

/** What the parts of one explorer share. */
export interface ExplorerContextValue {
  api: ExplorerApi;
  labels: ExploreLabels;
  /** The meta's members, indexed once per meta (empty until the meta comes). */
  members: readonly IndexedMember[];
  byName: ReadonlyMap<string, IndexedMember>;
  locale: string | undefined;
  /** The question's title, from its members' titles ("Revenue by Region"). */
  title: string;
  /** Says `text` in the explorer's live region, once changes settle. */
  announce: (text: string) => void;
}

export const ExplorerContext = createContext<ExplorerContextValue | null>(null);

/** The enclosing `Explorer.Root`'s state; throws outside one (a part alone has nothing to edit). */
export function useExplorerContext(): ExplorerContextValue {
  const value = useContext(ExplorerContext);
  if (!value) throw new Error('Explorer parts must be rendered inside <Explorer.Root>');
  return value;
}
