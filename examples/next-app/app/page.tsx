// A server component: it reads the signed-in user and the embed origin on the server, and
// renders the library's client components with plain, serialisable props.
import { headers } from 'next/headers';
import { EmbeddedDashboard } from 'react-embedded-analytics';
import { currentUser, devSignIn } from '../lib/backend';
import { myBoard } from '../lib/boards';
import { prefetchNativeOverview } from '../lib/data';
import { AnalyticsProvider } from './analytics-provider';
import { AnalystChat } from './analyst-chat';
import { NativeOverview } from './native-overview';

export default async function Page() {
  const user = await currentUser(await headers());
  const embedBaseUrl = process.env.EMBED_BASE_URL;
  // The KPIs and the first chart, fetched here: their numbers are in the HTML.
  const native = user ? await prefetchNativeOverview(user) : null;
  // The user's "My board", made on their first visit: the chat's "Pin to board…" offers it first.
  // Without the database the chat still works (the dialog says the boards could not be read).
  if (user) await myBoard(user).catch((error: unknown) => console.error('my board:', error));
  return (
    <main style={{ maxWidth: 1280, margin: '0 auto', padding: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <h1 style={{ margin: '0 auto 12px 0', fontSize: 22 }}>Acme analytics</h1>
        <p style={{ margin: 0 }}>{user ? `Signed in as ${user.name}` : 'Not signed in'}</p>
        {user && <a href="/board">My board</a>}
        {user && <a href="/boards">Boards</a>}
        {devSignIn() && (
          <nav aria-label="Development sign-in" style={{ display: 'flex', gap: 12 }}>
            <a href="/api/dev-login?user=erin">Sign in as Erin</a>
            <a href="/api/dev-login?user=elias">Sign in as Elias</a>
            <a href="/api/dev-login?user=yuki">Sign in as Yuki</a>
            {user && <a href="/api/dev-login">Sign out</a>}
          </nav>
        )}
      </header>
      {native && <NativeOverview apiUrl={native.apiUrl} dehydrated={native.dehydrated} />}
      {embedBaseUrl ? (
        <AnalyticsProvider embedBaseUrl={embedBaseUrl}>
          {/* Dashboard and chat side by side, stacked on a narrow screen (globals.css). */}
          <div className="analytics-layout">
            <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" />
            {/* `key`: another user gets a new chat; `persist`: a reload keeps this user's thread;
                its ratings, its conversation list and pinned answers go to the backend (analyst-chat.tsx). */}
            <AnalystChat
              key={user?.id ?? ''}
              transport={{ url: '/api/chat' }}
              {...(user
                ? {
                    user: { displayName: user.name },
                    persist: { user: user.id },
                    account: { userId: user.id },
                  }
                : {})}
              suggestions={['Revenue by region', 'Orders over time']}
            />
          </div>
        </AnalyticsProvider>
      ) : (
        <p role="alert">Set EMBED_BASE_URL and the other variables of .env.development on the server.</p>
      )}
    </main>
  );
}
