import { lazy, Suspense, useState } from 'react';
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
}

/** The drill state of a widget with `props`. */
export function useDrill(props: DrillProps): Drill {
  const [steps, setSteps] = useState<DrillStep[]>([]);
  const [open, setOpen] = useState<OpenDrill | null>(null);
  return {
    enabled: props.drill ?? Boolean(props.drillActions || props.onExplore),
    labels: { ...DEFAULT_DRILL_LABELS, ...props.drillLabels },
    steps,
    push: (step) => setSteps((previous) => [...previous, step]),
    back: () => setSteps((previous) => previous.slice(0, -1)),
    open,
    setOpen,
    onActionError: props.onActionError ?? ((error) => console.error(error)),
  };
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
