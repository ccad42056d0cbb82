import type { AttributeType } from '../protocol';

/** A column of a fixture table. */
export interface FixtureColumn {
  name: string;
  /** `String`, `Double` or `Int64`, as the service names column types. */
  type: 'String' | 'Double' | 'Int64';
  /** Shown in metadata results and dashboards. */
  title?: string;
  /** `dimension` columns group, `measure` columns sum. */
  role: 'dimension' | 'measure';
}

/** A dataset table the mock agent and dashboards query. */
export interface FixtureTable {
  name: string;
  title?: string;
  columns: FixtureColumn[];
  rows: (string | number)[][];
}

/**
 * Row-level security: when a user has the attribute (or is in one of the groups), only
 * rows whose `column` is among the allowed values are visible.
 */
export type FixtureRowRule =
  { column: string; attribute: string } | { column: string; groups: Record<string, string[]> };

/** A widget of a fixture dashboard: one measure by one dimension. */
export interface FixtureWidget {
  title: string;
  table: string;
  dimension: string;
  measure: string;
}

/** A dashboard openable through an embed URL. */
export interface FixtureDashboard {
  publicId: string;
  title: string;
  widgets: FixtureWidget[];
}

/** Everything the mock knows at start. JSON-compatible, so it can live in a file. */
export interface MockFixture {
  /** API keys; `admin` keys may call Generate Session and the admin endpoints. */
  apiKeys: { key: string; account: string; admin: boolean }[];
  accounts: FixtureAccount[];
  /** Shared by every account's agents and dashboards. */
  dataset: { tables: FixtureTable[]; rowLevelSecurity: FixtureRowRule[] };
}

/** An account (tenant) of the service. */
export interface FixtureAccount {
  /** First label of the account address; appears in Chat URLs. */
  name: string;
  cloudRegion: string;
  /** Tenant flags; `useCreatorMode` enables creator mode and definitions. */
  flags: { useCreatorMode: boolean };
  /** Chat API availability (Premium and Enterprise plans). */
  plan: 'starter' | 'premium' | 'enterprise';
  /** Persistent external users allowed; the spec's default is 10,000. */
  maxExternalUsers: number;
  deployments: { id: number; name: string; dashboards: FixtureDashboard[] }[];
  internalUsers: { username: string; email: string; displayName?: string }[];
  /** Tenant-wide groups (read-only mode lookups). */
  groups: { name: string; description?: string }[];
  /** Tenant-wide attribute catalog (read-only mode lookups). */
  userAttributes: { name: string; type: AttributeType; displayName?: string }[];
  /** Embed tenants that exist from the start, with their scoped catalogs. */
  embedTenants: {
    name: string;
    groups: { name: string; description?: string }[];
    userAttributes: {
      name: string;
      type: AttributeType;
      displayName?: string;
      description?: string;
      defaultValue?: string;
    }[];
  }[];
  agents: { id: string; name: string; deploymentId: number; branches: string[] }[];
}

/** Deterministic pseudo-random numbers (mulberry32), so the dataset is the same everywhere. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS: Record<string, string[]> = {
  'North America': ['United States', 'Canada', 'Mexico'],
  Europe: ['Germany', 'France', 'Spain'],
  'Asia Pacific': ['Japan', 'Australia', 'India'],
  'Latin America': ['Brazil', 'Argentina', 'Chile'],
};
const CATEGORIES = ['Software', 'Hardware', 'Services', 'Training', 'Support'];

function ordersTable(): FixtureTable {
  const next = random(20241);
  const rows: (string | number)[][] = [];
  const customers = Array.from({ length: 240 }, (_, i) => `Customer ${String(i + 1).padStart(3, '0')}`);
  for (let month = 1; month <= 12; month++) {
    const monthLabel = `2024-${String(month).padStart(2, '0')}`;
    for (const [region, countries] of Object.entries(REGIONS)) {
      for (const country of countries) {
        for (const category of CATEGORIES) {
          const orders = 3 + Math.floor(next() * 40);
          const revenue = Math.round(orders * (200 + next() * 1800) * (1 + month / 24) * 100) / 100;
          const customer = customers[Math.floor(next() * customers.length)]!;
          rows.push([monthLabel, region, country, category, customer, revenue, orders]);
        }
      }
    }
  }
  return {
    name: 'orders',
    title: 'Orders',
    columns: [
      { name: 'month', type: 'String', title: 'Month', role: 'dimension' },
      { name: 'region', type: 'String', title: 'Region', role: 'dimension' },
      { name: 'country', type: 'String', title: 'Country', role: 'dimension' },
      { name: 'category', type: 'String', title: 'Product category', role: 'dimension' },
      { name: 'customer', type: 'String', title: 'Customer', role: 'dimension' },
      { name: 'revenue', type: 'Double', title: 'Revenue', role: 'measure' },
      { name: 'orders', type: 'Int64', title: 'Orders', role: 'measure' },
    ],
    rows,
  };
}

/** API key of the default fixture's admin key (mock only: never a real key). */
export const MOCK_ADMIN_KEY = 'mock-admin-key';
/** API key of the default fixture's non-admin key. */
export const MOCK_PERSONAL_KEY = 'mock-personal-key';

