import { lazy, Suspense, useMemo, useRef, useState, type CSSProperties } from 'react';
import {
  AgentChat,
  createTheme,
  EmbeddedDashboard,
  EmbedProvider,
  ThreadList,
  themeToCssVariables,
  useDashboardChatBridge,
  useThreadList,
  type AgentChatProps,
  type ChatTransport,
  type Drilldown,
  type GetSession,
  type ThreadRecord,
  type ThreadStore,
} from '../src';
import { SemanticProvider, useChatDataModel } from '../src/react/native';
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
  /**
   * Where conversations are remembered: `localStorage` under this key and the user's id
   * (the current thread survives a reload, mid-answer too), or nowhere (null: a list in
   * memory, for stories that must start afresh). Default `acme-insights`.
   */
  conversationsKey?: string | null;
}

/** A thread list kept in memory only (the host's own store, as a server-side one would be). */
function memoryThreads(): ThreadStore {
  let threads: ThreadRecord[] = [];
  return {
    list: () => threads,
    save: (thread) => void (threads = [thread, ...threads.filter((t) => t.chatId !== thread.chatId)]),
    remove: (chatId) => void (threads = threads.filter((t) => t.chatId !== chatId)),
  };
}

/** The question a bar asks: "Tell me about Europe's revenue" (the mock's widget ids read "revenue-by-region"). */
function questionFor({ value, widgetId }: Drilldown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const measure = widgetId?.split('-by-')[0] ?? 'revenue';
  return `Tell me about ${String(value).replace(/\s+/g, ' ').slice(0, 80)}'s ${measure}`;
}

/**
 * The analyst chat with the data model as its `dataModel`: the empty chat offers questions
 * built from the model's members, and every answer ends with follow-ups that know its
 * dimensions. Without a deployment (no dashboards) the chat keeps its fixed questions.
 */
function ChatWithModel(props: AgentChatProps) {
  return <AgentChat {...props} dataModel={useChatDataModel()} />;
}

// Loaded when picked: the iframe dashboards' first load stays as it was.
const NativeOverview = lazy(() => import('./NativeOverview').then((module) => ({ default: module.NativeOverview })));

/** The sidebar's entry for the native overview (beside the iframe dashboards). */
const NATIVE = 'native-overview';

/**
 * One user's dashboard and chat, connected by `useDashboardChatBridge`: a click on a bar in
 * the dashboard asks the analyst about it; "Show in dashboard" on an answer filters the
 * dashboard to it. Keyed by user: a new identity gets a new thread.
 */
function Workspace({
  user,
  dashboard,
  transport,
  conversationsKey,
  native = false,
}: {
  user: DemoUser;
  dashboard: DemoDashboard | undefined;
  transport: ChatTransport;
  conversationsKey: string | null;
  /** Show the native overview (of `dashboard`'s deployment) instead of the iframe. */
  native?: boolean;
}) {
  const main = useRef<HTMLElement>(null);
  const chat = useRef<HTMLElement>(null);
  // The user's conversations: the list, and the chat's current thread, remembered per user.
  const key = conversationsKey === null ? null : `${conversationsKey}:${user.id}`;
  const [memory] = useState(memoryThreads);
  const threads = useThreadList(key === null ? { store: memory } : { user: key });
  const bridge = useDashboardChatBridge({
    transport,
    question: questionFor,
    // On a phone the dashboard is above the chat: bring it into view.
    onFilters: () => main.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
  });
  const filters = Object.entries(bridge.filters).filter(([, values]) => values.length > 0);
  return (
    <>
      <section className="demo-conversations" aria-labelledby="demo-conversations-title">
        <h2 className="demo-sidebar__title" id="demo-conversations-title">
          Conversations
        </h2>
        <ThreadList
          list={threads}
          // On a phone the chat is below: bring it into view with the thread picked.
          onSelect={() => chat.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
        />
      </section>
      <main className="demo-main" ref={main}>
        <h1 className="demo-main__title">{native ? 'Native overview' : (dashboard?.title ?? 'No dashboards')}</h1>
        <p className="demo-main__note">
          Showing what {user.name} may see: {user.role.toLowerCase()}. Click a bar to ask the analyst about it.
        </p>
        <div className="demo-filters" aria-live="polite">
          {filters.length > 0 && (
            <>
              <span>
                Filtered from the chat:{' '}
                {filters
                  .map(
                    ([member, values]) =>
                      `${member.split('.').pop()} is ${values.length > 3 ? `one of ${values.length}` : values.join(', ')}`,
                  )
                  .join('; ')}
              </span>
              <button type="button" onClick={() => bridge.setFilters({})}>
                Clear filter
              </button>
            </>
          )}
        </div>
        {native && dashboard && (
          <Suspense fallback={null}>
            <NativeOverview
              deploymentId={dashboard.deploymentId}
              filters={bridge.filters}
              onDrilldown={bridge.dashboardProps.onDrilldown}
            />
          </Suspense>
        )}
        {!native && dashboard && (
          <EmbeddedDashboard
            key={dashboard.publicId}
            publicId={dashboard.publicId}
            deploymentId={dashboard.deploymentId}
            title={dashboard.title}
            minHeight={320}
            {...bridge.dashboardProps}
          />
        )}
      </main>
      <aside className="demo-chat" aria-label="Ask the data analyst" ref={chat}>
        {/* The semantic layer's model of the dashboard's deployment: the empty chat asks about it. */}
        <SemanticProvider deploymentId={dashboard?.deploymentId}>
          <ChatWithModel
            {...bridge.chatProps}
            {...threads.chatProps}
            persist={key === null ? undefined : { user: key }}
            user={{ displayName: user.name }}
            agent={{ name: 'Data analyst' }}
          />
        </SemanticProvider>
      </aside>
    </>
  );
}

/**
 * A small analytics product built on react-embedded-analytics: a sidebar of dashboards and of
 * the user's conversations, the chosen dashboard as a signed embed, the analyst chat beside
 * it (the two connected: a bar asks the chat, an answer filters the dashboard; the chat
 * survives a reload), and pickers for the signed-in user (row-level security changes with
 * them) and the theme (embeds, charts and chat follow it).
 */
export function DemoApp({
  backend,
  dashboards,
  initialUserId,
  initialTheme = 'Light',
  conversationsKey = 'acme-insights',
}: DemoAppProps) {
  const [userId, setUserId] = useState(initialUserId ?? demoUsers[0]!.id);
  const [themeName, setThemeName] = useState<DemoThemeName>(initialTheme);
  const [publicId, setPublicId] = useState(dashboards[0]?.publicId);
  const user = demoUsers.find((candidate) => candidate.id === userId) ?? demoUsers[0]!;
  const native = publicId === NATIVE && dashboards.length > 0;
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
                    aria-current={!native && candidate.publicId === dashboard?.publicId ? 'page' : undefined}
                    onClick={() => setPublicId(candidate.publicId)}
                  >
                    {candidate.title}
                  </button>
                </li>
              ))}
              {dashboards.length > 0 && (
                <li>
                  <button type="button" aria-current={native ? 'page' : undefined} onClick={() => setPublicId(NATIVE)}>
                    Native overview
                  </button>
                </li>
              )}
            </ul>
          </nav>
          <Workspace
            key={user.id}
            user={user}
            dashboard={dashboard}
            transport={transport}
            conversationsKey={conversationsKey}
            native={native}
          />
        </div>
      </div>
    </EmbedProvider>
  );
}
