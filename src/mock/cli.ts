/**
 * `react-embedded-analytics-mock` (package.json `bin`; `npm run mock-server` in this
 * repository): the mock over HTTP, with the default fixture or a JSON file. Prints what a
 * backend needs to use it. See `--help`.
 */
import { readFile } from 'node:fs/promises';
import { describeMockServer, MOCK_CLI_USAGE, MockCliUsageError, parseMockCliArgs } from './cli-options';
import { defaultFixture, type MockFixture } from './fixture';
import { startMockServer } from './node-server';
import { createMockService } from './service';

function fail(message: string, code: number): never {
  console.error(`react-embedded-analytics-mock: ${message}`);
  process.exit(code);
}

let options;
try {
  options = parseMockCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof MockCliUsageError)) throw error;
  fail(`${error.message}\nRun it with --help for the options.`, 2);
}
if (options.help) {
  console.log(MOCK_CLI_USAGE);
  process.exit(0);
}

let fixture: MockFixture;
try {
  fixture = options.fixture ? (JSON.parse(await readFile(options.fixture, 'utf8')) as MockFixture) : defaultFixture();
} catch (error) {
  fail(`cannot read the fixture ${options.fixture}: ${(error as Error).message}`, 1);
}

try {
  const mock = createMockService({ fixture, lineDelayMs: options.lineDelayMs, cors: options.cors });
  const server = await startMockServer(mock, { port: options.port, host: options.host });
  console.log(describeMockServer(server.url, fixture));
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  fail(
    code === 'EADDRINUSE'
      ? `port ${options.port} on ${options.host} is in use: pick another with --port (0 picks a free one)`
      : `could not start: ${(error as Error).message}`,
    1,
  );
}
