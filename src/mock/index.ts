/**
 * `react-embedded-analytics/mock`: an in-memory mock of the embedding and agent-chat service, as a
 * web-standard fetch handler: inject its `fetch` in tests and stories, or serve it over
 * HTTP with `startMockServer` (`npm run mock-server`). Never import it from production code.
 * @packageDocumentation
 */
export {
  createMockService,
  MOCK_BASE_PATH_HEADER,
  MOCK_CHAT_PATH_TEMPLATE,
  type MockService,
  type MockServiceOptions,
} from './service';
export { MOCK_DATA_API_SECRET } from './data-api/auth';
export { MOCK_DATA_NOW } from './data-api/handler';
export { DATA_TOKEN_LIFETIME_SECONDS, EMBED_TOKEN_LIFETIME_MS } from './session-path';
export type { MockTurnRecord } from './chat';
export { startMockServer, toNodeHandler, type MockServer } from './node-server';
export { MOCK_PREFIX, mockServicePlugin } from './vite-plugin';
export { registerMockWorker, serveMockFromWorker, type MockWorkerScope } from './service-worker';
export { FAULTS_HEADER, MockFaultsSchema, type MockFaults } from './faults';
export {
  defaultFixture,
  MOCK_ADMIN_KEY,
  MOCK_PERSONAL_KEY,
  type FixtureAccount,
  type FixtureColumn,
  type FixtureDashboard,
  type FixtureRowRule,
  type FixtureTable,
  type FixtureWidget,
  type MockFixture,
} from './fixture';
export { SESSION_EXCHANGE_WINDOW_MS } from './embed-page';
export { AGENT_NODE, TOOL_RESULT_ROW_LIMIT, planFor } from './agent';
