import type { DemoBackend } from '../../demo/App';
import { sessionSettingsOf, type DemoDashboard } from '../../demo/users';
import { defaultFixture } from '../../src/mock';
import { mockTransport } from './chat';
import { MOCK_BASE_URL, mockSession } from './sessions';

/**
 * The demo on the mock straight from the page (Storybook has no host backend): sessions
 * and chat with the mock's key. `npm run demo` shows the real wiring through a backend.
 */
export const storybookDemoBackend: DemoBackend = {
  embedBaseUrl: MOCK_BASE_URL,
  getSession: (user) => mockSession({ ...sessionSettingsOf(user), userProfile: { displayName: user.name } }),
  chatTransport: (user) => ({
    ...mockTransport(sessionSettingsOf(user).externalId),
    sessionSettings: sessionSettingsOf(user),
  }),
};

/** The fixture's dashboards, as the demo lists them. */
export const fixtureDashboards: DemoDashboard[] = defaultFixture().accounts[0]!.deployments.flatMap((deployment) =>
  deployment.dashboards.map(({ publicId, title }) => ({ publicId, title, deploymentId: deployment.id })),
);