/**
 * The default fixture: account `acme` (region `aws-us-east-1`, creator mode on), a
 * `sales-overview` dashboard in deployment 1, agent `analyst`, a 720-row orders table with
 * row-level security by the `region` attribute and by the `emea-sales` group, and an
 * account `starter-co` on a plan without the Chat API.
 */
export function defaultFixture(): MockFixture {
  return {
    apiKeys: [
      { key: MOCK_ADMIN_KEY, account: 'acme', admin: true },
      { key: MOCK_PERSONAL_KEY, account: 'acme', admin: false },
      { key: 'mock-starter-key', account: 'starter-co', admin: true },
    ],
    accounts: [
      {
        name: 'acme',
        cloudRegion: 'aws-us-east-1',
        flags: { useCreatorMode: true },
        plan: 'enterprise',
        maxExternalUsers: 10_000,
        deployments: [
          {
            id: 1,
            name: 'Sales analytics',
            dashboards: [
              {
                publicId: 'sales-overview',
                title: 'Sales overview',
                widgets: [
                  { title: 'Revenue by region', table: 'orders', dimension: 'region', measure: 'revenue' },
                  { title: 'Revenue by category', table: 'orders', dimension: 'category', measure: 'revenue' },
                  { title: 'Orders by month', table: 'orders', dimension: 'month', measure: 'orders' },
                ],
              },
              {
                publicId: 'country-breakdown',
                title: 'Country breakdown',
                widgets: [{ title: 'Revenue by country', table: 'orders', dimension: 'country', measure: 'revenue' }],
              },
            ],
          },
        ],
        internalUsers: [{ username: 'ana@acme.test', email: 'ana@acme.test', displayName: 'Ana Analyst' }],
        groups: [
          { name: 'emea-sales', description: 'Sales team, Europe' },
          { name: 'executives', description: 'Sees everything' },
        ],
        userAttributes: [
          { name: 'region', type: 'string_array', displayName: 'Region' },
          { name: 'tier', type: 'string', displayName: 'Customer tier' },
          { name: 'quota', type: 'number', displayName: 'Quota' },
        ],
        embedTenants: [
          {
            name: 'tenant-one',
            groups: [{ name: 'viewers', description: 'Read-only viewers' }],
            userAttributes: [{ name: 'region', type: 'string_array' }],
          },
        ],
        agents: [{ id: 'analyst', name: 'Data analyst', deploymentId: 1, branches: ['main', 'dev'] }],
      },
      {
        name: 'starter-co',
        cloudRegion: 'aws-eu-west-1',
        flags: { useCreatorMode: false },
        plan: 'starter',
        maxExternalUsers: 10_000,
        deployments: [{ id: 7, name: 'Starter', dashboards: [] }],
        internalUsers: [],
        groups: [],
        userAttributes: [],
        embedTenants: [],
        agents: [{ id: 'analyst', name: 'Data analyst', deploymentId: 7, branches: ['main'] }],
      },
    ],
    dataset: {
      tables: [ordersTable()],
      rowLevelSecurity: [
        { column: 'region', attribute: 'region' },
        { column: 'region', groups: { 'emea-sales': ['Europe'] } },
      ],
    },
  };
}
