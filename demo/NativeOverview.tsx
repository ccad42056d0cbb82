// The demo's native overview: the same numbers as the iframe dashboards, drawn by the host's
// own components from the semantic layer (one session, exchanged for a data token). A click
// on a bar asks the analyst, as a bar of an iframe dashboard does; the chat's "Show in
// dashboard" filters these widgets.
import {
  FilterBar,
  KpiCard,
  QueryChart,
  QueryTable,
  SemanticFilters,
  SemanticProvider,
  useBridgeFilters,
} from '../src/react/native';
import type { DashboardFilters, Drilldown } from '../src';

/** The bridge's filters into the widgets' shared filters (inside `SemanticFilters`). */
function BridgeFilters({ filters }: { filters: DashboardFilters }) {
  useBridgeFilters(filters);
  return null;
}

export function NativeOverview({
  deploymentId,
  filters,
  onDrilldown,
}: {
  deploymentId: number;
  filters: DashboardFilters;
  onDrilldown?: (drilldown: Drilldown) => void;
}) {
  return (
    <SemanticProvider deploymentId={deploymentId}>
      {/* The mock's data ends on 2024-12-31: its last quarter, as dates (the KPIs compare it with the one before). */}
      <SemanticFilters
        dateDimension="orders.createdAt"
        defaultValue={{ dateRange: ['2024-10-01', '2024-12-31'], values: {} }}
      >
        <BridgeFilters filters={filters} />
        <div className="demo-native">
          <h2 className="demo-native__title">Sales, straight from the semantic layer</h2>
          <FilterBar dimensions={['orders.region', 'orders.category']} />
          <div className="demo-native__kpis">
            <KpiCard measure="orders.revenue" sparkline />
            <KpiCard measure="orders.count" sparkline />
            <KpiCard measure="orders.averageOrderValue" />
          </div>
          <div className="demo-native__charts">
            <QueryChart
              query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }}
              height={220}
              onDrilldown={onDrilldown}
            />
            <QueryChart
              query={{ measures: ['orders.count'], dimensions: ['orders.category'] }}
              height={220}
              onDrilldown={onDrilldown}
            />
          </div>
          <QueryChart
            query={{
              measures: ['orders.revenue'],
              timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'week' }],
            }}
            height={200}
          />
          <QueryTable
            query={{ measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.country'] }}
            pageSize={5}
          />
        </div>
      </SemanticFilters>
    </SemanticProvider>
  );
}
