// The open-source semantic-layer server (Cube 0.33.65, its REST API in plain JavaScript)
// over a Postgres, for the differential test (test/mock/differential). Run as a process of
// its own: `node server.mjs`, configured by environment variables:
//   DIFF_PG_URL     postgres://user@host:port/db with the orders table loaded
//   DIFF_SECRET     the API secret tokens are signed with (checked: NODE_ENV=production)
//   DIFF_RLS        the fixture's row-level security rules, as JSON
//   DIFF_PORT       port to listen on (0: a free one)
// It prints a line `listening {"port": N}` once it listens (among the server's own
// warnings), and stops on SIGTERM.
import PostgresDriver from '@cubejs-backend/postgres-driver';
import serverCore from '@cubejs-backend/server-core';
import express from 'express';

const { CubejsServerCore } = serverCore;

const url = new URL(process.env.DIFF_PG_URL);
const rules = JSON.parse(process.env.DIFF_RLS || '[]');

const asList = (value) =>
  value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map(String);

// The mock's row-level security (src/mock/dataset.ts, visibleRows) as filters the server adds
// after the query's own: a user attribute limits a column to its values, membership of a
// group to the group's values.
function securityFilters(context) {
  const attributes = new Map((context.userAttributes || []).map(({ name, value }) => [name, value]));
  const groups = new Set(context.groups || []);
  const filters = [];
  for (const rule of rules) {
    let allowed;
    if ('attribute' in rule) allowed = asList(attributes.get(rule.attribute));
    else {
      const mine = Object.entries(rule.groups).filter(([group]) => groups.has(group));
      if (mine.length > 0) allowed = mine.flatMap(([, values]) => values);
    }
    if (!allowed) continue;
    const member = `orders.${rule.column}`;
    filters.push(
      allowed.length > 0
        ? { member, operator: 'equals', values: [...new Set(allowed)] }
        : {
            and: [
              { member, operator: 'set' },
              { member, operator: 'notSet' },
            ],
          },
    );
  }
  return filters;
}

const core = new CubejsServerCore({
  apiSecret: process.env.DIFF_SECRET,
  // Relative to the folder the test runs it in (this one).
  schemaPath: 'model',
  dbType: 'postgres',
  driverFactory: () =>
    new PostgresDriver({
      host: url.hostname,
      port: Number(url.port),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
      maxPoolSize: 4,
    }),
  cacheAndQueueDriver: 'memory',
  scheduledRefreshTimer: false,
  telemetry: false,
  devServer: false,
  logger: (message, params) => {
    if (process.env.DIFF_LOG) process.stderr.write(`${message} ${JSON.stringify(params)}\n`);
  },
  queryRewrite: (query, { securityContext }) => {
    const filters = securityFilters(securityContext || {});
    if (filters.length > 0) query.filters = [...(query.filters || []), ...filters];
    return query;
  },
});

/**
 * CORS for browser callers (the widgets' browser test), as Cube's own standalone server
 * (`@cubejs-backend/server`) answers by default: any origin, no credentials.
 */
function cors(request, response, next) {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  if (request.method === 'OPTIONS') response.status(204).end();
  else next();
}

async function main() {
  const app = express();
  app.use(cors);
  await core.initApp(app);
  const server = app.listen(Number(process.env.DIFF_PORT || 0), '127.0.0.1', () => {
    process.stdout.write(`listening ${JSON.stringify({ port: server.address().port })}\n`);
  });
  const stop = () => {
    server.close();
    core.shutdown().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
