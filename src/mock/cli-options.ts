import { parseArgs } from 'node:util';
import { chatStreamUrl } from '../protocol';
import { MOCK_DATA_API_SECRET } from './data-api/auth';
import type { MockFixture } from './fixture';

/** What `react-embedded-analytics-mock` was asked for (flags first, then environment variables). */
export interface MockCliOptions {
  port: number;
  host: string;
  /** A JSON fixture file; the default fixture when absent. */
  fixture?: string;
  lineDelayMs: number;
  cors: boolean;
  help: boolean;
}

/** A command line the mock command refuses: its message says what to change. */
export class MockCliUsageError extends Error {
  override readonly name = 'MockCliUsageError';
}

export const MOCK_CLI_USAGE = `Usage: react-embedded-analytics-mock [options]

Serves the react-embedded-analytics mock service (embedding, Generate Session, agent chat)
over HTTP, for development and tests. Never use it in production: its keys are public.

Options:
  --port <n>        port to listen on (env PORT; default 4010; 0 picks a free one)
  --host <name>     interface to listen on (env HOST; default 127.0.0.1)
  --fixture <file>  a JSON fixture instead of the default one (env MOCK_FIXTURE)
  --line-delay <ms> pause between streamed chat lines (env MOCK_LINE_DELAY_MS; default 25)
  --cors            let browser code on other origins call it (env MOCK_CORS=1)
  -h, --help        show this help`;

function integer(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > max) {
    throw new MockCliUsageError(`${name} must be a whole number from 0 to ${max}, not "${raw}"`);
  }
  return value;
}

/** Reads the command line and environment; throws {@link MockCliUsageError} on bad input. */
export function parseMockCliArgs(argv: string[], env: Record<string, string | undefined>): MockCliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixture: { type: 'string' },
        'line-delay': { type: 'string' },
        cors: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new MockCliUsageError((error as Error).message);
  }
  const port = values.port ?? env.PORT ?? '4010';
  const lineDelay = values['line-delay'] ?? env.MOCK_LINE_DELAY_MS ?? '25';
  const fixture = values.fixture ?? (env.MOCK_FIXTURE || undefined);
  return {
    port: integer('--port', port, 65_535),
    host: values.host ?? (env.HOST || '127.0.0.1'),
    ...(fixture ? { fixture } : {}),
    lineDelayMs: integer('--line-delay', lineDelay, 60_000),
    cors: values.cors ?? env.MOCK_CORS === '1',
    help: values.help ?? false,
  };
}

/**
 * What a developer needs to point a backend at the running mock: its routes, the API keys,
 * accounts with their deployments, dashboards and agents, the users and attributes, and the
 * environment variables of the README's host guide.
 */
export function describeMockServer(url: string, fixture: MockFixture): string {
  const lines = [`react-embedded-analytics mock service on ${url} (development only: its keys are public)`, ''];
  lines.push(
    'Routes',
    `  Generate Session  POST ${url}/api/v1/embed/generate-session`,
    `  Admin             GET  ${url}/api/v1/embed-tenants/{name}/groups | user-attributes`,
    `  Embed pages       GET  ${url}/embed/d/{deploymentId}/dashboard/{publicId}?session=…`,
    `  Data API          POST ${url}/cubejs-api/v1/cubesql`,
    `  Semantic API      GET  ${url}/cubejs-api/v1/meta, GET|POST ${url}/cubejs-api/v1/load`,
    `                    (Authorization: an HS256 JWT signed with DATA_API_SECRET below)`,
    `  Session path      POST ${url}/api/v1/embed/session/token, GET ${url}/api/v1/deployments/{id},`,
    `                    POST ${url}/api/v1/deployments/{id}/token (Authorization: Embed-Token <token>)`,
    '',
    'API keys',
    ...fixture.apiKeys.map(({ key, account, admin }) => `  ${key}  account ${account}${admin ? ', admin' : ''}`),
  );
  for (const account of fixture.accounts) {
    lines.push('', `Account ${account.name} (${account.cloudRegion}, ${account.plan} plan)`);
    for (const deployment of account.deployments) {
      const dashboards = deployment.dashboards.map((d) => d.publicId).join(', ') || 'none';
      lines.push(`  deployment ${deployment.id} "${deployment.name}": dashboards ${dashboards}`);
    }
    for (const agent of account.agents) {
      const chat = chatStreamUrl({
        origin: url,
        cloudRegion: account.cloudRegion,
        accountName: account.name,
        agentId: agent.id,
      });
      lines.push(
        `  agent ${agent.id} (deployment ${agent.deploymentId})`,
        `    chat   POST ${chat}`,
        `    abort  POST ${chat}/abort`,
      );
    }
    const internal = account.internalUsers.map((u) => u.username).join(', ');
    lines.push(`  users: any externalId your backend sends${internal ? `; internal users ${internal}` : ''}`);
    const attributes = account.userAttributes.map((a) => `${a.name} (${a.type})`).join(', ');
    if (attributes) lines.push(`  user attributes: ${attributes}`);
    const groups = account.groups.map((g) => g.name).join(', ');
    if (groups) lines.push(`  groups: ${groups}`);
  }
  const rules = fixture.dataset.rowLevelSecurity.map((rule) =>
    'attribute' in rule
      ? `${rule.column} limited by the user's ${rule.attribute} attribute`
      : `${rule.column} limited by group (${Object.keys(rule.groups).join(', ')})`,
  );
  if (rules.length > 0) lines.push('', `Row-level security: ${rules.join('; ')}`);
  const account = fixture.accounts.find((a) => a.agents.length > 0 && a.deployments.length > 0);
  const key = account && fixture.apiKeys.find((k) => k.account === account.name && k.admin);
  if (account && key) {
    const chat = chatStreamUrl({
      origin: url,
      cloudRegion: account.cloudRegion,
      accountName: account.name,
      agentId: account.agents[0]!.id,
    });
    lines.push(
      '',
      "For the README's host guide (.env):",
      `  EMBED_BASE_URL=${url}`,
      `  EMBED_API_KEY=${key.key}`,
      `  EMBED_DEPLOYMENT_ID=${account.agents[0]!.deploymentId}`,
      `  AGENT_CHAT_URL=${chat}`,
      `  DATA_API_URL=${url}`,
      `  DATA_API_SECRET=${MOCK_DATA_API_SECRET}`,
    );
  }
  return lines.join('\n');
}
