import type { MetaResponse, SemanticQuery } from '../../../protocol';
import { exploreStateFromQuery } from '../../../protocol/explore/from-query';
import type { Drilldown, DrilldownContext } from '../../bridge/use-dashboard-chat-bridge';
import type { SemanticFiltersApi } from '../data/SemanticFilters';
import { drilldownContext } from '../drilldown-context';
import { breakDownDimensions, breakDownQuery, datumQuery, rowsQuery, zoomInQuery, zoomTarget } from './drill-queries';
import type { DrillActions, DrillDatum, DrillItem, DrillLabels, DrillProps, DrillStep } from './drill-types';

/** Items a host's `drillActions` may return at most (a menu, not a list of everything). */
export const MAX_DRILL_ITEMS = 30;

/** What the built-in items need from their widget. */
export interface DrillContext extends Pick<DrillProps, 'onExplore'> {
  meta: MetaResponse | undefined;
  labels: DrillLabels;
  /** The widget's title now (the breadcrumb back to it). */
  title: string;
  /** Replaces the widget's query in place (break down, zoom, rows). */
  push: (step: DrillStep) => void;
  /** Today's drilldown to the analyst (`QueryChart`'s `onDrilldown`). */
  onDrilldown?: (drilldown: Drilldown) => void;
  /** The enclosing shared filters ("Filter the board to this"). */
  filters?: SemanticFiltersApi | null;
  /** The query as sent (shared filters merged), for the analyst's context. */
  sent?: SemanticQuery;
  today?: Date;
}

/** The built-in items for a datum, in their order: break down, zoom, rows; ask; filter; explore. */
export function drillItems(datum: DrillDatum, context: DrillContext): DrillItem[] {
  const { labels, push, title } = context;
  const items: DrillItem[] = [];
  const back = title;
  for (const dimension of breakDownDimensions(context.meta, datum.query)) {
    items.push({
      key: `breakdown:${dimension.name}`,
      label: labels.breakDown(dimension.title),
      onSelect: (chosen) =>
        push({
          query: breakDownQuery(chosen.query, chosen, dimension.name),
          back,
          title: labels.drilled(dimension.title, chosen.label),
        }),
    });
  }
  const zoom = zoomTarget(datum);
  if (zoom)
    items.push({
      key: 'zoom',
      label: labels.zoomIn(zoom.finer),
      group: items.length > 0,
      onSelect: (chosen) => {
        const query = zoomInQuery(chosen.query, chosen);
        if (query) push({ query, back, title: labels.drilled(title, chosen.label) });
      },
    });
  items.push({
    key: 'rows',
    label: labels.seeRows,
    group: !zoom && items.length > 0,
    onSelect: (chosen) =>
      push({
        query: rowsQuery(chosen.query, chosen, context.meta),
        rows: true,
        back,
        title: labels.rows(chosen.label),
      }),
  });
  const { onDrilldown, filters, onExplore } = context;
  if (onDrilldown) {
    items.push({
      key: 'ask',
      label: labels.ask,
      group: true,
      onSelect: (chosen) => onDrilldown(toDrilldown(chosen, context.sent ?? chosen.query, context.today)),
    });
  }
  if (filters && datum.values.some((value) => !value.granularity && value.value !== null)) {
    items.push({
      key: 'filter',
      label: labels.filter,
      group: !onDrilldown,
      onSelect: (chosen) => {
        for (const value of chosen.values)
          if (!value.granularity && value.value !== null) filters.setValues(value.member, [String(value.value)]);
      },
    });
  }
  if (onExplore) {
    items.push({
      key: 'explore',
      label: labels.explore,
      group: true,
      onSelect: (chosen) => onExplore(exploreStateFromQuery(datumQuery(chosen.query, chosen, true))),
    });
  }
  return items;
}

/** The datum as today's drilldown: its first member and value, with the widget's context. */
export function toDrilldown(datum: DrillDatum, sent: SemanticQuery, today?: Date): Drilldown {
  const first = datum.values[0];
  const context: DrilldownContext | undefined = drilldownContext(sent, today);
  const value = first?.granularity ? String(first.value).slice(0, 10) : (first?.value ?? null);
  return {
    member: first?.member ?? sent.measures?.[0] ?? '',
    value,
    ...(context ? { context } : {}),
  } as Drilldown;
}

const isItem = (item: unknown): item is DrillItem =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as DrillItem).key === 'string' &&
  typeof (item as DrillItem).label === 'string' &&
  typeof (item as DrillItem).onSelect === 'function';

/**
 * The menu's items after the host's `drillActions`: its answer if it is a list of items
 * (others dropped, keys made unique, at most {@link MAX_DRILL_ITEMS}); the built-in items
 * when it throws or answers something else (reported to `onActionError`).
 */
export function hostItems(
  items: DrillItem[],
  datum: DrillDatum,
  drillActions: DrillActions | undefined,
  onActionError: (error: unknown) => void,
): DrillItem[] {
  if (!drillActions) return items;
  let answer: unknown;
  try {
    answer = drillActions([...items], datum);
  } catch (error) {
    onActionError(error);
    return items;
  }
  if (!Array.isArray(answer)) {
    onActionError(new TypeError('drillActions did not return a list of items'));
    return items;
  }
  const seen = new Set<string>();
  return answer
    .filter((item): item is DrillItem => isItem(item) && !seen.has(item.key) && Boolean(seen.add(item.key)))
    .slice(0, MAX_DRILL_ITEMS);
}

/** Runs an item's callback, a throw contained and reported. */
export function runItem(item: DrillItem, datum: DrillDatum, onActionError: (error: unknown) => void) {
  try {
    item.onSelect(datum);
  } catch (error) {
    onActionError(error);
  }
}
