import { createContext, useContext, useMemo } from 'react';
import type { Drilldown } from '../bridge/use-dashboard-chat-bridge';
import type { DrillProps } from '../native/drill/drill-types';

// The board's drill-through props, handed to every widget it draws natively (KPIs, charts,
// tables, pinned answers that follow the board's filters) through a context, so a cell's
// memo is not broken by them (the bench counts its renders).

/**
 * Drill-through on a board's widgets (see `DrillProps`): a menu on each datum of its KPIs,
 * charts, tables and the pinned answers it draws natively. On by default on a board
 * (`drill={false}` turns it off); "Filter the board to this" sets the enclosing
 * `SemanticFilters`.
 */
export type BoardDrill = Pick<DrillProps, 'drill' | 'drillActions' | 'onExplore' | 'onActionError'> & {
  /** The menu's "Ask the analyst": a datum as a drilldown (`useDashboardChatBridge`'s `dashboardProps.onDrilldown`). */
  onDrilldown?: (drilldown: Drilldown) => void;
};

const BoardDrillContext = createContext<BoardDrill>({});

/** The board's drill props, the same object while the host's props are. */
export function useBoardDrillValue({ drill = true, drillActions, onExplore, onActionError, onDrilldown }: BoardDrill) {
  return useMemo(
    () => ({
      drill,
      ...(drillActions ? { drillActions } : {}),
      ...(onExplore ? { onExplore } : {}),
      ...(onActionError ? { onActionError } : {}),
      ...(onDrilldown ? { onDrilldown } : {}),
    }),
    [drill, drillActions, onExplore, onActionError, onDrilldown],
  );
}

/** Provides the board's drill props to its widgets. */
export const BoardDrillProvider = BoardDrillContext.Provider;

/** The drill props of the board around a widget. */
export const useBoardDrill = (): BoardDrill => useContext(BoardDrillContext);
