// Runs in plain Node from the scratch app, against the installed tarball: no `window`, no
// `document`, so any unguarded use of either throws. Prints one JSON report on stdout.
import { createMockService, MOCK_ADMIN_KEY, startMockServer } from 'react-embedded-analytics/mock';
import {
  applyChatMessages,
  chatStreamUrl,
  decodeChatStream,
  EMPTY_THREAD,
  selectFinalAnswer,
} from 'react-embedded-analytics/protocol';

const problems = [];
for (const method of ['error', 'warn']) {
  console[method] = (...args) => problems.push(`console.${method}: ${args.map(String).join(' ').slice(0, 300)}`);
}

// Imported before any configuration exists, as `next build` does: nothing may throw yet.
const { sessionRoute, chatRoute, devLoginRoute } = await import('./dist-server/server.js');
const unconfigured = await sessionRoute(new Request('http://host.test/api/embed-session', { method: 'POST' }));
const unconfiguredChat = await chatRoute(new Request('http://host.test/api/chat', { method: 'POST', body: '{}' }));
const missing = {
  session: { status: unconfigured.status, body: await unconfigured.json() },
  chat: { status: unconfiguredChat.status, body: await unconfiguredChat.json() },
};
problems.length = 0; // the routes log the missing variable, as they should

/** The development sign-in: its status, Location and Set-Cookie. */
async function devLogin(query) {
  const response = await devLoginRoute(new Request(`http://host.test/api/dev-login${query}`));
  return {
    status: response.status,
    location: response.headers.get('Location'),
    cookie: response.headers.get('Set-Cookie'),
  };
}
process.env.NODE_ENV = 'development';
const login = {
  erin: await devLogin('?user=erin'),
  signOut: await devLogin(''),
  unknown: await devLogin('?user=__proto__'),
};
process.env.NODE_ENV = 'production';
login.production = await devLogin('?user=erin');
delete process.env.NODE_ENV;
login.unset = await devLogin('?user=erin');
// No NODE_ENV: on with the mock's public key, off with any other.
process.env.EMBED_API_KEY = MOCK_ADMIN_KEY;
login.mock = await devLogin('?user=erin');
process.env.EMBED_API_KEY = 'acme-production-key';
login.realKey = await devLogin('?user=erin');
delete process.env.EMBED_API_KEY;

const mock = await startMockServer(createMockService());
try {
  Object.assign(process.env, {
    EMBED_BASE_URL: mock.url,
    EMBED_API_KEY: MOCK_ADMIN_KEY,
    EMBED_DEPLOYMENT_ID: '1',
    AGENT_CHAT_URL: chatStreamUrl({
      origin: mock.url,
      cloudRegion: 'aws-us-east-1',
      accountName: 'acme',
      agentId: 'analyst',
    }),
  });
  // Built by Vite's SSR build from src/server.ts and src/entry-server.tsx.
  const { render } = await import('./dist-server/entry-server.js');

  const signedIn = { 'Content-Type': 'application/json', Cookie: login.erin.cookie.split(';')[0] };
  const sessionResponse = await sessionRoute(
    new Request('http://host.test/api/embed-session', { method: 'POST', headers: signedIn }),
  );
  const { sessionId } = await sessionResponse.json();
  const embedPage = await fetch(`${mock.url}/embed/dashboard/sales-overview?session=${sessionId}`);
  const embedUser = /"user":"([^"]*)"/.exec(await embedPage.text())?.[1];
  const anonymous = await sessionRoute(new Request('http://host.test/api/embed-session', { method: 'POST' }));

  const chatResponse = await chatRoute(
    new Request('http://host.test/api/chat', {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ input: 'revenue by region' }),
    }),
  );
  const messages = [];
  for await (const event of decodeChatStream(chatResponse.body))
    if (event.type === 'message') messages.push(event.message);
  const thread = applyChatMessages(EMPTY_THREAD, messages);

  const html = render();
  process.stdout.write(
    JSON.stringify({
      html,
      problems,
      globals: { window: typeof window, document: typeof document },
      missing,
      login,
      session: {
        status: sessionResponse.status,
        sessionId,
        embedPage: embedPage.status,
        embedUser,
        anonymous: anonymous.status,
      },
      chat: {
        status: chatResponse.status,
        messages: messages.length,
        finalAnswer: selectFinalAnswer(thread)?.content ?? null,
      },
    }),
  );
} finally {
  await mock.close();
}
