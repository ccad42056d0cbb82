import { useEffect } from 'react';
import type { DashboardFilters } from '../bridge/use-dashboard-chat-bridge';
import { useLatest } from '../internal/use-latest';
import { useSemanticFilters } from './data/SemanticFilters';

/**
 * Puts the dashboard chat bridge's filters (set by the chat's "Show in dashboard") into the
 * enclosing `SemanticFilters`, each time they change: the native widgets then show what the
 * chat's result is about, as an embedded dashboard would. Call it inside `SemanticFilters`.
 *
 * ```tsx
 * function Sync({ filters }: { filters: DashboardFilters }) {
 *   useBridgeFilters(filters);
 *   return null;
 * }
 * <SemanticFilters dateDimension="orders.createdAt">
 *   <Sync filters={bridge.filters} />
 *   <QueryChart query={query} onDrilldown={bridge.dashboardProps.onDrilldown} />
 * </SemanticFilters>
 * ```
 */
export function useBridgeFilters(filters: DashboardFilters): void {
  const api = useLatest(useSemanticFilters());
  useEffect(() => {
    const shared = api.current;
    if (!shared) return;
    for (const [member, values] of Object.entries(filters)) {
      // Values come from a chat result: only plain ones filter.
      const plain = values.filter((value) => ['string', 'number', 'boolean'].includes(typeof value));
      shared.setValues(member, plain.map(String));
    }
  }, [filters, api]);
}
