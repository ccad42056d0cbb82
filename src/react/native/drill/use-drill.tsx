import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { DrillContext } from './drill-items';
import { DEFAULT_DRILL_LABELS } from './drill-labels';
import type { DrillDatum, DrillLabels, DrillProps, DrillStep } from './drill-types';

// A widget's drill state (held by its lazily loaded view, above the part that draws the
// query): the steps drilled in place, and the open menu, whose code loads on first use.

const DrillMenu = lazy(() => import('./DrillMenu').then((module) => ({ default: module.DrillMenu })));

/** A menu opened on a datum: at the pointer, or under the element that opened it. */
export interface OpenDrill {
  datum: DrillDatum;
  anchor: HTMLElement | null;
  at?: { x: number; y: number };
}

/** What {@link useDrill} gives a widget. */
export interface Drill {
  /** Whether a datum opens the menu (see `DrillProps.drill`). */
  enabled: boolean;
  labels: DrillLabels;
  /** The steps drilled in place, the last one shown. */
  steps: DrillStep[];
  push: (step: DrillStep) => void;
  /** Back one step (the breadcrumb). */
  back: () => void;
  open: OpenDrill | null;
  setOpen: (open: OpenDrill | null) => void;
  onActionError: (error: unknown) => void;
  /** Steps taken by the user (push or back): the step shown then takes focus (see {@link useStepFocus}). */
  moves: number;
}

/**
 * The drill state of a widget with `props`. A new `query` (a host's question that changed,
 * as in the explorer) starts from it again: the steps drilled were of the old one.
 */
export function useDrill(props: DrillProps, query?: string): Drill {
  const [drilled, setDrilled] = useState({ steps: [] as DrillStep[], query, moves: 0 });
  const [open, setOpen] = useState<OpenDrill | null>(null);
  const steps = drilled.query === query ? drilled.steps : [];
  if (drilled.query !== query) setDrilled({ steps: [], query, moves: drilled.moves });
  const step = (change: (steps: DrillStep[]) => DrillStep[]) =>
    setDrilled((previous) => ({ ...previous, steps: change(previous.steps), moves: previous.moves + 1 }));
  return {
    enabled: props.drill ?? Boolean(props.drillActions || props.onExplore),
    labels: { ...DEFAULT_DRILL_LABELS, ...props.drillLabels },
    steps,
    push: (next) => step((previous) => [...previous, next]),
    back: () => step((previous) => previous.slice(0, -1)),
    open,
    setOpen,
    onActionError: props.onActionError ?? ((error) => console.error(error)),
    moves: drilled.moves,
  };
}

/**
 * After a step in place (a break down, a zoom, the rows, the breadcrumb back), focus goes to
 * what the widget shows now once it is drawn (`find`: its heading, its table, its
 * breadcrumb), so it is never left on the page's body when the mark, row or breadcrumb pressed
 * went away, and Tab goes on from the drilled chart. Not when the user has gone elsewhere
 * (outside the widget) meanwhile.
 */
export function useStepFocus(drill: Drill, shown: unknown, find: () => HTMLElement | null | undefined) {
  const handled = useRef(drill.moves);
  // What this step focused: drawn anew (a table asked again another way), it takes focus again.
  const given = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const at = document.activeElement;
    const lost = given.current !== null && !given.current.isConnected && (!at || at === document.body);
    if (handled.current === drill.moves && !lost) return;
    const target = find();
    if (!target) return;
    handled.current = drill.moves;
    const widget = target.closest('.ek-qchart, .ek-qtable, .ek-kpi');
    if (at && at !== document.body && at.isConnected && !widget?.contains(at)) return;
    given.current = target;
    target.focus();
    // Once per step shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
}

/** The open menu of `drill`, if any (its code loads as it first opens). */
export function DrillMenuSlot({
  drill,
  props,
  context,
}: {
  drill: Drill;
  props: DrillProps;
  context: Omit<DrillContext, 'labels' | 'push' | 'onExplore'>;
}) {
  const { open } = drill;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DrillMenu
        datum={open.datum}
        context={{ ...context, labels: drill.labels, push: drill.push, onExplore: props.onExplore }}
        drillActions={props.drillActions}
        onActionError={drill.onActionError}
        anchor={open.anchor}
        at={open.at}
        onClose={() => drill.setOpen(null)}
      />
    </Suspense>
  );
}

/** The breadcrumb back to the step before: "← Revenue by region". */
export function DrillCrumb({ drill }: { drill: Drill }) {
  const step = drill.steps.at(-1);
  if (!step) return null;
  return (
    <button type="button" className="ek-drill__crumb" onClick={drill.back}>
      {drill.labels.back(step.back)}
    </button>
  );
}
