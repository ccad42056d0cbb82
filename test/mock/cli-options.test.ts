import { describe, expect, it } from 'vitest';
import { describeMockServer, MockCliUsageError, parseMockCliArgs } from '../../src/mock/cli-options';
import { defaultFixture, MOCK_ADMIN_KEY, MOCK_DATA_API_SECRET, MOCK_PERSONAL_KEY } from '../../src/mock';

describe('parseMockCliArgs', () => {
  it('defaults to port 4010 on 127.0.0.1, the default fixture, 25 ms per line', () => {
    expect(parseMockCliArgs([], {})).toEqual({
      port: 4010,
      host: '127.0.0.1',
      lineDelayMs: 25,
      cors: false,
      help: false,
    });
  });

  it('takes flags before environment variables', () => {
    const env = { PORT: '5000', HOST: '0.0.0.0', MOCK_FIXTURE: 'env.json', MOCK_LINE_DELAY_MS: '5', MOCK_CORS: '1' };
    expect(parseMockCliArgs([], env)).toEqual({
      port: 5000,
      host: '0.0.0.0',
      fixture: 'env.json',
      lineDelayMs: 5,
      cors: true,
      help: false,
    });
    expect(
      parseMockCliArgs(['--port', '0', '--host', '::1', '--fixture', 'f.json', '--line-delay=0', '--cors'], env),
    ).toEqual({ port: 0, host: '::1', fixture: 'f.json', lineDelayMs: 0, cors: true, help: false });
    expect(parseMockCliArgs(['-h'], {}).help).toBe(true);
  });

  it.each([
    [['--port', 'abc'], /--port must be a whole number from 0 to 65535, not "abc"/],
    [['--port', '70000'], /--port must be/],
    [['--port=-1'], /--port must be/],
    [['--line-delay', '1.5'], /--line-delay must be/],
    [['--prot', '4010'], /Unknown option '--prot'/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port'], /--port/],
  ])('refuses %j with a message saying what to change', (argv, message) => {
    expect(() => parseMockCliArgs(argv, {})).toThrow(MockCliUsageError);
    expect(() => parseMockCliArgs(argv, {})).toThrow(message);
  });

  it('refuses a bad PORT from the environment too', () => {
    expect(() => parseMockCliArgs([], { PORT: '40 10' })).toThrow(/--port must be/);
  });
});

describe('describeMockServer', () => {
  const text = describeMockServer('http://127.0.0.1:4010', defaultFixture());

  it('names the routes, keys, accounts, deployments, agents and users', () => {
    expect(text).toContain('POST http://127.0.0.1:4010/api/v1/embed/generate-session');
    expect(text).toContain(`${MOCK_ADMIN_KEY}  account acme, admin`);
    expect(text).toContain(`${MOCK_PERSONAL_KEY}  account acme\n`);
    expect(text).toContain('Account acme (aws-us-east-1, enterprise plan)');
    expect(text).toContain('deployment 1 "Sales analytics": dashboards sales-overview, country-breakdown');
    expect(text).toContain('internal users ana@acme.test');
    expect(text).toContain('user attributes: region (string_array)');
    expect(text).toContain("region limited by the user's region attribute");
  });

  it("ends with the host guide's environment variables", () => {
    expect(text.split('\n').slice(-7)).toEqual([
      "For the README's host guide (.env):",
      '  EMBED_BASE_URL=http://127.0.0.1:4010',
      `  EMBED_API_KEY=${MOCK_ADMIN_KEY}`,
      '  EMBED_DEPLOYMENT_ID=1',
      '  AGENT_CHAT_URL=http://127.0.0.1:4010/ai/aws-us-east-1/api/v1/public/acme/agents/analyst/chat/stream-chat-state',
      '  DATA_API_URL=http://127.0.0.1:4010',
      `  DATA_API_SECRET=${MOCK_DATA_API_SECRET}`,
    ]);
    expect(text).toContain('GET  http://127.0.0.1:4010/cubejs-api/v1/meta');
    expect(text).toContain('POST http://127.0.0.1:4010/api/v1/embed/session/token');
  });
});
