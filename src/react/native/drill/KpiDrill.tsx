import { useRef, type ReactNode } from 'react';
import type { SemanticQuery } from '../../../protocol';
import type { Drilldown } from '../../bridge/use-dashboard-chat-bridge';
import { useSemanticFilters } from '../data/SemanticFilters';
import { useSemanticMeta } from '../data/use-semantic-query';
import { QueryChart } from '../QueryChart';
import { QueryTable } from '../QueryTable';
import type { DrillDatum, DrillProps } from './drill-types';
import { DrillCrumb, DrillMenuSlot, useDrill, useStepFocus } from './use-drill';
import { useRowsQuery } from './use-rows-query';

// A KPI's drill-through (loaded with the first drillable card): a button on the card opens
// the menu on its value; a break down or the value's rows replace the card's body in place
// (the card grows to hold them), with the breadcrumb back to the number.

/** Rows a value's table shows per page. */
const ROWS_PAGE = 25;

/** Props of {@link KpiDrill}: the card's drill props, its query and title, and its body. */
export interface KpiDrillProps extends DrillProps {
  /** The card's query as sent (its measure, period and filters). */
  query: SemanticQuery;
  /** The card's title (the menu and the breadcrumb name it). */
  title: string;
  /** Whether the card shows a value (no menu on a card still loading or empty). */
  ready: boolean;
  onDrilldown?: (drilldown: Drilldown) => void;
  today?: Date;
  locale?: string;
  /** The card's own body: the value, its change and sparkline. */
  children: ReactNode;
}

/** The card's body with its drill button, or what its drill menu replaced it with. */
export function KpiDrill(props: KpiDrillProps) {
  const { query, title, ready, children, onDrilldown } = props;
  const drill = useDrill(props);
  const meta = useSemanticMeta();
  const filters = useSemanticFilters();
  const step = drill.steps.at(-1);
  // The value's rows: asked as any server takes them (see useRowsQuery).
  const rows = useRowsQuery(step?.rows ? step.query : undefined, ROWS_PAGE);
  const datum: DrillDatum = { query, values: [], label: title };
  // A step shown: focus on its breadcrumb back; back to the number: on the drill button again.
  const drilled = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useStepFocus(
    drill,
    drill.steps.length,
    () => drilled.current?.querySelector<HTMLElement>(':scope > .ek-drill__crumb') ?? button.current,
  );
  return (
    <>
      {step ? (
        <div ref={drilled} className="ek-kpi__drilled">
          <DrillCrumb drill={drill} />
          {rows?.grouped && <p className="ek-drill__note">{drill.labels.rowsGrouped}</p>}
          {step.rows ? (
            <QueryTable
              key={rows?.grouped ? 'grouped' : 'rows'}
              query={rows?.query ?? step.query}
              title={step.title}
              locale={props.locale}
              pageSize={ROWS_PAGE}
            />
          ) : (
            <QueryChart query={step.query} title={step.title} locale={props.locale} height={240} />
          )}
        </div>
      ) : (
        children
      )}
      {/* Once the data model is in (or failed): the menu opens with its break downs. */}
      {ready && !step && !meta.isPending && (
        <button
          ref={button}
          type="button"
          className="ek-button ek-kpi__drill"
          aria-label={drill.labels.menu(title)}
          aria-haspopup="menu"
          aria-expanded={drill.open !== null}
          onClick={(event) => drill.setOpen({ datum, anchor: event.currentTarget })}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      )}
      <DrillMenuSlot
        drill={drill}
        props={props}
        context={{
          meta: meta.data,
          title,
          ...(onDrilldown ? { onDrilldown } : {}),
          filters,
          sent: query,
          ...(props.today ? { today: props.today } : {}),
        }}
      />
    </>
  );
}
