import { useMemo, useState, type CSSProperties } from 'react';
import {
  AgentChat,
  createTheme,
  EmbeddedDashboard,
  EmbedProvider,
  themeToCssVariables,
  type ChatTransport,
  type GetSession,
} from '../src';
import { demoThemes, type DemoThemeName } from './themes';
import { demoUsers, type DemoDashboard, type DemoUser } from './users';
import './demo.css';

/** Where the demo gets sessions and chat: the host's backend, or the mock directly in Storybook. */
export interface DemoBackend {
  /** The embedding service's origin, where the iframes load from. */
  embedBaseUrl: string;
  /** A `getSession` for this user (in an app: a call to the host's session route). */
  getSession(user: DemoUser): GetSession;
  /** The chat transport for this user (in an app: the host's chat proxy). */
  chatTransport(user: DemoUser): ChatTransport;
}

/** Props of {@link DemoApp}. */
export interface DemoAppProps {
  backend: DemoBackend;
  dashboards: readonly DemoDashboard[];
  initialUserId?: string;
  initialTheme?: DemoThemeName;
}

/**
 * A small analytics product built on react-embedded-analytics: a sidebar of dashboards, the chosen one as a
 * signed embed, the analyst chat beside it, and pickers for the signed-in user (row-level
 * security changes with them) and the theme (embeds, charts and chat follow it).
 */
export function DemoApp({ backend, dashboards, initialUserId, initialTheme = 'Light' }: DemoAppProps) {
  const [userId, setUserId] = useState(initialUserId ?? demoUsers[0]!.id);
  const [themeName, setThemeName] = useState<DemoThemeName>(initialTheme);
  const [publicId, setPublicId] = useState(dashboards[0]?.publicId);
  const user = demoUsers.find((candidate) => candidate.id === userId) ?? demoUsers[0]!;
  const dashboard = dashboards.find((candidate) => candidate.publicId === publicId) ?? dashboards[0];
  const theme = useMemo(() => createTheme(demoThemes[themeName]), [themeName]);
  // New identity, new sessions and a new thread: keyed by user.
  const getSession = useMemo(() => backend.getSession(user), [backend, user]);
  const transport = useMemo(() => backend.chatTransport(user), [backend, user]);
  const style = { ...themeToCssVariables(theme), colorScheme: theme.colorScheme } as CSSProperties;

  return (
    <EmbedProvider getSession={getSession} baseUrl={backend.embedBaseUrl} theme={theme}>
      <div className="demo" style={style}>
        <header className="demo-header">
          <span className="demo-brand">
            <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
              <rect width="32" height="32" rx="7" fill="var(--ek-color-primary)" />
              <rect x="7" y="17" width="4" height="8" rx="1" fill="var(--ek-color-background)" />
              <rect x="14" y="11" width="4" height="14" rx="1" fill="var(--ek-color-background)" />
              <rect x="21" y="6" width="4" height="19" rx="1" fill="var(--ek-color-background)" />
            </svg>
            Acme Insights
          </span>
          <div className="demo-pickers">
            <label>
              Signed in as
              <select value={user.id} onChange={(event) => setUserId(event.target.value)}>
                {demoUsers.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name} ({candidate.role})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Theme
              <select value={themeName} onChange={(event) => setThemeName(event.target.value as DemoThemeName)}>
                {Object.keys(demoThemes).map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          </div>
        </header>
        <div className="demo-body">
          <nav className="demo-sidebar" aria-label="Dashboards">
            <h2 className="demo-sidebar__title">Dashboards</h2>
            <ul>
              {dashboards.map((candidate) => (
                <li key={candidate.publicId}>
                  <button
                    type="button"
                    aria-current={candidate.publicId === dashboard?.publicId ? 'page' : undefined}
                    onClick={() => setPublicId(candidate.publicId)}
                  >
                    {candidate.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <main className="demo-main">
            <h1 className="demo-main__title">{dashboard?.title ?? 'No dashboards'}</h1>
            <p className="demo-main__note">
              Showing what {user.name} may see: {user.role.toLowerCase()}.
            </p>
            {dashboard && (
              <EmbeddedDashboard
                key={`${user.id}:${dashboard.publicId}`}
                publicId={dashboard.publicId}
                deploymentId={dashboard.deploymentId}
                title={dashboard.title}
                minHeight={320}
              />
            )}
          </main>
          <aside className="demo-chat" aria-label="Ask the data analyst">
            <AgentChat
              key={user.id}
              transport={transport}
              user={{ displayName: user.name }}
              agent={{ name: 'Data analyst' }}
            />
          </aside>
        </div>
      </div>
    </EmbedProvider>
  );
}
