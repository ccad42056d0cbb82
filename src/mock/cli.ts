/**
 * `npm run mock-server`: the mock over HTTP. `PORT` picks the port (default 4010),
 * `MOCK_FIXTURE` a JSON fixture file, `MOCK_LINE_DELAY_MS` the chat streaming pace.
 */
import { readFile } from 'node:fs/promises';
import { chatStreamUrl } from '../protocol';
import { defaultFixture, MOCK_ADMIN_KEY, type MockFixture } from './fixture';
import { startMockServer } from './node-server';
import { createMockService } from './service';

const fixture: MockFixture = process.env.MOCK_FIXTURE
  ? (JSON.parse(await readFile(process.env.MOCK_FIXTURE, 'utf8')) as MockFixture)
  : defaultFixture();
const mock = createMockService({
  fixture,
  lineDelayMs: Number(process.env.MOCK_LINE_DELAY_MS ?? 25),
  cors: process.env.MOCK_CORS === '1',
});
const server = await startMockServer(mock, {
  port: Number(process.env.PORT ?? 4010),
  host: process.env.HOST ?? '127.0.0.1',
});
const account = fixture.accounts[0];
const agent = account?.agents[0];
console.log(`react-embedded-analytics mock service on ${server.url}`);
console.log(`  Generate Session  POST ${server.url}/api/v1/embed/generate-session`);
console.log(`  Admin             GET  ${server.url}/api/v1/embed-tenants/{name}/groups | user-attributes`);
console.log(`  Embed pages       GET  ${server.url}/embed/d/{deploymentId}/dashboard/{publicId}?session=…`);
if (account && agent) {
  const chat = chatStreamUrl({
    origin: server.url,
    cloudRegion: account.cloudRegion,
    accountName: account.name,
    agentId: agent.id,
  });
  console.log(`  Chat              POST ${chat}`);
  console.log(`  Abort             POST ${chat}/abort`);
}
console.log(`  Data API          POST ${server.url}/cubejs-api/v1/cubesql`);
if (!process.env.MOCK_FIXTURE) console.log(`  Admin API key (mock only): ${MOCK_ADMIN_KEY}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
