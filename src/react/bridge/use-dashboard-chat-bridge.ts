import { useEffect, useRef, useState } from 'react';
import type { ChatError, EmbedEvent, SqlResult } from '../../protocol';
import type { ChatStore } from '../chat/store';
import type { ChatTransport } from '../chat/transport';
import type { ResultActions } from '../chat/ui/context';
import { useChatStore } from '../chat/use-agent-chat';
import { useLatest } from '../internal/use-latest';
import type * as BridgeText from './bridge-text';

/** Dashboard filters by member: `{ 'orders.region': ['Europe'] }`. */
export type DashboardFilters = Record<string, unknown[]>;

/**
 * What the clicked widget was showing, so the question is about the clicked number: its
 * filters (members equal to values) and the date range of its time dimension.
 */
export interface DrilldownContext {
  /** The widget's filters, by member: `{ 'orders.category': ['Electronics'] }`. */
  filters?: DashboardFilters;
  /** The widget's date range, as ISO days (both ends in). */
  dateRange?: { member: string; from: string; to: string };
}

/**
 * A drilldown: which member, which value (a dashboard's `cube:event:drilldown` payload), and
 * what the widget was showing (a native chart says; for a dashboard the bridge adds the
 * filters it set on it).
 */
export type Drilldown = Extract<EmbedEvent, { type: 'cube:event:drilldown' }>['payload'] & {
  context?: DrilldownContext;
};

/** The bridge's strings; the status lines load with the code that uses them. */
export interface DashboardChatBridgeLabels {
  /** The result action. */
  showInDashboard: string;
  /**
   * The question a drilldown asks, from its value, the member's name ("region") and what the
   * widget was showing (`scope`: ", from 2024-10-01 to 2024-12-31, category Electronics", or "").
   */
  question: (value: string, dimension: string, scope: string) => string;
  /** A date range in the scope: "from 2024-10-01 to 2024-12-31". */
  within: (from: string, to: string) => string;
  /** A filter in the scope: "category Electronics or Toys". */
  where: (dimension: string, values: string[]) => string;
  /** Status after a result filtered the dashboard, from a description of the filters. */
  filtered: (description: string) => string;
  /** Status when a result has nothing to filter by. */
  nothingToFilter: string;
}

/** Options of {@link useDashboardChatBridge}. */
export interface DashboardChatBridgeOptions {
  /** The chat's transport. The bridge makes the chat's store with it, unless `store` is given. */
  transport: ChatTransport;
  /** A chat store of your own (`createChatStore`) instead of the bridge's. */
  store?: ChatStore;
  /** The chat's errors (for the store the bridge makes; `AgentChat`'s `onError` is not used then). */
  onError?: (error: ChatError) => void;
  /**
   * A drilldown as a question for the chat; undefined asks nothing. Default: "Tell me about
   * Europe (region), from 2024-10-01 to 2024-12-31" from `labels.question`, with the widget's
   * filters and date range, so the answer's numbers are the clicked mark's.
   */
  question?: (drilldown: Drilldown) => string | undefined;
  /**
   * A chat result as dashboard filters; undefined when there is nothing to filter by.
   * Default: the result's SQL conditions (`WHERE region = 'Europe'`, `IN (…)`), else the
   * values of its category column (up to 50), as `<table>.<column>` members.
   */
  filtersFor?: (result: SqlResult) => DashboardFilters | undefined;
  /** Called after a chat result set the dashboard's filters (scroll the dashboard into view…). */
  onFilters?: (filters: DashboardFilters) => void;
  labels?: Partial<DashboardChatBridgeLabels>;
}

/** What {@link useDashboardChatBridge} returns. */
export interface DashboardChatBridge {
  /** The dashboard's filters, as the chat set them. */
  filters: DashboardFilters;
  setFilters: (filters: DashboardFilters) => void;
  /** Asks the chat a question now, or as soon as the answer in progress has finished. */
  ask: (question: string) => void;
  /** Spread on `<EmbeddedDashboard>`. */
  dashboardProps: { filters: DashboardFilters; onDrilldown: (drilldown: Drilldown) => void };
  /** Spread on `<AgentChat>` (or `<ChatProvider>`). */
  chatProps: { transport: ChatTransport; store: ChatStore; resultActions: ResultActions };
}

const loadText = (): Promise<typeof BridgeText> => import('./bridge-text');

/**
 * Connects an `<EmbeddedDashboard>` and an `<AgentChat>` both ways. A drilldown in the
 * dashboard (a click on Europe's bar) asks the chat about it, under the widget's filters and
 * date range (a native `QueryChart` gives them; for a dashboard, the filters the bridge set on
 * it); every SQL result in the chat
 * gets "Show in dashboard" in its export menu, which filters the dashboard to what the
 * result is about (sent to the live dashboard as a `set-filter` action). A question that
 * comes while an answer is still streaming waits for it (only the latest one waits).
 *
 * ```tsx
 * const bridge = useDashboardChatBridge({ transport });
 * <EmbeddedDashboard publicId="sales-overview" title="Sales" {...bridge.dashboardProps} />
 * <AgentChat {...bridge.chatProps} />
 * ```
 */
export function useDashboardChatBridge(options: DashboardChatBridgeOptions): DashboardChatBridge {
  const latest = useLatest(options);
  const store = useChatStore(options);
  const [filters, setFilters] = useState<DashboardFilters>({});
  const shown = useLatest(filters);
  const waiting = useRef<string | undefined>(undefined);
  // The waiting question goes as soon as the chat is free again.
  useEffect(
    () =>
      store.subscribe(({ status, send }) => {
        const question = waiting.current;
        if (question !== undefined && (status === 'idle' || status === 'error')) {
          waiting.current = undefined;
          void send(question);
        }
      }),
    [store],
  );
  const ask = (question: string) => {
    const { status, send } = store.getState();
    if (status === 'idle' || status === 'error') void send(question);
    else waiting.current = question;
  };
  // A dashboard says nothing of its filters: those the bridge set on it are what it shows.
  const onDrilldown = (drilldown: Drilldown) => {
    const context = drilldown.context ?? (Object.keys(shown.current).length ? { filters: shown.current } : undefined);
    void loadText().then((text) => text.askAbout(context ? { ...drilldown, context } : drilldown, latest.current, ask));
  };
  const resultActions: ResultActions = ({ result }) =>
    result && [
      {
        key: 'show-in-dashboard',
        label: options.labels?.showInDashboard ?? 'Show in dashboard',
        onSelect: () => loadText().then((text) => text.showInDashboard(result, latest.current, setFilters)),
      },
    ];
  return {
    filters,
    setFilters,
    ask,
    dashboardProps: { filters, onDrilldown },
    chatProps: { transport: options.transport, store, resultActions },
  };
}
