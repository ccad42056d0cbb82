import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_EXPLORE, exploreQuery, serializeExplore, type ExploreState } from '../../protocol/explore';
import type { MetaResponse, SemanticQuery } from '../../protocol';
import { exploreReducer, type ExploreAction } from './explore-reducer';

/** Options of {@link useExplorer}. */
export interface UseExplorerOptions {
  /** The state to start from (a parsed URL's, a saved one's). Default empty. */
  initial?: ExploreState;
  /** Every change, with the whole state (a host writes it to the URL or storage). */
  onChange?: (state: ExploreState) => void;
  /** The meta the parts read titles and types from (default: the provider's). */
  meta?: MetaResponse;
}

/** What {@link useExplorer} returns: the state, its query, the changes, and back/forward. */
export interface ExplorerApi {
  state: ExploreState;
  /** The query the state asks (values travel as its JSON values). */
  query: SemanticQuery;
  meta: MetaResponse | undefined;
  dispatch: (action: ExploreAction) => void;
  /** The state before the last change (undo); `canBack` says whether there is one. */
  back: () => void;
  forward: () => void;
  canBack: boolean;
  canForward: boolean;
}

/** Changes kept for back/forward. */
const MAX_HISTORY = 50;

/**
 * The explorer's state, headless: measures, dimensions, time dimension, filters, order,
 * limit and view changed by `dispatch`, with back and forward over the changes, and
 * `onChange` on each. The parts (`Explorer.*`) take what it returns.
 */
export function useExplorer(options: UseExplorerOptions = {}): ExplorerApi {
  const [history, setHistory] = useState(() => ({
    past: [] as ExploreState[],
    present: options.initial ?? EMPTY_EXPLORE,
    future: [] as ExploreState[],
  }));
  // The host hears each change after React has it (never twice from a replayed updater),
  // and not the state it gave as `initial`.
  const onChange = useRef(options.onChange);
  useEffect(() => {
    onChange.current = options.onChange;
  });
  const told = useRef(history.present);
  useEffect(() => {
    if (told.current === history.present) return;
    told.current = history.present;
    onChange.current?.(history.present);
  }, [history.present]);

  const move = useCallback((next: (h: typeof history) => typeof history) => setHistory(next), []);

  const dispatch = useCallback(
    (action: ExploreAction) =>
      move((h) => {
        const present = exploreReducer(h.present, action);
        // A change that changes nothing (a reset of the empty explorer) is no step back.
        if (present === h.present || serializeExplore(present) === serializeExplore(h.present)) return h;
        return { past: [...h.past, h.present].slice(-MAX_HISTORY), present, future: [] };
      }),
    [move],
  );
  const back = useCallback(
    () =>
      move((h) =>
        h.past.length === 0
          ? h
          : { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] },
      ),
    [move],
  );
  const forward = useCallback(
    () =>
      move((h) =>
        h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) },
      ),
    [move],
  );
  const query = useMemo(() => exploreQuery(history.present), [history.present]);
  return {
    state: history.present,
    query,
    meta: options.meta,
    dispatch,
    back,
    forward,
    canBack: history.past.length > 0,
    canForward: history.future.length > 0,
  };
}
