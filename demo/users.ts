/**
 * The demo's people. In a real host they come from its own login; here a picker stands in
 * for it. Each one sees different rows: row-level security decided by the host's backend.
 */
export interface DemoUser {
  id: string;
  name: string;
  /** What this user may see, in words. */
  role: string;
  groups?: string[];
  userAttributes?: { name: string; value: string[] }[];
}

export const demoUsers: readonly DemoUser[] = [
  { id: 'erin', name: 'Erin Executive', role: 'Executive · every region', groups: ['executives'] },
  {
    id: 'elias',
    name: 'Elias Europe',
    role: 'Sales · Europe only',
    userAttributes: [{ name: 'region', value: ['Europe'] }],
  },
  {
    id: 'nadia',
    name: 'Nadia North',
    role: 'Sales · North America only',
    userAttributes: [{ name: 'region', value: ['North America'] }],
  },
];

/** The dashboards the demo lists (the mock fixture's deployment 1). */
export interface DemoDashboard {
  publicId: string;
  title: string;
  deploymentId: number;
}

/** The identity the host's backend sends for a user: sessions and chat alike. */
export function sessionSettingsOf(user: DemoUser) {
  return {
    externalId: `demo-${user.id}`,
    ...(user.groups ? { groups: user.groups } : {}),
    ...(user.userAttributes ? { userAttributes: user.userAttributes } : {}),
  };
}
